import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { createRandomToken, sha256 } from "../../platform/auth/tokens.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { authTokens } from "../../platform/db/schema.ts";

export type AuthTokenPurpose = (typeof authTokens.$inferSelect)["purpose"];

/** Verification links last 24 h, reset links 1 h (DESIGN §4). */
const LIFETIME_MINUTES: Record<AuthTokenPurpose, number> = { verify_email: 24 * 60, reset_password: 60 };

/**
 * Issues a single-use token for the e-mailed link and voids the user's older ones of the same purpose.
 * Only the SHA-256 of the token is stored; the returned raw token goes into the link.
 */
export async function issueAuthToken(db: Queryable, userId: string, purpose: AuthTokenPurpose) {
  await voidAuthTokens(db, userId, purpose);
  const token = createRandomToken();
  await db.insert(authTokens).values({
    userId,
    purpose,
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

/** Uses a token up in one atomic step; returns its user's id, or null when unknown, used or expired. */
export async function consumeAuthToken(
  db: Queryable,
  token: string,
  purpose: AuthTokenPurpose,
): Promise<string | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(authTokens.tokenHash, sha256(token)),
        eq(authTokens.purpose, purpose),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: authTokens.userId });
  return row?.userId ?? null;
}
