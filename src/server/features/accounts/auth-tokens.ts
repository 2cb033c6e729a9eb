import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { authTokens } from "../../platform/db/schema.ts";

export type AuthTokenPurpose = (typeof authTokens.$inferSelect)["purpose"];

/** Verification links last 24 h, reset links 1 h (DESIGN §4). */
const LIFETIME_MINUTES: Record<AuthTokenPurpose, number> = { verify_email: 24 * 60, reset_password: 60 };

/**
 * Issues a single-use token for the e-mailed link. Only the SHA-256 of the token is stored; the returned raw
 * token goes into the link. The user's older tokens of the same purpose are voided, unless `keepEarlier`: a
 * second verification e-mail must not break the welcome link the speaker is about to click (the address is
 * the same, so either link proves the same thing; using one voids the others).
 */
export async function issueAuthToken(
  db: Queryable,
  userId: string,
  purpose: AuthTokenPurpose,
  {
    keepEarlier = false,
    newEmail,
  }: {
    keepEarlier?: boolean;
    /** A change of e-mail: the address the link confirms, which becomes the account's when it is opened. */
    newEmail?: string;
  } = {},
) {
  if (!keepEarlier) await voidAuthTokens(db, userId, purpose);
  const token = createRandomToken();
  await db.insert(authTokens).values({
    userId,
    purpose,
    newEmail,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(mins => ${LIFETIME_MINUTES[purpose]})`,
  });
  return token;
}

export async function voidAuthTokens(db: Queryable, userId: string, purpose: AuthTokenPurpose) {
  await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.purpose, purpose), isNull(authTokens.usedAt)));
}

/** The user of a token that is still usable, without using it up (a page checks its link before asking for input). */
export async function findUsableAuthToken(
  db: Queryable,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .select({ userId: authTokens.userId })
    .from(authTokens)
    .where(usableToken(token, purpose));
  return row?.userId ?? null;
}

function usableToken(token: string, purpose: AuthTokenPurpose) {
  return and(
    eq(authTokens.tokenHash, sha256(token)),
    eq(authTokens.purpose, purpose),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, sql`now()`),
  );
}

/**
 * Uses a token up in one atomic step; returns its user's id (and the new address a change-of-e-mail link
 * confirms), or null when unknown, used or expired.
 */
export async function consumeAuthToken(
  db: Queryable,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<{ userId: string; newEmail: string | null } | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(usableToken(token, purpose))
    .returning({ userId: authTokens.userId, newEmail: authTokens.newEmail });
  return row ?? null;
}
