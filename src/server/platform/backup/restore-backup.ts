import fs from "node:fs";
import path from "node:path";
import * as tar from "tar";
import { type DatabaseHandle, openDatabase } from "../db/client.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { extractVerifiedArchive } from "./archive.ts";
import { backupWorkFolder } from "./create-backup.ts";
import {
  BackupError,
  checkMigrationLevel,
  DATA_DIR_FOLDER,
  DATABASE_DUMP,
  FILES_FOLDER,
  type Manifest,
  readMigrationLevel,
} from "./manifest.ts";
import { runPgTool } from "./pg-tools.ts";

/** Where a restore writes: DATA_DIR, the object store, and (PostgreSQL) the open, empty database. */
export type RestoreTarget = {
  dataDir: string;
  store: ObjectStore;
  postgres?: { database: DatabaseHandle; databaseUrl: string } | undefined;
};

/**
 * Restores the archive `file`: checked whole before anything is written, and written only into an empty
 * place (an empty DATA_DIR, or an empty PostgreSQL database and bucket). Returns the archive's manifest.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<Manifest> {
  return target.postgres
    ? restorePostgres(file, target, target.postgres)
    : restoreEmbedded(file, target.dataDir, target.store);
}

/**
 * Builds the new DATA_DIR beside it, checks that the database opens at the archive's migration level, and
 * only then renames it into place: a failure at any step leaves DATA_DIR as it was (empty or absent).
 * A DATA_DIR that is a mount point (a container's volume) cannot be replaced: the work is done in a hidden
 * folder inside it, and its contents renamed out of it at the end.
 */
async function restoreEmbedded(file: string, dataDir: string, store: ObjectStore): Promise<Manifest> {
  const names = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).sort() : [];
  if (names.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (it holds ${names.slice(0, 3).join(", ")}${names.length > 3 ? ", …" : ""}): restore only into an empty folder. Nothing was restored.`,
    );
  }
  await refuseStoredFiles(store, dataDir, false);
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const isMountPoint =
    fs.existsSync(dataDir) && fs.statSync(dataDir).dev !== fs.statSync(path.dirname(dataDir)).dev;
  const work = await fs.promises.mkdtemp(
    isMountPoint
      ? path.join(dataDir, ".restoring-")
      : path.join(path.dirname(dataDir), `.${path.basename(dataDir)}-restoring-`),
  );
  let uploaded: string[] = [];
  try {
    const unpacked = path.join(work, "archive");
    await fs.promises.mkdir(unpacked);
    const manifest = await extractVerifiedArchive(file, unpacked);
    if (manifest.database.engine !== "pglite") {
      throw new BackupError(
        `${file} holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database. Nothing was restored.`,
      );
    }
    checkMigrationLevel(manifest.database.migrations);
    const data = path.join(work, "data");
    await fs.promises.mkdir(path.join(data, "db"), { recursive: true });
    // PGlite's dump names its files from the root (`/base/1/…`): tar makes them relative to the folder.
    await tar.x({ file: path.join(unpacked, DATABASE_DUMP.pglite), cwd: path.join(data, "db") });
    await moveDataDirFiles(unpacked, data);
    await checkEmbeddedDatabase(data, manifest);
    if (store.kind === "local")
      await moveIfPresent(path.join(unpacked, FILES_FOLDER), path.join(data, "files"));
    else uploaded = await uploadFiles(unpacked, manifest, store);
    if (isMountPoint) {
      for (const name of await fs.promises.readdir(data)) {
        await fs.promises.rename(path.join(data, name), path.join(dataDir, name));
      }
    } else {
      if (fs.existsSync(dataDir)) await fs.promises.rmdir(dataDir);
      await fs.promises.rename(data, dataDir);
    }
    return manifest;
  } catch (error) {
    await Promise.all(uploaded.map((key) => store.remove(key).catch(() => undefined)));
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

/** Opens the restored database once: it must start and hold the migrations its manifest names. */
async function checkEmbeddedDatabase(data: string, manifest: Manifest): Promise<void> {
  const database = await openDatabase({ dataDir: data });
  try {
    const level = await readMigrationLevel(database.runSql);
    if (level.applied !== manifest.database.migrations.applied) {
      throw new BackupError("The database in the archive does not match its manifest. Nothing was restored.");
    }
  } finally {
    await database.close();
  }
}

async function restorePostgres(
  file: string,
  target: RestoreTarget,
  postgres: NonNullable<RestoreTarget["postgres"]>,
): Promise<Manifest> {
  const { rows } = await postgres.database.runSql(
    "select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    [],
  );
  if ((rows[0] as { tables: number }).tables > 0) {
    throw new BackupError(
      `The database of DATABASE_URL is not empty: restore only into a new database (createdb, then point DATABASE_URL at it). Nothing was restored.`,
    );
  }
  await refuseStoredFiles(target.store, target.dataDir, true);
  const work = await fs.promises.mkdtemp(path.join(backupWorkFolder(target.dataDir), "restore-"));
  let uploaded: string[] = [];
  try {
    const manifest = await extractVerifiedArchive(file, work);
    if (manifest.database.engine !== "postgres") {
      throw new BackupError(
        `${file} holds an embedded database: restore it with DATABASE_URL unset and DATA_DIR an empty folder. Nothing was restored.`,
      );
    }
    checkMigrationLevel(manifest.database.migrations);
    uploaded = await uploadFiles(work, manifest, target.store);
    // One transaction: a restore that fails part-way leaves the database empty.
    await runPgTool(
      "pg_restore",
      [
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--no-privileges",
        path.join(work, DATABASE_DUMP.postgres),
      ],
      postgres.databaseUrl,
    );
    await moveDataDirFiles(work, target.dataDir);
    return manifest;
  } catch (error) {
    await Promise.all(uploaded.map((key) => target.store.remove(key).catch(() => undefined)));
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * A restore never mixes its files with others: the bucket must hold none, and so must DATA_DIR/files
 * beside PostgreSQL (the embedded restore has checked that the whole DATA_DIR is empty).
 */
async function refuseStoredFiles(store: ObjectStore, dataDir: string, isPostgres: boolean): Promise<void> {
  if (store.kind === "s3") {
    if ((await store.list("")).length > 0) {
      throw new BackupError(
        "The S3 bucket (S3_BUCKET) is not empty: restore only into an empty bucket. Nothing was restored.",
      );
    }
    return;
  }
  const folder = path.join(dataDir, "files");
  if (isPostgres && fs.existsSync(folder) && fs.readdirSync(folder).length > 0) {
    throw new BackupError(`${folder} is not empty: restore only into an empty folder. Nothing was restored.`);
  }
}

/** Puts every archived file into the store under its key; returns the keys written. */
async function uploadFiles(unpacked: string, manifest: Manifest, store: ObjectStore): Promise<string[]> {
  const written: string[] = [];
  for (const entry of manifest.entries) {
    if (!entry.path.startsWith(`${FILES_FOLDER}/`)) continue;
    const key = entry.path.slice(FILES_FOLDER.length + 1);
    // The files table holds each file's type; the object's own is not read back.
    await store.put(key, path.join(unpacked, entry.path), entry.size, "application/octet-stream");
    written.push(key);
  }
  return written;
}

/** DATA_DIR's secrets (session secret, signing certificate), where the folder does not hold its own. */
async function moveDataDirFiles(unpacked: string, dataDir: string): Promise<void> {
  const source = path.join(unpacked, DATA_DIR_FOLDER);
  if (!fs.existsSync(source)) return;
  await fs.promises.mkdir(dataDir, { recursive: true });
  for (const name of await fs.promises.readdir(source)) {
    await moveIfPresent(path.join(source, name), path.join(dataDir, name));
  }
}

async function moveIfPresent(source: string, destination: string): Promise<void> {
  if (fs.existsSync(source) && !fs.existsSync(destination)) await fs.promises.rename(source, destination);
}
