import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./client.ts";
import { MIGRATIONS_FOLDER as migrationsFolder } from "./migrations-folder.ts";

export async function runMigrations(handle: DatabaseHandle): Promise<void> {
  await handle.withStartupLock(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: each migrator takes its own driver's database type.
    const db = handle.db as any;
    if (handle.kind === "pglite") await migratePglite(db, { migrationsFolder });
    else await migrateNodePg(db, { migrationsFolder });
  });
  await handle.afterMigrations();
}
