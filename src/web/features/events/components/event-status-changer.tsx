import { ArrowRight } from "lucide-react";
import {
  EVENT_STATUS_LABELS,
  EVENT_STATUS_TRANSITIONS,
  type Event,
  type EventStatus,
} from "../../../../shared/schemas/events.ts";
import { Button } from "../../../components/ui/button.tsx";
import { describeError } from "../../../lib/api.ts";
import { toast } from "../../../lib/toast.ts";
import { useUpdateEvent } from "../api/update-event.ts";
import { EventStatusBadge } from "./event-status-badge.tsx";

/** The event's status, and one button for each status it may move to (EVENT_STATUS_TRANSITIONS). */
export function EventStatusChanger({ event }: { event: Event }) {
  const update = useUpdateEvent();
  const pendingStatus = update.isPending ? update.variables?.changes.status : undefined;

  const changeTo = (status: EventStatus) =>
    update.mutate(
      { id: event.id, changes: { status } },
      {
        onSuccess: (saved) =>
          toast({
            title: "Status changed",
            description: `"${saved.title}" is now ${EVENT_STATUS_LABELS[status]}.`,
          }),
        onError: (error) =>
          toast({
            title: "Could not change the status",
            description: describeError(error, "Please try again."),
            variant: "destructive",
          }),
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
          {EVENT_STATUS_TRANSITIONS[event.status].map((status) => (
            <Button
              key={status}
              variant="outline"
              size="sm"
              className="justify-start"
              aria-label={`Change status to ${EVENT_STATUS_LABELS[status]}`}
              isLoading={pendingStatus === status}
              disabled={update.isPending}
              onClick={() => changeTo(status)}
            >
              {pendingStatus !== status && <ArrowRight aria-hidden="true" />}
              {EVENT_STATUS_LABELS[status]}
            </Button>
          ))}
        </div>
      </div>
    </div>
  );
}
