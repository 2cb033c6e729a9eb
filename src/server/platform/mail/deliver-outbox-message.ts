import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { emailOutbox, users } from "../db/schema.ts";
import { DISABLED_SENDER_MESSAGE } from "./third-party-mail.ts";
import type { MailTransport } from "./transport.ts";

const LAST_ERROR_MAX = 1000;

export type DeliveryOutcome = "sent" | "skipped";

/**
 * Sends one outbox row and records the outcome on it. Only a `queued` row is sent, and every update is
 * conditional on that status, so a repeated job for a row already sent (or given up) sends nothing. A row in
 * the name of a disabled account fails unsent (decision 059).
 * A failure is recorded and rethrown for the queue to retry; on the final attempt the row becomes `failed`.
 */
export async function deliverOutboxMessage(
  db: Queryable,
  transport: MailTransport,
  outboxId: string,
  options: { isFinalAttempt: boolean },
): Promise<DeliveryOutcome> {
  const isQueued = and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "queued"));
  const [found] = await db
    .select({ row: emailOutbox, senderDisabledAt: users.disabledAt })
    .from(emailOutbox)
    .leftJoin(users, eq(users.id, emailOutbox.senderId))
    .where(isQueued);
  if (!found) return "skipped";
  const { row } = found;
  if (found.senderDisabledAt) {
    // Queued in the account's name before it was disabled: it stays unsent (an admin may retry it later).
    await db
      .update(emailOutbox)
      .set({ status: "failed", lastError: DISABLED_SENDER_MESSAGE })
      .where(isQueued);
    return "skipped";
  }
  try {
    await transport.send({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      replyTo: row.replyTo ?? undefined,
      attachments: row.attachments,
    });
  } catch (error) {
    await db
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lastError: describeError(error).slice(0, LAST_ERROR_MAX),
        status: options.isFinalAttempt ? "failed" : "queued",
      })
      .where(isQueued);
    throw error;
  }
  await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: new Date(), attempts: sql`${emailOutbox.attempts} + 1` })
    .where(isQueued);
  return "sent";
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" && !error.message.includes(code)
    ? `${code}: ${error.message}`
    : error.message;
}
