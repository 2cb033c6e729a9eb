import fs from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client.ts";
import { runMigrations } from "./migrate.ts";
import { users } from "./schema.ts";

const root = fs.mkdtempSync(path.join(tmpdir(), "podium-template-test-"));
const templatesDir = path.join(root, "templates");
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function openAndMigrate(name: string) {
  const database = await openDatabase({ dataDir: path.join(root, name), templatesDir });
  await runMigrations(database);
  return database;
}

// Each test initialises one or two embedded databases from scratch: several seconds each on a busy machine.
describe("new embedded data folders (issue 11: a fresh database as fast as PGlite allows)", {
  timeout: 180_000,
}, () => {
  it("initialises the first, then copies the next from it, empty of the first one's data", async () => {
    const first = await openAndMigrate("first");
    expect(first.createdFrom).toBe("initdb");
    await first.db
      .insert(users)
      .values({ username: "first_speaker", email: "first@example.com", passwordHash: "x" });
    await first.close();
    expect(fs.readdirSync(templatesDir)).toHaveLength(1);

    const second = await openAndMigrate("second");
    expect(second.createdFrom).toBe("template");
    const [row] = await second.db.select({ total: count() }).from(users);
    expect(row?.total).toBe(0);
    await second.db
      .insert(users)
      .values({ username: "second_speaker", email: "second@example.com", passwordHash: "x" });
    await second.close();

    const reopened = await openAndMigrate("second");
    expect(reopened.createdFrom).toBeNull();
    expect(await reopened.db.select({ username: users.username }).from(users)).toEqual([
      { username: "second_speaker" },
    ]);
    await reopened.close();
  });

  it("ignores a template made for other migrations or another PGlite, and replaces it", async () => {
    const [current] = fs.readdirSync(templatesDir);
    fs.renameSync(path.join(templatesDir, current!), path.join(templatesDir, "made-for-other-migrations"));
    const third = await openAndMigrate("third");
    expect(third.createdFrom).toBe("initdb");
    await third.close();
    expect(fs.readdirSync(templatesDir)).toEqual([current]);
  });
});
