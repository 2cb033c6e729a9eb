import { and, eq } from "drizzle-orm";
import type { SendInvoiceInput } from "../../../shared/schemas/invoices.ts";
import { speakerDisplayName } from "../../../shared/speaker-name.ts";
import type { Database, Queryable } from "../../platform/db/client.ts";
import { invoiceReminders, invoices } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { EmailMessage, Mailer } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";
import type { ObjectStore } from "../../platform/storage/object-store.ts";
import { plannerAddress } from "../events/planner-address.ts";
import { type InvoiceDocument, invoicePdfBytes, loadInvoiceDocument } from "./invoice-document.ts";
import { invoiceToken, invoiceTokenHash, invoiceUrl } from "./invoice-link.ts";
import { type InvoiceRow, lockInvoiceRow, logActivity } from "./queries.ts";

export type InvoiceMailContext = {
  db: Database;
  mailer: Mailer;
  storage: ObjectStore;
  appUrl: string;
  /** The invoice links' key (decision 037). */
  linkKey: string;
};

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const shortDate = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    month: "short",
    day: "numeric",
    year: "numeric",
  });

/** `tx` is the caller's transaction: on PGlite, a read outside it would wait for it to end. */
async function invoiceMail(
  context: InvoiceMailContext,
  tx: Queryable,
  row: InvoiceRow,
  document: InvoiceDocument,
  to: string,
  subject: string,
  paragraphs: string[],
): Promise<EmailMessage> {
  const pdf = await invoicePdfBytes(tx, context.storage, row, document);
  const mail = renderEmail({
    to,
    subject,
    paragraphs,
    action: { label: "View the invoice", url: invoiceUrl(context.appUrl, context.linkKey, row) },
    footnote: "The invoice is attached as a PDF.",
  });
  return {
    ...mail,
    replyTo: document.speakerEmail ?? undefined,
    attachments: [
      {
        filename: `${row.number}.pdf`,
        contentType: "application/pdf",
        contentBase64: Buffer.from(pdf).toString("base64"),
      },
    ],
  };
}

/** `POST /api/invoices/:id/send`: e-mails the PDF and the link; a draft becomes `sent`. */
export async function sendInvoice(
  context: InvoiceMailContext,
  userId: string,
  id: string,
  input: SendInvoiceInput,
  now: Date,
) {
  const outboxIds: string[] = [];
  await context.db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (row.status === "void") throw new AppError("CONFLICT", "This invoice is void and cannot be sent.");
    const document = await loadInvoiceDocument(tx, row, now);
    const to = plannerAddress({ to: input.to, ...document.planner }).email;
    const speaker = { userId, now };
    await context.mailer.assertMayMailThirdParty(tx, speaker, input.cc ? [to, input.cc] : [to]);
    const view = document.view;
    const paragraphs = [
      ...(input.message ? [input.message] : []),
      `${speakerDisplayName(view.from, { atStart: true })} sent you invoice ${view.number} for ${usd.format(view.total)}, due ${shortDate(view.dueDate)}.`,
    ];
    const subject = `Invoice ${view.number} from ${speakerDisplayName(view.from)}`;
    const message = await invoiceMail(context, tx, row, document, to, subject, paragraphs);
    outboxIds.push(await context.mailer.queueToThirdParty(tx, speaker, message));
    if (input.cc)
      outboxIds.push(await context.mailer.queueToThirdParty(tx, speaker, { ...message, to: input.cc }));
    await markInvoiceSentIn(tx, context.linkKey, row, to, now);
  });
  await context.mailer.dispatch(outboxIds);
}

/**
 * A locked invoice becomes `sent` to `to` (a draft's link starts working), logged as sent, without any
 * e-mail of its own: `sendInvoice` e-mails it, the booking page carries it in its one link.
 */
export async function markInvoiceSentIn(
  tx: Queryable,
  linkKey: string,
  row: InvoiceRow,
  to: string,
  now: Date,
) {
  await tx
    .update(invoices)
    .set({
      status: row.status === "draft" ? "sent" : row.status,
      sentAt: row.sentAt ?? now,
      recipientEmail: to,
      tokenHash: invoiceTokenHash(invoiceToken(linkKey, row)),
    })
    .where(and(eq(invoices.userId, row.userId), eq(invoices.id, row.id)));
  await logActivity(tx, {
    invoiceId: row.id,
    userId: row.userId,
    type: "sent",
    actor: "speaker",
    detail: to,
    at: now,
  });
}

/**
 * Sends one reminder in the caller's transaction, once per `rule`: the (invoice, rule) key is inserted
 * first, so a second sweep, or a second process, finds it taken and sends nothing. Returns the outbox id.
 * Throws MailRefusedError, before any work, when the speaker may not e-mail the recipient now.
 */
export async function sendReminderIn(
  context: InvoiceMailContext,
  tx: Queryable,
  row: InvoiceRow,
  rule: string,
  actor: "speaker" | "system",
  now: Date,
): Promise<string | null> {
  if (!row.recipientEmail) return null;
  const speaker = { userId: row.userId, now };
  await context.mailer.assertMayMailThirdParty(tx, speaker, [row.recipientEmail]);
  const [taken] = await tx
    .insert(invoiceReminders)
    .values({ invoiceId: row.id, rule, userId: row.userId, sentAt: now })
    .onConflictDoNothing()
    .returning({ rule: invoiceReminders.rule });
  if (!taken) return null;
  const document = await loadInvoiceDocument(tx, row, now);
  const view = document.view;
  const when = view.isOverdue ? `was due ${shortDate(view.dueDate)}` : `is due ${shortDate(view.dueDate)}`;
  const message = await invoiceMail(
    context,
    tx,
    row,
    document,
    row.recipientEmail,
    `Reminder: invoice ${view.number} from ${speakerDisplayName(view.from)}`,
    [
      `A friendly reminder: invoice ${view.number} from ${speakerDisplayName(view.from)} ${when}. The balance is ${usd.format(view.balanceDue)}.`,
    ],
  );
  const outboxId = await context.mailer.queueToThirdParty(tx, speaker, message);
  await logActivity(tx, {
    invoiceId: row.id,
    userId: row.userId,
    type: "reminder_sent",
    actor,
    detail: actor === "speaker" ? row.recipientEmail : `${rule} · ${row.recipientEmail}`,
    at: now,
  });
  return outboxId;
}

/** `POST /api/invoices/:id/remind`: a reminder now, to the address it was sent to. */
export async function remindNow(context: InvoiceMailContext, userId: string, id: string, now: Date) {
  const outboxId = await context.db.transaction(async (tx) => {
    const row = await lockInvoiceRow(tx, userId, id);
    if (row.status === "draft")
      throw new AppError("CONFLICT", "Send this invoice before reminding anyone of it.");
    if (row.status === "void") throw new AppError("CONFLICT", "This invoice is void: no reminders go out.");
    if (row.status === "paid") throw new AppError("CONFLICT", "This invoice is paid in full.");
    return sendReminderIn(context, tx, row, `manual-${crypto.randomUUID()}`, "speaker", now);
  });
  if (outboxId) await context.mailer.dispatch([outboxId]);
}
