import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import { cn } from "../../../lib/cn.ts";
import type { CalendarDay } from "./calendar-days.ts";
import { CalendarEventLink, STATUS_COLOURS } from "./calendar-event-link.tsx";
import { DayMarks } from "./day-marks.tsx";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
/** Events a desktop cell lists before "+ n more". */
const EVENTS_PER_CELL = 3;

type MonthGridProps = {
  month: string;
  dates: string[];
  days: Map<string, CalendarDay>;
  today: string;
  /** A day was chosen: its events are shown, or a new event starts on it when it has none. */
  onChooseDay: (date: string) => void;
  /** Phones: day numbers with a dot per event; the agenda below lists them. */
  isCompact?: boolean;
};

function describeDayButton(date: string, day: CalendarDay | undefined): string {
  const count = day?.events.length ?? 0;
  const what = count === 0 ? "no events, add one" : `${count} event${count === 1 ? "" : "s"}`;
  return `${formatLongDate(date)}: ${what}${day?.hasConflict ? ", conflict" : ""}`;
}

/** A month as weeks of days; each day is a button, and on wide screens lists its events, each a link. */
export function MonthGrid({ month, dates, days, today, onChooseDay, isCompact = false }: MonthGridProps) {
  return (
    <div className="overflow-hidden rounded-lg border border-border bg-card">
      {/* Each day's button names its full date, so the weekdays are for the eye only. */}
      <div
        aria-hidden="true"
        className="grid grid-cols-7 border-b border-border bg-muted text-center text-xs font-medium"
      >
        {WEEKDAYS.map((weekday) => (
          <div key={weekday} className="py-1.5">
            {isCompact ? weekday.slice(0, 1) : weekday}
          </div>
        ))}
      </div>
      <div className="grid grid-cols-7">
        {dates.map((date) => {
          const day = days.get(date);
          const isOtherMonth = !date.startsWith(month);
          return (
            <div
              key={date}
              className={cn(
                "relative border-b border-r border-border [&:nth-child(7n)]:border-r-0",
                isCompact ? "min-h-14 p-1" : "min-h-28 p-1.5",
                isOtherMonth && "bg-muted/50 text-muted-foreground",
                day?.hasConflict && "bg-destructive-soft",
              )}
            >
              {/* The whole cell is the day's button; the events' links sit above it. */}
              <button
                type="button"
                onClick={() => onChooseDay(date)}
                aria-label={describeDayButton(date, day)}
                className="absolute inset-0 hover:bg-primary/5 focus-visible:outline-2 focus-visible:outline-ring"
              />
              <div className="pointer-events-none relative flex flex-wrap items-center justify-between gap-1">
                <span
                  className={cn(
                    "grid size-6 place-items-center rounded-full text-xs font-semibold",
                    date === today && "bg-primary text-primary-foreground",
                  )}
                >
                  {Number(date.slice(8))}
                </span>
                {day && <DayMarks day={day} isCompact={isCompact} />}
              </div>
              {day && isCompact && (
                <div aria-hidden="true" className="pointer-events-none relative mt-1 flex flex-wrap gap-0.5">
                  {day.events.map((event) => (
                    <span
                      key={event.id}
                      className={cn("size-2 rounded-full border-2", STATUS_COLOURS[event.status])}
                    />
                  ))}
                </div>
              )}
              {day && !isCompact && (
                <ul className="relative mt-1 grid gap-1">
                  {day.events.slice(0, EVENTS_PER_CELL).map((event) => (
                    <li key={event.id}>
                      <CalendarEventLink event={event} />
                    </li>
                  ))}
                  {day.events.length > EVENTS_PER_CELL && (
                    <li className="pointer-events-none text-xs text-muted-foreground">
                      + {day.events.length - EVENTS_PER_CELL} more
                    </li>
                  )}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </div>
  );
}
