import { and, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { bookings } from "../../platform/db/schema.ts";
import { bookingTokenHash, bookingUrl } from "./booking-link.ts";
import { type BookingContext, findEventBooking, toBooking } from "./queries.ts";
import { bookingStatusOf } from "./settle-booking.ts";

/** `GET /api/events/:id/booking`: the booking and its steps with times, never its link. */
export async function getBooking(db: Database, userId: string, eventId: string) {
  return toBooking(await findEventBooking(db, userId, eventId));
}

/** `POST /api/events/:id/booking/revoke`: the link answers 404 at once. */
export async function revokeBooking(db: Database, userId: string, eventId: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await findEventBooking(tx, userId, eventId, true);
    if (row.revokedAt) return toBooking(row);
    const [revoked] = await tx
      .update(bookings)
      .set({ revokedAt: now, status: "revoked" })
      .where(and(eq(bookings.userId, userId), eq(bookings.id, row.id)))
      .returning();
    return toBooking(revoked!);
  });
}

/**
 * `POST /api/events/:id/booking/reissue`: a new link (answered once, not e-mailed); the previous one, revoked
 * or not, answers 404 from then on. The booking goes on where it was.
 */
export async function reissueBooking(context: BookingContext, userId: string, eventId: string) {
  return context.db.transaction(async (tx) => {
    const row = await findEventBooking(tx, userId, eventId, true);
    const next = { id: row.id, linkVersion: row.linkVersion + 1 };
    const [reissued] = await tx
      .update(bookings)
      .set({
        linkVersion: next.linkVersion,
        tokenHash: bookingTokenHash(context.linkKey, next),
        revokedAt: null,
        status: bookingStatusOf(row),
      })
      .where(and(eq(bookings.userId, userId), eq(bookings.id, row.id)))
      .returning();
    return toBooking(reissued!, bookingUrl(context.appUrl, context.linkKey, next));
  });
}
