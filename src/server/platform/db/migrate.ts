import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../drizzle");

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  await handle.withStartupLock(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: each migrator takes its own driver's database type.
    const db = handle.db as any;
    if (handle.kind === "pglite") await migratePglite(db, { migrationsFolder });
    else await migrateNodePg(db, { migrationsFolder });
  });
}
