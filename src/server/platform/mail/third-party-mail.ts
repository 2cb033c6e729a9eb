import { and, count, eq, gt, inArray, lte, min, notExists, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Config } from "../../config.ts";
import type { Queryable } from "../db/client.ts";
import { emailOutbox, users } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** E-mail one account may have sent to other people (DESIGN §11, decision 036). */
export type MailLimits = { perDay: number; newRecipientsPerHour: number };

export const mailLimitsOf = (
  config: Pick<Config, "MAIL_DAILY_LIMIT" | "MAIL_NEW_RECIPIENTS_PER_HOUR">,
): MailLimits => ({
  perDay: config.MAIL_DAILY_LIMIT,
  newRecipientsPerHour: config.MAIL_NEW_RECIPIENTS_PER_HOUR,
});

/**
 * The account on whose behalf mail goes to someone else, at `now`. `isFollowUp` marks mail that completes
 * something already sent through the check to the same person (the signed contract, its cancellation): it
 * is counted but never refused, so a limit never blocks a signature or a void.
 */
export type ThirdPartySender = { userId: string; now: Date; isFollowUp?: boolean };

/** The mail rule said no: 403 without a verified address, 429 over a limit. Automatic senders defer on it. */
export class MailRefusedError extends AppError {}

export const UNVERIFIED_SENDER_MESSAGE =
  "Verify your e-mail address before Podium e-mails anyone else for you: open the link we sent you, or ask for a new one in Account Settings.";

/** Why mail in a disabled account's name is refused, or left undelivered (decision 059). */
export const DISABLED_SENDER_MESSAGE = "This account is disabled: Podium sends no e-mail for it.";

/**
 * The one check before mail leaves for someone other than the account: a verified address, then (admins
 * exempt) the day's e-mails and the hour's new addresses, both counted from the outbox, which every process
 * shares. Run it inside the transaction that queues the mail: the per-account lock it takes is held to the
 * commit, so concurrent sends of one account, in any process, count one after the other.
 */
export async function assertMayMailThirdParty(
  db: Queryable,
  limits: MailLimits,
  sender: ThirdPartySender,
  recipients: string[],
): Promise<void> {
  const [account] = await db
    .select({ verifiedAt: users.emailVerifiedAt, role: users.role, disabledAt: users.disabledAt })
    .from(users)
    .where(eq(users.id, sender.userId));
  // Whoever asks (a member, a sweep, a webhook), a disabled account sends nothing, follow-ups included.
  if (account?.disabledAt) throw new MailRefusedError("FORBIDDEN", DISABLED_SENDER_MESSAGE);
  if (sender.isFollowUp) return;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`mail-limits:${sender.userId}`}, 0))`);
  if (!account?.verifiedAt) throw new MailRefusedError("FORBIDDEN", UNVERIFIED_SENDER_MESSAGE);
  if (account.role === "admin") return;
  await assertUnderDailyLimit(db, limits, sender, recipients.length);
  await assertUnderNewRecipientLimit(db, limits, sender, recipients);
}

const sentBy = (userId: string) => eq(emailOutbox.senderId, userId);
const recipientOf = (column: SQLWrapper) => sql<string>`lower(${column})`;

async function assertUnderDailyLimit(
  db: Queryable,
  limits: MailLimits,
  { userId, now }: ThirdPartySender,
  messages: number,
) {
  const [today] = await db
    .select({ sent: count(), oldest: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(and(sentBy(userId), gt(emailOutbox.createdAt, new Date(now.getTime() - DAY))));
  if (today!.sent + messages <= limits.perDay) return;
  throw tooMany(
    `Podium sends at most ${limits.perDay} e-mails a day to other people for one account, and this would go over.`,
    today!.oldest ? today!.oldest.getTime() + DAY - now.getTime() : DAY,
  );
}

/** A new address is one the account never had mail sent to before; those of the last hour are counted. */
async function assertUnderNewRecipientLimit(
  db: Queryable,
  limits: MailLimits,
  { userId, now }: ThirdPartySender,
  recipients: string[],
) {
  const addresses = [...new Set(recipients.map((address) => address.toLowerCase()))];
  const known = await db
    .selectDistinct({ address: recipientOf(emailOutbox.to) })
    .from(emailOutbox)
    .where(and(sentBy(userId), inArray(recipientOf(emailOutbox.to), addresses)));
  const fresh = addresses.filter((address) => !known.some((row) => row.address === address));
  if (fresh.length === 0) return;

  const hourAgo = new Date(now.getTime() - HOUR);
  const earlier = alias(emailOutbox, "earlier");
  const newThisHour = await db
    .select({ firstAt: min(emailOutbox.createdAt) })
    .from(emailOutbox)
    .where(
      and(
        sentBy(userId),
        gt(emailOutbox.createdAt, hourAgo),
        notExists(
          db
            .select({ one: sql`1` })
            .from(earlier)
            .where(
              and(
                eq(earlier.senderId, userId),
                eq(recipientOf(earlier.to), recipientOf(emailOutbox.to)),
                lte(earlier.createdAt, hourAgo),
              ),
            ),
        ),
      ),
    )
    .groupBy(recipientOf(emailOutbox.to));
  if (newThisHour.length + fresh.length <= limits.newRecipientsPerHour) return;
  const oldest = Math.min(...newThisHour.map((row) => row.firstAt?.getTime() ?? now.getTime()));
  throw tooMany(
    `Podium e-mails at most ${limits.newRecipientsPerHour} new addresses an hour for one account, and this would go over. Addresses you have written to before are not limited.`,
    Number.isFinite(oldest) ? oldest + HOUR - now.getTime() : HOUR,
  );
}

function tooMany(sentence: string, waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  const wait =
    minutes < 90 ? `${minutes} minute${minutes === 1 ? "" : "s"}` : `${Math.round(minutes / 60)} hours`;
  return new MailRefusedError(
    "TOO_MANY_REQUESTS",
    `${sentence} Try again in about ${wait}.`,
    {},
    { "retry-after": String(seconds) },
  );
}
