import { and, eq } from "drizzle-orm";
import { currentActor } from "../auth/acting-login.ts";
import type { Queryable } from "../db/client.ts";
import { columns } from "../db/columns.ts";
import { emailOutbox, teamSettings, users } from "../db/schema.ts";
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
    .values(columns(emailOutbox, { ...message, ...counted }))
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/** A mailer over the outbox, with the account limits of the configuration and a way to dispatch. */
export function createOutboxMailer(limits: MailLimits, dispatch: Mailer["dispatch"]): Mailer {
  return {
    queue: insertOutboxMessage,
    queueToThirdParty: async (db, sender, message) => {
      await assertMayMailThirdParty(db, limits, sender, [message.to]);
      return insertOutboxMessage(db, await answeredByActingMember(db, sender, message), sender);
    },
    assertMayMailThirdParty: (db, sender, recipients) =>
      assertMayMailThirdParty(db, limits, sender, recipients),
    dispatch,
  };
}

/**
 * Mail a team member sends goes out in the speaker's name as always; when the owner chose it (team settings
 * `replyTo: "member"`), answers go to the member's own address (DESIGN §11).
 */
async function answeredByActingMember(
  db: Queryable,
  sender: ThirdPartySender,
  message: EmailMessage,
): Promise<EmailMessage> {
  const actor = currentActor();
  if (!actor || actor.role === "owner" || actor.userId === sender.userId) return message;
  const [member] = await db
    .select({ email: users.email })
    .from(teamSettings)
    .innerJoin(users, eq(users.id, actor.userId))
    .where(and(eq(teamSettings.speakerId, sender.userId), eq(teamSettings.replyTo, "member")));
  return member ? { ...message, replyTo: member.email } : message;
}
