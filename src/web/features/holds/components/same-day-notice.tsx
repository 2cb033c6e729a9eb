import { CalendarClock } from "lucide-react";
import { Link } from "react-router";
import { addDays } from "../../../../shared/calendar-dates.ts";
import { isRealIsoDate } from "../../../../shared/schemas/fields.ts";
import { useCalendarEvents } from "../../calendar/api/calendar-events.ts";
import { describeTown } from "../../calendar/components/calendar-days.ts";
import { describeCalendarStatus } from "../../calendar/components/calendar-event-link.tsx";

/** Statuses that leave the date free, so they are not worth a warning. */
const LEAVES_DATE_FREE = new Set(["inquiry", "postponed", "cancelled"]);

/**
 * While the event form is open: what the save would answer as conflicts (DESIGN §11), so the speaker sees a
 * clash before saving — the holds and talks already on the chosen date (other than this event), and a
 * confirmed talk the day before or after unless both are known to be in the same state (travel is tight).
 */
export function SameDayNotice({ date, state, eventId }: { date: string; state: string; eventId?: string }) {
  const isDate = isRealIsoDate(date);
  const dayBefore = isDate ? addDays(date, -1) : date;
  const dayAfter = isDate ? addDays(date, 1) : date;
  const query = useCalendarEvents(dayBefore, dayAfter);
  const around = (query.data ?? []).filter((event) => event.id !== eventId);
  const sameDay = around.filter((event) => event.date === date && !LEAVES_DATE_FREE.has(event.status));
  const ownState = state.trim().toLowerCase();
  const travel = around.filter(
    (event) =>
      event.date !== date &&
      event.status === "confirmed" &&
      !(ownState && event.state && event.state.trim().toLowerCase() === ownState),
  );
  if (!isDate || (sameDay.length === 0 && travel.length === 0)) return null;
  return (
    <div
      role="status"
      className="grid gap-2 rounded-lg border border-warning/40 bg-warning-soft p-3 text-sm sm:col-span-2"
    >
      {sameDay.length > 0 && (
        <>
          <p className="flex items-center gap-2 font-medium text-warning">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
            Already on this date
          </p>
          <ul className="grid gap-1">
            {sameDay.map((event) => (
              <li key={event.id}>
                <Link to={`/events/${event.id}`} className="font-medium text-primary hover:underline">
                  {event.title}
                </Link>{" "}
                <span className="text-muted-foreground">· {describeCalendarStatus(event)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {travel.length > 0 && (
        <>
          <p className="flex items-center gap-2 font-medium text-warning">
            <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
            Travel is tight
          </p>
          <ul className="grid gap-1">
            {travel.map((event) => (
              <li key={event.id}>
                {event.date === dayBefore ? "The day before: " : "The day after: "}
                <Link to={`/events/${event.id}`} className="font-medium text-primary hover:underline">
                  {event.title}
                </Link>{" "}
                <span className="text-muted-foreground">
                  · Confirmed{describeTown(event) ? ` in ${describeTown(event)}` : ""}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
