import { AppError } from "../../platform/http/errors.ts";
import { consumeAuthToken } from "./auth-tokens.ts";
import type { AccountsContext } from "./context.ts";
import { markEmailVerified } from "./queries.ts";

export const invalidVerificationLinkMessage = "The verification link is invalid or has expired.";

/** Marks the e-mail of the token's user as verified; the token works once. */
export async function verifyEmail(ctx: AccountsContext, token: string) {
  const user = await ctx.db.transaction(async (tx) => {
    const userId = await consumeAuthToken(tx, token, "verify_email");
    return userId ? markEmailVerified(tx, userId) : undefined;
  });
  if (!user) throw new AppError("BAD_REQUEST", invalidVerificationLinkMessage);
  return user;
}
