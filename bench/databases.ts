import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DatabaseHandle, openDatabase } from "../src/server/platform/db/client.ts";
import { runMigrations } from "../src/server/platform/db/migrate.ts";

export const DEFAULT_SERVER_URL = "postgres://postgres@127.0.0.1:5432/postgres";

export type BenchDatabase = {
  handle: DatabaseHandle;
  url?: string;
  /** PGlite's folder: a server in a child process opens it once `handle` is closed (closing twice is safe). */
  dataDir?: string;
  dispose: () => Promise<void>;
};

/**
 * A migrated, empty PostgreSQL database: BENCH_DATABASE_URL as given (left in place afterwards), or a fresh
 * database created on the local server and dropped by `dispose`.
 */
export async function openBenchPostgres(): Promise<BenchDatabase> {
  const given = process.env.BENCH_DATABASE_URL;
  if (given) {
    const handle = await openDatabase({ databaseUrl: given });
    await runMigrations(handle);
    return { handle, url: given, dispose: () => handle.close() };
  }
  const name = `podium_bench_${randomBytes(4).toString("hex")}`;
  await withServer((client) => client.query(`create database ${name}`));
  const url = new URL(DEFAULT_SERVER_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await runMigrations(handle);
  return {
    handle,
    url: url.toString(),
    dispose: async () => {
      await handle.close();
      await withServer((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A migrated PGlite database in a temporary directory, removed by `dispose`. */
export async function openBenchPglite(): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-"));
  const opened = await openDatabase({ dataDir });
  await runMigrations(opened);
  let closing: Promise<void> | undefined;
  const handle = { ...opened, close: () => (closing ??= opened.close()) };
  return {
    handle,
    dataDir,
    dispose: async () => {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function withServer(task: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: DEFAULT_SERVER_URL });
  await client.connect();
  try {
    await task(client);
  } finally {
    await client.end();
  }
}
