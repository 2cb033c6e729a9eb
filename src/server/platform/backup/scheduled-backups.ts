import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "../db/client.ts";
import { removeStalePartials } from "./archive.ts";
import { type BackupSources, createBackup } from "./create-backup.ts";

export type BackupSchedule = { directory: string; intervalHours: number; keep: number };

const ARCHIVE_NAME = /^podium-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz$/;

/** `podium-2026-11-27T01-30-00Z.tar.gz`: the UTC time it was made, in a name that sorts by time. */
export function scheduledArchiveName(now: Date): string {
  return `podium-${now.toISOString().slice(0, 19).replaceAll(":", "-")}Z.tar.gz`;
}

/** The time a scheduled archive was made, from its name; null for any other file. */
export function timeOfArchive(name: string): Date | null {
  const match = ARCHIVE_NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

/** Whether a backup is due at `now`, given the names in BACKUP_DIR: when none was made in the last interval. */
export function isBackupDue(names: string[], now: Date, intervalHours: number): boolean {
  const times = names.map(timeOfArchive).filter((time) => time !== null);
  const newest = Math.max(...times.map((time) => time.getTime()));
  return !Number.isFinite(newest) || now.getTime() - newest >= intervalHours * 3_600_000;
}

/** The scheduled archives beyond the newest `keep`; other files in the folder are never touched. */
export function archivesToRemove(names: string[], keep: number): string[] {
  return names
    .filter((name) => timeOfArchive(name) !== null)
    .sort()
    .reverse()
    .slice(keep);
}

const embeddedRuns = new WeakMap<DatabaseHandle, Promise<unknown>>();

/** Arbitrary constant naming the advisory lock one process holds while it makes the scheduled backup. */
const SCHEDULED_BACKUP_LOCK_ID = 7_301_734;

/**
 * Makes the scheduled backup if one is due at `now`, then removes archives beyond the last `keep`, and any
 * archive a killed process left half-written. `signal` abandons a backup under way (the server stops).
 * On PostgreSQL several processes share BACKUP_DIR: the one that takes the advisory lock decides and
 * writes, the others see the lock taken (or, after, the new archive) and do nothing.
 */
export async function runScheduledBackup(
  sources: BackupSources,
  schedule: BackupSchedule,
  now: Date,
  signal?: AbortSignal,
): Promise<"written" | "not-due" | "elsewhere"> {
  const backUpIfDue = async () => {
    fs.mkdirSync(schedule.directory, { recursive: true });
    removeStalePartials(schedule.directory, now);
    if (!isBackupDue(fs.readdirSync(schedule.directory), now, schedule.intervalHours)) return "not-due";
    await createBackup(sources, path.join(schedule.directory, scheduledArchiveName(now)), {
      kind: "scheduled",
      now,
      signal,
    });
    for (const name of archivesToRemove(fs.readdirSync(schedule.directory), schedule.keep)) {
      fs.rmSync(path.join(schedule.directory, name), { force: true });
    }
    return "written";
  };
  // The embedded database has one process (and its snapshot needs PGlite's transaction lock itself):
  // runs one after the other there suffice.
  if (sources.database.kind === "pglite") {
    const run = (embeddedRuns.get(sources.database) ?? Promise.resolve()).then(backUpIfDue);
    embeddedRuns.set(
      sources.database,
      run.catch(() => {}),
    );
    return run;
  }
  return sources.database.db.transaction(async (transaction) => {
    const result = (await transaction.execute(
      sql`select pg_try_advisory_xact_lock(${SCHEDULED_BACKUP_LOCK_ID}) as claimed`,
    )) as unknown as { rows: { claimed: boolean }[] };
    return result.rows[0]?.claimed ? backUpIfDue() : "elsewhere";
  });
}

export type ScheduledBackupLogger = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** Checks every few minutes whether a scheduled backup is due; a failure is logged and tried again next time. */
export function startScheduledBackups(
  sources: BackupSources,
  schedule: BackupSchedule,
  logger: ScheduledBackupLogger,
  signal: AbortSignal,
  clock = () => new Date(),
) {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = runScheduledBackup(sources, schedule, clock(), signal)
      .then((result) => {
        if (result === "written") logger.info({ directory: schedule.directory }, "scheduled backup written");
      })
      .catch((error: unknown) => {
        if (signal.aborted) logger.warn({}, "the scheduled backup was abandoned: the server stopped");
        else logger.warn({ err: error }, "the scheduled backup failed; it is tried again");
      })
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, 5 * 60_000);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
