import type { UpdateAccountInput } from "../../../shared/schemas/auth.ts";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import { deleteUserSessions, type SessionUser } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { issueAuthToken, voidAuthTokens } from "./auth-tokens.ts";
import { wrongCurrentPasswordMessage } from "./change-password.ts";
import type { AccountsContext } from "./context.ts";
import {
  renderEmailChangeRequestedNotice,
  renderEmailTakenNotice,
  renderVerificationEmail,
} from "./emails.ts";
import { findPasswordHash, findUserByEmail } from "./queries.ts";
import { failedLoginsPerUsername } from "./rate-limits.ts";

/** E-mail changes per account an hour, before RATE_LIMIT_FACTOR. */
export const emailChangesPerUser = { name: "email-change-user", limit: 5, windowMinutes: 60 };

/** The one answer, whether the new address was free or another account's (issue 10). */
export const emailChangeRequestedMessage = (email: string) =>
  `We sent a verification link to ${email}. Your sign-in e-mail changes to it when you open the link.`;

/**
 * Asks to change the account's e-mail (issue 10, item 4; decision 009). The current password is required (a
 * wrong one counts as a failed sign-in) and the calls are rate-limited, so a stolen session cookie cannot take
 * the account over. The address changes only when the link mailed to the new address is opened; meanwhile
 * every reset and verification link is voided, the other sessions end and the old address is told. An address
 * another account holds gets no link (its owner is told instead), but everything the caller can see is the
 * same, so nobody can probe which addresses are registered.
 */
export async function updateEmail(
  ctx: AccountsContext,
  user: SessionUser,
  sessionId: string,
  input: UpdateAccountInput,
): Promise<{ message: string }> {
  await ctx.limiter.consume(emailChangesPerUser, user.id);
  const attempt = await ctx.limiter.beginAttempt([failedLoginsPerUsername, user.username]);
  const currentHash = await findPasswordHash(ctx.db, user.id);
  if (!currentHash || !(await verifyPassword(currentHash, input.currentPassword))) {
    throw new AppError("BAD_REQUEST", wrongCurrentPasswordMessage, {
      fields: { currentPassword: wrongCurrentPasswordMessage },
    });
  }
  await attempt.giveBack();
  const answer = { message: emailChangeRequestedMessage(input.email) };
  if (input.email.toLowerCase() === user.email.toLowerCase()) return answer;
  const mailIds = await ctx.db.transaction(async (tx) => {
    await voidAuthTokens(tx, user.id, "reset_password");
    await voidAuthTokens(tx, user.id, "verify_email");
    await deleteUserSessions(tx, user.id, sessionId);
    const holder = await findUserByEmail(tx, input.email);
    const toNewAddress = holder
      ? renderEmailTakenNotice(ctx.config, holder)
      : renderVerificationEmail(
          ctx.config,
          { username: user.username, email: input.email },
          await issueAuthToken(tx, user.id, "verify_email", { newEmail: input.email }),
          "email-changed",
        );
    return [
      await ctx.mailer.queue(tx, toNewAddress),
      await ctx.mailer.queue(tx, renderEmailChangeRequestedNotice(ctx.config, user, input.email)),
    ];
  });
  await ctx.mailer.dispatch(mailIds);
  return answer;
}
