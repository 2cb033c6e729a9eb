import type { ChangePasswordInput } from "../../../shared/schemas/auth.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import { deleteUserSessions } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { voidAuthTokens } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { findPasswordHash, setPasswordHash } from "./queries.ts";
import { failedLoginsPerUsername } from "./rate-limits.ts";

export const wrongCurrentPasswordMessage = "Current password is incorrect";

/**
 * Replaces the password after checking the current one, ends every other session and voids pending reset
 * links. Wrong current passwords count as failed logins, so a stolen session cannot guess the password.
 */
export async function changePassword(
  ctx: AccountsContext,
  user: SessionUser,
  sessionId: string,
  input: ChangePasswordInput,
): Promise<void> {
  const attempt = await ctx.limiter.beginAttempt([failedLoginsPerUsername, user.username]);
  const currentHash = await findPasswordHash(ctx.db, user.id);
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", wrongCurrentPasswordMessage, {
      fields: { currentPassword: wrongCurrentPasswordMessage },
    });
  }
  await attempt.giveBack();
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await deleteUserSessions(tx, user.id, sessionId);
    await voidAuthTokens(tx, user.id, "reset_password");
  });
}
