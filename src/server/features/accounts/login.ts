import type { LoginInput } from "../../../shared/schemas/auth.ts";
import type { SecondFactorMethod } from "../../../shared/schemas/security.ts";
import { getDecoyHash, verifyPassword } from "../../platform/auth/passwords.ts";
import { beginPendingSignIn, findSecondFactorMethods } from "../../platform/auth/pending-sign-ins.ts";
import { createSession, deleteSession } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { grantConfiguredAdmin } from "../admin/grant-configured-admins.ts";
import type { AccountsContext, Caller } from "./context.ts";
import { type AccountRow, findUserByUsername } from "./queries.ts";
import { failedLoginsPerIp, failedLoginsPerUsername } from "./rate-limits.ts";

export const ACCOUNT_DISABLED_MESSAGE = "This account is disabled. Contact support.";

/** What a password sign-in gives: a session, or (a second factor being on) the methods of its second step. */
export type LoginOutcome =
  | { user: AccountRow; session: { token: string; sessionId: string } }
  | { secondFactor: SecondFactorMethod[] };

/**
 * Checks the credentials; with no second factor, opens a session, and otherwise remembers for this browser
 * (its `binding`) that the password step passed. Only failures count towards the limits, and a locked username
 * is refused even with the right password.
 */
export async function logIn(
  ctx: AccountsContext,
  input: LoginInput,
  caller: Caller,
  binding: string,
): Promise<LoginOutcome> {
  const attempt = await ctx.limiter.beginAttempt(
    [failedLoginsPerUsername, input.username],
    [failedLoginsPerIp, caller.ip],
  );
  const user = await findUserByUsername(ctx.db, input.username);
  // An unknown username costs the same hash verification as a known one, so timing reveals nothing.
  const isValid = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), input.password);
  if (!user || !isValid) throw new AppError("UNAUTHORIZED", "Invalid username or password");
  await attempt.giveBack();
  await ctx.limiter.reset(failedLoginsPerUsername, input.username);
  // Said only after the right password, so it tells nothing to someone guessing.
  if (user.disabledAt) throw new AppError("FORBIDDEN", ACCOUNT_DISABLED_MESSAGE);

  const secondFactor = await findSecondFactorMethods(ctx.db, user.id);
  if (secondFactor.length > 0) {
    await beginPendingSignIn(ctx.db, binding, user.id);
    return { secondFactor };
  }
  return openSession(ctx, user, caller);
}

/**
 * Opens a new session for a user whose sign-in is complete (a fresh id at every sign-in: no fixation), ending
 * the caller's previous one. Also used by the passkey and second-step sign-ins.
 */
export async function openSession(
  ctx: AccountsContext,
  user: AccountRow & { disabledAt: Date | null },
  caller: Caller,
) {
  if (user.disabledAt) throw new AppError("FORBIDDEN", ACCOUNT_DISABLED_MESSAGE);
  const isNewAdmin = await grantConfiguredAdmin(ctx.db, ctx.config.ADMIN_USERNAMES, user);
  const session = await ctx.db.transaction(async (tx) => {
    if (caller.sessionId) await deleteSession(tx, caller.sessionId);
    return createSession(tx, { userId: user.id, ip: caller.ip, userAgent: caller.userAgent });
  });
  return { user: isNewAdmin ? { ...user, role: "admin" as const } : user, session };
}
