import { and, eq, gt, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { SecondFactorMethod } from "../../../shared/schemas/security.ts";
import type { Queryable } from "../db/client.ts";
import { passkeys, pendingSignIns, recoveryCodes, totpFactors } from "../db/schema.ts";
import { sha256 } from "./tokens.ts";

/** How long the second step of a password sign-in may take. */
export const PENDING_SIGN_IN_MINUTES = 5;

/**
 * The methods a user's second sign-in step accepts; empty when the account has no second factor. Any passkey
 * or an enabled authenticator app is a second factor (decision 049); recovery codes stand in for the app.
 */
export async function findSecondFactorMethods(db: Queryable, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({
      hasTotp: sql<boolean>`exists (select 1 from ${totpFactors} where ${and(eq(totpFactors.userId, userId), isNotNull(totpFactors.enabledAt))})`,
      hasPasskey: sql<boolean>`exists (select 1 from ${passkeys} where ${eq(passkeys.userId, userId)})`,
      hasRecoveryCode: sql<boolean>`exists (select 1 from ${recoveryCodes} where ${and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))})`,
    })
    .from(sql`(select 1) as one`);
  const methods: SecondFactorMethod[] = [];
  if (row?.hasTotp) methods.push("totp");
  if (row?.hasPasskey) methods.push("passkey");
  if (row?.hasRecoveryCode && methods.length > 0) methods.push("recovery");
  return methods;
}

/** Remembers, for this browser only, that its password step for `userId` succeeded. */
export async function beginPendingSignIn(db: Queryable, binding: string, userId: string): Promise<void> {
  const expiresAt = sql`now() + make_interval(mins => ${PENDING_SIGN_IN_MINUTES})`;
  await db
    .insert(pendingSignIns)
    .values({ bindingHash: sha256(binding), userId, expiresAt })
    .onConflictDoUpdate({ target: pendingSignIns.bindingHash, set: { userId, expiresAt } });
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, sql`now()`));
}

/** The user whose password this browser gave in the last five minutes, if its second step is still open. */
export async function findPendingSignIn(db: Queryable, binding: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: pendingSignIns.userId })
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.bindingHash, sha256(binding)), gt(pendingSignIns.expiresAt, sql`now()`)));
  return row?.userId ?? null;
}

export async function endPendingSignIn(db: Queryable, binding: string): Promise<void> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.bindingHash, sha256(binding)));
}

/** Ends every second step begun with the user's password: the password changed, or the factors went. */
export async function endPendingSignInsOf(db: Queryable, userId: string): Promise<void> {
  await db.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
}
