import type { ResetPasswordInput } from "../../../shared/schemas/auth.ts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { endPendingSignInsOf } from "../../platform/auth/pending-sign-ins.ts";
import { deleteUserSessions } from "../../platform/auth/sessions.ts";
import type { Transaction } from "../../platform/db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { deleteAllPasskeys, queueFactorNotice } from "../security/index.ts";
import { consumeAuthToken, findUsableAuthToken } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { findAccount, setPasswordHash } from "./queries.ts";

export const invalidResetLinkMessage = "The password reset link is invalid or has expired.";
export const passwordResetMessage = "Your password has been reset. Please log in with your new password.";

/**
 * Sets the new password and ends every session of the user, wherever they were signed in, and every second
 * sign-in step begun with the old password. With `removePasskeys` it also removes every passkey, which signs
 * in alone and would outlast the password, and e-mails the account; the authenticator app stays (decision 060).
 * Returns the user's id.
 */
export async function resetPassword(ctx: AccountsContext, input: ResetPasswordInput): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const reset = await ctx.db.transaction(async (tx) => {
    const userId = (await consumeAuthToken(tx, input.token, "reset_password"))?.userId;
    if (!userId) return null;
    await setPasswordHash(tx, userId, passwordHash);
    await deleteUserSessions(tx, userId);
    await endPendingSignInsOf(tx, userId);
    const mailId = input.removePasskeys ? await removePasskeys(ctx, tx, userId) : null;
    return { userId, mailId };
  });
  if (!reset) throw new AppError("BAD_REQUEST", invalidResetLinkMessage);
  if (reset.mailId) await ctx.mailer.dispatch([reset.mailId]);
  return reset.userId;
}

/** Removes the user's passkeys and queues the e-mail saying so; null when there were none. */
async function removePasskeys(ctx: AccountsContext, tx: Transaction, userId: string) {
  const count = await deleteAllPasskeys(tx, userId);
  const user = await findAccount(tx, userId);
  if (count === 0 || !user) return null;
  return queueFactorNotice(ctx, tx, user, { kind: "passkeys-removed-at-reset", count });
}

/** Refuses a used, expired or unknown reset link the way a reset with it would, without using it up. */
export async function checkResetLink(ctx: AccountsContext, token: string) {
  const userId = await findUsableAuthToken(ctx.db, token, "reset_password");
  if (!userId) throw new AppError("BAD_REQUEST", invalidResetLinkMessage);
  return { valid: true as const };
}
