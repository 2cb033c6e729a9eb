import { randomInt } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { RECOVERY_CODE_COUNT } from "../../../shared/schemas/security.ts";
import { hashPassword, verifyPassword } from "../../platform/auth/passwords.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { columnRows } from "../../platform/db/columns.ts";
import { recoveryCodes } from "../../platform/db/schema.ts";

/** Letters and digits that cannot be mistaken for one another when copied from paper (no 0/o, 1/l/i). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten random characters (about 49 bits), printed as `abcde-fghjk`. */
function newRecoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return `${characters.slice(0, 5)}-${characters.slice(5)}`;
}

/**
 * Replaces the user's recovery codes with ten new ones and returns them as they are to be shown, once. Only
 * their argon2 hashes are kept, like passwords: a copy of the database does not reveal them.
 */
export async function replaceRecoveryCodes(db: Queryable, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const hashes = await Promise.all(codes.map((code) => hashPassword(code.replace("-", ""))));
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(
    columnRows(
      recoveryCodes,
      hashes.map((codeHash) => ({ userId, codeHash })),
    ),
  );
  return codes;
}

/** Uses up one of the user's unused recovery codes (given as the schema normalised it); false when none matches. */
export async function redeemRecoveryCode(db: Queryable, userId: string, code: string): Promise<boolean> {
  const unused = await db
    .select({ id: recoveryCodes.id, codeHash: recoveryCodes.codeHash })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  for (const candidate of unused) {
    if (!(await verifyPassword(candidate.codeHash, code))) continue;
    // Marked only while still unused: of two sign-ins with the same code at once, one wins.
    const [used] = await db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(recoveryCodes.id, candidate.id), isNull(recoveryCodes.usedAt)))
      .returning({ id: recoveryCodes.id });
    return used !== undefined;
  }
  return false;
}

export async function countRecoveryCodesLeft(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.count ?? 0;
}
