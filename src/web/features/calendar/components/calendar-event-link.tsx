import { Link } from "react-router";
import type { EventStatus } from "../../../../shared/schemas/event-status.ts";
import { EVENT_STATUS_LABELS } from "../../../../shared/schemas/event-status.ts";
import { cn } from "../../../lib/cn.ts";
import { holdRankLabel } from "../../holds/components/hold-rank-label.ts";
import type { CalendarEvent } from "./calendar-days.ts";

/** Each status's colour on the calendar, the same family as its badge elsewhere in the app. */
export const STATUS_COLOURS: Record<EventStatus, string> = {
  inquiry: "border-input bg-muted text-secondary-foreground",
  hold: "border-warning bg-warning-soft text-warning",
  confirmed: "border-primary bg-primary-soft text-primary-soft-foreground",
  postponed: "border-dashed border-input bg-card text-muted-foreground",
  completed: "border-success bg-success-soft text-success",
  cancelled: "border-destructive bg-destructive-soft text-destructive line-through",
};

/** "1st hold" for a ranked hold, else the status's name. */
export function describeCalendarStatus(event: Pick<CalendarEvent, "status" | "holdRank">): string {
  return event.status === "hold" && event.holdRank
    ? holdRankLabel(event.holdRank)
    : EVENT_STATUS_LABELS[event.status];
}

/** One event on the calendar, coloured by its status, opening its page. */
export function CalendarEventLink({ event, className }: { event: CalendarEvent; className?: string }) {
  return (
    <Link
      to={`/events/${event.id}`}
      aria-label={`${describeCalendarStatus(event)}: ${event.title}`}
      className={cn(
        "relative block rounded-sm border-l-4 px-1.5 py-0.5 text-xs leading-snug hover:brightness-95",
        STATUS_COLOURS[event.status],
        className,
      )}
    >
      <span className="font-semibold">{describeCalendarStatus(event)}</span>{" "}
      <span className="[overflow-wrap:anywhere]">{event.title}</span>
    </Link>
  );
}

/** The key to the colours. */
export function StatusLegend() {
  return (
    <ul aria-label="Colours" className="flex flex-wrap gap-2 text-xs">
      {(Object.keys(STATUS_COLOURS) as EventStatus[]).map((status) => (
        <li key={status} className={cn("rounded-sm border-l-4 px-1.5 py-0.5", STATUS_COLOURS[status])}>
          {EVENT_STATUS_LABELS[status]}
        </li>
      ))}
    </ul>
  );
}
