import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { dollarsToCents, percentToBasisPoints } from "../../../shared/money.ts";
import type { RecordPaymentInput, UpdateInvoiceInput } from "../../../shared/schemas/invoices.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { columns } from "../../platform/db/columns.ts";
import { invoicePayments, invoices } from "../../platform/db/schema.ts";
import { createWriteBehind } from "../../platform/db/write-behind.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import { isUuid } from "../../platform/http/ids.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { settleBookingIn } from "../bookings/settle-booking.ts";
import { invoiceTotals } from "./amounts.ts";
import { type InvoiceLinkOf, invoiceToken, invoiceTokenHash } from "./invoice-link.ts";
import { type InvoiceRow, lockInvoiceRow, logActivity } from "./queries.ts";
import { assertOwnClient, linesToCents, replaceItems } from "./write-invoice.ts";

const conflict = (message: string) => new AppError("CONFLICT", message);
const ownInvoice = (userId: string, id: string) => and(eq(invoices.userId, userId), eq(invoices.id, id));

/** The status that the amounts imply for an invoice that has been sent. */
function statusAfterPayments(row: InvoiceRow, amountPaid: number): InvoiceRow["status"] {
  if (amountPaid >= row.total && row.total > 0) return "paid";
  return amountPaid > 0 ? "partial" : "sent";
}

/** PATCH: a draft, or a sent invoice without payments (a correction). */
export async function updateInvoice(
  db: Database,
  userId: string,
  id: string,
  input: UpdateInvoiceInput,
  now: Date,
) {
  await db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (row.status === "void") throw conflict("This invoice is void and cannot be changed.");
    if (row.status !== "draft" && row.status !== "sent")
      throw conflict("This invoice has payments. Remove them before changing it.");
    if (input.clientId) await assertOwnClient(tx, userId, input.clientId);
    const taxRateBasisPoints =
      input.taxRate === undefined ? row.taxRateBasisPoints : percentToBasisPoints(input.taxRate ?? 0);
    const issueDate = input.issueDate ?? row.issueDate;
    const dueDate = input.dueDate ?? row.dueDate;
    if (dueDate < issueDate) {
      const message = "The due date cannot be before the issue date";
      throw new AppError("BAD_REQUEST", message, { fields: { dueDate: message } });
    }
    let totals = invoiceTotals([], 0);
    if (input.items) {
      const written = linesToCents(input.items, taxRateBasisPoints);
      await replaceItems(tx, userId, id, written.lines);
      totals = written.totals;
    } else {
      const tax = Math.round((row.subtotal * taxRateBasisPoints) / 10_000);
      totals = { subtotal: row.subtotal, tax, total: row.subtotal + tax };
    }
    await tx
      .update(invoices)
      .set(
        columns(invoices, {
          ...(input.clientId === undefined ? {} : { clientId: input.clientId }),
          ...(input.notes === undefined ? {} : { notes: input.notes }),
          issueDate,
          dueDate,
          taxRateBasisPoints,
          ...totals,
        }),
      )
      .where(ownInvoice(userId, id));
    await logActivity(tx, { invoiceId: id, userId, type: "updated", actor: "speaker", at: now });
  });
}

/** DELETE: drafts only; the number stays taken (numbers are never reused). */
export async function deleteInvoice(db: Database, userId: string, id: string, now: Date) {
  await db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (row.status !== "draft") throw conflict("Only a draft can be deleted. Void a sent invoice instead.");
    await tx.delete(invoices).where(ownInvoice(userId, id));
    await logActivity(tx, {
      invoiceId: id,
      userId,
      type: "deleted",
      actor: "speaker",
      detail: row.number,
      at: now,
    });
  });
}

/** Who records a payment; a card payment through Checkout also names Stripe's payment intent. */
export type PaymentOrigin = { actor: "speaker" | "system"; stripePaymentIntentId?: string };

/** What a payment may set off: the mail it queues goes to `outbox`, its links point into `appUrl`. */
export type PaymentEffects = { appUrl: string; outbox: string[] };

/**
 * Records a payment (partial or full, never more than the balance) in the caller's transaction. A payment
 * intent already recorded answers null and changes nothing (the invoice row lock makes the check safe).
 * Paying a booking's deposit in full may confirm its event (`settleBookingIn`).
 */
export async function recordPaymentIn(
  tx: Queryable,
  userId: string,
  id: string,
  input: RecordPaymentInput,
  { actor, stripePaymentIntentId }: PaymentOrigin,
  effects: PaymentEffects,
  now: Date,
): Promise<string | null> {
  const row = await lockInvoiceRow(tx, userId, id);
  if (stripePaymentIntentId) {
    const [recorded] = await tx
      .select({ id: invoicePayments.id })
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.userId, userId),
          eq(invoicePayments.stripePaymentIntentId, stripePaymentIntentId),
        ),
      );
    if (recorded) return null;
  }
  if (row.status === "void") throw conflict("This invoice is void: it takes no payments.");
  if (row.status === "draft") throw conflict("Send this invoice before recording a payment.");
  const amount = dollarsToCents(input.amount);
  const balance = row.total - row.amountPaid;
  if (balance <= 0) throw conflict("This invoice is paid in full.");
  if (amount > balance) {
    throw conflict(`The payment is more than the balance due of $${(balance / 100).toFixed(2)}.`);
  }
  const [payment] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: id,
      userId,
      amount,
      date: input.date,
      method: input.method,
      reference: input.reference ?? null,
      stripePaymentIntentId: stripePaymentIntentId ?? null,
    })
    .returning({ id: invoicePayments.id });
  const amountPaid = row.amountPaid + amount;
  const status = statusAfterPayments(row, amountPaid);
  await tx
    .update(invoices)
    .set({ amountPaid, status, paidAt: status === "paid" ? now : null })
    .where(ownInvoice(userId, id));
  const detail = `$${(amount / 100).toFixed(2)} by ${input.method.replace("_", " ")}${input.reference ? ` (${input.reference})` : ""}`;
  await logActivity(tx, { invoiceId: id, userId, type: "payment_recorded", actor, detail, at: now });
  if (status === "paid") {
    await logActivity(tx, { invoiceId: id, userId, type: "paid", actor: "system", at: now });
    if (row.eventId) {
      const booking = await settleBookingIn(tx, userId, row.eventId, effects.appUrl, now);
      effects.outbox.push(...booking.outboxIds);
    }
  }
  return payment!.id;
}

export async function recordPayment(
  mail: { db: Database; mailer: Mailer; appUrl: string },
  userId: string,
  id: string,
  input: RecordPaymentInput,
  now: Date,
) {
  const effects = { appUrl: mail.appUrl, outbox: [] };
  const paymentId = await mail.db.transaction((tx) =>
    recordPaymentIn(tx, userId, id, input, { actor: "speaker" }, effects, now),
  );
  await mail.mailer.dispatch(effects.outbox);
  return paymentId;
}

/** Removing a payment moves the status back (paid → partial → sent). */
export async function removePayment(db: Database, userId: string, id: string, paymentId: string, now: Date) {
  await db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (!isUuid(paymentId)) throw notFound("Payment not found");
    if (row.status === "void") throw conflict("This invoice is void and cannot be changed.");
    const [removed] = await tx
      .delete(invoicePayments)
      .where(
        and(
          eq(invoicePayments.userId, userId),
          eq(invoicePayments.invoiceId, id),
          eq(invoicePayments.id, paymentId),
        ),
      )
      .returning({ amount: invoicePayments.amount });
    if (!removed) throw notFound("Payment not found");
    const amountPaid = row.amountPaid - removed.amount;
    await tx
      .update(invoices)
      .set({ amountPaid, status: statusAfterPayments(row, amountPaid), paidAt: null })
      .where(ownInvoice(userId, id));
    const detail = `$${(removed.amount / 100).toFixed(2)}`;
    await logActivity(tx, {
      invoiceId: id,
      userId,
      type: "payment_removed",
      actor: "speaker",
      detail,
      at: now,
    });
  });
}

/** Void keeps the number; no more payments, reminders or changes, and the public link says so. */
export async function voidInvoice(db: Database, userId: string, id: string, reason: string, now: Date) {
  await db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (row.status === "void") throw conflict("This invoice is already void.");
    if (row.status === "paid") throw conflict("A paid invoice cannot be voided. Remove its payments first.");
    await voidInvoicesIn(tx, userId, [id], reason, now);
  });
}

/** Voids the speaker's invoices among `ids` (checked by the caller), each with a "voided" entry. */
export async function voidInvoicesIn(
  tx: Queryable,
  userId: string,
  ids: string[],
  reason: string,
  now: Date,
) {
  for (const id of ids) {
    await tx
      .update(invoices)
      .set({ status: "void", voidedAt: now, voidReason: reason })
      .where(ownInvoice(userId, id));
    await logActivity(tx, {
      invoiceId: id,
      userId,
      type: "voided",
      actor: "speaker",
      detail: reason,
      at: now,
    });
  }
}

/**
 * `POST /api/invoices/:id/reissue-link`: a new public link for a sent invoice. The version in the token goes
 * up and the stored hash with it, so the previous link answers 404 from then on; reminders carry the new one.
 */
export async function reissueInvoiceLink(
  db: Database,
  userId: string,
  id: string,
  linkKey: string,
  now: Date,
): Promise<InvoiceLinkOf> {
  return db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (!row.tokenHash) throw conflict("This invoice has no link yet: send it first.");
    const next = { id, linkVersion: row.linkVersion + 1 };
    await tx
      .update(invoices)
      .set({ linkVersion: next.linkVersion, tokenHash: invoiceTokenHash(invoiceToken(linkKey, next)) })
      .where(ownInvoice(userId, id));
    await logActivity(tx, { invoiceId: id, userId, type: "link_reissued", actor: "speaker", at: now });
    return next;
  });
}

/**
 * Withdraws the public links of a revoked booking's invoices: `/i/<token>` answers 404 (and so refuses card
 * payment) and no reminder goes out, until `restoreInvoiceLinksIn` gives each a new one.
 */
export async function withdrawInvoiceLinksIn(tx: Queryable, userId: string, ids: string[], now: Date) {
  if (ids.length === 0) return;
  const withdrawn = await tx
    .update(invoices)
    .set({ tokenHash: null })
    .where(and(eq(invoices.userId, userId), inArray(invoices.id, ids), isNotNull(invoices.tokenHash)))
    .returning({ id: invoices.id });
  for (const { id } of withdrawn) {
    await logActivity(tx, { invoiceId: id, userId, type: "link_withdrawn", actor: "speaker", at: now });
  }
}

/** New links (a new version: the withdrawn ones stay dead) for the withdrawn invoices among `ids`. */
export async function restoreInvoiceLinksIn(
  tx: Queryable,
  linkKey: string,
  userId: string,
  ids: string[],
  now: Date,
) {
  if (ids.length === 0) return;
  const withdrawn = await tx
    .select({ id: invoices.id, linkVersion: invoices.linkVersion })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        inArray(invoices.id, ids),
        isNull(invoices.tokenHash),
        ne(invoices.status, "draft"),
      ),
    );
  for (const row of withdrawn) {
    const next = { id: row.id, linkVersion: row.linkVersion + 1 };
    await tx
      .update(invoices)
      .set({ linkVersion: next.linkVersion, tokenHash: invoiceTokenHash(invoiceToken(linkKey, next)) })
      .where(ownInvoice(userId, row.id));
    await logActivity(tx, { invoiceId: row.id, userId, type: "link_reissued", actor: "speaker", at: now });
  }
}

/** Counts a public view (not the owner's): first and last time, and how many. */
type Viewer = { ip: string; userAgent: string | null; at: Date };
type ViewTally = { userId: string; views: number; first: Date; last: Date; viewers: Map<string, Viewer> };
/** Distinct viewers logged per invoice and flush; a flood from many addresses is still counted in full. */
const VIEWERS_PER_FLUSH = 20;

/**
 * Views of public invoice links, written behind (decision 033): counted at once in memory, then added to the
 * invoice with one "viewed" entry in its activity per distinct viewer (address and browser), at most a second
 * later. The speaker's invoice calls flush first, so they always see every view.
 */
export function createInvoiceViews(db: Database, onError: (error: unknown) => void) {
  const tallies = createWriteBehind<ViewTally>({
    onError,
    merge(earlier, later) {
      const viewers = new Map(earlier.viewers);
      for (const [key, viewer] of later.viewers) {
        if (viewers.has(key) || viewers.size < VIEWERS_PER_FLUSH) viewers.set(key, viewer);
      }
      return {
        userId: earlier.userId,
        views: earlier.views + later.views,
        first: earlier.first < later.first ? earlier.first : later.first,
        last: earlier.last > later.last ? earlier.last : later.last,
        viewers,
      };
    },
    async write(invoiceId, tally) {
      await db.transaction(async (tx) => {
        await tx
          .update(invoices)
          .set({
            viewCount: sql`${invoices.viewCount} + ${tally.views}`,
            firstViewedAt: sql`coalesce(${invoices.firstViewedAt}, ${tally.first.toISOString()}::timestamptz)`,
            lastViewedAt: sql`greatest(${invoices.lastViewedAt}, ${tally.last.toISOString()}::timestamptz)`,
          })
          .where(ownInvoice(tally.userId, invoiceId));
        for (const viewer of tally.viewers.values()) {
          await logActivity(tx, {
            invoiceId,
            userId: tally.userId,
            type: "viewed",
            actor: "recipient",
            ...viewer,
          });
        }
      });
    },
  });
  return {
    record(invoice: Pick<InvoiceRow, "id" | "userId">, viewer: Viewer) {
      tallies.add(invoice.id, {
        userId: invoice.userId,
        views: 1,
        first: viewer.at,
        last: viewer.at,
        viewers: new Map([[`${viewer.ip} ${viewer.userAgent}`, viewer]]),
      });
    },
    flush: tallies.flush,
    close: tallies.close,
  };
}

export type InvoiceViews = ReturnType<typeof createInvoiceViews>;
