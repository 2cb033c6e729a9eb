import { and, asc, between, eq, inArray, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Event, EventDetail } from "../../../shared/schemas/events.ts";
import { DOUBLE_BOOKING_MESSAGE, type EventConflict } from "../../../shared/schemas/holds.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { preparedStatement } from "../../platform/db/prepared.ts";
import { events } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { JsonText } from "../../platform/http/send-json.ts";

const LIVE_STATUSES = ["inquiry" as const, "hold" as const, "confirmed" as const, "completed" as const];

/**
 * The other events an event conflicts with (DESIGN §11), for a live event (inquiry, hold, confirmed,
 * completed): on its day every hold, confirmed or completed event (`same_day`); on the day before or after a
 * confirmed talk unless both are known to be in the same state (`travel`: the speaker has to get there).
 */
export async function findConflicts(db: Queryable, userId: string, eventIds: string[]) {
  const byEvent = new Map<string, EventConflict[]>();
  if (eventIds.length === 0) return byEvent;
  // Every edit and every event read runs it: prepared once, it is neither rebuilt nor re-planned each time.
  const statement = preparedStatement(db, "events_conflicts", (name) => {
    const other = alias(events, "other");
    const isSameState = sql`coalesce(lower(trim(${other.state})) = lower(trim(${events.state})) and trim(${events.state}) <> '', false)`;
    return db
      .select({
        eventId: events.id,
        eventDate: events.date,
        id: other.id,
        title: other.title,
        date: other.date,
        status: other.status,
        holdRank: other.holdRank,
      })
      .from(events)
      .innerJoin(
        other,
        and(
          eq(other.userId, events.userId),
          ne(other.id, events.id),
          between(other.date, sql`${events.date} - 1`, sql`${events.date} + 1`),
        ),
      )
      .where(
        and(
          eq(events.userId, sql.placeholder("userId")),
          // One text parameter rather than an array: PGlite and pg bind it the same way.
          sql`${events.id} = any(string_to_array(${sql.placeholder("eventIds")}, ',')::uuid[])`,
          inArray(events.status, LIVE_STATUSES),
          or(
            and(eq(other.date, events.date), inArray(other.status, ["hold", "confirmed", "completed"])),
            and(ne(other.date, events.date), eq(other.status, "confirmed"), sql`not ${isSameState}`),
          ),
        ),
      )
      .orderBy(asc(other.date), sql`${other.holdRank} nulls first`, asc(other.title), asc(other.id))
      .prepare(name);
  });
  const rows = await statement.execute({ userId, eventIds: eventIds.join(",") });
  for (const { eventId, eventDate, ...conflict } of rows) {
    const reason = conflict.date === eventDate ? "same_day" : "travel";
    byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), { ...conflict, reason }]);
  }
  return byEvent;
}

/** The event's API JSON with its `conflicts` (the answer of create, update and get). */
export async function withConflicts(
  db: Queryable,
  userId: string,
  id: string,
  json: JsonText<Event>,
): Promise<JsonText<EventDetail>> {
  const conflicts = (await findConflicts(db, userId, [id])).get(id) ?? [];
  // The event is JSON text the database built (event-json.ts); the list is added without parsing it again.
  return `${json.slice(0, -1)},"conflicts":${JSON.stringify(conflicts)}}`;
}

/**
 * Refuses a second confirmed talk on one day (409 `{ error, conflicts }`) unless the speaker said "book
 * anyway". Called once the event is written, inside its transaction, so the refusal rolls it back.
 */
export async function refuseDoubleBooking(db: Queryable, userId: string, eventId: string) {
  const conflicts = (await findConflicts(db, userId, [eventId])).get(eventId) ?? [];
  const booked = conflicts.filter(
    (conflict) =>
      conflict.reason === "same_day" && (conflict.status === "confirmed" || conflict.status === "completed"),
  );
  if (booked.length > 0) throw new AppError("CONFLICT", DOUBLE_BOOKING_MESSAGE, { conflicts });
}
