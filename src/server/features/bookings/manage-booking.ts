import { and, desc, eq } from "drizzle-orm";
import type { Database } from "../../platform/db/client.ts";
import { bookings, events } from "../../platform/db/schema.ts";
import { recordActivity } from "../holds/activity.ts";
import { restoreInvoiceLinksIn, withdrawInvoiceLinksIn } from "../invoices/manage-invoice.ts";
import { bookingTokenHash, bookingUrl, storedLinkExpiry } from "./booking-link.ts";
import {
  type BookingContext,
  type BookingRow,
  bookingEventColumns,
  findEventBooking,
  findLinkEvent,
  toBooking,
} from "./queries.ts";
import { bookingStatusOf } from "./settle-booking.ts";

/** `GET /api/events/:id/booking`: the booking and its steps with times, never its link. */
export async function getBooking(db: Database, userId: string, eventId: string) {
  const row = await findEventBooking(db, userId, eventId);
  return toBooking(row, await findLinkEvent(db, userId, eventId));
}

/** `GET /api/bookings`: every booking of the speaker, newest first (the lists show each document's step). */
export async function listBookings(db: Database, userId: string) {
  const rows = await db
    .select({
      booking: bookings,
      event: bookingEventColumns,
    })
    .from(bookings)
    .innerJoin(events, and(eq(events.userId, bookings.userId), eq(events.id, bookings.eventId)))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt));
  return { bookings: rows.map((row) => toBooking(row.booking, row.event)) };
}

const invoiceIdsOf = (row: BookingRow) =>
  [row.depositInvoiceId, row.balanceInvoiceId].filter((id): id is string => id !== null);

/** `POST /api/events/:id/booking/revoke`: the link, and the links of its invoices, answer 404 at once. */
export async function revokeBooking(db: Database, userId: string, eventId: string, now: Date) {
  return db.transaction(async (tx) => {
    const row = await findEventBooking(tx, userId, eventId, true);
    const event = await findLinkEvent(tx, userId, eventId);
    if (row.revokedAt) return toBooking(row, event);
    const detail = "Booking link revoked: it answers 404 from now on.";
    await recordActivity(tx, { userId, eventId, type: "booking_revoked", actor: "speaker", detail, at: now });
    const [revoked] = await tx
      .update(bookings)
      .set({ revokedAt: now, status: "revoked" })
      .where(and(eq(bookings.userId, userId), eq(bookings.id, row.id)))
      .returning();
    await withdrawInvoiceLinksIn(tx, userId, invoiceIdsOf(row), now);
    return toBooking(revoked!, event);
  });
}

/**
 * `POST /api/events/:id/booking/reissue`: a new link (answered once, not e-mailed); the previous one, revoked
 * or not, answers 404 from then on. The booking goes on where it was, its link working again for as long as
 * the event and its hold allow.
 */
export async function reissueBooking(context: BookingContext, userId: string, eventId: string, now: Date) {
  return context.db.transaction(async (tx) => {
    const row = await findEventBooking(tx, userId, eventId, true);
    const event = await findLinkEvent(tx, userId, eventId);
    const detail = "New booking link made; the previous one answers 404.";
    await recordActivity(tx, {
      userId,
      eventId,
      type: "booking_reissued",
      actor: "speaker",
      detail,
      at: now,
    });
    await restoreInvoiceLinksIn(tx, context.invoiceLinkKey, userId, invoiceIdsOf(row), now);
    const next = { id: row.id, linkVersion: row.linkVersion + 1 };
    const [reissued] = await tx
      .update(bookings)
      .set({
        linkVersion: next.linkVersion,
        tokenHash: bookingTokenHash(context.linkKey, next),
        revokedAt: null,
        expiresAt: storedLinkExpiry(event.date),
        status: bookingStatusOf(row),
      })
      .where(and(eq(bookings.userId, userId), eq(bookings.id, row.id)))
      .returning();
    return toBooking(reissued!, event, bookingUrl(context.appUrl, context.linkKey, next));
  });
}
