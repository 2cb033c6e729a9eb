import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { loadConfig } from "../server/config.ts";
import { listFiles } from "../server/platform/backup/archive.ts";
import type { BackupSources } from "../server/platform/backup/create-backup.ts";
import type { RestoreTarget } from "../server/platform/backup/restore-backup.ts";
import { type DatabaseHandle, openDatabase } from "../server/platform/db/client.ts";
import { createObjectStore } from "../server/platform/storage/create-object-store.ts";
import { readBytes } from "../server/platform/storage/object-bytes.ts";
import type { ObjectStore } from "../server/platform/storage/object-store.ts";
import { startS3Server, temporaryDataDir } from "./files.ts";

/**
 * Where a backup is taken from or restored to, in the shape of the test run: with DATABASE_URL set, a new
 * empty PostgreSQL database and an S3-compatible bucket (s3rver); otherwise a DATA_DIR for the embedded
 * database and local files. Everything is removed after the test file.
 */
export type BackupPlace = {
  dataDir: string;
  databaseUrl: string | undefined;
  /** The variables a server or `npm run cli` would be given for this place. */
  env: Record<string, string>;
  store: ObjectStore;
  /** Opens the place's database (creating an embedded one if the folder is empty); closed after the file. */
  open: () => Promise<DatabaseHandle>;
};

export async function createBackupPlace(): Promise<BackupPlace> {
  const dataDir = path.join(temporaryDataDir(), "data");
  const serverUrl = process.env.DATABASE_URL;
  const databaseUrl = serverUrl ? await createEmptyDatabase(serverUrl) : undefined;
  const env: Record<string, string> = {
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? "",
    ...(serverUrl ? await startS3Server(`backup-${randomBytes(4).toString("hex")}`) : {}),
  };
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });
  return {
    dataDir,
    databaseUrl,
    env,
    store: createObjectStore(loadConfig(env)),
    open: async () => {
      const handle = await openDatabase({ databaseUrl, dataDir });
      handles.push(handle);
      return handle;
    },
  };
}

export const sourcesOf = (place: BackupPlace, database: DatabaseHandle): BackupSources => ({
  database,
  databaseUrl: place.databaseUrl,
  store: place.store,
  dataDir: place.dataDir,
});

export const restoreTargetOf = (place: BackupPlace, database?: DatabaseHandle): RestoreTarget => ({
  dataDir: place.dataDir,
  store: place.store,
  postgres: place.databaseUrl && database ? { database, databaseUrl: place.databaseUrl } : undefined,
});

async function createEmptyDatabase(serverUrl: string): Promise<string> {
  const name = `podium_test_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  afterAll(() => run(`drop database if exists ${name} with (force)`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Every table of every schema but PostgreSQL's own: its row count and a digest of its rows in order. */
export async function tableContents(database: DatabaseHandle): Promise<Record<string, string>> {
  const { rows: tables } = await database.runSql(
    "select table_schema as schema, table_name as name from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2",
    [],
  );
  const contents: Record<string, string> = {};
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const { rows } = await database.runSql(
      `select count(*)::int as count, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${schema}"."${name}" t`,
      [],
    );
    const row = rows[0] as { count: number; digest: string };
    contents[`${schema}.${name}`] = `${row.count} rows, ${row.digest}`;
  }
  return contents;
}

/** Every stored file (key → SHA-256 of its bytes), in the bucket or under DATA_DIR/files. */
export async function storedFiles(place: BackupPlace): Promise<Record<string, string>> {
  const keys =
    place.store.kind === "s3"
      ? await place.store.list("")
      : (await listFiles(path.join(place.dataDir, "files")).catch(() => [])).filter(
          (key) => !key.startsWith(".incoming/"),
        );
  const files: Record<string, string> = {};
  for (const key of keys) {
    files[key] = createHash("sha256")
      .update(await readBytes(place.store, key))
      .digest("hex");
  }
  return files;
}

/** Whether a restore left anything behind: the place's folder, its files and its database. */
export async function isPlaceEmpty(place: BackupPlace, database?: DatabaseHandle): Promise<boolean> {
  const folderEmpty = !fs.existsSync(place.dataDir) || fs.readdirSync(place.dataDir).length === 0;
  const noFiles = Object.keys(await storedFiles(place)).length === 0;
  if (!database) return folderEmpty && noFiles;
  return noFiles && Object.keys(await tableContents(database)).length === 0;
}
