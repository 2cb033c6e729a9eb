import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { makePng, samplePdf, startS3Server, temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { countRowsOf, dumpTables, insertBook } from "../../../test/seed-book.ts";
import { files, idempotencyKeys, users } from "../../platform/db/schema.ts";
import { wrongPasswordMessage } from "./delete-account.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir() });

const book = {
  clients: [{ name: "Acme" }],
  bureauPartners: [{ name: "Premier Bureau" }],
  events: [
    { title: "Keynote", date: "2026-03-14", clientName: "Acme", bureauPartnerName: "Premier Bureau" },
    { title: "Workshop", date: "2026-04-01" },
  ],
  profile: { name: "Alex Morgan" },
};

/** A user with a full book, two stored files, an idempotency key and two signed-in browsers. */
async function createSpeaker() {
  const user = await createUser(db);
  await insertBook(db, user.id, book);
  await db.insert(idempotencyKeys).values({ scope: user.id, key: "k1", method: "POST", path: "/api/events" });
  const client = createClient(app);
  const otherBrowser = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  await signIn(otherBrowser, db, user, { freshCheck: true });
  await uploadOk(client, samplePdf, { filename: "contract.pdf" });
  await uploadOk(client, makePng(), { filename: "headshot.png", kind: "headshot" });
  const objects = () => app.storage.list(`${user.id}/`);
  return { user, client, otherBrowser, objects };
}

describe("DELETE /api/account", () => {
  it("deletes every row and file of the user, ends their sessions and clears the cookie", async () => {
    const bystander = await createSpeaker();
    const { user, client, otherBrowser, objects } = await createSpeaker();
    const bystanderBefore = await countRowsOf(db, bystander.user.id);
    expect(await objects()).toHaveLength(2);

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
    expect(await objects()).toEqual([]);
    expect(await db.select().from(files).where(eq(files.userId, user.id))).toEqual([]);
    expect((await otherBrowser.get("/api/export-complete-data")).statusCode).toBe(401);

    expect(await countRowsOf(db, bystander.user.id)).toEqual(bystanderBefore);
    expect(await bystander.objects()).toHaveLength(2);
    expect((await bystander.client.get("/api/export-complete-data")).json().events).toHaveLength(2);
  });

  it("works for a user who never stored a file", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await signIn(client, db, user, { freshCheck: true });
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("keeps the speaker's slugs reserved, so nobody else takes over their inquiry form", async () => {
    const { client } = await createSpeaker();
    for (const slug of ["alex-morgan-talks", "alex-morgan"]) {
      expect((await client.put("/api/media-kit", { slug })).statusCode).toBe(200);
    }
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);

    const stranger = await createSpeaker();
    await stranger.client.put("/api/speaker-profile", { name: "Not Alex" });
    for (const slug of ["alex-morgan", "alex-morgan-talks"]) {
      const taken = await stranger.client.put("/api/media-kit", { slug });
      expect(taken.statusCode).toBe(409);
      expect((await createClient(app).get(`/api/public/inquiries/${slug}`)).statusCode).toBe(404);
    }
  });

  it("keeps everything when the password is wrong or missing", async () => {
    const { client, objects } = await createSpeaker();
    const before = await dumpTables(db);
    const wrong = await client.delete("/api/account", { password: "Wrong!2026x" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: wrongPasswordMessage, fields: { password: wrongPasswordMessage } });
    const missing = await client.delete("/api/account", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ password: "Password is required" });
    expect(await dumpTables(db)).toEqual(before);
    expect(await objects()).toHaveLength(2);
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

const s3 = await createTestApp(await startS3Server());

describe("DELETE /api/account with files in S3", () => {
  it("removes the account's objects from the bucket and leaves other accounts' objects", async () => {
    const speaker = await createSpeakerOn(s3);
    const bystander = await createSpeakerOn(s3);
    expect(await speaker.objects()).toHaveLength(1);
    expect((await speaker.client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(
      204,
    );
    expect(await speaker.objects()).toEqual([]);
    expect(await bystander.objects()).toHaveLength(1);
  });
});

async function createSpeakerOn(target: Awaited<ReturnType<typeof createTestApp>>) {
  const user = await createUser(target.db);
  const client = createClient(target.app);
  // Deleting the account asks for the fresh check (decision 049).
  await signIn(client, target.db, user, { freshCheck: true });
  await uploadOk(client, samplePdf, { filename: "one-sheet.pdf" });
  return { client, objects: () => target.app.storage.list(`${user.id}/`) };
}
