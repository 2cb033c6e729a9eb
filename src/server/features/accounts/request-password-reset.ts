import { issueAuthToken } from "./auth-tokens.ts";
import type { AccountsContext, Caller } from "./context.ts";
import { renderPasswordResetEmail, renderVerificationEmail } from "./emails.ts";
import { findUserByEmail } from "./queries.ts";
import { consumeRecoveryLimits, type RecoveryAnswer } from "./rate-limits.ts";

/** The same answer whether or not the address belongs to an account (DESIGN §5). */
export const passwordResetRequestedMessage =
  "If an account exists for this email, we have sent it a link. Check your email for instructions to reset your password.";

/**
 * E-mails a reset link to a verified account. An unverified one gets a verification e-mail that says why:
 * its link verifies the address and then opens the new-password form (it carries a reset token too, so the
 * speaker never has to ask twice). Earlier verification links keep working.
 */
export async function requestPasswordReset(
  ctx: AccountsContext,
  email: string,
  caller: Caller,
): Promise<RecoveryAnswer> {
  await consumeRecoveryLimits(ctx, "password-reset", { email, ip: caller.ip });
  return { answer: { message: passwordResetRequestedMessage }, afterAnswer: () => mailResetLink(ctx, email) };
}

async function mailResetLink(ctx: AccountsContext, email: string) {
  const mailId = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return null;
    if (user.emailVerifiedAt === null) {
      const token = await issueAuthToken(tx, user.id, "verify_email", { keepEarlier: true });
      const resetToken = await issueAuthToken(tx, user.id, "reset_password");
      return ctx.mailer.queue(
        tx,
        renderVerificationEmail(ctx.config, user, token, "reset-requested", resetToken),
      );
    }
    const token = await issueAuthToken(tx, user.id, "reset_password");
    return ctx.mailer.queue(tx, renderPasswordResetEmail(ctx.config, user, token));
  });
  if (mailId) await ctx.mailer.dispatch([mailId]);
}
