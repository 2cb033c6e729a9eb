import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBackupPlace } from "../../../test/backup-places.ts";
import { temporaryDataDir } from "../../../test/files.ts";
import { loadConfig } from "../../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { requestBackupFromServer, SERVER_STOPPED } from "./backup-socket.ts";
import { startBackups } from "./start-backups.ts";

const engine = process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database";
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe(`backups when the server stops and starts, on ${engine}`, async () => {
  const place = await createBackupPlace();
  const database = await place.open();
  await runMigrations(database);
  const runFolder = () => path.join(place.dataDir, "run");

  it("abandons a backup still under way at the shutdown bound: no archive, no partial, no work folder", async () => {
    const backupDir = temporaryDataDir();
    // The slow step: every query of the backup takes longer than the bound the server is given to stop.
    const slow: DatabaseHandle = {
      ...database,
      runSql: async (text, values) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        return database.runSql(text, values);
      },
    };
    const config = loadConfig({ ...place.env, BACKUP_DIR: backupDir });
    const backups = await startBackups({
      config,
      database: slow,
      store: place.store,
      dataDir: place.dataDir,
      logger: quiet,
    });
    // On the embedded database a `npm run cli -- backup` is under way through the server as well.
    const manualFile = path.join(temporaryDataDir(), "manual.tar.gz");
    const manual = place.databaseUrl
      ? null
      : requestBackupFromServer(place.dataDir, manualFile).catch((error: Error) => error.message);
    const expectedFolders = place.databaseUrl ? 1 : 2;
    await until(
      () =>
        fs.readdirSync(runFolder()).filter((name) => name.startsWith("backup-")).length === expectedFolders,
    );

    await backups.stop(50);

    expect(fs.readdirSync(backupDir)).toEqual([]);
    expect(fs.readdirSync(runFolder()).filter((name) => name.startsWith("backup-"))).toEqual([]);
    if (manual) {
      expect(await manual).toBe(SERVER_STOPPED);
      expect(fs.readdirSync(path.dirname(manualFile))).toEqual([]);
    }
  }, 60_000);

  it("at start-up removes what a killed backup left, and nothing else; DATA_DIR/run becomes private", async () => {
    const backupDir = temporaryDataDir();
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000);
    const write = (file: string, modified?: Date) => {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "x");
      if (modified) fs.utimesSync(file, modified, modified);
    };
    const killedPartial = "podium-2026-11-26T01-30-00Z.tar.gz.partial-1a2b3c4d";
    write(path.join(backupDir, killedPartial), twoHoursAgo);
    // Being written by another process (recently touched), and the operator's own files: kept.
    write(path.join(backupDir, "before-upgrade.tar.gz.partial-5e6f7a8b"));
    write(path.join(backupDir, "notes.partial-old"), twoHoursAgo);
    write(path.join(backupDir, "notes.txt"), twoHoursAgo);
    // A process id no system gives, and this process's own (a container's first process restarted): stale.
    write(path.join(runFolder(), "backup-99999999-aB3dE6", "files", "a.png"));
    write(path.join(runFolder(), `backup-${process.pid}-Zz9Yy8`, "database", "dump"));
    // A `npm run cli -- backup` still running (here: the test runner that started this worker).
    write(path.join(runFolder(), `backup-${process.ppid}-Qq1Ww2`, "files", "b.png"));
    write(path.join(runFolder(), "notes.txt"));
    fs.chmodSync(runFolder(), 0o755);

    // A backup is not due (interval of a year, a recent archive), so only the clean-up runs.
    write(
      path.join(backupDir, `podium-${new Date().toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`),
    );
    const config = loadConfig({ ...place.env, BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: "8760" });
    const backups = await startBackups({
      config,
      database,
      store: place.store,
      dataDir: place.dataDir,
      logger: quiet,
    });
    await backups.stop(10_000);

    expect(fs.readdirSync(backupDir)).toEqual(
      expect.arrayContaining(["before-upgrade.tar.gz.partial-5e6f7a8b", "notes.partial-old", "notes.txt"]),
    );
    expect(fs.readdirSync(backupDir)).not.toContain(killedPartial);
    const run = fs.readdirSync(runFolder()).filter((name) => name !== "backup.sock");
    expect(run.sort()).toEqual([`backup-${process.ppid}-Qq1Ww2`, "notes.txt"]);
    expect(fs.statSync(runFolder()).mode & 0o777).toBe(0o700);
  }, 60_000);
});
