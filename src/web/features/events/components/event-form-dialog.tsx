import type { Event } from "../../../../shared/schemas/events.ts";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import { EventForm } from "./event-form.tsx";
import type { EventLinks } from "./event-form-values.ts";

type EventFormDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The event to edit; without it the dialog adds a new one. */
  event?: Event;
  /** The client and bureau partner a new event starts linked to. */
  links?: EventLinks;
  /** The date a new event starts on (a day chosen on the calendar). */
  date?: string;
  onSaved?: (event: Event) => void;
};

/** Keeps an open type-ahead's Escape for the type-ahead, so it closes its list and not the whole form. */
function keepEscapeForOpenList(keyboardEvent: KeyboardEvent) {
  const target = keyboardEvent.target;
  if (target instanceof HTMLElement && target.getAttribute("aria-expanded") === "true")
    keyboardEvent.preventDefault();
}

export function EventFormDialog({ open, onOpenChange, event, links, date, onSaved }: EventFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" onEscapeKeyDown={keepEscapeForOpenList}>
        <DialogHeader>
          <DialogTitle>{event ? "Edit event" : "New event"}</DialogTitle>
          <DialogDescription>
            {event
              ? "Change any detail and save. Empty fields are cleared."
              : "Only the event name and date are required; add the rest now or later."}
          </DialogDescription>
        </DialogHeader>
        <EventForm
          event={event}
          links={links}
          date={date}
          onCancel={() => onOpenChange(false)}
          onSaved={(saved) => {
            onOpenChange(false);
            onSaved?.(saved);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
