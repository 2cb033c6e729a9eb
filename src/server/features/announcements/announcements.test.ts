import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { adminAuditLog, announcements } from "../../platform/db/schema.ts";
import { listActiveAnnouncements } from "./queries.ts";

const { app, db } = await createTestApp();

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

const NOW = new Date("2026-06-15T12:00:00Z");
const at = (iso: string) => new Date(iso);
const base = { title: "Hello", body: "Body", severity: "info" as const, audience: "all" as const };

beforeEach(async () => {
  await db.delete(announcements);
});

describe("the announcements a speaker sees", () => {
  it("are those inside their schedule window at `now`", async () => {
    const user = await createUser(db);
    await db.insert(announcements).values([
      { ...base, title: "open-ended" },
      { ...base, title: "started", startsAt: at("2026-06-15T11:00:00Z") },
      { ...base, title: "not yet", startsAt: at("2026-06-15T13:00:00Z") },
      { ...base, title: "ended", endsAt: at("2026-06-15T12:00:00Z") },
      { ...base, title: "window", startsAt: at("2026-06-01T00:00:00Z"), endsAt: at("2026-07-01T00:00:00Z") },
    ]);
    const titles = (await listActiveAnnouncements(db, user.id, NOW)).map((item) => item.title);
    expect(titles.sort()).toEqual(["open-ended", "started", "window"]);
  });

  it("follow the audience: trialing speakers see trial notices; nobody is subscribed before billing", async () => {
    const trialing = await createUser(db, { trialEndsAt: at("2026-06-20T00:00:00Z") });
    const trialOver = await createUser(db, { trialEndsAt: at("2026-06-01T00:00:00Z") });
    await db.insert(announcements).values([
      { ...base, title: "everyone", audience: "all" },
      { ...base, title: "trial", audience: "trialing" },
      { ...base, title: "subscribers", audience: "subscribed" },
    ]);
    const titlesFor = async (userId: string) =>
      (await listActiveAnnouncements(db, userId, NOW)).map((item) => item.title).sort();
    expect(await titlesFor(trialing.id)).toEqual(["everyone", "trial"]);
    expect(await titlesFor(trialOver.id)).toEqual(["everyone"]);
  });

  it("stay dismissed for good once dismissed, on every device, and only for that speaker", async () => {
    const { user, client } = await signedIn();
    const { client: otherDevice } = await signedIn();
    await signIn(otherDevice, db, user);
    const { client: someoneElse } = await signedIn();
    const [row] = await db.insert(announcements).values(base).returning();

    expect((await client.get("/api/announcements")).json()).toEqual({
      items: [{ id: row!.id, title: "Hello", body: "Body", severity: "info" }],
    });
    expect((await client.post(`/api/announcements/${row!.id}/dismiss`)).statusCode).toBe(204);
    expect((await client.post(`/api/announcements/${row!.id}/dismiss`)).statusCode).toBe(204);
    expect((await client.get("/api/announcements")).json()).toEqual({ items: [] });
    expect((await otherDevice.get("/api/announcements")).json()).toEqual({ items: [] });
    expect((await someoneElse.get("/api/announcements")).json().items).toHaveLength(1);
  });

  it("answers 404 for dismissing an unknown announcement, 401 without a session", async () => {
    const { client } = await signedIn();
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await client.post(`/api/announcements/${unknown}/dismiss`)).statusCode).toBe(404);
    expect((await createClient(app).get("/api/announcements")).statusCode).toBe(401);
  });
});

describe("/api/admin/announcements", () => {
  it("creates, lists, edits and deletes, writing each action to the audit log", async () => {
    const { user: admin, client } = await signedIn({ role: "admin" });
    const created = await client.post("/api/admin/announcements", {
      title: " Maintenance ",
      body: "We **upgrade** the database on Sunday.",
      severity: "warning",
      audience: "all",
      startsAt: "2026-06-20T08:00:00Z",
      endsAt: "2026-06-21T08:00:00Z",
    });
    expect(created.statusCode).toBe(201);
    const announcement = created.json();
    expect(announcement).toMatchObject({
      title: "Maintenance",
      severity: "warning",
      startsAt: "2026-06-20T08:00:00.000Z",
      endsAt: "2026-06-21T08:00:00.000Z",
    });
    expect((await client.get("/api/admin/announcements")).json().items).toEqual([announcement]);

    const edited = await client.patch(`/api/admin/announcements/${announcement.id}`, { endsAt: null });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: "Maintenance", endsAt: null });

    expect((await client.delete(`/api/admin/announcements/${announcement.id}`)).statusCode).toBe(204);
    expect((await client.get("/api/admin/announcements")).json().items).toEqual([]);

    const log = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(log.map((entry) => entry.action).sort()).toEqual([
      "announcement.created",
      "announcement.deleted",
      "announcement.updated",
    ]);
    expect(log[0]!.detail).toMatchObject({ announcementId: announcement.id, title: "Maintenance" });
  });

  it("refuses a schedule that ends before it starts, and bad fields, with 400", async () => {
    const { client } = await signedIn({ role: "admin" });
    const backwards = await client.post("/api/admin/announcements", {
      ...base,
      startsAt: "2026-06-20T08:00:00Z",
      endsAt: "2026-06-19T08:00:00Z",
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ endsAt: "The end must be after the start" });

    const bad = await client.post("/api/admin/announcements", { ...base, title: " ", severity: "loud" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      title: "Title is required",
      severity: "Severity must be info or warning",
    });

    const [row] = await db
      .insert(announcements)
      .values({ ...base, startsAt: at("2026-06-20T00:00:00Z") })
      .returning();
    const patched = await client.patch(`/api/admin/announcements/${row!.id}`, {
      endsAt: "2026-06-10T00:00:00Z",
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().fields).toEqual({ endsAt: "The end must be after the start" });
  });

  it("answers 404 for an unknown id", async () => {
    const { client } = await signedIn({ role: "admin" });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await client.patch(`/api/admin/announcements/${unknown}`, { title: "x" })).statusCode).toBe(404);
    expect((await client.delete(`/api/admin/announcements/${unknown}`)).statusCode).toBe(404);
  });

  it("is refused to speakers (403) and anonymous callers (401)", async () => {
    const { client } = await signedIn();
    const anonymous = createClient(app);
    for (const [method, url] of [
      ["GET", "/api/admin/announcements"],
      ["POST", "/api/admin/announcements"],
      ["PATCH", "/api/admin/announcements/00000000-0000-4000-8000-000000000000"],
      ["DELETE", "/api/admin/announcements/00000000-0000-4000-8000-000000000000"],
    ] as const) {
      expect((await client.request(method, url, { body: base })).statusCode).toBe(403);
      expect((await anonymous.request(method, url, { body: base })).statusCode).toBe(401);
    }
    expect(await db.select().from(announcements)).toEqual([]);
  });
});
