import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import { type CalendarDay, describeTown } from "./calendar-days.ts";
import { CalendarEventLink } from "./calendar-event-link.tsx";
import { DayMarks } from "./day-marks.tsx";

/** One day's events, with its conflict and travel marks: the agenda's entry and the chosen day alike. */
export function DayEvents({ day, headingLevel = 3 }: { day: CalendarDay; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section aria-label={formatLongDate(day.date)} className="grid gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Heading className="text-sm font-semibold">{formatLongDate(day.date)}</Heading>
        <DayMarks day={day} />
      </div>
      <ul className="grid gap-1.5">
        {day.events.map((event) => (
          <li key={event.id}>
            <CalendarEventLink event={event} className="px-2 py-1.5 text-sm" />
            {describeTown(event) && (
              <p className="mt-0.5 pl-3 text-xs text-muted-foreground">{describeTown(event)}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
