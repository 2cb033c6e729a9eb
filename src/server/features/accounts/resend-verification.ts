import { issueAuthToken } from "./auth-tokens.ts";
import type { AccountsContext, Caller } from "./context.ts";
import { renderVerificationEmail } from "./emails.ts";
import { findUserByEmail } from "./queries.ts";
import { consumeRecoveryLimits, type RecoveryAnswer } from "./rate-limits.ts";

/** The same answer for unknown, unverified and already verified addresses. */
export const verificationResentMessage =
  "If this email belongs to an account that still needs verification, we have sent a new verification link.";

/** Sends a new verification link (the older ones keep working until one is used) when the address awaits verification. */
export async function resendVerification(
  ctx: AccountsContext,
  email: string,
  caller: Caller,
): Promise<RecoveryAnswer> {
  await consumeRecoveryLimits(ctx, "resend-verification", { email, ip: caller.ip });
  return { answer: { message: verificationResentMessage }, afterAnswer: () => mailVerification(ctx, email) };
}

async function mailVerification(ctx: AccountsContext, email: string) {
  const mailId = await ctx.db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailVerifiedAt !== null) return null;
    const token = await issueAuthToken(tx, user.id, "verify_email", { keepEarlier: true });
    return ctx.mailer.queue(tx, renderVerificationEmail(ctx.config, user, token, "requested"));
  });
  if (mailId) await ctx.mailer.dispatch([mailId]);
}
