import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createBackupPlace,
  isPlaceEmpty,
  restoreTargetOf,
  sourcesOf,
  storedFiles,
  tableContents,
} from "../../../test/backup-places.ts";
import { createSignedInClient } from "../../../test/book.ts";
import { makePng, samplePdf, uploadOk } from "../../../test/files.ts";
import { createRecordingMailer } from "../../../test/mailer.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { runMigrations } from "../db/migrate.ts";
import { mailLimitsOf } from "../mail/third-party-mail.ts";
import { loadSecret } from "../secret.ts";
import { runBackupCommand } from "./backup-commands.ts";
import { createBackup } from "./create-backup.ts";
import { restoreBackup } from "./restore-backup.ts";
import { startBackups } from "./start-backups.ts";

const engine = process.env.DATABASE_URL ? "PostgreSQL and S3" : "the embedded database and local files";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "podium-backups-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

// The source: a real app on its own database and storage, as the server runs it.
const source = await createBackupPlace();
const sourceDatabase = await source.open();
await runMigrations(sourceDatabase);
const config = loadConfig({ ...source.env, LOG_LEVEL: "silent", RATE_LIMIT_FACTOR: "1000" });
const app = await buildApp({
  config,
  database: sourceDatabase,
  mailer: createRecordingMailer(mailLimitsOf(config)),
  secret: "backup-test-secret".padEnd(40, "x"),
});
afterAll(() => app.close());
// As the server does: on the embedded database `npm run cli -- backup` asks it through DATA_DIR/run.
const backups = await startBackups({
  config,
  database: sourceDatabase,
  store: source.store,
  dataDir: source.dataDir,
  logger: app.log,
});
afterAll(() => backups.stop(10_000));
loadSecret(undefined, source.dataDir);
const { client } = await createSignedInClient(app, sourceDatabase.db);
await uploadOk(client, makePng(12, 12), { filename: "headshot.png", kind: "headshot" });
await uploadOk(client, samplePdf, { filename: "rider.pdf" });

async function createEvent(title: string): Promise<string> {
  const response = await client.post("/api/events", { title, date: "2031-05-04" });
  if (response.statusCode !== 201) throw new Error(`POST /api/events: ${response.statusCode}`);
  return (response.json() as { id: string }).id;
}

async function eventIds(place: Awaited<ReturnType<typeof createBackupPlace>>) {
  const database = await place.open();
  const { rows } = await database.runSql("select id from events", []);
  return new Set((rows as { id: string }[]).map((row) => row.id));
}

describe(`backup and restore on ${engine}`, () => {
  it("backs up while events are written: every write acknowledged before the backup began is restored", async () => {
    const acknowledged: string[] = [];
    let isWriting = true;
    const writes = (async () => {
      for (let index = 0; isWriting; index++) {
        acknowledged.push(await createEvent(`Keynote ${index}`));
        // A steady stream, as speakers make it, rather than one that leaves the process no other turn.
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    while (acknowledged.length < 10) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = [...acknowledged];
    const archive = path.join(work, "under-writes.tar.gz");
    await createBackup(sourcesOf(source, sourceDatabase), archive, { kind: "manual", now: new Date() });
    const during = acknowledged.length - before.length;
    isWriting = false;
    await writes;

    const target = await createBackupPlace();
    await restoreBackup(
      archive,
      restoreTargetOf(target, target.databaseUrl ? await target.open() : undefined),
    );
    const restored = await eventIds(target);
    expect(before.filter((id) => !restored.has(id))).toEqual([]);
    // Nothing invented: what was restored was written at the source, and writes went on while it ran.
    const written = new Set(acknowledged);
    expect([...restored].filter((id) => !written.has(id))).toEqual([]);
    expect(during).toBeGreaterThan(0);
  });

  it("restores a copy with every table and every stored file the same as the source", async () => {
    await createEvent("Closing talk");
    const archive = path.join(work, "idle.tar.gz");
    expect(await runBackupCommand("backup", archive, config, { info: () => {}, error: () => {} })).toBe(0);

    const target = await createBackupPlace();
    const output = { info: [] as string[], error: [] as string[] };
    const code = await runBackupCommand("restore", archive, loadConfig(target.env), {
      info: (line) => output.info.push(line),
      error: (line) => output.error.push(line),
    });
    expect(output.error).toEqual([]);
    expect(code).toBe(0);
    expect(output.info[0]).toContain(`Restored ${archive}`);

    const restored = await target.open();
    const expected = await tableContents(sourceDatabase);
    expect(Object.keys(expected)).toContain("public.events");
    expect(await tableContents(restored)).toEqual(expected);
    const files = await storedFiles(source);
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(2);
    expect(await storedFiles(target)).toEqual(files);
    // The generated session secret travels too: links signed before the backup still work.
    expect(fs.readFileSync(path.join(target.dataDir, "session-secret"), "utf8")).toBe(
      fs.readFileSync(path.join(source.dataDir, "session-secret"), "utf8"),
    );
  });

  describe("refuses, with a plain sentence and nothing written,", () => {
    const valid = path.join(work, "valid.tar.gz");
    const altered = path.join(work, "altered");
    const foreignFolder = path.join(work, "foreign");
    let bytes = Buffer.alloc(0);
    beforeAll(async () => {
      await createBackup(sourcesOf(source, sourceDatabase), valid, { kind: "manual", now: new Date() });
      bytes = fs.readFileSync(valid);
      // The same archive, but with one byte more in the database's dump than its manifest says.
      fs.mkdirSync(altered);
      await tar.x({ file: valid, cwd: altered });
      const [dump] = fs.readdirSync(path.join(altered, "database"));
      fs.appendFileSync(path.join(altered, "database", dump!), "x");
      fs.mkdirSync(foreignFolder);
      fs.writeFileSync(path.join(foreignFolder, "notes.txt"), "not a backup");
    });

    const damaged: [string, () => Promise<void>][] = [
      ["a truncated archive", async () => fs.writeFileSync(damagedPath, bytes.subarray(0, bytes.length / 2))],
      [
        "an archive with one byte flipped",
        async () => {
          const copy = Buffer.from(bytes);
          copy[Math.floor(copy.length * 0.6)]! ^= 0xff;
          fs.writeFileSync(damagedPath, copy);
        },
      ],
      ["a file that is no archive", async () => fs.writeFileSync(damagedPath, "Dear speaker, …\n")],
      [
        "an archive that is no Podium backup",
        () => tar.c({ gzip: true, file: damagedPath, cwd: foreignFolder }, ["notes.txt"]),
      ],
      [
        "a backup whose file does not match its manifest",
        () => tar.c({ gzip: true, file: damagedPath, cwd: altered }, fs.readdirSync(altered)),
      ],
    ];
    const damagedPath = path.join(work, "damaged.tar.gz");

    for (const [name, write] of damaged) {
      it(name, async () => {
        await write();
        const target = await createBackupPlace();
        const database = target.databaseUrl ? await target.open() : undefined;
        const errors: string[] = [];
        const code = await runBackupCommand("restore", damagedPath, loadConfig(target.env), {
          info: () => {},
          error: (line) => errors.push(line),
        });
        expect(code).toBe(1);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(
          new RegExp(`^${damagedPath} is not a complete Podium backup: .+\\. Nothing was restored\\.$`),
        );
        expect(await isPlaceEmpty(target, database)).toBe(true);
        // No half-built folder left beside DATA_DIR either.
        expect(fs.readdirSync(path.dirname(target.dataDir)).filter((item) => item !== "data")).toEqual([]);
      });
    }

    it("a backup written over one of Podium's own files in DATA_DIR", async () => {
      const secret = path.join(source.dataDir, "session-secret");
      const before = fs.readFileSync(secret, "utf8");
      const errors: string[] = [];
      const code = await runBackupCommand("backup", secret, config, {
        info: () => {},
        error: (line) => errors.push(line),
      });
      expect(code).toBe(1);
      expect(errors[0]).toBe(
        `${secret} is one of Podium's own files in DATA_DIR (${source.dataDir}): write the backup elsewhere, or it would replace what it saves.`,
      );
      expect(fs.readFileSync(secret, "utf8")).toBe(before);
    });

    it("a DATA_DIR or database that is not empty", async () => {
      const contentsBefore = await tableContents(sourceDatabase);
      const errors: string[] = [];
      const code = await runBackupCommand("restore", valid, config, {
        info: () => {},
        error: (line) => errors.push(line),
      });
      expect(code).toBe(1);
      expect(errors[0]).toBe(
        source.databaseUrl
          ? "The database of DATABASE_URL is not empty: restore only into a new database (createdb, then point DATABASE_URL at it). Nothing was restored."
          : `DATA_DIR ${source.dataDir} is not empty (it holds db, files, podium.lock, …): restore only into an empty folder. Nothing was restored.`,
      );
      expect(await tableContents(sourceDatabase)).toEqual(contentsBefore);
    });
  });
});
