import { and, eq } from "drizzle-orm";
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
