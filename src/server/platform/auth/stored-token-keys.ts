import { eq } from "drizzle-orm";
import type { Database, Queryable } from "../db/client.ts";
import { tokenKeyFingerprints } from "../db/schema.ts";
import type { TokenKeys, TokenPurpose } from "./token-keys.ts";
import { hmac } from "./tokens.ts";

/** Stores again, under a purpose's current key, the hashes of the links of that purpose. */
export type Rehash = (db: Queryable, key: string) => Promise<void>;

/**
 * For each purpose whose links are found by a stored hash: when its key differs from the one the hashes
 * were made with (a new TOKEN_KEY_VERSIONS entry or SESSION_SECRET, or the first start with keys by purpose),
 * stores every hash again and remembers the key's fingerprint, in one transaction per purpose. The row lock
 * lets several processes start at once. Returns the purposes re-hashed.
 */
export async function rehashWhenKeysChange(
  db: Database,
  keys: TokenKeys,
  rehashes: Partial<Record<TokenPurpose, Rehash>>,
): Promise<TokenPurpose[]> {
  const changed: TokenPurpose[] = [];
  for (const [purpose, rehash] of Object.entries(rehashes) as [TokenPurpose, Rehash][]) {
    const fingerprint = hmac(keys[purpose], "key fingerprint");
    await db.transaction(async (tx) => {
      await tx.insert(tokenKeyFingerprints).values({ purpose, fingerprint: "" }).onConflictDoNothing();
      const [stored] = await tx
        .select()
        .from(tokenKeyFingerprints)
        .where(eq(tokenKeyFingerprints.purpose, purpose))
        .for("update");
      if (stored?.fingerprint === fingerprint) return;
      await rehash(tx, keys[purpose]);
      await tx
        .update(tokenKeyFingerprints)
        .set({ fingerprint, changedAt: new Date() })
        .where(eq(tokenKeyFingerprints.purpose, purpose));
      changed.push(purpose);
    });
  }
  return changed;
}
