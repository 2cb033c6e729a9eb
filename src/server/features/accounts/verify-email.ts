import { emailTakenMeanwhileMessage } from "../../../shared/schemas/auth.ts";
import { AppError } from "../../platform/http/errors.ts";
import { consumeAuthToken, voidAuthTokens } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { renderEmailChangedNotice } from "./emails.ts";
import { changeEmail, findAccount, markEmailVerified } from "./queries.ts";

export const invalidVerificationLinkMessage = "The verification link is invalid or has expired.";

/**
 * Marks the e-mail of the token's user as verified; the token works once, and its sibling links stop too.
 * A link sent by a change of e-mail also makes its address the account's (decision 009): only now, so the
 * account keeps its address until the new one is proven, and the old address is told that it changed.
 */
export async function verifyEmail(ctx: AccountsContext, token: string) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const link = await consumeAuthToken(tx, token, "verify_email");
    if (!link) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
    await voidAuthTokens(tx, link.userId, "verify_email");
    const before = await findAccount(tx, link.userId);
    if (!before) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
    if (link.newEmail === null || link.newEmail.toLowerCase() === before.email.toLowerCase()) {
      return { user: await markEmailVerified(tx, link.userId), mailIds: [] };
    }
    const user = await changeEmail(tx, link.userId, link.newEmail);
    if (!user) throw new AppError("BAD_REQUEST", emailTakenMeanwhileMessage);
    // Reset links went to the old address; they must not outlive it.
    await voidAuthTokens(tx, link.userId, "reset_password");
    const notice = renderEmailChangedNotice(ctx.config, before, link.newEmail);
    return { user, mailIds: [await ctx.mailer.queue(tx, notice)] };
  });
  if (!outcome.user) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
  await ctx.mailer.dispatch(outcome.mailIds);
  return outcome.user;
}
