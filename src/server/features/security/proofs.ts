import {
  INVALID_CODE_MESSAGE,
  INVALID_PASSKEY_MESSAGE,
  INVALID_PASSWORD_MESSAGE,
  INVALID_RECOVERY_CODE_MESSAGE,
  type WebauthnResponse,
} from "../../../shared/schemas/security.ts";
import { verifyPassword } from "../../platform/auth/passwords.ts";
import { AppError, type AppErrorCode } from "../../platform/http/errors.ts";
import { findPasswordHash } from "../accounts/queries.ts";
import { failedLoginsPerUsername } from "../accounts/rate-limits.ts";
import { failedCodesPerUser, type SecurityContext } from "./context.ts";
import { verifyPasskey } from "./passkeys.ts";
import { redeemRecoveryCode } from "./recovery-codes.ts";
import { acceptTotpCode } from "./totp.ts";

/** One way of proving it is the account's owner; the route's schema lets exactly one through. */
export type Proof = {
  password?: string;
  code?: string;
  recoveryCode?: string;
  passkey?: WebauthnResponse;
};

type Prover = { id: string; username: string };

/**
 * Checks a proof for `user` and throws `failure` (401 in a sign-in, 400 for a signed-in user, whose web app
 * would read 401 as signed out) when it is wrong. Wrong codes count towards the code lockout (5 in 15 minutes)
 * and wrong passwords towards the username's, each counted before it is judged (rate-limit.ts `beginAttempt`);
 * while locked, even a right one gets 429 (DESIGN §8). `binding` is the browser whose passkey challenge an
 * answer must sign.
 */
export async function checkProof(
  ctx: SecurityContext,
  user: Prover,
  proof: Proof,
  binding: string,
  failure: AppErrorCode,
): Promise<void> {
  const now = new Date();
  if (proof.password !== undefined) {
    const attempt = await ctx.limiter.beginAttempt([failedLoginsPerUsername, user.username]);
    const hash = await findPasswordHash(ctx.db, user.id);
    if (!hash || !(await verifyPassword(hash, proof.password))) {
      throw refused(failure, "password", INVALID_PASSWORD_MESSAGE);
    }
    return attempt.giveBack();
  }
  if (proof.passkey !== undefined) {
    const options = { userId: user.id, requireUserVerification: false };
    if (await verifyPasskey(ctx, proof.passkey, binding, options)) return;
    throw refused(failure, "passkey", INVALID_PASSKEY_MESSAGE);
  }
  await ctx.limiter.beginAttempt([failedCodesPerUser, user.id]);
  const [field, isRight, message] =
    proof.code !== undefined
      ? (["code", await acceptTotpCode(ctx, user.id, proof.code, now), INVALID_CODE_MESSAGE] as const)
      : ([
          "recoveryCode",
          await redeemRecoveryCode(ctx.db, user.id, proof.recoveryCode ?? ""),
          INVALID_RECOVERY_CODE_MESSAGE,
        ] as const);
  if (!isRight) throw refused(failure, field, message);
  await ctx.limiter.reset(failedCodesPerUser, user.id);
}

function refused(code: AppErrorCode, field: string, message: string) {
  return new AppError(code, message, { fields: { [field]: message } });
}
