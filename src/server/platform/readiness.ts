import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { DatabaseHandle } from "./db/client.ts";
import type { ObjectStore } from "./storage/object-store.ts";

/** Longest a single probe may take before it counts as failed: a load balancer gives up after a few seconds. */
export const PROBE_TIMEOUT_MS = 2_000;
/** How long a reachable store is taken as reachable again: an S3 HeadBucket every second per process is waste. */
const STORAGE_REUSE_MS = 5_000;

export type ReadinessPart = "database" | "migrations" | "storage";

/** DESIGN §11's answers: each part "ok" or a short reason of our own words (never an error's text). */
export type ReadinessReport =
  | { status: "ready"; database: "ok"; migrations: "ok"; storage: "ok" }
  | ({ status: "unready" } & Record<ReadinessPart, string>)
  | { status: "draining" };

export type ReadinessCheck = {
  report: ReadinessReport;
  /** Each failing part's error, for the log: addresses and drivers' words stay out of the answer. */
  causes: Partial<Record<ReadinessPart, unknown>>;
};

export type Readiness = {
  /** Whether this process should be sent traffic now: each part probed at once, each within PROBE_TIMEOUT_MS. */
  check(): Promise<ReadinessCheck>;
  /** From now on every check says "draining" (SIGTERM): the load balancer stops sending before the server closes. */
  beginShutdown(): void;
};

/** Failures whose message is a short reason fit for the answer ("no answer within 2 s", "29 of 30 applied"). */
class ProbeTimeoutError extends Error {}
class MigrationsBehindError extends Error {}

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
      throw new MigrationsBehindError(`${applied.count} of ${files.length} applied`);
    }
    areMigrationsApplied = true;
  };
  const probeStorage = async () => {
    if (Date.now() < storageReachableUntil) return;
    await storage.probe();
    storageReachableUntil = Date.now() + STORAGE_REUSE_MS;
  };
  const probes = { database: probeDatabase, migrations: probeMigrations, storage: probeStorage };
  const failureText: Record<ReadinessPart, string> = {
    database: "not answering",
    migrations: "not readable",
    storage: "not reachable or not writable",
  };

  return {
    async check() {
      if (isShuttingDown) return { report: { status: "draining" }, causes: {} };
      const causes: ReadinessCheck["causes"] = {};
      const parts = Object.keys(probes) as ReadinessPart[];
      const answers = await Promise.all(
        parts.map((part) =>
          withTimeout(probes[part](), timeoutMs).then(
            () => "ok",
            (error: unknown) => {
              causes[part] = error;
              if (error instanceof ProbeTimeoutError || error instanceof MigrationsBehindError)
                return error.message;
              return failureText[part];
            },
          ),
        ),
      );
      const [database, migrations, storage] = answers as [string, string, string];
      if (answers.every((answer) => answer === "ok")) {
        return { report: { status: "ready", database: "ok", migrations: "ok", storage: "ok" }, causes };
      }
      return { report: { status: "unready", database, migrations, storage }, causes };
    },
    beginShutdown() {
      isShuttingDown = true;
    },
  };
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeoutError(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
