import { z } from "zod";
import { formatLongDate } from "../calendar-dates.ts";

export const EVENT_STATUSES = [
  "inquiry",
  "hold",
  "confirmed",
  "postponed",
  "completed",
  "cancelled",
] as const;

export const eventStatusSchema = z.enum(EVENT_STATUSES, { error: "Choose a valid status" });
export type EventStatus = z.infer<typeof eventStatusSchema>;

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  inquiry: "Inquiry",
  hold: "Hold",
  confirmed: "Confirmed",
  postponed: "Postponed",
  completed: "Completed",
  cancelled: "Cancelled",
};

/**
 * Where an event may go from each status (DESIGN §4: inquiry → hold → confirmed → completed; postponed and
 * cancelled from any open state). Beyond that:
 * - a hold may be released back to an inquiry, and a postponed event is rescheduled as an inquiry, a hold or
 *   a confirmed booking;
 * - completed only follows confirmed: a fee is earned only for a booked talk;
 * - a completed event may be reopened as confirmed and a cancelled one revived as an inquiry, so that a
 *   mis-click is never permanent;
 * - keeping the same status is always allowed, and a new event may start in any status (history is recorded
 *   after the fact, e.g. by import).
 */
export const EVENT_STATUS_TRANSITIONS: Record<EventStatus, readonly EventStatus[]> = {
  inquiry: ["hold", "confirmed", "postponed", "cancelled"],
  hold: ["inquiry", "confirmed", "postponed", "cancelled"],
  confirmed: ["completed", "postponed", "cancelled"],
  postponed: ["inquiry", "hold", "confirmed", "cancelled"],
  completed: ["confirmed"],
  // A cancellation made by mistake is undone to the status it had (issue 12, item 7).
  cancelled: ["inquiry", "hold", "confirmed", "postponed"],
};

export function canChangeEventStatus(from: EventStatus, to: EventStatus): boolean {
  return from === to || EVENT_STATUS_TRANSITIONS[from].includes(to);
}

/** The 409 message for a refused status change. */
export function statusChangeRefusal(from: EventStatus, to: EventStatus): string {
  const allowed = EVENT_STATUS_TRANSITIONS[from].map((status) => EVENT_STATUS_LABELS[status]).join(", ");
  const [fromLabel, toLabel] = [EVENT_STATUS_LABELS[from], EVENT_STATUS_LABELS[to]];
  return `The status cannot change from ${fromLabel} to ${toLabel}. From ${fromLabel}, an event can become: ${allowed}.`;
}

/**
 * Completed records a talk that has taken place, so it waits for the event's date to come in the speaker's
 * calendar (`today`, from their time zone); on the day itself it is allowed.
 */
export function isTooEarlyToComplete(eventDate: string, today: string): boolean {
  return eventDate > today;
}

/** The 409 message for an event marked Completed before its date. */
export function earlyCompletionRefusal(eventDate: string): string {
  return `This event is on ${formatLongDate(eventDate)}: it can be marked Completed once that day has come.`;
}
