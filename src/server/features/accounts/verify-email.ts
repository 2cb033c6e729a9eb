import { AppError } from "../../platform/http/errors.ts";
import { consumeAuthToken, voidAuthTokens } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { markEmailVerified } from "./queries.ts";

export const invalidVerificationLinkMessage = "The verification link is invalid or has expired.";

/** Marks the e-mail of the token's user as verified; the token works once, and its sibling links stop too. */
export async function verifyEmail(ctx: AccountsContext, token: string) {
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeAuthToken(tx, token, "verify_email");
    if (!userId) return undefined;
    await voidAuthTokens(tx, userId, "verify_email");
    return markEmailVerified(tx, userId);
  });
  if (!user) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
  return user;
}
