import { and, asc, eq, inArray } from "drizzle-orm";
import { todayIn } from "../../../shared/calendar-dates.ts";
import { dollarsFromCents, percentFromBasisPoints } from "../../../shared/money.ts";
import type { Invoice, InvoiceSummary } from "../../../shared/schemas/invoices.ts";
import { currentActor } from "../../platform/auth/acting-login.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import {
  clients,
  events,
  invoiceActivity,
  invoiceItems,
  invoicePayments,
  invoiceSettings,
  invoices,
} from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { InvoiceLinkOf } from "./invoice-link.ts";

export type InvoiceRow = typeof invoices.$inferSelect;
export const invoiceNotFound = () => notFound("Invoice not found");

/** The invoice row of this speaker, or 404 (another speaker's id answers exactly like an unknown one). */
export async function findInvoiceRow(db: Queryable, userId: string, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw invoiceNotFound();
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)));
  if (!row) throw invoiceNotFound();
  return row;
}

/** The same row locked for the rest of the transaction, so two changes to one invoice queue. */
export async function lockInvoiceRow(db: Queryable, userId: string, id: string): Promise<InvoiceRow> {
  if (!isUuid(id)) throw invoiceNotFound();
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)))
    .for("update");
  if (!row) throw invoiceNotFound();
  return row;
}

/** Overdue: due before the speaker's today, a balance left, not void (DESIGN §10). */
export function isOverdue(
  row: Pick<InvoiceRow, "status" | "dueDate" | "total" | "amountPaid">,
  today: string,
) {
  return row.status !== "void" && row.status !== "draft" && row.dueDate < today && row.total > row.amountPaid;
}

type SummaryRow = Pick<
  InvoiceRow,
  | "id"
  | "number"
  | "kind"
  | "status"
  | "eventId"
  | "clientId"
  | "issueDate"
  | "dueDate"
  | "total"
  | "amountPaid"
> & {
  eventTitle: string | null;
  clientName: string | null;
  clientEmail: string | null;
};

export function toInvoiceSummary(row: SummaryRow, today: string): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    isOverdue: isOverdue(row, today),
    eventId: row.eventId,
    eventTitle: row.eventTitle,
    client:
      row.clientId && row.clientName
        ? { id: row.clientId, name: row.clientName, email: row.clientEmail }
        : null,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    total: dollarsFromCents(row.total),
    amountPaid: dollarsFromCents(row.amountPaid),
    balanceDue: dollarsFromCents(row.total - row.amountPaid),
  };
}

export const summaryColumns = {
  eventTitle: events.title,
  clientName: clients.name,
  clientEmail: clients.email,
};

/** Only what a summary shows: the list reads no notes, token or timestamps it would not send. */
export const summaryInvoiceColumns = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  status: invoices.status,
  eventId: invoices.eventId,
  clientId: invoices.clientId,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  total: invoices.total,
  amountPaid: invoices.amountPaid,
};

/** The full invoice: lines, payments and activity (oldest first). */
export async function loadInvoice(
  db: Queryable,
  userId: string,
  id: string,
  today: string,
  /** Makes the public link of a sent invoice (it has one once sent); without it, `publicUrl` is null. */
  publicUrlOf: ((invoice: InvoiceLinkOf) => string) | null = null,
): Promise<Invoice> {
  if (!isUuid(id)) throw invoiceNotFound();
  const [row] = await db
    .select({ invoice: invoices, ...summaryColumns })
    .from(invoices)
    .leftJoin(events, and(eq(events.id, invoices.eventId), eq(events.userId, userId)))
    .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.userId, userId)))
    .where(and(eq(invoices.userId, userId), eq(invoices.id, id)));
  if (!row) throw invoiceNotFound();
  const [items, payments, activity] = await Promise.all([
    db
      .select()
      .from(invoiceItems)
      .where(and(eq(invoiceItems.userId, userId), eq(invoiceItems.invoiceId, id)))
      .orderBy(asc(invoiceItems.position)),
    db
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.userId, userId), eq(invoicePayments.invoiceId, id)))
      .orderBy(asc(invoicePayments.date), asc(invoicePayments.createdAt)),
    db
      .select()
      .from(invoiceActivity)
      .where(and(eq(invoiceActivity.userId, userId), eq(invoiceActivity.invoiceId, id)))
      .orderBy(asc(invoiceActivity.at)),
  ]);
  const invoice = row.invoice;
  return {
    ...toInvoiceSummary({ ...invoice, ...row }, today),
    items: items.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: item.quantityHundredths / 100,
      unitPrice: dollarsFromCents(item.unitPrice),
      amount: dollarsFromCents(item.amount),
    })),
    subtotal: dollarsFromCents(invoice.subtotal),
    taxRate: percentFromBasisPoints(invoice.taxRateBasisPoints),
    tax: dollarsFromCents(invoice.tax),
    notes: invoice.notes,
    recipientEmail: invoice.recipientEmail,
    sentAt: invoice.sentAt?.toISOString() ?? null,
    firstViewedAt: invoice.firstViewedAt?.toISOString() ?? null,
    lastViewedAt: invoice.lastViewedAt?.toISOString() ?? null,
    viewCount: invoice.viewCount,
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    voidReason: invoice.voidReason,
    publicUrl: invoice.tokenHash && publicUrlOf ? publicUrlOf(invoice) : null,
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: dollarsFromCents(payment.amount),
      date: payment.date,
      method: payment.method,
      reference: payment.reference,
      createdAt: payment.createdAt.toISOString(),
    })),
    activity: activity.map((entry) => ({
      id: entry.id,
      type: entry.type,
      at: entry.at.toISOString(),
      actor: entry.actor,
      by: entry.by ?? null,
      detail: entry.detail,
    })),
  };
}

export type ActivityEntry = {
  invoiceId: string;
  userId: string;
  type: (typeof invoiceActivity.$inferInsert)["type"];
  actor: "speaker" | "recipient" | "system";
  detail?: string | null;
  at?: Date;
  ip?: string | null;
  userAgent?: string | null;
};

/** Appends to the invoice's activity (never updated or deleted), naming the login that acted for the speaker. */
export async function logActivity(db: Queryable, entry: ActivityEntry) {
  const by = entry.actor === "speaker" ? currentActor() : null;
  await db
    .insert(invoiceActivity)
    .values(columns(invoiceActivity, { ...entry, by, detail: entry.detail ?? null }));
}

/** Lines of many invoices, for the PDF. */
export async function itemsOf(db: Queryable, userId: string, invoiceIds: string[]) {
  if (invoiceIds.length === 0) return [];
  return db
    .select()
    .from(invoiceItems)
    .where(and(eq(invoiceItems.userId, userId), inArray(invoiceItems.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceItems.position));
}

/** Every invoice of the speaker in full, oldest first, for the complete export (no public link). */
export async function exportInvoices(db: Queryable, userId: string, now: Date) {
  const [settings] = await db
    .select({ timeZone: invoiceSettings.timeZone })
    .from(invoiceSettings)
    .where(eq(invoiceSettings.userId, userId));
  const today = todayIn(settings?.timeZone ?? "UTC", now);
  const rows = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
  const exported = [];
  for (const { id } of rows) {
    const { publicUrl: _link, ...invoice } = await loadInvoice(db, userId, id, today);
    exported.push(invoice);
  }
  return exported;
}
