import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { invoiceReminders, invoiceSettings, invoices, users } from "../../platform/db/schema.ts";
import { MailRefusedError } from "../../platform/mail/third-party-mail.ts";
import { planReminders } from "./reminder-plan.ts";
import type { InvoiceMailContext } from "./send-invoice.ts";
import { sendReminderIn } from "./send-invoice.ts";

const DEFAULT_RULES = { beforeDueDays: [3], onDueDate: true, afterDueDays: [3, 7, 14] };
/** Rules reach at most a year before the due date, so invoices due later are not read at all. */
const LOOK_AHEAD_DAYS = 366;

/**
 * The invoice part of the periodic sweep: reads the open invoices with a recipient, lets `planReminders`
 * decide at `now`, and sends each planned reminder in its own transaction. Returns how many went out.
 */
export async function runInvoiceReminders(context: InvoiceMailContext, now: Date): Promise<number> {
  const { db } = context;
  const horizon = new Date(now.getTime() + LOOK_AHEAD_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows = await db
    .select({
      invoice: invoices,
      rules: invoiceSettings.reminders,
      timeZone: invoiceSettings.timeZone,
      sentRules: sql<
        string[]
      >`coalesce((select array_agg(r.rule) from ${invoiceReminders} r where r.invoice_id = ${invoices.id}), '{}')`,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(invoiceSettings, eq(invoiceSettings.userId, invoices.userId))
    .where(
      and(
        inArray(invoices.status, ["sent", "partial"]),
        isNotNull(invoices.recipientEmail),
        // A withdrawn link (a revoked booking's invoice) is not pressed on anyone.
        isNotNull(invoices.tokenHash),
        sql`${invoices.dueDate} <= ${horizon}`,
        // A disabled account sends nothing (DESIGN §10).
        isNull(users.disabledAt),
      ),
    );
  const byId = new Map(rows.map((row) => [row.invoice.id, row.invoice]));
  const plan = planReminders(
    rows.map((row) => ({
      invoiceId: row.invoice.id,
      status: row.invoice.status,
      dueDate: row.invoice.dueDate,
      balanceDue: row.invoice.total - row.invoice.amountPaid,
      sentRules: row.sentRules,
      rules: row.rules ?? DEFAULT_RULES,
      timeZone: row.timeZone ?? "UTC",
    })),
    now,
  );
  let sent = 0;
  for (const { invoiceId, rule } of plan) {
    const invoice = byId.get(invoiceId)!;
    const outboxId = await sendPlannedReminder(context, invoice.userId, invoiceId, rule, now);
    if (outboxId) {
      await context.mailer.dispatch([outboxId]);
      sent += 1;
    }
  }
  return sent;
}

/**
 * One reminder in its own transaction. A speaker over the mail limits, or no longer verified, is refused
 * by the mail rule: the transaction rolls back (the rule stays unsent) and a later sweep sends it.
 */
async function sendPlannedReminder(
  context: InvoiceMailContext,
  userId: string,
  invoiceId: string,
  rule: string,
  now: Date,
): Promise<string | null> {
  try {
    return await context.db.transaction(async (tx) => {
      // Read again under a lock: a payment or a void since the planning read wins.
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)))
        .for("update");
      if (!row || (row.status !== "sent" && row.status !== "partial")) return null;
      return sendReminderIn(context, tx, row, rule, "system", now);
    });
  } catch (error) {
    if (error instanceof MailRefusedError) return null;
    throw error;
  }
}
