import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { countRowsOf, dumpTables, insertBook } from "../../../test/seed-book.ts";
import { idempotencyKeys, users } from "../../platform/db/schema.ts";
import { userFilesDirectory, wrongPasswordMessage } from "./delete-account.ts";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-deletion-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const { app, db } = await createTestApp({ DATA_DIR: dataDir });

const book = {
  clients: [{ name: "Acme" }],
  bureauPartners: [{ name: "Premier Bureau" }],
  events: [
    { title: "Keynote", date: "2026-03-14", clientName: "Acme", bureauPartnerName: "Premier Bureau" },
    { title: "Workshop", date: "2026-04-01" },
  ],
  profile: { name: "Alex Morgan" },
};

/** A user with a full book, a file on disk, an idempotency key and two signed-in browsers. */
async function createSpeaker() {
  const user = await createUser(db);
  await insertBook(db, user.id, book);
  const folder = userFilesDirectory(dataDir, user.id);
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "contract.pdf"), "%PDF");
  await db.insert(idempotencyKeys).values({ scope: user.id, key: "k1", method: "POST", path: "/api/events" });
  const client = createClient(app);
  const otherBrowser = createClient(app);
  await signIn(client, db, user);
  await signIn(otherBrowser, db, user);
  return { user, client, otherBrowser, folder };
}

describe("DELETE /api/account", () => {
  it("deletes every row and file of the user, ends their sessions and clears the cookie", async () => {
    const bystander = await createSpeaker();
    const { user, client, otherBrowser, folder } = await createSpeaker();
    const bystanderBefore = await countRowsOf(db, bystander.user.id);

    const response = await client.delete("/api/account", { password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(204);
    const cookie = [response.headers["set-cookie"] ?? []]
      .flat()
      .find((line) => line.startsWith("podium_session="));
    expect(cookie).toMatch(/podium_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);

    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    expect(await countRowsOf(db, user.id)).toEqual({
      clients: 0,
      bureauPartners: 0,
      events: 0,
      sessions: 0,
      speakerProfiles: 0,
    });
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.scope, user.id))).toEqual([]);
    expect(fs.existsSync(folder)).toBe(false);
    expect((await otherBrowser.get("/api/export-complete-data")).statusCode).toBe(401);

    expect(await countRowsOf(db, bystander.user.id)).toEqual(bystanderBefore);
    expect(fs.existsSync(bystander.folder)).toBe(true);
    expect((await bystander.client.get("/api/export-complete-data")).json().events).toHaveLength(2);
  });

  it("works for a user who never stored a file", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user);
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("keeps everything when the password is wrong or missing", async () => {
    const { client, folder } = await createSpeaker();
    const before = await dumpTables(db);
    const wrong = await client.delete("/api/account", { password: "Wrong!2026x" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: wrongPasswordMessage, fields: { password: wrongPasswordMessage } });
    const missing = await client.delete("/api/account", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ password: "Password is required" });
    expect(await dumpTables(db)).toEqual(before);
    expect(fs.existsSync(folder)).toBe(true);
    expect((await client.get("/api/export-complete-data")).statusCode).toBe(200);
  });

  it("locks after ten wrong passwords, like sign-in", async () => {
    const { client } = await createSpeaker();
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await client.delete("/api/account", { password: "Wrong!2026x" })).statusCode).toBe(400);
    }
    const locked = await client.delete("/api/account", { password: DEFAULT_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
  });

  it("refuses anonymous callers and calls without the CSRF token", async () => {
    const { client } = await createSpeaker();
    expect((await createClient(app).delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(
      401,
    );
    const noToken = await client.delete("/api/account", { password: DEFAULT_PASSWORD }, { csrf: false });
    expect(noToken.statusCode).toBe(403);
  });
});
