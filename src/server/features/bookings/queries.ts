import { and, eq } from "drizzle-orm";
import type { Booking, BookingStatus } from "../../../shared/schemas/bookings.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { bookings } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { ContractContext } from "../contracts/context.ts";
import type { CardPaymentsContext } from "../invoices/payments-account.ts";

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

/** The speaker's view of a booking; `url` only when it was just made or re-issued. */
export function toBooking(row: BookingRow, url: string | null = null): Booking {
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
    sentAt: row.sentAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    viewCount: row.viewCount,
    contractRevisedAt: row.contractRevisedAt?.toISOString() ?? null,
  };
}
