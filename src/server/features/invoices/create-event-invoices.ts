import { addDays } from "../../../shared/calendar-dates.ts";
import { dollarsFromCents, percentToBasisPoints } from "../../../shared/money.ts";
import { balanceDueDate } from "../../../shared/payment-terms.ts";
import type { CreateEventInvoicesInput } from "../../../shared/schemas/invoices.ts";
import { DEFAULT_DEPOSIT_PERCENT } from "../../../shared/schemas/invoices.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { splitLines, spreadCents } from "./amounts.ts";
import { loadSettingsRow } from "./settings.ts";
import { findOwnEvent, insertDraft } from "./write-invoice.ts";

type EventForInvoices = NonNullable<Awaited<ReturnType<typeof findOwnEvent>>>;

/** The event's fees as invoice lines; 409 when it has none. */
function feeLines(event: EventForInvoices) {
  const fees = [
    { description: `Speaking fee: ${event.title} (${event.date})`, cents: event.fee },
    { description: "Travel fee", cents: event.travelFee },
  ].filter((line) => line.cents > 0);
  if (fees.length === 0) throw new AppError("CONFLICT", "Add the event's speaking fee before invoicing it.");
  return fees;
}

const toItems = (lines: { description: string; cents: number }[], suffix: string) =>
  lines.map((line) => ({
    description: `${line.description}${suffix}`,
    quantity: 1,
    unitPrice: dollarsFromCents(line.cents),
  }));

/**
 * `POST /api/events/:id/invoices` (DESIGN §10): the full fee as one draft, or a deposit (due on issue) and
 * a balance whose totals add up to the event's gross fee to the cent.
 */
export async function createEventInvoices(
  db: Database,
  userId: string,
  eventId: string,
  input: CreateEventInvoicesInput,
  today: string,
  now: Date,
) {
  const event = isUuid(eventId) ? await findOwnEvent(db, userId, eventId) : null;
  if (!event) throw notFound("Event not found");
  const settings = await loadSettingsRow(db, userId);

  return db.transaction((tx) =>
    insertEventInvoicesIn(tx, userId, event, input, settings.defaultDueDays, today, now),
  );
}

/** The drafts of `createEventInvoices` in the caller's transaction, for an event already found. */
export async function insertEventInvoicesIn(
  tx: Queryable,
  userId: string,
  event: EventForInvoices,
  input: CreateEventInvoicesInput,
  defaultDueDays: number,
  today: string,
  now: Date,
) {
  const eventId = event.id;
  const fees = feeLines(event);
  const base = { eventId, clientId: event.clientId, taxRate: null, notes: null };
  if (input.schedule === "full") {
    const dueDate = addDays(today, defaultDueDays);
    const id = await insertDraft(
      tx,
      userId,
      { ...base, kind: "standard", issueDate: today, dueDate, items: toItems(fees, "") },
      now,
    );
    return [id];
  }
  const percent = input.depositPercent ?? DEFAULT_DEPOSIT_PERCENT;
  const split = splitLines(fees, percentToBasisPoints(percent));
  const label = `${percent}%`;
  const depositDue = input.depositDueDate ?? today;
  const balanceDue = input.balanceDueDate ?? balanceDueDate(event.date, today);
  if (depositDue < today || balanceDue < today) {
    throw new AppError("BAD_REQUEST", "Due dates cannot be before today");
  }
  const deposit = await insertDraft(
    tx,
    userId,
    {
      ...base,
      kind: "deposit",
      issueDate: today,
      dueDate: depositDue,
      items: toItems(split.deposit, ` — deposit (${label})`),
    },
    now,
  );
  const balance = await insertDraft(
    tx,
    userId,
    {
      ...base,
      kind: "balance",
      issueDate: today,
      dueDate: balanceDue,
      items: toItems(split.balance, " — balance"),
    },
    now,
  );
  return [deposit, balance];
}

/**
 * A balance after a deposit that stands (paid) while the fees changed: what the new total leaves, spread over
 * the event's fee lines, each naming the deposit it follows.
 */
export async function insertBalanceAfterDepositIn(
  tx: Queryable,
  userId: string,
  event: EventForInvoices,
  deposit: { number: string },
  balance: { cents: number; dueDate: string },
  today: string,
  now: Date,
) {
  const lines = spreadCents(feeLines(event), balance.cents).filter((line) => line.cents > 0);
  return insertDraft(
    tx,
    userId,
    {
      eventId: event.id,
      clientId: event.clientId,
      taxRate: null,
      notes: null,
      kind: "balance",
      issueDate: today,
      dueDate: balance.dueDate,
      items: toItems(lines, ` — balance after the deposit (invoice ${deposit.number})`),
    },
    now,
  );
}
