import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { todayIn } from "../../../shared/calendar-dates.ts";
import { type DepositBasis, type PaymentTerms, paymentTerms } from "../../../shared/payment-terms.ts";
import { DEFAULT_BOOKING_DEPOSIT_PERCENT } from "../../../shared/schemas/bookings.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { invoices } from "../../platform/db/schema.ts";
import type { InvoiceRow } from "../invoices/queries.ts";
import { loadSettingsRow } from "../invoices/settings.ts";
import type { BookingRow } from "./queries.ts";

/**
 * What a send of the booking does with money, worked out once for the send and for its preview: the deposit
 * and balance invoices that stand, the ones the new fees replace, and the terms the agreement states and new
 * invoices carry.
 */
export type MoneyPlan = {
  today: string;
  depositPercent: number;
  deposit: InvoiceRow | null;
  balance: InvoiceRow | null;
  /** Unpaid invoices of the old fees, voided by the send. */
  replaced: InvoiceRow[];
  terms: PaymentTerms;
  defaultDueDays: number;
};

/**
 * The fees changed since the agreement was sent (`isOutOfDate`): an unpaid deposit goes with its balance, and
 * both are made anew from the new fees; a deposit already paid stays, and a new balance asks for what the new
 * total leaves. A balance that has a payment of its own stays as it is.
 */
export async function planBookingMoney(
  db: Queryable,
  userId: string,
  event: { id: string; date: string; fee: number; travelFee: number },
  existing: BookingRow | undefined,
  depositPercent: number | undefined,
  isOutOfDate: boolean,
  now: Date,
  { lock }: { lock: boolean },
): Promise<MoneyPlan> {
  const settings = await loadSettingsRow(db, userId);
  const today = todayIn(settings.timeZone, now);
  const query = db
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.eventId, event.id),
        inArray(invoices.kind, ["deposit", "balance"]),
        ne(invoices.status, "void"),
      ),
    )
    .orderBy(desc(invoices.createdAt));
  const standing = lock ? await query.for("update") : await query;
  const pick = (kind: "deposit" | "balance", kept: string | null | undefined) =>
    standing.find((invoice) => invoice.id === kept) ??
    standing.find((invoice) => invoice.kind === kind) ??
    null;
  let deposit = pick("deposit", existing?.depositInvoiceId);
  let balance = deposit ? pick("balance", existing?.balanceInvoiceId) : null;
  const replaced: InvoiceRow[] = [];
  if (isOutOfDate && deposit) {
    if (deposit.amountPaid === 0) {
      replaced.push(deposit, ...(balance && balance.amountPaid === 0 ? [balance] : []));
      deposit = null;
      balance = null;
    } else if (balance && balance.amountPaid === 0) {
      replaced.push(balance);
      balance = null;
    }
  }
  const percent = depositPercent ?? DEFAULT_BOOKING_DEPOSIT_PERCENT;
  const basis: DepositBasis = deposit ? { cents: deposit.total, dueDate: deposit.dueDate } : { percent };
  return {
    today,
    depositPercent: percent,
    deposit,
    balance,
    replaced,
    terms: paymentTerms(event.fee + event.travelFee, event.date, today, basis),
    defaultDueDays: settings.defaultDueDays,
  };
}
