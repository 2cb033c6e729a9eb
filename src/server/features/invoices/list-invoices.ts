import { and, asc, desc, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { dollarsFromCents } from "../../../shared/money.ts";
import { isRealIsoDate } from "../../../shared/schemas/fields.ts";
import {
  INVOICE_KINDS,
  type InvoiceList,
  type InvoiceListQuery,
  invoiceListSchema,
} from "../../../shared/schemas/invoices.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { clients, events, invoicePayments, invoices } from "../../platform/db/schema.ts";
import { type BookReader, cachedAnswer } from "../../platform/http/book-cache.ts";
import type { CachedAnswer } from "../../platform/http/cached-answer.ts";
import { buildPage, decodeCursor } from "../../platform/http/cursor.ts";
import { AppError } from "../../platform/http/errors.ts";
import { summaryColumns, summaryInvoiceColumns, toInvoiceSummary } from "./queries.ts";

type InvoiceKind = (typeof INVOICE_KINDS)[number];

type ListOrder = {
  sort: string;
  orderBy: SQL[];
  keyOf: (row: { issueDate: string; dueDate: string; kind: InvoiceKind }) => string;
  /** The rows after the cursor's, in this order. */
  after: (cursor: string) => SQL | undefined;
};

/** The whole list: the newest issue date first. */
const NEWEST_ISSUED: ListOrder = {
  sort: "-issueDate",
  orderBy: [desc(invoices.issueDate), desc(invoices.id)],
  keyOf: (row) => row.issueDate,
  after: (cursor) => {
    const after = decodeCursor(cursor, "-issueDate", "date");
    return or(
      lt(invoices.issueDate, after.key as string),
      and(eq(invoices.issueDate, after.key as string), lt(invoices.id, after.id)),
    );
  },
};

/**
 * One event's invoices in the order they fall due, so the first Send on the event page is the one owed
 * first; on the same due date the kind's order (standard, deposit, balance) puts a deposit before its balance.
 */
const FIRST_DUE: ListOrder = {
  sort: "dueDate",
  orderBy: [asc(invoices.dueDate), asc(invoices.kind), asc(invoices.id)],
  keyOf: (row) => `${row.dueDate} ${row.kind}`,
  after: (cursor) => {
    const after = decodeCursor(cursor, "dueDate", "string");
    const [dueDate = "", kind, ...rest] = String(after.key).split(" ");
    if (!isRealIsoDate(dueDate) || !INVOICE_KINDS.includes(kind as InvoiceKind) || rest.length > 0) {
      throw new AppError("BAD_REQUEST", "Invalid cursor", { fields: { cursor: "Invalid cursor" } });
    }
    return sql`(${invoices.dueDate}, ${invoices.kind}, ${invoices.id}) >
      (${dueDate}::date, ${kind}::invoice_kind, ${after.id}::uuid)`;
  },
};

const open = inArray(invoices.status, ["sent", "partial"]);

/**
 * `GET /api/invoices` as JSON text, served from the book cache while the speaker's book version is unchanged
 * (decision 018). Every change the list shows bumps that version in its own transaction: an invoice's row
 * (payments added or removed update its amount paid in the same transaction; views update it too), and the
 * events and clients it names. `today` (the speaker's, from their time zone) is part of the key.
 */
export function listInvoices(
  db: Queryable,
  reader: BookReader,
  query: InvoiceListQuery & { limit: number },
  today: string,
): Promise<CachedAnswer<InvoiceList>> {
  return cachedAnswer(db, reader, invoiceListSchema, ["invoices", query, today], async () => ({
    value: await buildInvoiceList(db, reader.userId, query, today),
  }));
}

/**
 * The list itself: newest issue date first (one event's: the first due first), filtered, with the totals of DESIGN §10 over all the speaker's
 * invoices (not the page): outstanding, overdue (due before `today`), paid this calendar year. Two
 * statements: the page, and every total at once.
 */
export async function buildInvoiceList(
  db: Queryable,
  userId: string,
  query: InvoiceListQuery & { limit: number },
  today: string,
): Promise<InvoiceList> {
  const order = query.eventId ? FIRST_DUE : NEWEST_ISSUED;
  const conditions: (SQL | undefined)[] = [eq(invoices.userId, userId)];
  if (query.status) conditions.push(eq(invoices.status, query.status));
  if (query.clientId) conditions.push(eq(invoices.clientId, query.clientId));
  if (query.eventId) conditions.push(eq(invoices.eventId, query.eventId));
  if (query.overdue === "true") conditions.push(and(open, lt(invoices.dueDate, today)));
  if (query.overdue === "false") conditions.push(sql`not (${open} and ${invoices.dueDate} < ${today})`);
  if (query.cursor) conditions.push(order.after(query.cursor));
  const year = today.slice(0, 4);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ ...summaryInvoiceColumns, ...summaryColumns })
      .from(invoices)
      .leftJoin(events, and(eq(events.id, invoices.eventId), eq(events.userId, userId)))
      .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.userId, userId)))
      .where(and(...conditions))
      .orderBy(...order.orderBy)
      .limit(query.limit + 1),
    db
      .select({
        outstanding: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}), 0)::int`,
        overdue: sql<number>`coalesce(sum(${invoices.total} - ${invoices.amountPaid}) filter (where ${invoices.dueDate} < ${today}), 0)::int`,
        paid: sql<number>`(select coalesce(sum(${invoicePayments.amount}), 0)::int from ${invoicePayments}
          where ${invoicePayments.userId} = ${userId}
          and ${invoicePayments.date} between ${`${year}-01-01`} and ${`${year}-12-31`})`,
      })
      .from(invoices)
      .where(and(eq(invoices.userId, userId), open)),
  ]);
  const page = buildPage(rows, {
    limit: query.limit,
    sort: order.sort,
    keyOf: order.keyOf,
    toItem: (row) => toInvoiceSummary(row, today),
  });
  return {
    ...page,
    totals: {
      outstanding: dollarsFromCents(totals?.outstanding ?? 0),
      overdue: dollarsFromCents(totals?.overdue ?? 0),
      paidThisYear: dollarsFromCents(totals?.paid ?? 0),
    },
  };
}
