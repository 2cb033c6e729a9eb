import { eq } from "drizzle-orm";
import {
  INVALID_PASSKEY_MESSAGE,
  SECOND_FACTOR_EXPIRED_MESSAGE,
  type WebauthnResponse,
} from "../../../shared/schemas/security.ts";
import { endPendingSignIn, findPendingSignIn } from "../../platform/auth/pending-sign-ins.ts";
import { users } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { AccountsContext, Caller } from "../accounts/context.ts";
import { openSession } from "../accounts/login.ts";
import { failedLoginsPerIp } from "../accounts/rate-limits.ts";
import type { SecurityContext } from "./context.ts";
import { verifyPasskey } from "./passkeys.ts";
import { checkProof, type Proof } from "./proofs.ts";

async function findSignInAccount(ctx: SecurityContext, userId: string) {
  const [row] = await ctx.db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      role: users.role,
      createdAt: users.createdAt,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

const accountsOf = (ctx: SecurityContext): AccountsContext => ({
  db: ctx.db,
  mailer: ctx.mailer,
  config: ctx.config,
  limiter: ctx.limiter,
});

/**
 * A sign-in with a passkey alone (discoverable: no username typed). It counts as both factors, so the
 * authenticator must have verified its user. Failures count against the address like wrong passwords.
 */
export async function signInWithPasskey(
  ctx: SecurityContext,
  response: WebauthnResponse,
  caller: Caller,
  binding: string,
) {
  const attempt = await ctx.limiter.beginAttempt([failedLoginsPerIp, caller.ip]);
  const userId = await verifyPasskey(ctx, response, binding, { requireUserVerification: true });
  const account = userId ? await findSignInAccount(ctx, userId) : undefined;
  if (!account) throw new AppError("UNAUTHORIZED", INVALID_PASSKEY_MESSAGE);
  await attempt.giveBack();
  await endPendingSignIn(ctx.db, binding);
  return openSession(accountsOf(ctx), account, caller);
}

/** The second step of a password sign-in: the browser that gave the password proves the second factor. */
export async function completeSecondFactor(
  ctx: SecurityContext,
  proof: Proof,
  caller: Caller,
  binding: string,
) {
  const userId = await findPendingSignIn(ctx.db, binding);
  const account = userId ? await findSignInAccount(ctx, userId) : undefined;
  if (!account) throw new AppError("UNAUTHORIZED", SECOND_FACTOR_EXPIRED_MESSAGE, { signInExpired: true });
  // A wrong proof, or one refused while the code step is locked, stays counted against the address.
  const attempt = await ctx.limiter.beginAttempt([failedLoginsPerIp, caller.ip]);
  await checkProof(ctx, account, proof, binding, "UNAUTHORIZED");
  await attempt.giveBack();
  await endPendingSignIn(ctx.db, binding);
  return openSession(accountsOf(ctx), account, caller);
}
