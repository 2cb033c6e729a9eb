import { TriangleAlert } from "lucide-react";
import { type EventConflict, eventConflictSchema } from "../../../../shared/schemas/holds.ts";
import { Button } from "../../../components/ui/button.tsx";
import { ApiError } from "../../../lib/api.ts";
import { ConflictList } from "./conflict-list.tsx";

/** The refusal of a second confirmed talk on one day (409 `{ error, conflicts }`). */
export type DoubleBooking = { error: string; conflicts: EventConflict[] };

/** The double booking an answer refused, or null for any other failure. */
export function readDoubleBooking(error: unknown): DoubleBooking | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const conflicts = eventConflictSchema.array().safeParse((error.body as { conflicts?: unknown })?.conflicts);
  return conflicts.success ? { error: error.serverMessage ?? "", conflicts: conflicts.data } : null;
}

type DoubleBookingAlertProps = {
  booking: DoubleBooking;
  onBookAnyway: () => void;
  isPending: boolean;
};

/** Says which confirmed talk already has the day, and lets the speaker book this one anyway. */
export function DoubleBookingAlert({ booking, onBookAnyway, isPending }: DoubleBookingAlertProps) {
  return (
    <div role="alert" className="grid gap-3 rounded-lg border border-destructive/40 bg-destructive-soft p-4">
      <p className="flex items-start gap-2 text-sm font-medium text-destructive">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {booking.error}
      </p>
      <ConflictList conflicts={booking.conflicts} />
      <div>
        <Button variant="destructive" size="sm" isLoading={isPending} onClick={onBookAnyway}>
          Book anyway
        </Button>
      </div>
    </div>
  );
}
