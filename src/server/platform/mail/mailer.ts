import type { Queryable } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when it is not MAIL_FROM, e.g. the sender of a contact message. */
  replyTo?: string;
  /** Files sent with the message, e.g. an invoice's PDF. */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export interface Mailer {
  /**
   * Writes the message to email_outbox inside the caller's transaction, so the mail exists exactly when
   * the change that causes it commits. Returns the outbox id; pass it to `dispatch` after the commit.
   */
  queue(db: Queryable, message: EmailMessage): Promise<string>;
  /**
   * Hands committed outbox rows to delivery. Call it after the transaction that queued them has
   * committed (on PGlite, inside it would wait for that very transaction). Never throws: a row that
   * could not be handed over is picked up by the outbox sweep.
   */
  dispatch(outboxIds: string[]): Promise<void>;
}

export async function insertOutboxMessage(db: Queryable, message: EmailMessage): Promise<string> {
  const [row] = await db.insert(emailOutbox).values(message).returning({ id: emailOutbox.id });
  return row!.id;
}
