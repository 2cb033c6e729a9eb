import { sql } from "drizzle-orm";
import type { Database, Transaction } from "../server/platform/db/client.ts";

/**
 * Changes rows with every trigger off, as a script that bypasses them would: no book version is bumped and no
 * process hears of it (decision 046), so only a read that goes to the database sees the change. Tests use it
 * to prove that an answer was kept.
 */
export async function changeUnheard(db: Database, change: (tx: Transaction) => Promise<unknown>) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await change(tx);
  });
}
