import { and, eq, isNull } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import { BOOKING_LINK_DAYS_AFTER_EVENT } from "../../../shared/schemas/bookings.ts";
import { hmac, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { bookings } from "../../platform/db/schema.ts";

/** What names a booking's current link: its id and how many times the link was issued. */
export type BookingLinkOf = { id: string; linkVersion: number };

/**
 * The `/b/<token>` token: an HMAC of the booking id and link version under the booking links' own key (256
 * bits, decision 037), so a later change (an amendment) can e-mail the same link while the database keeps
 * only its SHA-256; a re-issue raises the version and the old link answers 404.
 */
export const bookingToken = (linkKey: string, booking: BookingLinkOf) =>
  hmac(linkKey, `booking-link:${booking.id}:${booking.linkVersion}`);

export const bookingTokenHash = (linkKey: string, booking: BookingLinkOf) =>
  sha256(bookingToken(linkKey, booking));

export const bookingUrl = (appUrl: string, linkKey: string, booking: BookingLinkOf) =>
  `${appUrl}/b/${bookingToken(linkKey, booking)}`;

/** What of the event decides how long its link works. */
export type LinkEvent = { date: string; status: string; holdExpiresAt: string | null };
/** The event as the speaker's view of its booking reads it: the link's expiry, and whether its fees moved. */
export type BookingEvent = LinkEvent & { fee: number; travelFee: number };

/**
 * The last calendar day a booking link works: 60 days after the event, or the hold's last day while the
 * event is held, whichever comes first (DESIGN §11). Read from the event as it is now, so moving the event or
 * extending the hold moves the link with it.
 */
export function bookingLinkLastDay(event: LinkEvent): string {
  const afterEvent = addDays(event.date, BOOKING_LINK_DAYS_AFTER_EVENT);
  const holdEnds = event.status === "hold" ? event.holdExpiresAt : null;
  return holdEnds && holdEnds < afterEvent ? holdEnds : afterEvent;
}

/** The stored bound when it is sooner (a hold the sweep let go), else the end of the last day (UTC). */
export function bookingLinkExpiry(stored: Date, event: LinkEvent): Date {
  const lastDay = new Date(`${bookingLinkLastDay(event)}T23:59:59.999Z`);
  return stored < lastDay ? stored : lastDay;
}

/** The bound stored with a link when it is sent or re-issued: the end of the 60th day after the event. */
export const storedLinkExpiry = (eventDate: string) =>
  new Date(`${addDays(eventDate, BOOKING_LINK_DAYS_AFTER_EVENT)}T23:59:59.999Z`);

/**
 * In the sweep's transaction that lets an expired hold go: its booking link ends with it (a link not yet
 * booked; the event was never confirmed while it was held).
 */
export async function endBookingLinkWithHoldIn(db: Queryable, userId: string, eventId: string, now: Date) {
  await db
    .update(bookings)
    .set({ expiresAt: now })
    .where(and(eq(bookings.userId, userId), eq(bookings.eventId, eventId), isNull(bookings.confirmedAt)));
}

/** After the booking links' key changed (decision 037): every link follows the new key, the old ones stop. */
export async function rehashBookingLinks(db: Queryable, linkKey: string) {
  const rows = await db
    .select({ id: bookings.id, userId: bookings.userId, linkVersion: bookings.linkVersion })
    .from(bookings);
  for (const row of rows) {
    await db
      .update(bookings)
      .set({ tokenHash: bookingTokenHash(linkKey, row) })
      .where(and(eq(bookings.userId, row.userId), eq(bookings.id, row.id)));
  }
}
