import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import type { MailTransport } from "./transport.ts";

const LAST_ERROR_MAX = 1000;

export type DeliveryOutcome = "sent" | "skipped";

/**
 * Sends one outbox row and records the outcome on it. Only a `queued` row is sent, and every update is
 * conditional on that status, so a repeated job for a row already sent (or given up) sends nothing.
 * A failure is recorded and rethrown for the queue to retry; on the final attempt the row becomes `failed`.
 */
export async function deliverOutboxMessage(
  db: Queryable,
  transport: MailTransport,
  outboxId: string,
  options: { isFinalAttempt: boolean },
): Promise<DeliveryOutcome> {
  const isQueued = and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "queued"));
  const [row] = await db.select().from(emailOutbox).where(isQueued);
  if (!row) return "skipped";
  try {
    await transport.send({
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      replyTo: row.replyTo ?? undefined,
      attachments: row.attachments ?? undefined,
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
