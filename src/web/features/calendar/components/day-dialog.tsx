import { Plus } from "lucide-react";
import { formatLongDate } from "../../../../shared/calendar-dates.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import type { CalendarDay } from "./calendar-days.ts";
import { DayEvents } from "./day-events.tsx";

type DayDialogProps = {
  day: CalendarDay | null;
  onClose: () => void;
  /** Absent when the signed-in member may not add events (DESIGN §11). */
  onAddEvent?: (date: string) => void;
};

/** The events of the day tapped on the calendar, and a way to add another on that day. */
export function DayDialog({ day, onClose, onAddEvent }: DayDialogProps) {
  return (
    <Dialog open={day !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        {day && (
          <>
            <DialogHeader>
              <DialogTitle>{formatLongDate(day.date)}</DialogTitle>
              <DialogDescription>
                {day.events.length} event{day.events.length === 1 ? "" : "s"} on this day.
              </DialogDescription>
            </DialogHeader>
            <DayEvents day={day} />
            {onAddEvent && (
              <Button variant="outline" onClick={() => onAddEvent(day.date)}>
                <Plus aria-hidden="true" />
                Add an event on this day
              </Button>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
