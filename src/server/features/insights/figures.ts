import { and, between, eq, inArray, ne, notInArray, type SQL, sql } from "drizzle-orm";
import { events, invoicePayments, invoices } from "../../platform/db/schema.ts";

/**
 * The definitions of the year's money figures (DESIGN §10), shared by the insights and the dashboard so
 * both always show the same numbers.
 */

/** A year's first and last day. */
export function yearRange(year: number) {
  return { start: `${year}-01-01`, end: `${year}-12-31` };
}

/** Gross fee of an event in cents: speaking fee + travel fee. */
export const grossFeeCents = sql<number>`(${events.fee} + ${events.travelFee})`;

/** Booked: Confirmed and Completed events. Cancelled events count nowhere. */
export const BOOKED_STATUSES = ["confirmed" as const, "completed" as const];
export const isBooked = inArray(events.status, BOOKED_STATUSES);
export const isNotCancelled = ne(events.status, "cancelled");

/** Booked events of this speaker dated from `start` to `end` (inclusive). */
export function bookedEventsBetween(userId: string, start: string, end: string): SQL {
  return and(eq(events.userId, userId), between(events.date, start, end), isBooked)!;
}

/** Invoiced: invoices issued from `start` to `end` that are neither drafts nor void. */
export function invoicedBetween(userId: string, start: string, end: string): SQL {
  return and(
    eq(invoices.userId, userId),
    between(invoices.issueDate, start, end),
    notInArray(invoices.status, ["draft", "void"]),
  )!;
}

/** Collected: payments dated from `start` to `end` (a removed payment no longer exists, so never counts). */
export function collectedBetween(userId: string, start: string, end: string): SQL {
  return and(eq(invoicePayments.userId, userId), between(invoicePayments.date, start, end))!;
}
