import { Plane, TriangleAlert } from "lucide-react";
import type { CalendarDay } from "./calendar-days.ts";

/** What the calendar says about a day besides its events: a conflict, and travel from the day before. */
export function DayMarks({ day, isCompact = false }: { day: CalendarDay; isCompact?: boolean }) {
  return (
    <>
      {day.hasConflict && (
        <span className="inline-flex items-center gap-1 text-xs font-semibold text-destructive">
          <TriangleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {isCompact ? <span className="sr-only">Conflict</span> : "Conflict"}
        </span>
      )}
      {day.travelFrom && (
        <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
          <Plane aria-hidden="true" className="size-3.5 shrink-0" />
          {isCompact ? (
            <span className="sr-only">Travel from {day.travelFrom}</span>
          ) : (
            `Travel from ${day.travelFrom}`
          )}
        </span>
      )}
    </>
  );
}
