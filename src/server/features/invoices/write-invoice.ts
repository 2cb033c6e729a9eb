import { and, eq } from "drizzle-orm";
import { addDays } from "../../../shared/calendar-dates.ts";
import { dollarsToCents, percentFromBasisPoints, percentToBasisPoints } from "../../../shared/money.ts";
import type { CreateInvoiceInput, InvoiceItemInput } from "../../../shared/schemas/invoices.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columnRows, columns } from "../../platform/db/columns.ts";
import { clients, events, invoiceItems, invoices } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { invoiceTotals, lineAmount } from "./amounts.ts";
import { logActivity } from "./queries.ts";
import { loadSettingsRow, takeInvoiceNumber } from "./settings.ts";

const badField = (field: string, message: string) =>
  new AppError("BAD_REQUEST", message, { fields: { [field]: message } });

/** Lines in cents as stored, and the invoice's totals over them. */
export function linesToCents(items: InvoiceItemInput[], taxRateBasisPoints: number) {
  const lines = items.map((item, position) => {
    const line = {
      position,
      description: item.description.trim(),
      quantityHundredths: Math.round(item.quantity * 100),
      unitPrice: dollarsToCents(item.unitPrice),
    };
    return { ...line, amount: lineAmount(line) };
  });
  const totals = invoiceTotals(lines, taxRateBasisPoints);
  if (totals.total > dollarsToCents(10_000_000))
    throw badField("items", "The total cannot be more than $10,000,000");
  return { lines, totals };
}

/** Replaces an invoice's lines (in the caller's transaction). */
export async function replaceItems(
  db: Queryable,
  userId: string,
  invoiceId: string,
  lines: ReturnType<typeof linesToCents>["lines"],
) {
  await db
    .delete(invoiceItems)
    .where(and(eq(invoiceItems.userId, userId), eq(invoiceItems.invoiceId, invoiceId)));
  await db.insert(invoiceItems).values(
    columnRows(
      invoiceItems,
      lines.map((line) => ({ ...line, userId, invoiceId })),
    ),
  );
}

export async function assertOwnClient(db: Queryable, userId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(eq(clients.userId, userId), eq(clients.id, clientId)));
  if (!row) throw badField("clientId", "Client not found");
}

export async function findOwnEvent(db: Queryable, userId: string, eventId: string) {
  const [row] = await db
    .select()
    .from(events)
    .where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return row ?? null;
}

/** Inserts one draft with its number, lines and "created" activity, in the caller's transaction. */
export async function insertDraft(
  tx: Queryable,
  userId: string,
  input: CreateInvoiceInput & { issueDate: string; dueDate: string },
  now: Date,
) {
  const taxRateBasisPoints = percentToBasisPoints(input.taxRate ?? 0);
  const { lines, totals } = linesToCents(input.items, taxRateBasisPoints);
  const number = await takeInvoiceNumber(tx, userId, input.issueDate);
  const [row] = await tx
    .insert(invoices)
    .values(
      columns(invoices, {
        userId,
        number,
        kind: input.kind ?? "standard",
        eventId: input.eventId ?? null,
        clientId: input.clientId ?? null,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        taxRateBasisPoints,
        ...totals,
        notes: input.notes ?? null,
      }),
    )
    .returning({ id: invoices.id });
  await replaceItems(tx, userId, row!.id, lines);
  await logActivity(tx, {
    invoiceId: row!.id,
    userId,
    type: "created",
    actor: "speaker",
    detail: number,
    at: now,
  });
  return row!.id;
}

/** `POST /api/invoices`: a free draft; dates default to today and today + the default due days. */
export async function createInvoice(
  db: Database,
  userId: string,
  input: CreateInvoiceInput,
  today: string,
  now: Date,
) {
  if (input.clientId) await assertOwnClient(db, userId, input.clientId);
  let clientId = input.clientId ?? null;
  if (input.eventId) {
    const event = await findOwnEvent(db, userId, input.eventId);
    if (!event) throw badField("eventId", "Event not found");
    clientId ??= event.clientId;
  }
  const settings = await loadSettingsRow(db, userId);
  const issueDate = input.issueDate ?? today;
  const dueDate = input.dueDate ?? addDays(issueDate, settings.defaultDueDays);
  if (dueDate < issueDate) throw badField("dueDate", "The due date cannot be before the issue date");
  // No rate given: the speaker's default from the settings; null means no tax.
  const taxRate =
    input.taxRate === undefined ? percentFromBasisPoints(settings.taxRateBasisPoints) : input.taxRate;
  return db.transaction((tx) =>
    insertDraft(tx, userId, { ...input, clientId, issueDate, dueDate, taxRate }, now),
  );
}
