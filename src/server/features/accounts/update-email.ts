import type { UpdateAccountInput } from "../../../shared/schemas/auth.ts";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import { deleteUserSessions, type SessionUser } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { issueAuthToken, voidAuthTokens } from "./auth-tokens.ts";
import { wrongCurrentPasswordMessage } from "./change-password.ts";
import type { AccountsContext } from "./context.ts";
import { renderEmailChangedNotice, renderEmailTakenNotice, renderVerificationEmail } from "./emails.ts";
import { changeEmail, findPasswordHash, findUserByEmail } from "./queries.ts";
import { failedLoginsPerUsername } from "./rate-limits.ts";

/** E-mail changes per account an hour, before RATE_LIMIT_FACTOR. */
export const emailChangesPerUser = { name: "email-change-user", limit: 5, windowMinutes: 60 };

/** The one answer, whether the new address was free or another account's (issue 10). */
export const emailChangeRequestedMessage = (email: string) =>
  `We sent a verification link to ${email}. If the address can be used, it becomes your sign-in e-mail, unverified until you open the link.`;

/**
 * Changes the account's e-mail (issue 10, item 4). The current password is required (a wrong one counts as
 * a failed sign-in) and the calls are rate-limited, so a stolen session cookie cannot take the account over.
 * On a change every reset and verification link is voided, the other sessions end, the old address is told,
 * and the new one gets a verification link. An address another account holds is not changed to, but the
 * answer is the same, so nobody can probe which addresses are registered; that account's owner is told.
 */
export async function updateEmail(
  ctx: AccountsContext,
  user: SessionUser,
  sessionId: string,
  input: UpdateAccountInput,
): Promise<{ message: string }> {
  await ctx.limiter.assertNotLocked(failedLoginsPerUsername, user.username);
  await ctx.limiter.consume(emailChangesPerUser, user.id);
  const currentHash = await findPasswordHash(ctx.db, user.id);
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    await ctx.limiter.recordFailure(failedLoginsPerUsername, user.username);
    throw new AppError("BAD_REQUEST", wrongCurrentPasswordMessage, {
      fields: { currentPassword: wrongCurrentPasswordMessage },
    });
  }
  const answer = { message: emailChangeRequestedMessage(input.email) };
  if (input.email.toLowerCase() === user.email.toLowerCase()) return answer;
  const mailIds = await ctx.db.transaction(async (tx) => {
    const holder = await findUserByEmail(tx, input.email);
    const updated = holder ? undefined : await changeEmail(tx, user.id, input.email);
    if (!updated) {
      // Taken (or taken meanwhile): the holder hears of the attempt; the caller's account is unchanged.
      const owner = holder ?? (await findUserByEmail(tx, input.email));
      return owner ? [await ctx.mailer.queue(tx, renderEmailTakenNotice(ctx.config, owner))] : [];
    }
    await voidAuthTokens(tx, user.id, "reset_password");
    await deleteUserSessions(tx, user.id, sessionId);
    const token = await issueAuthToken(tx, user.id, "verify_email");
    return [
      await ctx.mailer.queue(tx, renderVerificationEmail(ctx.config, updated, token, "email-changed")),
      await ctx.mailer.queue(tx, renderEmailChangedNotice(ctx.config, user, input.email)),
    ];
  });
  await ctx.mailer.dispatch(mailIds);
  return answer;
}
