import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { DatabaseHandle } from "./db/client.ts";
import type { ObjectStore } from "./storage/object-store.ts";

/** Longest a single probe may take before it counts as failed: a load balancer gives up after a few seconds. */
export const PROBE_TIMEOUT_MS = 2_000;
/** How long a reachable store is taken as reachable again: an S3 HeadBucket every second per process is waste. */
const STORAGE_REUSE_MS = 5_000;

export type ReadinessPart = "database" | "migrations" | "storage" | "shutdown";

export type ReadinessReport =
  | { isReady: true }
  | { isReady: false; failing: { part: ReadinessPart; reason: string }[] };

export type Readiness = {
  /** Whether this process should be sent traffic now: each part probed at once, each within PROBE_TIMEOUT_MS. */
  check(): Promise<ReadinessReport>;
  /** From now on every check says "shutdown" (SIGTERM): the load balancer stops sending before the server closes. */
  beginShutdown(): void;
};

/**
 * The readiness of DESIGN §11: the database answers, every migration of the folder is applied (checked until it
 * once holds: a process never un-applies one), and the store is reachable and writable.
 */
export function createReadiness(options: {
  database: DatabaseHandle;
  storage: ObjectStore;
  migrationsFolder: string;
  timeoutMs?: number;
}): Readiness {
  const { database, storage } = options;
  const timeoutMs = options.timeoutMs ?? PROBE_TIMEOUT_MS;
  let isShuttingDown = false;
  let areMigrationsApplied = false;
  let storageReachableUntil = 0;

  const probeDatabase = async () => {
    await database.db.execute(sql`select 1`);
  };
  // drizzle's own rule: the migrator runs every file newer than the newest applied one.
  const probeMigrations = async () => {
    if (areMigrationsApplied) return;
    const files = readMigrationFiles({ migrationsFolder: options.migrationsFolder });
    const { rows } = await database.runSql(
      "select count(*)::int as count, coalesce(max(created_at), 0)::bigint as newest from drizzle.__drizzle_migrations",
      [],
    );
    const applied = rows[0] as { count: number; newest: string | number };
    const newestFile = Math.max(0, ...files.map((file) => file.folderMillis));
    if (applied.count < files.length || Number(applied.newest) < newestFile) {
      throw new Error(`${applied.count} of the ${files.length} migrations are applied`);
    }
    areMigrationsApplied = true;
  };
  const probeStorage = async () => {
    if (Date.now() < storageReachableUntil) return;
    await storage.probe();
    storageReachableUntil = Date.now() + STORAGE_REUSE_MS;
  };

  return {
    async check() {
      if (isShuttingDown) return { isReady: false, failing: [{ part: "shutdown", reason: "shutting down" }] };
      const parts = [
        ["database", probeDatabase],
        ["migrations", probeMigrations],
        ["storage", probeStorage],
      ] as const;
      const results = await Promise.all(
        parts.map(([part, probe]) =>
          withTimeout(probe(), timeoutMs).then(
            () => null,
            (error: unknown) => ({ part, reason: error instanceof Error ? error.message : String(error) }),
          ),
        ),
      );
      const failing = results.filter((result) => result !== null);
      return failing.length === 0 ? { isReady: true } : { isReady: false, failing };
    },
    beginShutdown() {
      isShuttingDown = true;
    },
  };
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
