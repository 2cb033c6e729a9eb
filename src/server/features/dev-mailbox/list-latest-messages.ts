import { desc } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { emailOutbox } from "../../platform/db/schema.ts";

export const MAILBOX_SIZE = 50;

/** The newest outbox messages, whatever their status: the development mailbox shows them all. */
export async function listLatestMessages(db: Queryable) {
  return db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(MAILBOX_SIZE);
}

export type MailboxMessage = Awaited<ReturnType<typeof listLatestMessages>>[number];
