import { useState } from "react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import type { Event } from "../../../../shared/schemas/events.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Select } from "../../../components/ui/select.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useAvailability, useReleaseHold, useSetHoldRank } from "../api/holds.ts";
import { ChallengeDialog } from "./challenge-dialog.tsx";
import { HoldExpiryField } from "./hold-expiry-field.tsx";
import { holdRankLabel } from "./hold-rank-label.ts";

const failed = (title: string) => (error: Error) =>
  toast({ title, description: describeError(error, "Please try again."), variant: "destructive" });

/**
 * The event page's card for a hold: its rank among the holds of its date, moving it, its expiry, releasing
 * it, and asking the first hold to decide when others wait behind it.
 */
export function HoldCard({ event }: { event: Event & { holdRank: number } }) {
  const availability = useAvailability(event.date, event.date);
  const setRank = useSetHoldRank();
  const release = useReleaseHold();
  const [isConfirmingRelease, setIsConfirmingRelease] = useState(false);
  const [isChallenging, setIsChallenging] = useState(false);
  const holds = (availability.data?.days[0]?.events ?? [])
    .filter((other) => other.status === "hold" && other.holdRank !== null)
    .sort((a, b) => (a.holdRank ?? 0) - (b.holdRank ?? 0));
  const holdCount = Math.max(holds.length, event.holdRank);
  const firstHold = event.holdRank === 1 ? event : holds.find((hold) => hold.holdRank === 1);
  const rankId = `hold-rank-${event.id}`;

  const moveTo = (rank: number) =>
    setRank.mutate(
      { id: event.id, rank },
      {
        onSuccess: () =>
          toast({ title: "Hold moved", description: `"${event.title}" is now the ${holdRankLabel(rank)}.` }),
        onError: failed("Could not move the hold"),
      },
    );
  const confirmRelease = () =>
    release.mutate(
      { id: event.id },
      {
        onSuccess: () => {
          setIsConfirmingRelease(false);
          toast({
            title: "Hold released",
            description: `"${event.title}" is an inquiry again; later holds moved up.`,
          });
        },
        onError: (error) => {
          setIsConfirmingRelease(false);
          failed("Could not release the hold")(error);
        },
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{holdRankLabel(event.holdRank)}</CardTitle>
        <CardDescription>
          {holdCount === 1
            ? `The only hold on ${formatLongDate(event.date)}.`
            : `${holdRankLabel(event.holdRank)} of ${holdCount} holds on ${formatLongDate(event.date)}.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {holdCount > 1 && (
          <div className="grid gap-1.5">
            <label htmlFor={rankId} className="text-sm font-medium">
              Rank on this date
            </label>
            <Select
              id={rankId}
              value={String(event.holdRank)}
              disabled={setRank.isPending}
              onChange={(change) => moveTo(Number(change.target.value))}
            >
              {Array.from({ length: holdCount }, (_, index) => index + 1).map((rank) => (
                <option key={rank} value={rank}>
                  {holdRankLabel(rank)}
                </option>
              ))}
            </Select>
          </div>
        )}
        <HoldExpiryField event={event} />
        <div className="grid gap-2">
          {holdCount > 1 && firstHold && (
            <Button variant="outline" size="sm" onClick={() => setIsChallenging(true)}>
              Ask first hold to decide
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => setIsConfirmingRelease(true)}>
            Release
          </Button>
        </div>
      </CardContent>
      {firstHold && (
        <ChallengeDialog
          open={isChallenging}
          onOpenChange={setIsChallenging}
          firstHold={{ ...firstHold, date: event.date }}
        />
      )}
      <ConfirmDialog
        open={isConfirmingRelease}
        onOpenChange={setIsConfirmingRelease}
        title="Release this hold?"
        description={`"${event.title}" goes back to Inquiry and the holds after it on ${formatLongDate(event.date)} move up.`}
        confirmLabel="Release"
        cancelLabel="Keep the hold"
        isPending={release.isPending}
        onConfirm={confirmRelease}
      />
    </Card>
  );
}
