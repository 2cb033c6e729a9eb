import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { citext } from "@electric-sql/pglite/contrib/citext";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import { acquireDirectoryLock } from "./directory-lock.ts";
import { type Listener, type ListenHandlers, listenOnPglite, listenOnPostgres } from "./listen.ts";
import {
  copyTemplate,
  DEFAULT_TEMPLATES_DIR,
  isInitialised,
  saveTemplate,
  templateKey,
} from "./pglite-template.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Query functions take either the database or a transaction, so callers decide the unit of work. */
export type Queryable = Database | Transaction;

export type SqlRunner = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Raw SQL for platform code that is not Drizzle (pg-boss). Without values, several statements may be sent. */
  runSql: SqlRunner;
  /** LISTENs on `channel` (listen.ts): on PostgreSQL through a connection of its own, reconnecting when lost. */
  listen: (channel: string, handlers: ListenHandlers) => Promise<Listener>;
  /** Runs `task` while holding a server-wide lock, so that concurrent start-ups migrate one at a time. */
  withStartupLock: <T>(task: () => Promise<T>) => Promise<T>;
  /** Called by runMigrations once the schema is current. */
  afterMigrations: () => Promise<void>;
  /** For an embedded data folder made by this start: whether it was copied from the template or initialised. */
  createdFrom: "template" | "initdb" | null;
  /**
   * Embedded only: the data folder as a tar, taken while no transaction is open and no query runs, so it
   * holds every write acknowledged before it and none half-done. `alongside` runs at that same instant
   * (writes wait for it), for what must match the database exactly, such as the stored files.
   */
  snapshot?: (alongside: () => Promise<void>) => Promise<Uint8Array>;
  /**
   * The connection pool's clients (PostgreSQL) for the metrics. PGlite has one connection and keeps its queue
   * of waiting queries private, so it has none.
   */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

/** Arbitrary constant naming the advisory lock taken around migrations. */
const STARTUP_LOCK_ID = 7_301_733;

const drizzleOptions = { schema, casing: "snake_case" } as const;
const pgliteExtensions = { citext, pg_trgm };

/** Opens PostgreSQL through `pg` when a URL is given, else PGlite in `dataDir` (or in memory for `memory://`). */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  /** Where new embedded data folders are copied from (pglite-template.ts); tests pass their own. */
  templatesDir?: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir ?? "memory://", options.templatesDir ?? DEFAULT_TEMPLATES_DIR);
}

function openPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000 });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on("error", () => {});
  return {
    db: drizzleNodePg({ client: pool, ...drizzleOptions }) as unknown as Database,
    kind: "postgres",
    runSql: async (text, values) => pool.query(text, values as unknown[]),
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers),
    withStartupLock: async (task) => {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
        return await task();
      } finally {
        await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
        lockClient.release();
      }
    },
    afterMigrations: async () => {},
    createdFrom: null,
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function openPglite(location: string, templatesDir: string): Promise<DatabaseHandle> {
  let releaseLock = () => {};
  let dataDir: string | undefined;
  let createdFrom: DatabaseHandle["createdFrom"] = null;
  let newTemplateKey: string | undefined;
  if (location !== "memory://") {
    fs.mkdirSync(location, { recursive: true });
    releaseLock = acquireDirectoryLock(path.join(location, "podium.lock"));
    dataDir = path.join(location, "db");
    if (!isInitialised(dataDir)) {
      const key = templateKey(Object.keys(pgliteExtensions));
      createdFrom = copyTemplate(templatesDir, key, dataDir) ? "template" : "initdb";
      if (createdFrom === "initdb") newTemplateKey = key;
    }
  }
  const client = await PGlite.create({ dataDir, extensions: pgliteExtensions });
  return {
    db: drizzlePglite({ client, ...drizzleOptions }) as unknown as Database,
    kind: "pglite",
    runSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      try {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        // A failed "begin; …; commit;" script leaves the only connection in an aborted transaction.
        if (client.isInTransaction()) await client.exec("rollback");
        throw error;
      }
    },
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    withStartupLock: (task) => task(),
    afterMigrations: async () => {
      if (!dataDir || !newTemplateKey) return;
      // Written to the data files, so that a copy of the folder holds the whole database.
      await client.exec("checkpoint");
      saveTemplate(templatesDir, newTemplateKey, dataDir);
      newTemplateKey = undefined;
    },
    createdFrom,
    // A transaction of PGlite's starts only when no other is open, and holds back every other call while
    // it runs; dumpDataDir runs in the inner query queue that the transaction leaves free between queries.
    snapshot: (alongside) =>
      client.transaction(async (transaction) => {
        // Written to the data files first, so that the copy starts without replaying the log.
        await transaction.exec("checkpoint");
        const dump = await client.dumpDataDir("none");
        await alongside();
        return new Uint8Array(await dump.arrayBuffer());
      }),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
