import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import type {
  Availability,
  AvailabilityQuery,
  AvailabilityState,
  PublicAvailability,
} from "../../../shared/schemas/holds.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { events } from "../../platform/db/schema.ts";
import type { AppError } from "../../platform/http/errors.ts";
import { getHoldSettings } from "./hold-settings.ts";

/** The events a date's availability is made of: postponed and cancelled ones hold no date. */
const DATE_TAKING = ["inquiry" as const, "hold" as const, "confirmed" as const, "completed" as const];

function stateOf(statuses: string[]): AvailabilityState {
  if (statuses.some((status) => status === "confirmed" || status === "completed")) return "booked";
  return statuses.includes("hold") ? "held" : "free";
}

async function eventsBetween(db: Queryable, userId: string, from: string, to: string) {
  return db
    .select({
      id: events.id,
      title: events.title,
      date: events.date,
      status: events.status,
      holdRank: events.holdRank,
    })
    .from(events)
    .where(
      and(eq(events.userId, userId), between(events.date, from, to), inArray(events.status, DATE_TAKING)),
    )
    .orderBy(asc(events.date), sql`${events.holdRank} nulls first`, asc(events.title), asc(events.id));
}

/** `GET /api/availability`: free, held (with ranks) or booked, per date of the speaker's own events. */
export async function getAvailability(
  db: Queryable,
  userId: string,
  query: AvailabilityQuery,
): Promise<Availability> {
  const rows = await eventsBetween(db, userId, query.from, query.to);
  const byDate = new Map<string, typeof rows>();
  for (const row of rows) byDate.set(row.date, [...(byDate.get(row.date) ?? []), row]);
  const dates: string[] = [];
  if (query.all) {
    for (let date = query.from; date <= query.to; date = addDays(date, 1)) dates.push(date);
  } else {
    dates.push(...byDate.keys());
  }
  return {
    days: dates.map((date) => {
      const day = byDate.get(date) ?? [];
      return {
        date,
        state: stateOf(day.map((event) => event.status)),
        holds: day.filter((event) => event.status === "hold").length,
        events: day.map(({ date: _date, ...event }) => event),
      };
    }),
  };
}

/**
 * What the inquiry form may say of one date when the speaker turned it on: free, held or booked, never
 * whose. Off, it is the same 404 as a speaker without a form would be.
 */
export async function getPublicAvailability(
  db: Queryable,
  userId: string,
  date: string,
  unavailable: () => AppError,
): Promise<PublicAvailability> {
  if (!(await getHoldSettings(db, userId)).showAvailabilityOnInquiryForm) throw unavailable();
  const rows = await eventsBetween(db, userId, date, date);
  return { date, state: stateOf(rows.map((event) => event.status)) };
}
