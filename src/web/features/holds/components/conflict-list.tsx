import { Link } from "react-router";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import type { EventConflict } from "../../../../shared/schemas/holds.ts";
import { describeCalendarStatus } from "../../calendar/components/calendar-event-link.tsx";

/** Why a conflict is shown: on the same day, or a talk the day before or after elsewhere. */
function describeReason(conflict: EventConflict): string {
  return conflict.reason === "same_day"
    ? "Same day"
    : "Travel: a talk the day before or after, in another state";
}

/** The other events that clash with this one, each linking to its page. */
export function ConflictList({ conflicts }: { conflicts: readonly EventConflict[] }) {
  return (
    <ul className="grid gap-2">
      {conflicts.map((conflict) => (
        <li key={conflict.id} className="grid gap-0.5 text-sm">
          <span>
            <Link to={`/events/${conflict.id}`} className="font-medium text-primary hover:underline">
              {conflict.title}
            </Link>{" "}
            <span className="text-muted-foreground">
              · {describeCalendarStatus(conflict)} · {formatLongDate(conflict.date)}
            </span>
          </span>
          <span className="text-xs text-muted-foreground">{describeReason(conflict)}</span>
        </li>
      ))}
    </ul>
  );
}
