import { and, eq } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import { type Booking, type BookingStatus, MEDIA_KIT_SECTIONS } from "../../../shared/schemas/bookings.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { bookings, events } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { ContractContext } from "../contracts/context.ts";
import type { CardPaymentsContext } from "../invoices/payments-account.ts";
import { type BookingEvent, bookingLinkExpiry } from "./booking-link.ts";

export type BookingRow = typeof bookings.$inferSelect;

/** What the booking operations need from the app. */
export type BookingContext = {
  db: Database;
  appUrl: string;
  /** The booking links' key (decision 037). */
  linkKey: string;
  invoiceLinkKey: string;
  contracts: ContractContext;
  cards: CardPaymentsContext;
};

export const bookingNotFound = () => notFound("This event has no booking link yet");

/** The event's booking, of this speaker only. */
export async function findEventBooking(db: Queryable, userId: string, eventId: string, lock = false) {
  if (!isUuid(eventId)) throw bookingNotFound();
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), eq(bookings.eventId, eventId)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw bookingNotFound();
  return row;
}

const STEP_TIMES = [
  ["sent", "sentAt"],
  ["opened", "openedAt"],
  ["signed", "signedAt"],
  ["deposit_paid", "depositPaidAt"],
  ["confirmed", "confirmedAt"],
  ["revoked", "revokedAt"],
] as const satisfies readonly (readonly [BookingStatus, keyof BookingRow])[];

/** The columns of `BookingEvent`. */
export const bookingEventColumns = {
  date: events.date,
  status: events.status,
  holdExpiresAt: events.holdExpiresAt,
  fee: events.fee,
  travelFee: events.travelFee,
};

/** The event's date and hold, which the link's expiry follows, and its fees. */
export async function findLinkEvent(db: Queryable, userId: string, eventId: string): Promise<BookingEvent> {
  const [event] = await db
    .select(bookingEventColumns)
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return event!;
}

/**
 * Whether the event's fees moved since the booking's agreement was sent (not once the booking is revoked or
 * the talk confirmed: the agreement signed and paid for stands).
 */
export const isAgreementOutOfDate = (row: BookingRow, event: { fee: number; travelFee: number }) =>
  row.agreedFee !== null &&
  row.revokedAt === null &&
  row.confirmedAt === null &&
  (row.agreedFee !== event.fee || row.agreedTravelFee !== event.travelFee);

/** The speaker's view of a booking; `url` only when it was just made or re-issued. */
export function toBooking(row: BookingRow, event: BookingEvent, url: string | null = null): Booking {
  return {
    id: row.id,
    eventId: row.eventId,
    status: row.status,
    steps: STEP_TIMES.flatMap(([step, column]) => {
      const at = row[column];
      return at ? [{ step, at: at.toISOString() }] : [];
    }),
    url,
    recipientEmail: row.recipientEmail,
    contractId: row.contractId,
    earlierContractIds: row.earlierContractIds,
    invoiceIds: [row.depositInvoiceId, row.balanceInvoiceId].filter((id): id is string => id !== null),
    depositInvoiceId: row.depositInvoiceId,
    balanceInvoiceId: row.balanceInvoiceId,
    fileIds: row.fileIds,
    includeMediaKit: row.includeMediaKit,
    mediaKitSections: row.mediaKitSections ?? [...MEDIA_KIT_SECTIONS],
    sentAt: row.sentAt.toISOString(),
    expiresAt: bookingLinkExpiry(row.expiresAt, event).toISOString(),
    viewCount: row.viewCount,
    contractRevisedAt: row.contractRevisedAt?.toISOString() ?? null,
    agreedFee: row.agreedFee === null ? null : dollarsFromCents(row.agreedFee),
    agreedTravelFee: row.agreedTravelFee === null ? null : dollarsFromCents(row.agreedTravelFee),
    isAgreementOutOfDate: isAgreementOutOfDate(row, event),
  };
}
