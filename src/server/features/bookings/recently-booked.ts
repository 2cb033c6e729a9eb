import { and, desc, eq, gte, isNotNull } from "drizzle-orm";
import { RECENTLY_BOOKED_DAYS, type RecentlyBooked } from "../../../shared/schemas/dashboard.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bookings, events } from "../../platform/db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The dashboard's "Booked: <event>": the bookings that confirmed their event by themselves (signed and deposit
 * paid) in the last `RECENTLY_BOOKED_DAYS` days, newest first.
 */
export async function listRecentlyBooked(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<RecentlyBooked[]> {
  const since = new Date(now.getTime() - RECENTLY_BOOKED_DAYS * DAY_MS);
  const rows = await db
    .select({
      eventId: bookings.eventId,
      title: events.title,
      date: events.date,
      confirmedAt: bookings.confirmedAt,
    })
    .from(bookings)
    .innerJoin(events, and(eq(events.userId, bookings.userId), eq(events.id, bookings.eventId)))
    .where(
      and(eq(bookings.userId, userId), isNotNull(bookings.confirmedAt), gte(bookings.confirmedAt, since)),
    )
    .orderBy(desc(bookings.confirmedAt))
    .limit(10);
  return rows.map((row) => ({ ...row, confirmedAt: row.confirmedAt!.toISOString() }));
}
