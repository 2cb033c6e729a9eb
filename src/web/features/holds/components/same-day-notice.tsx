import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { isRealIsoDate } from "../../../../shared/schemas/fields.ts";
import { describeCalendarStatus } from "../../calendar/components/calendar-event-link.tsx";
import { useAvailability } from "../api/holds.ts";

/** Statuses that leave the date free, so they are not worth a warning. */
const LEAVES_DATE_FREE = new Set(["inquiry", "postponed", "cancelled"]);

/**
 * While the event form is open: the holds and talks already on the chosen date (other than this event), so
 * the speaker sees a clash before saving. The answer of the save adds travel conflicts.
 */
export function SameDayNotice({ date, eventId }: { date: string; eventId?: string }) {
  const isDate = isRealIsoDate(date);
  const query = useAvailability(date, date, isDate);
  const others = (query.data?.days[0]?.events ?? []).filter(
    (event) => event.id !== eventId && !LEAVES_DATE_FREE.has(event.status),
  );
  if (!isDate || others.length === 0) return null;
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm sm:col-span-2"
    >
      <p className="flex items-center gap-2 font-medium text-warning">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        Already on this date
      </p>
      <ul className="grid gap-1">
        {others.map((event) => (
          <li key={event.id}>
            <Link to={`/events/${event.id}`} className="font-medium text-primary hover:underline">
              {event.title}
            </Link>{" "}
            <span className="text-muted-foreground">· {describeCalendarStatus(event)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
