import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { DatabaseHandle } from "../db/client.ts";
import { isRunning } from "../db/directory-lock.ts";
import { ObjectMissingError, type ObjectStore } from "../storage/object-store.ts";
import { writeArchive } from "./archive.ts";
import {
  BackupError,
  DATA_DIR_FOLDER,
  DATABASE_DUMP,
  FILES_FOLDER,
  type Manifest,
  podiumVersion,
  readMigrationLevel,
} from "./manifest.ts";
import { runPgTool } from "./pg-tools.ts";

/** What a backup reads: the open database, the object store and DATA_DIR (local files, secrets). */
export type BackupSources = {
  database: DatabaseHandle;
  /** Set exactly when `database` is PostgreSQL: pg_dump connects on its own. */
  databaseUrl?: string | undefined;
  store: ObjectStore;
  dataDir: string;
};

/** DATA_DIR's own files that a restored server needs besides the database: without them every signed link breaks. */
const DATA_DIR_SECRETS = ["session-secret", "signing"];
/** What Podium keeps in DATA_DIR: a backup written there would replace it. */
const DATA_DIR_OWN = ["db", "files", "run", "podium.lock", ...DATA_DIR_SECRETS];

/** A private folder in DATA_DIR for backup work; on the same disk as the files, so they can be hard-linked. */
export function backupWorkFolder(dataDir: string): string {
  const folder = path.join(dataDir, "run");
  fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
  // mkdir leaves the mode of a folder that already existed (made by hand, or by an older Podium) as it was.
  fs.chmodSync(folder, 0o700);
  return folder;
}

/** `backup-<pid>-XXXXXX`: a backup's staging folder in DATA_DIR/run, named by the process that made it. */
const STAGING_NAME = /^backup-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * Removes the staging folders left in DATA_DIR/run by a process that was killed during a backup: they hold
 * hard links to stored files, so files deleted since would stay on disk. One whose process still runs (a
 * `npm run cli -- backup` on PostgreSQL) is kept; one named by this process's id is from a former process
 * that had it (a container's first process), since this one has begun no backup yet. Returns the names removed.
 */
export function removeStaleStaging(dataDir: string): string[] {
  const folder = backupWorkFolder(dataDir);
  const stale = fs.readdirSync(folder).filter((name) => {
    const pid = Number(STAGING_NAME.exec(name)?.[1]);
    return Number.isInteger(pid) && (pid === process.pid || !isRunning(pid));
  });
  for (const name of stale) fs.rmSync(path.join(folder, name), { recursive: true, force: true });
  return stale;
}

/**
 * Writes one archive of the database and every stored file to `target` (see docs/decisions/044-backups.md
 * for why the result is consistent while the server takes writes). Returns its manifest.
 */
export async function createBackup(
  sources: BackupSources,
  target: string,
  options: { kind: Manifest["kind"]; now: Date; signal?: AbortSignal | undefined },
): Promise<Manifest> {
  const { signal } = options;
  const archivePath = path.resolve(target);
  if (!fs.existsSync(path.dirname(archivePath))) {
    throw new BackupError(`The folder ${path.dirname(archivePath)} does not exist.`);
  }
  // Made first, and DATA_DIR with it: a server on PostgreSQL and a bucket may not have needed one yet.
  const workFolder = backupWorkFolder(sources.dataDir);
  // Compared through links: the archive's rename would replace the file it names.
  const inDataDir = path.relative(
    fs.realpathSync(sources.dataDir),
    path.join(fs.realpathSync(path.dirname(archivePath)), path.basename(archivePath)),
  );
  if (DATA_DIR_OWN.includes(inDataDir.split(path.sep)[0]!)) {
    throw new BackupError(
      `${archivePath} is one of Podium's own files in DATA_DIR (${sources.dataDir}): write the backup elsewhere, or it would replace what it saves.`,
    );
  }
  signal?.throwIfAborted();
  const staging = await fs.promises.mkdtemp(path.join(workFolder, `backup-${process.pid}-`));
  try {
    const migrations = await readMigrationLevel(sources.database.runSql);
    signal?.throwIfAborted();
    await fs.promises.mkdir(path.join(staging, "database"));
    const filesTarget = path.join(staging, FILES_FOLDER);
    const localFiles = path.join(sources.dataDir, "files");
    if (sources.database.kind === "pglite") {
      if (!sources.database.snapshot) throw new Error("The embedded database cannot be snapshot");
      // Linked while writes wait: a file row in the dump has its bytes, even if deleted a moment later.
      const dump = await sources.database.snapshot(() => linkTree(localFiles, filesTarget, signal));
      await fs.promises.writeFile(path.join(staging, DATABASE_DUMP.pglite), dump);
    } else {
      if (!sources.databaseUrl) throw new Error("A PostgreSQL backup needs the database URL");
      const dumpPath = path.join(staging, DATABASE_DUMP.postgres);
      await runPgTool("pg_dump", ["--format=custom", `--file=${dumpPath}`], sources.databaseUrl, signal);
      if (sources.store.kind === "local") await linkTree(localFiles, filesTarget, signal);
      else await downloadObjects(sources.store, filesTarget, signal);
    }
    signal?.throwIfAborted();
    for (const name of DATA_DIR_SECRETS) {
      const source = path.join(sources.dataDir, name);
      if (fs.existsSync(source)) {
        await fs.promises.cp(source, path.join(staging, DATA_DIR_FOLDER, name), { recursive: true });
      }
    }
    return await writeArchive(
      staging,
      {
        format: "podium-backup",
        formatVersion: 1,
        podiumVersion: podiumVersion(),
        createdAt: options.now.toISOString(),
        kind: options.kind,
        database: { engine: sources.database.kind, migrations },
        files: { source: sources.store.kind },
      },
      archivePath,
      signal,
    );
  } catch (error) {
    // An aborted step throws its own AbortError; the caller is told why the backup was abandoned.
    throw signal?.aborted ? signal.reason : error;
  } finally {
    await fs.promises.rm(staging, { recursive: true, force: true });
  }
}

/**
 * Hard-links every stored file under `source` into `target` (a copy where links are refused). Uploads
 * still arriving (`.incoming`) are not stored files yet.
 */
async function linkTree(source: string, target: string, signal?: AbortSignal): Promise<void> {
  const entries = await fs.promises
    .readdir(source, { recursive: true, withFileTypes: true })
    .catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return [];
      throw error;
    });
  for (const entry of entries) {
    signal?.throwIfAborted();
    if (!entry.isFile()) continue;
    const relative = path.relative(source, path.join(entry.parentPath, entry.name));
    if (relative.split(path.sep)[0] === ".incoming") continue;
    const destination = path.join(target, relative);
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    try {
      await fs.promises.link(path.join(source, relative), destination);
    } catch (error) {
      // Gone since the listing: deleted, so not in the database either.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      await fs.promises.copyFile(path.join(source, relative), destination);
    }
  }
}

/** Copies every object of the bucket; one deleted since it was listed is left out. */
async function downloadObjects(store: ObjectStore, target: string, signal?: AbortSignal): Promise<void> {
  for (const key of await store.list("")) {
    signal?.throwIfAborted();
    const destination = path.join(target, key);
    await fs.promises.mkdir(path.dirname(destination), { recursive: true });
    try {
      await pipeline(await store.get(key), fs.createWriteStream(destination), { signal });
    } catch (error) {
      if (!(error instanceof ObjectMissingError)) throw error;
      await fs.promises.rm(destination, { force: true });
    }
  }
}
