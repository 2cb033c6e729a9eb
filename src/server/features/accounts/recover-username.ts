import type { AccountsContext, Caller } from "./context.ts";
import { renderUsernameEmail } from "./emails.ts";
import { findUserByEmail } from "./queries.ts";
import { consumeRecoveryLimits, type RecoveryAnswer } from "./rate-limits.ts";

/** The spec's own wording (§8), the same whether or not the address is known. */
export const usernameRecoveryMessage = "If your email is in our system, we will send your username to you.";

export async function recoverUsername(
  ctx: AccountsContext,
  email: string,
  caller: Caller,
): Promise<RecoveryAnswer> {
  await consumeRecoveryLimits(ctx, "recover-username", { email, ip: caller.ip });
  return { answer: { message: usernameRecoveryMessage }, afterAnswer: () => mailUsername(ctx, email) };
}

async function mailUsername(ctx: AccountsContext, email: string) {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  const mailId = await ctx.mailer.queue(ctx.db, renderUsernameEmail(ctx.config, user));
  await ctx.mailer.dispatch([mailId]);
}
