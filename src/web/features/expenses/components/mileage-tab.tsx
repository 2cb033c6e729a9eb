import { Car } from "lucide-react";
import { useState } from "react";
import type { MileageEntry } from "../../../../shared/schemas/expenses.ts";
import { ChangesAllowed } from "../../../components/changes-allowed.tsx";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Card, CardContent } from "../../../components/ui/card.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { QueryView } from "../../../components/ui/query-view.tsx";
import { describeError } from "../../../lib/api.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { toast } from "../../../lib/toast.ts";
import { type ListFilters, useDeleteTrip, useTrips } from "../api/expenses.ts";
import { DateFilters, RowActions, Totals } from "./list-parts.tsx";
import { MileageRatesCard } from "./mileage-rates-card.tsx";
import { TripDialog } from "./trip-dialog.tsx";

const miles = (value: number) => `${value.toLocaleString("en-US", { maximumFractionDigits: 2 })} mi`;
const nameOf = (trip: MileageEntry) => `trip to ${trip.to} on ${formatShortDate(trip.date)}`;

/** The mileage log: every trip with its miles, the year's rate and the deduction. */
export function MileageTab({
  filters,
  onFiltersChange,
}: {
  filters: ListFilters;
  onFiltersChange: (changes: ListFilters) => void;
}) {
  const query = useTrips({ from: filters.from, to: filters.to });
  const remove = useDeleteTrip();
  const [editing, setEditing] = useState<MileageEntry | null>(null);
  const [deleting, setDeleting] = useState<MileageEntry | null>(null);
  const items = query.data?.items ?? [];
  const totals = query.data?.totals;

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        toast({ title: "Trip deleted" });
      },
      onError: (failure) =>
        toast({ title: "Could not delete", description: describeError(failure, "Please try again.") }),
    });

  return (
    <div className="grid gap-4">
      <DateFilters from={filters.from ?? ""} to={filters.to ?? ""} onChange={onFiltersChange} />
      <Totals
        items={[
          ["Trips", String(totals?.count ?? 0)],
          ["Miles", miles(totals?.miles ?? 0)],
          ["Deduction", formatDollars(totals?.deduction)],
        ]}
      />
      <QueryView
        query={query}
        errorTitle="Could not load your mileage log"
        isEmpty={items.length === 0}
        empty={
          <EmptyState
            icon={Car}
            title="No trips here"
            description="Log each business drive: date, where to, why, and the miles."
          />
        }
      >
        <ul className="grid gap-3 md:hidden" aria-label="Trips">
          {items.map((trip) => (
            <li key={trip.id}>
              <Card>
                <CardContent className="flex items-start gap-3 p-4">
                  <div className="grid min-w-0 flex-1 gap-0.5">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="truncate font-semibold">{trip.to}</span>
                      <span className="text-sm text-muted-foreground">{formatShortDate(trip.date)}</span>
                    </div>
                    <span className="truncate text-sm">{trip.purpose}</span>
                    <span className="text-sm text-muted-foreground">
                      {miles(trip.totalMiles)}
                      {trip.roundTrip ? " round trip" : ""} · {formatDollars(trip.deduction)}
                    </span>
                  </div>
                  <RowActions
                    name={nameOf(trip)}
                    onEdit={() => setEditing(trip)}
                    onDelete={() => setDeleting(trip)}
                  />
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-x-auto rounded-xl border border-border bg-card md:block">
          <table className="w-full text-sm">
            <caption className="sr-only">Mileage log</caption>
            <thead className="whitespace-nowrap bg-muted text-left text-muted-foreground">
              <tr>
                <th className="p-3 font-medium">Date</th>
                <th className="p-3 font-medium">From → to</th>
                <th className="p-3 font-medium">Purpose</th>
                <th className="p-3 text-right font-medium">Miles</th>
                <th className="p-3 text-right font-medium">Rate</th>
                <th className="p-3 text-right font-medium">Deduction</th>
                <th className="p-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((trip) => (
                <tr key={trip.id} className="border-t border-border">
                  <td className="p-3 whitespace-nowrap">{formatShortDate(trip.date)}</td>
                  <td className="p-3">
                    {trip.from} → {trip.to}
                    {trip.eventTitle && (
                      <span className="block text-xs text-muted-foreground">{trip.eventTitle}</span>
                    )}
                  </td>
                  <td className="p-3">{trip.purpose}</td>
                  <td className="p-3 text-right whitespace-nowrap">
                    {miles(trip.totalMiles)}
                    {trip.roundTrip && (
                      <span className="block text-xs text-muted-foreground">round trip</span>
                    )}
                  </td>
                  <td className="p-3 text-right whitespace-nowrap">{trip.rateCents} ¢</td>
                  <td className="p-3 text-right font-medium">{formatDollars(trip.deduction)}</td>
                  <td className="p-3">
                    <RowActions
                      name={nameOf(trip)}
                      onEdit={() => setEditing(trip)}
                      onDelete={() => setDeleting(trip)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </QueryView>
      <ChangesAllowed kind="money">
        <MileageRatesCard />
      </ChangesAllowed>
      {editing && (
        <TripDialog key={editing.id} trip={editing} open onOpenChange={(open) => !open && setEditing(null)} />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this trip?"
        description="It leaves the mileage log and the deduction."
        confirmLabel="Delete trip"
        isDestructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
