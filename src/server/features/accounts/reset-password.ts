import type { ResetPasswordInput } from "../../../shared/schemas/auth.ts";
import { hashPassword } from "../../platform/auth/passwords.ts";
import { deleteUserSessions } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { consumeAuthToken, findUsableAuthToken } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { setPasswordHash } from "./queries.ts";

export const invalidResetLinkMessage = "The password reset link is invalid or has expired.";
export const passwordResetMessage = "Your password has been reset. Please log in with your new password.";

/**
 * Sets the new password and ends every session of the user, wherever they were signed in.
 * Returns the user's id.
 */
export async function resetPassword(ctx: AccountsContext, input: ResetPasswordInput): Promise<string> {
  const passwordHash = await hashPassword(input.password);
  const userId = await ctx.db.transaction(async (tx) => {
    const userId = (await consumeAuthToken(tx, input.token, "reset_password"))?.userId;
    if (!userId) return null;
    await setPasswordHash(tx, userId, passwordHash);
    await deleteUserSessions(tx, userId);
    return userId;
  });
  if (!userId) throw new AppError("BAD_REQUEST", invalidResetLinkMessage);
  return userId;
}

/** Refuses a used, expired or unknown reset link the way a reset with it would, without using it up. */
export async function checkResetLink(ctx: AccountsContext, token: string) {
  const userId = await findUsableAuthToken(ctx.db, token, "reset_password");
  if (!userId) throw new AppError("BAD_REQUEST", invalidResetLinkMessage);
  return { valid: true as const };
}
