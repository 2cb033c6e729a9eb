import { addDays } from "./calendar-dates.ts";
import { percentOfCents, percentToBasisPoints } from "./money.ts";
import { BALANCE_DUE_DAYS_BEFORE_EVENT } from "./schemas/invoices.ts";

/** An agreement's deposit is due this many days after it is drafted, or on the event's day when that is sooner. */
export const DEPOSIT_DUE_DAYS = 14;

/**
 * The balance's due date: 30 days before the event, or the event's date when that is nearer than 30 days
 * from today (never before today).
 */
export function balanceDueDate(eventDate: string, today: string) {
  const wanted = addDays(eventDate, -BALANCE_DUE_DAYS_BEFORE_EVENT);
  if (wanted >= today) return wanted;
  return eventDate >= today ? eventDate : today;
}

/** What the deposit is: a percent of the total still to be invoiced, or a deposit invoice that stands (paid). */
export type DepositBasis = { percent: number } | { cents: number; dueDate: string };

/** What the planner pays and by when: the figures an agreement states and its invoices carry. */
export type PaymentTerms = {
  depositCents: number;
  depositDue: string;
  balanceCents: number;
  balanceDue: string;
};

/**
 * The one rule behind an agreement's `{{deposit.*}}` and `{{balance.*}}` and the booking's invoices, so the
 * planner never reads one price and date and is asked for another. A deposit is rounded as invoices round it
 * (half up, to the cent); the balance takes the rest and is never due before the deposit.
 */
export function paymentTerms(
  totalCents: number,
  eventDate: string,
  today: string,
  deposit: DepositBasis,
): PaymentTerms {
  const inDueDays = addDays(today, DEPOSIT_DUE_DAYS);
  const depositDue =
    "dueDate" in deposit
      ? deposit.dueDate
      : [inDueDays < eventDate ? inDueDays : eventDate, today].sort()[1]!;
  const depositCents =
    "cents" in deposit ? deposit.cents : percentOfCents(totalCents, percentToBasisPoints(deposit.percent));
  const balanceDue = [balanceDueDate(eventDate, today), depositDue].sort()[1]!;
  return { depositCents, depositDue, balanceCents: Math.max(0, totalCents - depositCents), balanceDue };
}
