import type { Queryable } from "../db/client.ts";
import { emailOutbox } from "../db/schema.ts";
import { assertMayMailThirdParty, type MailLimits, type ThirdPartySender } from "./third-party-mail.ts";

export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where answers go when it is not MAIL_FROM, e.g. the sender of a contact message. */
  replyTo?: string;
  /** Files sent with the message, e.g. a sealed contract (kept in the outbox row until delivered). */
  attachments?: EmailAttachment[] | null;
};

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

export interface Mailer {
  /**
   * Writes the message to email_outbox inside the caller's transaction, so the mail exists exactly when
   * the change that causes it commits. Returns the outbox id; pass it to `dispatch` after the commit.
   * Only for mail to the account itself or to support: mail to anyone else goes through `queueToThirdParty`.
   */
  queue(db: Queryable, message: EmailMessage): Promise<string>;
  /**
   * Like `queue`, for mail to someone other than the account (an invoice, a signing link, a planner's
   * receipt): the mail rule's check first (third-party-mail.ts), then the row, counted against the sender.
   * Throws MailRefusedError (403, 429), which rolls the caller's transaction back.
   */
  queueToThirdParty(db: Queryable, sender: ThirdPartySender, message: EmailMessage): Promise<string>;
  /** The same check alone, before building a costly message (an invoice's PDF) that would be refused. */
  assertMayMailThirdParty(db: Queryable, sender: ThirdPartySender, recipients: string[]): Promise<void>;
  /**
   * Hands committed outbox rows to delivery. Call it after the transaction that queued them has
   * committed (on PGlite, inside it would wait for that very transaction). Never throws: a row that
   * could not be handed over is picked up by the outbox sweep.
   */
  dispatch(outboxIds: string[]): Promise<void>;
}

export async function insertOutboxMessage(
  db: Queryable,
  message: EmailMessage,
  sender?: ThirdPartySender,
): Promise<string> {
  const counted = sender ? { senderId: sender.userId, createdAt: sender.now } : {};
  const [row] = await db
    .insert(emailOutbox)
    .values({ ...message, ...counted })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** A mailer over the outbox, with the account limits of the configuration and a way to dispatch. */
export function createOutboxMailer(limits: MailLimits, dispatch: Mailer["dispatch"]): Mailer {
  return {
    queue: insertOutboxMessage,
    queueToThirdParty: async (db, sender, message) => {
      await assertMayMailThirdParty(db, limits, sender, [message.to]);
      return insertOutboxMessage(db, message, sender);
    },
    assertMayMailThirdParty: (db, sender, recipients) =>
      assertMayMailThirdParty(db, limits, sender, recipients),
    dispatch,
  };
}
