import type { Config } from "../../config.ts";
import type { Database, Queryable, Transaction } from "../../platform/db/client.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { renderEmail } from "../../platform/mail/render.ts";

/** A way of signing in added to or removed from an account: each is e-mailed to the account (issue 40). */
export type FactorChange =
  | { kind: "passkey-added"; passkeyName: string }
  | { kind: "passkey-removed"; passkeyName: string }
  | { kind: "totp-enabled" }
  | { kind: "totp-disabled" }
  | { kind: "recovery-codes-replaced" }
  | { kind: "passkeys-removed-at-reset"; count: number }
  | { kind: "factors-reset-by-admin" };

type Notice = { subject: string; paragraphs: string[] };
type Recipient = { username: string; email: string };

function noticeOf(change: FactorChange): Notice {
  switch (change.kind) {
    case "passkey-added":
      return {
        subject: "A passkey was added to your Podium account",
        paragraphs: [
          `A passkey named "${change.passkeyName}" was added to your Podium account. ` +
            "It can now sign in to your account on its own, without your password.",
        ],
      };
    case "passkey-removed":
      return {
        subject: "A passkey was removed from your Podium account",
        paragraphs: [
          `The passkey named "${change.passkeyName}" was removed from your Podium account. ` +
            "It can no longer sign you in.",
        ],
      };
    case "totp-enabled":
      return {
        subject: "Authenticator app codes were turned on for your Podium account",
        paragraphs: [
          "Signing in to your Podium account now asks for a 6-digit code from an authenticator app after the " +
            "password. Ten new recovery codes were made at the same time.",
        ],
      };
    case "totp-disabled":
      return {
        subject: "Authenticator app codes were turned off for your Podium account",
        paragraphs: [
          "Signing in to your Podium account no longer asks for a code from an authenticator app, and its " +
            "recovery codes no longer work.",
        ],
      };
    case "recovery-codes-replaced":
      return {
        subject: "New recovery codes were made for your Podium account",
        paragraphs: [
          "Ten new recovery codes were made for your Podium account. The old ones no longer work.",
        ],
      };
    case "passkeys-removed-at-reset":
      return {
        subject: "Your Podium password was reset and your passkeys removed",
        paragraphs: [
          `Your password was reset with the e-mailed link, every device was signed out and ${
            change.count === 1 ? "your passkey was" : `your ${change.count} passkeys were`
          } removed. Only the new password signs in now; an authenticator app, if you use one, stays on.`,
          "Add a passkey again in Account Settings, under Security, once you are signed in.",
        ],
      };
    case "factors-reset-by-admin":
      return {
        subject: "The second factors of your Podium account were reset",
        paragraphs: [
          "An administrator removed the passkeys, the authenticator app and the recovery codes of your Podium account, " +
            "as asked when every second factor was lost. You can now sign in with your password alone.",
          "Set up a passkey or an authenticator app again in Account Settings, under Security.",
        ],
      };
  }
}

/**
 * Queues the e-mail telling the account a way of signing in was added or removed, in the transaction that
 * made the change; returns the outbox id to dispatch after the commit. It names no secret, only what changed
 * and what to do if it was not the owner.
 */
export function queueFactorNotice(
  { config, mailer }: { config: Config; mailer: Mailer },
  db: Queryable,
  user: Recipient,
  change: FactorChange,
): Promise<string> {
  const { subject, paragraphs } = noticeOf(change);
  return mailer.queue(
    db,
    renderEmail({
      to: user.email,
      subject,
      greeting: `Hi ${user.username},`,
      paragraphs,
      footnote:
        "If this wasn't you, choose a new password right away (“Forgot password?” on the sign-in page) and " +
        `tick “Sign out everywhere and remove my passkeys”, then write to ${config.SUPPORT_EMAIL}.`,
    }),
  );
}

/**
 * Runs a change of the account's factors in one transaction with the e-mail about it (none when `change`
 * answers a null notice: nothing was there to change), and hands the e-mail to delivery after the commit.
 */
export async function changeFactors<T>(
  ctx: { db: Database; config: Config; mailer: Mailer },
  user: Recipient,
  change: (tx: Transaction) => Promise<[T, FactorChange | null]>,
): Promise<T> {
  const [result, mailId] = await ctx.db.transaction(async (tx) => {
    const [result, notice] = await change(tx);
    return [result, notice && (await queueFactorNotice(ctx, tx, user, notice))] as const;
  });
  if (mailId) await ctx.mailer.dispatch([mailId]);
  return result;
}
