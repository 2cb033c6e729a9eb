import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { adminAuditLog, users } from "../../platform/db/schema.ts";
import { grantConfiguredAdmins } from "./grant-configured-admins.ts";

const { app, db } = await createTestApp({ ADMIN_USERNAMES: "Boss, chief, founder, ops" });

async function clientAs(role: "user" | "admin") {
  const client = createClient(app);
  await signIn(client, db, await createUser(db, { role }));
  return client;
}

describe("PATCH /api/admin/users/:id", () => {
  it("lets an admin extend or end a user's trial", async () => {
    const admin = await clientAs("admin");
    const user = await createUser(db);
    const trialEndsAt = "2027-03-01T12:00:00.000Z";
    const response = await admin.patch(`/api/admin/users/${user.id}`, { trialEndsAt });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      username: user.username,
      role: "user",
      trialEndsAt,
    });
    const [row] = await db
      .select({ trialEndsAt: users.trialEndsAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(row?.trialEndsAt.toISOString()).toBe(trialEndsAt);
    const log = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetUserId, user.id));
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ action: "user.trial_changed", detail: { to: trialEndsAt } });
  });

  it("answers 400 for a date or an id it cannot read and 404 for an unknown id", async () => {
    const admin = await clientAs("admin");
    const user = await createUser(db);
    const bad = await admin.patch(`/api/admin/users/${user.id}`, { trialEndsAt: "next tuesday" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ trialEndsAt: "Enter the trial's end as an ISO date and time" });
    const unknown = await admin.patch("/api/admin/users/00000000-0000-4000-8000-000000000000", {
      trialEndsAt: "2027-01-01T00:00:00Z",
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await admin.patch("/api/admin/users/not-a-uuid", {
      trialEndsAt: "2027-01-01T00:00:00Z",
    });
    expect(malformed.statusCode).toBe(400);
  });

  it("answers 403 to a user who is not an admin and 401 to anonymous callers", async () => {
    const user = await createUser(db);
    const body = { trialEndsAt: "2030-01-01T00:00:00Z" };
    expect((await (await clientAs("user")).patch(`/api/admin/users/${user.id}`, body)).statusCode).toBe(403);
    expect((await createClient(app).patch(`/api/admin/users/${user.id}`, body)).statusCode).toBe(401);
  });
});

describe("ADMIN_USERNAMES", () => {
  const password = "Speaker!2026";
  const logIn = (username: string) => createClient(app).post("/api/login", { username, password });
  const roleOf = async (id: string) =>
    (await db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  it("gives nothing at registration, nor to an unverified account at sign-in or start-up", async () => {
    const response = await createClient(app).post("/api/register", {
      username: "BOSS",
      email: "boss@example.com",
      password,
    });
    expect(response.json()).toMatchObject({ username: "BOSS", isAdmin: false });
    expect((await logIn("boss")).json()).toMatchObject({ isAdmin: false });
    expect(await grantConfiguredAdmins(db, ["Boss"])).toEqual([]);
    expect(await roleOf(response.json().id)).toBe("user");
  });

  it("grants the role to a verified account at sign-in", async () => {
    const founder = await createUser(db, { username: "Founder", emailVerifiedAt: null });
    expect((await logIn("founder")).json()).toMatchObject({ isAdmin: false });
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, founder.id));
    expect((await logIn("founder")).json()).toMatchObject({ isAdmin: true });
    expect(await roleOf(founder.id)).toBe("admin");
  });

  it("grants the role to an existing verified account at start-up, once", async () => {
    const chief = await createUser(db, { username: "Chief" });
    expect(await grantConfiguredAdmins(db, ["chief", "nobody"])).toEqual(["Chief"]);
    expect(await roleOf(chief.id)).toBe("admin");
    // Revoked by the CLI: neither a restart nor a sign-in gives it back.
    await db.update(users).set({ role: "user" }).where(eq(users.id, chief.id));
    expect(await grantConfiguredAdmins(db, ["chief"])).toEqual([]);
    expect((await logIn("chief")).json()).toMatchObject({ isAdmin: false });
  });

  it("gives nothing to a stranger who registers the name of a deleted configured admin", async () => {
    const first = await createUser(db, { username: "ops" });
    expect(await grantConfiguredAdmins(db, ["ops"])).toEqual(["ops"]);
    await db.delete(users).where(eq(users.id, first.id));
    const stranger = await createUser(db, { username: "OPS" });
    expect(await grantConfiguredAdmins(db, ["ops"])).toEqual([]);
    expect((await logIn("ops")).json()).toMatchObject({ isAdmin: false });
    expect(await roleOf(stranger.id)).toBe("user");
  });
});
