import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createBackupPlace, sourcesOf } from "../../../test/backup-places.ts";
import { temporaryDataDir } from "../../../test/files.ts";
import { runMigrations } from "../db/migrate.ts";
import {
  archivesToRemove,
  isBackupDue,
  runScheduledBackup,
  scheduledArchiveName,
  timeOfArchive,
} from "./scheduled-backups.ts";

const hours = (count: number) => count * 3_600_000;
const start = new Date("2026-11-27T01:30:00Z");

describe("the backup schedule", () => {
  it("names archives by their UTC time and reads the time back; other names are not archives", () => {
    expect(scheduledArchiveName(start)).toBe("podium-2026-11-27T01-30-00Z.tar.gz");
    expect(timeOfArchive("podium-2026-11-27T01-30-00Z.tar.gz")).toEqual(start);
    expect(timeOfArchive("podium-2026-11-27T01-30-00Z.tar.gz.partial-1a2b")).toBeNull();
    expect(timeOfArchive("notes.txt")).toBeNull();
  });

  it("is due with no archive, and again once the interval has passed since the newest", () => {
    const names = [scheduledArchiveName(start), scheduledArchiveName(new Date(start.getTime() - hours(24)))];
    expect(isBackupDue([], start, 24)).toBe(true);
    expect(isBackupDue(["notes.txt"], start, 24)).toBe(true);
    expect(isBackupDue(names, new Date(start.getTime() + hours(23.9)), 24)).toBe(false);
    expect(isBackupDue(names, new Date(start.getTime() + hours(24)), 24)).toBe(true);
    expect(isBackupDue(names, new Date(start.getTime() + hours(6)), 6)).toBe(true);
  });

  it("keeps the newest N archives and never touches another file", () => {
    const names = [0, 1, 2, 3].map((day) =>
      scheduledArchiveName(new Date(start.getTime() + hours(24 * day))),
    );
    expect(archivesToRemove(["notes.txt", ...names], 2)).toEqual([names[1], names[0]]);
    expect(archivesToRemove(names, 5)).toEqual([]);
  });
});

describe(`scheduled backups on ${process.env.DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, async () => {
  const place = await createBackupPlace();
  const database = await place.open();
  await runMigrations(database);
  const directory = temporaryDataDir();
  fs.writeFileSync(path.join(directory, "notes.txt"), "the operator's own file");
  const schedule = { directory, intervalHours: 24, keep: 2 };
  const archives = () =>
    fs
      .readdirSync(directory)
      .filter((name) => timeOfArchive(name))
      .sort();

  it("writes an archive when due, none before the interval has passed, and keeps the last N", async () => {
    const sources = sourcesOf(place, database);
    expect(await runScheduledBackup(sources, schedule, start)).toBe("written");
    expect(await runScheduledBackup(sources, schedule, new Date(start.getTime() + hours(1)))).toBe("not-due");
    const second = new Date(start.getTime() + hours(24));
    const third = new Date(start.getTime() + hours(48));
    expect(await runScheduledBackup(sources, schedule, second)).toBe("written");
    expect(await runScheduledBackup(sources, schedule, third)).toBe("written");
    expect(archives()).toEqual([scheduledArchiveName(second), scheduledArchiveName(third)]);
    expect(fs.readFileSync(path.join(directory, "notes.txt"), "utf8")).toBe("the operator's own file");
  }, 120_000);

  it("makes one archive when several processes (or several checks of one) find it due at once", async () => {
    const now = new Date(start.getTime() + hours(96));
    // PostgreSQL: three processes, each with its own connections; the embedded database: one process.
    const handles = place.databaseUrl
      ? [database, await place.open(), await place.open()]
      : [database, database];
    const results = await Promise.all(
      handles.map((handle) => runScheduledBackup(sourcesOf(place, handle), schedule, now)),
    );
    expect(results.filter((result) => result === "written")).toHaveLength(1);
    expect(archives()).toContain(scheduledArchiveName(now));
    expect(archives()).toHaveLength(2);
  }, 120_000);
});
