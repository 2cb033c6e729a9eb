import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/app.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { MIGRATIONS_FOLDER } from "./db/migrations-folder.ts";
import { createReadiness } from "./readiness.ts";
import { createLocalStore } from "./storage/local-store.ts";

const { app, database } = await createTestApp();
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "podium-readiness-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));
const writableStore = createLocalStore(path.join(scratch, "files"));

/** A copy of the migrations folder with one migration more than the database has. */
function foldersWithANewerMigration(): string {
  const folder = path.join(scratch, "drizzle");
  fs.cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { when: number }[] };
  const newest = Math.max(...journal.entries.map((entry) => entry.when));
  journal.entries.push({
    idx: journal.entries.length,
    version: "7",
    when: newest + 1,
    tag: "9999_next",
    breakpoints: true,
  } as never);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  fs.writeFileSync(path.join(folder, "9999_next.sql"), "select 1;");
  return folder;
}

describe("GET /api/ready", () => {
  it("answers 200, never cached, when the database, the migrations and the storage are fine", async () => {
    const response = await app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ready", database: "ok", migrations: "ok", storage: "ok" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers a load balancer probing every second, as often as it likes", async () => {
    for (let probe = 0; probe < 30; probe++) {
      expect((await app.inject({ method: "GET", url: "/api/ready" })).statusCode).toBe(200);
    }
  });
});

describe("readiness", () => {
  const readinessOf = (overrides: Partial<Parameters<typeof createReadiness>[0]>) =>
    createReadiness({ database, storage: writableStore, migrationsFolder: MIGRATIONS_FOLDER, ...overrides });

  it("names a migration of the folder the database lacks", async () => {
    const { report } = await readinessOf({ migrationsFolder: foldersWithANewerMigration() }).check();
    expect(report).toEqual({
      status: "unready",
      database: "ok",
      migrations: expect.stringMatching(/^(\d+) of \d+ applied$/),
      storage: "ok",
    });
  });

  it("names a database that does not answer within the bound", async () => {
    const silent = { ...database, db: { execute: () => new Promise(() => {}) } } as unknown as DatabaseHandle;
    const { report } = await readinessOf({ database: silent, timeoutMs: 50 }).check();
    // Only the database is silent; the other parts are real and, on a loaded machine, may take longer than
    // this short bound themselves, so only the database's answer is this test's to check.
    expect(report).toMatchObject({ status: "unready", database: "no answer within 0.05 s" });
  });

  it("names a storage folder that cannot be written", async () => {
    const blocked = path.join(scratch, "not-a-folder");
    fs.writeFileSync(blocked, "a file where the folder should be");
    const { report, causes } = await readinessOf({
      storage: createLocalStore(path.join(blocked, "files")),
    }).check();
    expect(report).toEqual({
      status: "unready",
      database: "ok",
      migrations: "ok",
      storage: "not reachable or not writable",
    });
    // The driver's words, which name paths and addresses, are for the log only.
    expect(causes.storage).toMatchObject({ code: expect.stringMatching(/^(ENOTDIR|EEXIST)$/) });
  });

  it("is not ready from the moment a shutdown begins, and the route answers 503 naming it", async () => {
    const readiness = readinessOf({});
    expect((await readiness.check()).report.status).toBe("ready");
    readiness.beginShutdown();
    expect((await readiness.check()).report).toEqual({ status: "draining" });

    app.readiness.beginShutdown();
    const response = await app.inject({ method: "GET", url: "/api/ready" });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: "draining" });
    // Liveness is another question: the process is still alive while it drains.
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBe(200);
  });
});
