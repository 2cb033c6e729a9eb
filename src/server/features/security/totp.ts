import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import { INVALID_CODE_MESSAGE, TOTP_DIGITS, type TotpSetup } from "../../../shared/schemas/security.ts";
import { openSecret, type SecretBoxKey, sealSecret } from "../../platform/auth/secret-box.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { recoveryCodes, totpFactors } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { SecurityContext } from "./context.ts";
import { changeFactors } from "./factor-notices.ts";
import { replaceRecoveryCodes } from "./recovery-codes.ts";

const PERIOD_SECONDS = 30;
/** One step either side of now: a phone's clock a little off still works (RFC 6238 §5.2). */
const WINDOW_STEPS = 1;

const totpFor = (secret: string, label = "") =>
  new TOTP({
    issuer: "Podium",
    label,
    secret: Secret.fromBase32(secret),
    digits: TOTP_DIGITS,
    period: PERIOD_SECONDS,
  });

/**
 * The time step a code was made for, if it is right for this secret (as stored: sealed, or plain from before
 * sealing) within one step of `now`. A secret that does not open (SESSION_SECRET changed) matches no code.
 */
function matchingStep(
  key: SecretBoxKey,
  factor: { userId: string; secret: string },
  code: string,
  now: Date,
): number | null {
  const secret = openSecret(key, factor.secret, factor.userId);
  if (secret === null) return null;
  const timestamp = now.getTime();
  const delta = totpFor(secret).validate({ token: code, timestamp, window: WINDOW_STEPS });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp }) + delta;
}

async function findTotp(db: Queryable, userId: string) {
  const [row] = await db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
  return row;
}

export async function isTotpEnabled(db: Queryable, userId: string): Promise<boolean> {
  return (await findTotp(db, userId))?.enabledAt != null;
}

/** A new secret for the authenticator app, replacing one set up but never confirmed; off until `enableTotp`. */
export async function setUpTotp(
  ctx: SecurityContext,
  user: { id: string; username: string },
): Promise<TotpSetup> {
  if (await isTotpEnabled(ctx.db, user.id)) {
    throw new AppError(
      "CONFLICT",
      "The authenticator app is already on. Turn it off first to set up another.",
    );
  }
  const secret = new Secret({ size: 20 }).base32;
  // Stored sealed: a copy of the database alone does not give anyone the codes (decision 057).
  const sealed = sealSecret(ctx.secretBoxKey, secret, user.id);
  await ctx.db
    .insert(totpFactors)
    .values({ userId: user.id, secret: sealed })
    .onConflictDoUpdate({
      target: totpFactors.userId,
      set: { secret: sealed, lastUsedStep: null, createdAt: sql`now()` },
    });
  const otpauthUrl = totpFor(secret, user.username).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return { secret, otpauthUrl, qrSvg };
}

type Owner = { id: string; username: string; email: string };

/** Turns the app on once its first code is right, gives the ten recovery codes (shown once) and e-mails the account. */
export async function enableTotp(
  ctx: SecurityContext,
  user: Owner,
  code: string,
  now: Date,
): Promise<string[]> {
  const userId = user.id;
  const pending = await findTotp(ctx.db, userId);
  if (!pending) throw new AppError("CONFLICT", "Set up the authenticator app first.");
  if (pending.enabledAt) throw new AppError("CONFLICT", "The authenticator app is already on.");
  const step = matchingStep(ctx.secretBoxKey, pending, code, now);
  if (step === null) throw wrongCode();
  return changeFactors(ctx, user, async (tx) => {
    const [enabled] = await tx
      .update(totpFactors)
      .set({ enabledAt: now, lastUsedStep: step })
      .where(
        and(
          eq(totpFactors.userId, userId),
          isNull(totpFactors.enabledAt),
          eq(totpFactors.secret, pending.secret),
        ),
      )
      .returning({ userId: totpFactors.userId });
    if (!enabled)
      throw new AppError("CONFLICT", "The authenticator app was set up again meanwhile. Scan the new code.");
    return [await replaceRecoveryCodes(tx, userId), { kind: "totp-enabled" }];
  });
}

/** Ten new recovery codes for the enabled app, replacing the old ones; shown once, and e-mailed about. */
export async function renewRecoveryCodes(ctx: SecurityContext, user: Owner): Promise<string[]> {
  return changeFactors(ctx, user, async (tx) => {
    // Locked while the codes are replaced, so a concurrent "turn off" cannot leave codes without an app.
    const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, user.id)).for("update");
    if (!factor?.enabledAt) {
      throw new AppError(
        "CONFLICT",
        "Recovery codes stand in for the authenticator app: turn the app on first.",
      );
    }
    return [await replaceRecoveryCodes(tx, user.id), { kind: "recovery-codes-replaced" }];
  });
}

/**
 * Accepts a code of the user's enabled app at most once: its step must be later than the last one accepted,
 * which the same statement records, so a code seen over someone's shoulder is worth nothing afterwards.
 */
export async function acceptTotpCode(
  { db, secretBoxKey }: Pick<SecurityContext, "db" | "secretBoxKey">,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const factor = await findTotp(db, userId);
  if (!factor?.enabledAt) return false;
  const step = matchingStep(secretBoxKey, factor, code, now);
  if (step === null) return false;
  const [accepted] = await db
    .update(totpFactors)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(totpFactors.userId, userId),
        isNotNull(totpFactors.enabledAt),
        or(isNull(totpFactors.lastUsedStep), lt(totpFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: totpFactors.userId });
  return accepted !== undefined;
}

/** Turns the app off and drops the recovery codes that stood in for it; true when it was on. */
export async function removeTotp(db: Queryable, userId: string): Promise<boolean> {
  const [removed] = await db
    .delete(totpFactors)
    .where(eq(totpFactors.userId, userId))
    .returning({ enabledAt: totpFactors.enabledAt });
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  return removed?.enabledAt != null;
}

/** Turns the app off for its owner, who proved it is them, and e-mails the account when it was on. */
export async function disableTotp(ctx: SecurityContext, user: Owner): Promise<void> {
  await changeFactors(ctx, user, async (tx) => [
    undefined,
    (await removeTotp(tx, user.id)) ? { kind: "totp-disabled" } : null,
  ]);
}

function wrongCode() {
  return new AppError("BAD_REQUEST", INVALID_CODE_MESSAGE, { fields: { code: INVALID_CODE_MESSAGE } });
}
