import { setTimeout as sleep } from "node:timers/promises";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { temporaryDataDir, uploadOk } from "../../../test/files.ts";
import { mailTo } from "../../../test/mailer.ts";
import { SESSION_REUSE_MS } from "../../platform/auth/session-cache.ts";
import { adminAuditLog, emailOutbox, events, sessions, users } from "../../platform/db/schema.ts";
import { getAdminStats, weekStart } from "./get-stats.ts";

const { app, db } = await createTestApp({ DATA_DIR: temporaryDataDir() });
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  return { user, client };
}

const auditOf = (targetUserId: string) =>
  db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, targetUserId));

describe("every admin route", () => {
  const routes = [
    ["GET", "/api/admin/stats"],
    ["POST", "/api/admin/mail/retry-failed"],
    ["GET", "/api/admin/users?q=a"],
    ["GET", `/api/admin/users/${UNKNOWN}`],
    ["PATCH", `/api/admin/users/${UNKNOWN}`],
    ["POST", `/api/admin/users/${UNKNOWN}/resend-verification`],
    ["GET", "/api/admin/audit-log"],
    ["GET", "/api/admin/feedback"],
    ["GET", "/api/admin/announcements"],
    ["GET", "/api/admin/nothing-here"],
  ] as const;

  it("answers 401 to anonymous callers and 403 to speakers who are not admins", async () => {
    const anonymous = createClient(app);
    const { client: speaker } = await signedIn({ role: "user" });
    for (const [method, url] of routes) {
      const body = method === "GET" ? undefined : { role: "admin" };
      const asAnonymous = await anonymous.request(method, url, { body });
      expect(asAnonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(asAnonymous.json()).toEqual({ error: "Not authenticated" });
      const asSpeaker = await speaker.request(method, url, { body });
      expect(asSpeaker.statusCode, `${method} ${url}`).toBe(403);
      expect(asSpeaker.json()).toEqual({ error: "Administrator access required" });
    }
    expect(await db.select().from(adminAuditLog)).toEqual([]);
  });

  it("follows the role in the database, not an earlier answer", async () => {
    const { user, client } = await signedIn({ role: "admin" });
    expect((await client.get("/api/admin/stats")).statusCode).toBe(200);
    // Changed behind the app's back (another process): seen once the session reuse of reads has passed.
    await db.update(users).set({ role: "user" }).where(eq(users.id, user.id));
    await sleep(SESSION_REUSE_MS);
    expect((await client.get("/api/admin/stats")).statusCode).toBe(403);
  });

  it("ends an admin's reads the moment another admin revokes the role through the API", async () => {
    const { user: demoted, client } = await signedIn({ role: "admin" });
    const { client: other } = await signedIn({ role: "admin" });
    expect((await client.get("/api/admin/stats")).statusCode).toBe(200);
    expect((await other.patch(`/api/admin/users/${demoted.id}`, { role: "user" })).statusCode).toBe(200);
    expect((await client.get("/api/admin/stats")).statusCode).toBe(403);
    expect((await other.patch(`/api/admin/users/${demoted.id}`, { disabled: true })).statusCode).toBe(200);
    expect((await client.get("/api/user")).statusCode).toBe(401);
  });
});

describe("admin statistics", () => {
  it("counts each figure from the data", async () => {
    await db.delete(users);
    await db.delete(emailOutbox);
    const now = new Date("2026-06-17T12:00:00Z"); // a Wednesday
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const admin = await createUser(db, { role: "admin", createdAt: daysAgo(1), trialEndsAt: daysAgo(-29) });
    await createUser(db, { emailVerifiedAt: null, createdAt: daysAgo(8), trialEndsAt: daysAgo(-22) });
    await createUser(db, { createdAt: daysAgo(40), trialEndsAt: daysAgo(10), disabledAt: daysAgo(2) });
    await createUser(db, { createdAt: daysAgo(200), trialEndsAt: daysAgo(170) });
    await db.insert(events).values([
      { userId: admin.id, title: "Keynote", date: "2026-07-01" },
      { userId: admin.id, title: "Panel", date: "2026-08-01" },
    ]);
    await db.insert(emailOutbox).values([
      { to: "a@example.com", subject: "s", text: "t", html: "h" },
      { to: "a@example.com", subject: "s", text: "t", html: "h", status: "failed" },
      { to: "a@example.com", subject: "s", text: "t", html: "h", status: "failed" },
      { to: "a@example.com", subject: "s", text: "t", html: "h", status: "sent" },
    ]);

    const stats = await getAdminStats(db, now);
    expect(stats.users).toEqual({
      total: 4,
      verified: 3,
      trialing: 2,
      active: 0,
      lapsed: 2,
      admins: 1,
      disabled: 1,
      members: 0,
    });
    expect(stats.mrr).toBe(0);
    expect(stats.events).toBe(2);
    expect(stats.mail).toEqual({ queued: 1, failed: 2 });
    expect(stats.storage.databaseBytes).toBeGreaterThan(0);
    expect(stats.signupsByWeek).toHaveLength(12);
    expect(stats.signupsByWeek.at(-1)).toEqual({ weekStart: "2026-06-15", count: 1 });
    expect(stats.signupsByWeek.at(-2)).toEqual({ weekStart: "2026-06-08", count: 1 });
    expect(stats.signupsByWeek.at(-7)).toEqual({ weekStart: "2026-05-04", count: 1 });
    expect(stats.signupsByWeek[0]!.weekStart).toBe("2026-03-30");
    expect(stats.signupsByWeek.reduce((sum, week) => sum + week.count, 0)).toBe(3);
  });

  it("counts the bytes of stored files from the upload on, and gives them back on delete", async () => {
    const { client: admin } = await signedIn({ role: "admin" });
    const storage = async () => (await admin.get("/api/admin/stats")).json().storage;
    const before = await storage();
    expect(before.databaseBytes).toBeGreaterThan(0);

    const { client: speaker } = await signedIn();
    const upload = await uploadOk(speaker, Buffer.alloc(48 * 1024, "a"), { filename: "notes.txt" });
    expect((await storage()).fileBytes).toBe(before.fileBytes + 48 * 1024);
    expect((await speaker.delete(`/api/files/${upload.id}`)).statusCode).toBe(204);
    expect((await storage()).fileBytes).toBe(before.fileBytes);

    const { client: leaving } = await signedIn();
    await uploadOk(leaving, Buffer.alloc(1000, "a"), { filename: "a.txt" });
    await uploadOk(leaving, Buffer.alloc(2000, "b"), { filename: "b.txt" });
    expect((await storage()).fileBytes).toBe(before.fileBytes + 3000);
    expect((await leaving.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect((await storage()).fileBytes).toBe(before.fileBytes);
  });

  it("starts weeks on Monday in UTC", () => {
    expect(weekStart(new Date("2026-06-15T00:00:00Z")).toISOString()).toBe("2026-06-15T00:00:00.000Z");
    expect(weekStart(new Date("2026-06-21T23:59:59Z")).toISOString()).toBe("2026-06-15T00:00:00.000Z");
    expect(weekStart(new Date("2026-06-21T23:59:59Z"), 2).toISOString()).toBe("2026-06-01T00:00:00.000Z");
  });

  it("answers over HTTP without caching", async () => {
    const { client } = await signedIn({ role: "admin" });
    const response = await client.get("/api/admin/stats");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json().signupsByWeek).toHaveLength(12);
  });
});

describe("retrying failed e-mail", () => {
  it("queues every failed e-mail again and writes the audit log", async () => {
    const { user: admin, client } = await signedIn({ role: "admin" });
    await db.insert(emailOutbox).values([
      {
        to: "r@example.com",
        subject: "s",
        text: "t",
        html: "h",
        status: "failed",
        attempts: 9,
        lastError: "down",
      },
      { to: "r@example.com", subject: "s", text: "t", html: "h", status: "sent" },
    ]);
    const response = await client.post("/api/admin/mail/retry-failed");
    expect(response.statusCode).toBe(200);
    expect(response.json().requeued).toBeGreaterThanOrEqual(1);
    const rows = await mailTo(db, "r@example.com");
    expect(rows.map((row) => [row.status, row.attempts, row.lastError]).sort()).toEqual([
      ["queued", 0, null],
      ["sent", 0, null],
    ]);
    const [entry] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.actorId, admin.id));
    expect(entry).toMatchObject({ action: "mail.failed_retried", actorUsername: admin.username });
  });
});

describe("admin users", () => {
  it("finds accounts by part of the username or e-mail and shows account facts only", async () => {
    const { client } = await signedIn({ role: "admin" });
    const target = await createUser(db, { username: "Grace_Hopper", email: "grace@navy.example" });
    await db.insert(events).values({ userId: target.id, title: "Secret keynote", date: "2026-07-01" });

    const byName = (await client.get("/api/admin/users?q=hopp")).json();
    expect(byName.items.map((item: { id: string }) => item.id)).toEqual([target.id]);
    const byEmail = (await client.get("/api/admin/users?q=NAVY.example")).json();
    expect(byEmail.items.map((item: { id: string }) => item.id)).toEqual([target.id]);
    expect((await client.get("/api/admin/users?q=100%25")).json().items).toEqual([]);

    const detail = await client.get(`/api/admin/users/${target.id}`);
    expect(detail.json()).toEqual({
      id: target.id,
      username: "Grace_Hopper",
      email: "grace@navy.example",
      emailVerified: true,
      role: "user",
      disabled: false,
      trialEndsAt: target.trialEndsAt.toISOString(),
      // Billing is off in this file: everyone is active, as /api/subscription-status says.
      subscription: { status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false },
      createdAt: target.createdAt.toISOString(),
      lastSeenAt: null,
      counts: { events: 1, clients: 0, sessions: 0 },
      factors: { totp: false, passkeys: 0, recoveryCodesLeft: 0 },
    });
    expect(detail.body).not.toContain("Secret keynote");
    expect((await client.get(`/api/admin/users/${UNKNOWN}`)).statusCode).toBe(404);
  });

  it("pages through accounts by username", async () => {
    const { client } = await signedIn({ role: "admin" });
    for (const name of ["pager_c", "pager_a", "pager_b"]) await createUser(db, { username: name });
    const first = (await client.get("/api/admin/users?q=pager_&limit=2")).json();
    expect(first.items.map((item: { username: string }) => item.username)).toEqual(["pager_a", "pager_b"]);
    const second = (await client.get(`/api/admin/users?q=pager_&limit=2&cursor=${first.nextCursor}`)).json();
    expect(second.items.map((item: { username: string }) => item.username)).toEqual(["pager_c"]);
    expect(second.nextCursor).toBeNull();
  });

  it("grants and revokes admin, each change in the audit log with who, IP and user agent", async () => {
    const { user: admin, client } = await signedIn({ role: "admin" });
    const target = await createUser(db);
    const granted = await client.patch(
      `/api/admin/users/${target.id}`,
      { role: "admin" },
      {
        headers: { "user-agent": "AdminTest/1.0" },
      },
    );
    expect(granted.statusCode).toBe(200);
    expect(granted.json().role).toBe("admin");
    await client.patch(`/api/admin/users/${target.id}`, { role: "user" });
    // No change, no entry.
    await client.patch(`/api/admin/users/${target.id}`, { role: "user" });

    const log = await auditOf(target.id);
    expect(log).toHaveLength(2);
    expect(log.find((entry) => entry.detail.to === "admin")).toMatchObject({
      action: "user.role_changed",
      actorId: admin.id,
      actorUsername: admin.username,
      targetUsername: target.username,
      detail: { from: "user", to: "admin" },
      ip: "127.0.0.1",
      userAgent: "AdminTest/1.0",
    });
    const listed = (await client.get("/api/admin/audit-log?limit=200")).json();
    expect(
      listed.items.filter((item: { targetUsername: string }) => item.targetUsername === target.username),
    ).toHaveLength(2);
  });

  it("disables an account: its sessions end, its sign-in is refused; enabling lets it in again", async () => {
    const { client: admin } = await signedIn({ role: "admin" });
    const { user, client: speaker } = await signedIn();
    expect((await speaker.get("/api/user")).statusCode).toBe(200);

    const disabled = await admin.patch(`/api/admin/users/${user.id}`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ disabled: true, counts: { sessions: 0 } });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect((await speaker.get("/api/user")).statusCode).toBe(401);

    const login = await createClient(app).post("/api/login", {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toEqual({ error: "This account is disabled. Contact support." });
    // A wrong password still gets the usual answer: the account's state is told only to its owner.
    const wrong = await createClient(app).post("/api/login", {
      username: user.username,
      password: "Wrong!2026x",
    });
    expect(wrong.statusCode).toBe(401);

    await admin.patch(`/api/admin/users/${user.id}`, { disabled: false });
    const again = await createClient(app).post("/api/login", {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(again.statusCode).toBe(200);
    expect((await auditOf(user.id)).map((entry) => entry.action).sort()).toEqual([
      "user.disabled",
      "user.enabled",
    ]);
  });

  it("refuses a session of a disabled account even before it is deleted", async () => {
    const { user, client } = await signedIn();
    await db.update(users).set({ disabledAt: sql`now()` }).where(eq(users.id, user.id));
    expect((await client.get("/api/user")).statusCode).toBe(401);
  });

  it("refuses an admin's own demotion or disabling with 409, and records nothing", async () => {
    const { user: admin, client } = await signedIn({ role: "admin" });
    const demote = await client.patch(`/api/admin/users/${admin.id}`, { role: "user" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ error: "You cannot remove your own admin role." });
    const disable = await client.patch(`/api/admin/users/${admin.id}`, { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toEqual({ error: "You cannot disable your own account." });
    const [row] = await db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ role: "admin", disabledAt: null });
    expect(await auditOf(admin.id)).toEqual([]);
  });

  it("refuses an empty or invalid change with 400, and an unknown user with 404", async () => {
    const { client } = await signedIn({ role: "admin" });
    const target = await createUser(db);
    expect((await client.patch(`/api/admin/users/${target.id}`, {})).json()).toMatchObject({
      error: "Nothing to change",
    });
    const bad = await client.patch(`/api/admin/users/${target.id}`, { role: "owner" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("Role must be user or admin");
    expect((await client.patch(`/api/admin/users/${UNKNOWN}`, { disabled: true })).statusCode).toBe(404);
  });

  it("resends the verification e-mail to an unverified account, and refuses a verified one", async () => {
    const { client } = await signedIn({ role: "admin" });
    const target = await createUser(db, { emailVerifiedAt: null });
    expect((await client.post(`/api/admin/users/${target.id}/resend-verification`)).statusCode).toBe(204);
    const [mail] = await mailTo(db, target.email);
    expect(mail!.subject).toBe("Verify your email address for Podium");
    expect((await auditOf(target.id)).map((entry) => entry.action)).toEqual(["user.verification_resent"]);

    const verified = await createUser(db);
    const refused = await client.post(`/api/admin/users/${verified.id}/resend-verification`);
    expect(refused.statusCode).toBe(409);
    expect(await mailTo(db, verified.email)).toEqual([]);
  });
});
