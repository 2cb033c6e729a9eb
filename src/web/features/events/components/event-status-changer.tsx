import { ArrowRight } from "lucide-react";
import { useState } from "react";
import {
  EVENT_STATUS_LABELS,
  EVENT_STATUS_TRANSITIONS,
  type Event,
  type EventStatus,
  isTooEarlyToComplete,
} from "../../../../shared/schemas/events.ts";
import { ConfirmDialog } from "../../../components/ui/alert-dialog.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { describeError } from "../../../lib/api.ts";
import { localToday } from "../../../lib/local-date.ts";
import { toast } from "../../../lib/toast.ts";
import {
  type DoubleBooking,
  DoubleBookingAlert,
  readDoubleBooking,
} from "../../holds/components/double-booking.tsx";
import { useUpdateEvent } from "../api/update-event.ts";
import { EventStatusBadge } from "./event-status-badge.tsx";

/**
 * The event's status, and one button for each status it may move to (EVENT_STATUS_TRANSITIONS). Completed is
 * offered from the event's date on (the server's rule too); cancelling asks first, and every change can be undone from its toast.
 */
export function EventStatusChanger({ event }: { event: Event }) {
  const update = useUpdateEvent();
  const pendingStatus = update.isPending ? update.variables?.changes.status : undefined;
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [doubleBooking, setDoubleBooking] = useState<DoubleBooking | null>(null);
  const isTooEarly = isTooEarlyToComplete(event.date, localToday());
  const moves = EVENT_STATUS_TRANSITIONS[event.status].filter(
    (status) => status !== "completed" || !isTooEarly,
  );

  const changeTo = (
    status: EventStatus,
    previous: EventStatus = event.status,
    isUndo = false,
    bookAnyway?: boolean,
  ) =>
    update.mutate(
      { id: event.id, changes: { status, bookAnyway } },
      {
        onSuccess: (saved) => {
          setIsConfirmingCancel(false);
          setDoubleBooking(null);
          toast({
            title: isUndo ? "Change undone" : "Status changed",
            description: `"${saved.title}" is now ${EVENT_STATUS_LABELS[status]}.`,
            // Undo is offered for a cancellation, the one change made in a hurry that is costly to miss.
            action:
              isUndo || status !== "cancelled"
                ? undefined
                : {
                    label: "Undo",
                    altText: `Change the status back to ${EVENT_STATUS_LABELS[previous]} on the event page`,
                    onClick: () => changeTo(previous, status, true),
                  },
          });
        },
        onError: (error) => {
          const refused = readDoubleBooking(error);
          setDoubleBooking(refused);
          if (refused) return;
          toast({
            title: "Could not change the status",
            description: describeError(error, "Please try again."),
            variant: "destructive",
          });
        },
      },
    );

  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 text-sm">
        <span className="text-muted-foreground">Current status</span>
        <EventStatusBadge status={event.status} className="text-sm" />
      </p>
      <div className="grid gap-2">
        <p id="status-moves" className="text-sm font-medium">
          Change to
        </p>
        {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form fieldset */}
        <div role="group" aria-labelledby="status-moves" className="grid grid-cols-2 gap-2">
          {moves.map((status) => (
            <Button
              key={status}
              variant="outline"
              size="sm"
              className="justify-start"
              aria-label={`Change status to ${EVENT_STATUS_LABELS[status]}`}
              isLoading={pendingStatus === status}
              disabled={update.isPending}
              onClick={() => (status === "cancelled" ? setIsConfirmingCancel(true) : changeTo(status))}
            >
              {pendingStatus !== status && <ArrowRight aria-hidden="true" />}
              {EVENT_STATUS_LABELS[status]}
            </Button>
          ))}
        </div>
        {isTooEarly && EVENT_STATUS_TRANSITIONS[event.status].includes("completed") && (
          <p className="text-xs text-muted-foreground">Completed becomes available on the event's date.</p>
        )}
      </div>
      {doubleBooking && (
        <DoubleBookingAlert
          booking={doubleBooking}
          isPending={update.isPending}
          onBookAnyway={() => changeTo("confirmed", event.status, false, true)}
        />
      )}
      <ConfirmDialog
        open={isConfirmingCancel}
        onOpenChange={setIsConfirmingCancel}
        title="Cancel this event?"
        description={`"${event.title}" will be marked Cancelled and its fee left out of your totals. The event stays in your list.`}
        confirmLabel="Cancel event"
        cancelLabel="Keep it"
        isDestructive
        isPending={pendingStatus === "cancelled"}
        onConfirm={() => changeTo("cancelled")}
      />
    </div>
  );
}
