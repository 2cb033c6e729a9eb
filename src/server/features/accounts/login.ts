import type { LoginInput } from "../../../shared/schemas/auth.ts";
import { getDecoyHash, verifyPassword } from "../../platform/auth/passwords.ts";
import { createSession, deleteSession } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { grantConfiguredAdmin } from "../admin/grant-configured-admins.ts";
import type { AccountsContext, Caller } from "./context.ts";
import { findUserByUsername } from "./queries.ts";
import { failedLoginsPerIp, failedLoginsPerUsername } from "./rate-limits.ts";

export const ACCOUNT_DISABLED_MESSAGE = "This account is disabled. Contact support.";

/**
 * Checks the credentials and opens a new session (a fresh id at every login: no fixation). Only failures
 * count towards the limits, and a locked username is refused even with the right password.
 */
export async function logIn(ctx: AccountsContext, input: LoginInput, caller: Caller) {
  await ctx.limiter.assertNotLocked(failedLoginsPerUsername, input.username);
  await ctx.limiter.assertNotLocked(failedLoginsPerIp, caller.ip);

  const user = await findUserByUsername(ctx.db, input.username);
  // An unknown username costs the same hash verification as a known one, so timing reveals nothing.
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), input.password);
  if (!user || !isValid) {
    await ctx.limiter.recordFailure(failedLoginsPerUsername, input.username);
    await ctx.limiter.recordFailure(failedLoginsPerIp, caller.ip);
    throw new AppError("UNAUTHORIZED", "Invalid username or password");
  }
  await ctx.limiter.reset(failedLoginsPerUsername, input.username);
  // Said only after the right password, so it tells nothing to someone guessing.
  if (user.disabledAt) throw new AppError("FORBIDDEN", ACCOUNT_DISABLED_MESSAGE);
  const isNewAdmin = await grantConfiguredAdmin(ctx.db, ctx.config.ADMIN_USERNAMES, user);

  const session = await ctx.db.transaction(async (tx) => {
    if (caller.sessionId) await deleteSession(tx, caller.sessionId);
    return createSession(tx, { userId: user.id, ip: caller.ip, userAgent: caller.userAgent });
  });
  return { user: isNewAdmin ? { ...user, role: "admin" as const } : user, session };
}
