import { addDays } from "../../../../shared/calendar-dates.ts";
import type { EventStatus } from "../../../../shared/schemas/event-status.ts";

/** What the calendar needs of an event. */
export type CalendarEvent = {
  id: string;
  title: string;
  date: string;
  status: EventStatus;
  holdRank: number | null;
  city: string | null;
  state: string | null;
};

export type CalendarDay = {
  date: string;
  events: CalendarEvent[];
  /** Two or more holds or talks on the day. */
  hasConflict: boolean;
  /** Where the speaker talks the day before, in another place (travel is tight); null otherwise. */
  travelFrom: string | null;
};

/** Statuses that take the date (DESIGN §11 conflicts: hold, confirmed or completed). */
const TAKES_THE_DATE: ReadonlySet<EventStatus> = new Set(["hold", "confirmed", "completed"]);
const IS_TALK: ReadonlySet<EventStatus> = new Set(["confirmed", "completed"]);

/** `2026-11` from `?month=`, or the month of `today` when absent or malformed. */
export function readMonth(value: string | null, today: string): string {
  return value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value) ? value : today.slice(0, 7);
}

/** The month before (-1) or after (+1) `month`. */
export function shiftMonth(month: string, by: number): string {
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, monthNumber - 1 + by, 1));
  return shifted.toISOString().slice(0, 7);
}

/** "November 2026". */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T12:00:00Z`).toLocaleDateString("en-US", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
}

/** The dates a month view shows: whole weeks, Sunday to Saturday, from the week of the 1st to that of the last. */
export function listMonthGrid(month: string): string[] {
  const first = `${month}-01`;
  const last = addDays(`${shiftMonth(month, 1)}-01`, -1);
  const start = addDays(first, -new Date(`${first}T00:00:00Z`).getUTCDay());
  const end = addDays(last, 6 - new Date(`${last}T00:00:00Z`).getUTCDay());
  const dates: string[] = [];
  for (let date = start; date <= end; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** "Chicago, IL", or null when the event has no place. */
export function describeTown(event: Pick<CalendarEvent, "city" | "state">): string | null {
  return [event.city, event.state].filter(Boolean).join(", ") || null;
}

const placeKey = (event: CalendarEvent) => (describeTown(event) ?? "").toLowerCase();

/**
 * Each date's events with what the calendar marks on it: a conflict (two events taking the date) and a
 * travel day (a talk the day before in another place). Dates without events are absent.
 */
export function describeDays(events: CalendarEvent[]): Map<string, CalendarDay> {
  const days = new Map<string, CalendarDay>();
  for (const event of events) {
    const day = days.get(event.date) ?? {
      date: event.date,
      events: [],
      hasConflict: false,
      travelFrom: null,
    };
    day.events.push(event);
    days.set(event.date, day);
  }
  for (const day of days.values()) {
    day.events.sort((a, b) => (a.holdRank ?? 0) - (b.holdRank ?? 0) || a.title.localeCompare(b.title));
    day.hasConflict = day.events.filter((event) => TAKES_THE_DATE.has(event.status)).length > 1;
    const talks = day.events.filter((event) => IS_TALK.has(event.status) && placeKey(event));
    const before = (days.get(addDays(day.date, -1))?.events ?? []).filter(
      (event) => IS_TALK.has(event.status) && placeKey(event),
    );
    const elsewhere = before.find((earlier) => talks.some((talk) => placeKey(talk) !== placeKey(earlier)));
    day.travelFrom = elsewhere ? describeTown(elsewhere) : null;
  }
  return days;
}
