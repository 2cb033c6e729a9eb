import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { Link } from "react-router";
import type { Event, EventSort } from "../../../../shared/schemas/events.ts";
import { formatShortDate } from "../../../lib/format.ts";
import { formatDollars } from "../../../lib/money.ts";
import { describePlace } from "./event-format.ts";
import { EventStatusBadge } from "./event-status-badge.tsx";

type SortableColumn = { label: string; ascending: EventSort; descending: EventSort };
const DATE_COLUMN: SortableColumn = { label: "Date", ascending: "date", descending: "-date" };
const FEE_COLUMN: SortableColumn = { label: "Gross fee", ascending: "fee", descending: "-fee" };

type EventTableProps = { events: Event[]; sort: EventSort; onSortChange: (sort: EventSort) => void };

/** Events as a table, for screens wide enough; the column headers sort. */
export function EventTable({ events, sort, onSortChange }: EventTableProps) {
  const header = (column: SortableColumn, className = "") => {
    const direction =
      sort === column.ascending ? "ascending" : sort === column.descending ? "descending" : "none";
    const Icon = direction === "ascending" ? ArrowUp : direction === "descending" ? ArrowDown : ArrowUpDown;
    return (
      <th scope="col" aria-sort={direction} className={`px-4 py-3 font-medium ${className}`}>
        <button
          type="button"
          onClick={() => onSortChange(direction === "descending" ? column.ascending : column.descending)}
          className="inline-flex items-center gap-1 rounded-sm hover:text-foreground"
        >
          {column.label}
          <Icon aria-hidden="true" className="size-3.5" />
        </button>
      </th>
    );
  };

  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card shadow-card">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">Your events</caption>
        <thead className="border-b border-border bg-muted/60 text-left text-muted-foreground">
          <tr>
            {header(DATE_COLUMN, "w-32")}
            <th scope="col" className="px-4 py-3 font-medium">
              Event
            </th>
            <th scope="col" className="w-[22%] px-4 py-3 font-medium">
              Client
            </th>
            <th scope="col" className="w-28 px-4 py-3 font-medium">
              Status
            </th>
            {header(FEE_COLUMN, "w-32 text-right")}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {events.map((event) => (
            <tr key={event.id} className="relative transition-colors hover:bg-muted/50">
              <td className="px-4 py-3 align-top whitespace-nowrap">
                <div className="font-medium">{formatShortDate(event.date)}</div>
                {event.time && <div className="text-muted-foreground">{event.time}</div>}
              </td>
              <td className="px-4 py-3 align-top">
                <Link
                  to={`/events/${event.id}`}
                  className="block truncate font-medium text-foreground after:absolute after:inset-0 hover:text-primary"
                >
                  {event.title}
                </Link>
                <div className="truncate text-muted-foreground">{describePlace(event) || "No venue yet"}</div>
              </td>
              <td className="px-4 py-3 align-top">
                <div className="truncate">
                  {event.client?.name ?? <span className="text-muted-foreground">—</span>}
                </div>
                {event.clientCompany && (
                  <div className="truncate text-muted-foreground">{event.clientCompany}</div>
                )}
              </td>
              <td className="px-4 py-3 align-top">
                <EventStatusBadge status={event.status} />
              </td>
              <td className="px-4 py-3 text-right align-top font-medium tabular-nums">
                {formatDollars(event.grossFee)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
