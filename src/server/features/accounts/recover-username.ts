import type { AccountsContext, Caller } from "./context.ts";
import { renderUsernameEmail } from "./emails.ts";
import { findUserByEmail } from "./queries.ts";
import { consumeRecoveryLimits } from "./rate-limits.ts";

/** The spec's own wording (§8), the same whether or not the address is known. */
export const usernameRecoveryMessage = "If your email is in our system, we will send your username to you.";

export async function recoverUsername(ctx: AccountsContext, email: string, caller: Caller) {
  await consumeRecoveryLimits(ctx, "recover-username", { email, ip: caller.ip });
  const user = await findUserByEmail(ctx.db, email);
  if (user) {
    const mailId = await ctx.mailer.queue(ctx.db, renderUsernameEmail(ctx.config, user));
    await ctx.mailer.dispatch([mailId]);
  }
  return { message: usernameRecoveryMessage };
}
