import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { passwordRuleMessage } from "../../../shared/schemas/auth.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { ok } from "../../../test/contracts.ts";
import { createUser } from "../../../test/factories.ts";
import { mailTo } from "../../../test/mailer.ts";
import { authTokens, sessions, users } from "../../platform/db/schema.ts";
import { newRegistration, registerThroughApi } from "./testing.ts";

const { app, db, config } = await createTestApp();

describe("POST /api/register", () => {
  it("creates the account, answers 201 with the user and signs it in", async () => {
    const client = createClient(app);
    const input = newRegistration();
    const response = await client.post("/api/register", input);

    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(Object.keys(user).sort()).toEqual([
      "createdAt",
      "email",
      "emailVerified",
      "id",
      "isAdmin",
      "username",
    ]);
    expect(user).toMatchObject({
      username: input.username,
      email: input.email,
      emailVerified: false,
      isAdmin: false,
    });
    expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
    const cookie = response.cookies.find((c) => c.name === "podium_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    const me = await client.get("/api/user");
    expect(me.statusCode).toBe(200);
    // The new login acts for its own book (DESIGN §11).
    expect(me.json()).toEqual({
      ...user,
      workspace: { speakerId: user.id, name: user.username, role: "owner", secondFactorRequired: false },
    });
  });

  it("stores an argon2id hash, never the password", async () => {
    const client = createClient(app);
    const { input, user } = await registerThroughApi(client);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(input.password);
  });

  it("queues a verification e-mail with a 24-hour link to APP_URL/verify-email", async () => {
    const client = createClient(app);
    const { input, user } = await registerThroughApi(client);
    const [mail] = await mailTo(db, input.email);
    expect(mail!.subject).toBe("Verify your email address for Podium");
    expect(mail!.text).toContain(`${config.APP_URL}/verify-email?token=`);
    expect(mail!.html).toContain(`${config.APP_URL}/verify-email?token=`);
    const [token] = await db.select().from(authTokens).where(eq(authTokens.userId, user.id));
    expect(token!.purpose).toBe("verify_email");
    const hours = (token!.expiresAt.getTime() - token!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    // Only the hash is stored: the mailed token is not in the table.
    expect(mail!.text).not.toContain(token!.tokenHash);
  });

  it("starts the speaker's calendar day in the browser's time zone, and ignores one it does not know", async () => {
    const client = createClient(app);
    await ok(await client.post("/api/register", newRegistration({ timeZone: "America/Los_Angeles" })), 201);
    expect((await ok(await client.get("/api/notification-settings"))).timeZone).toBe("America/Los_Angeles");
    expect((await ok(await client.get("/api/invoice-settings"))).timeZone).toBe("America/Los_Angeles");
    const unknown = createClient(app);
    await ok(await unknown.post("/api/register", newRegistration({ timeZone: "Mars/Olympus_Mons" })), 201);
    expect((await ok(await unknown.get("/api/notification-settings"))).timeZone).toBe("UTC");
    const absurd = createClient(app);
    await ok(await absurd.post("/api/register", newRegistration({ timeZone: "x".repeat(500) })), 201);
    expect((await ok(await absurd.get("/api/invoice-settings"))).timeZone).toBe("UTC");
  });

  it("replaces a session the caller already had", async () => {
    const client = createClient(app);
    const first = await registerThroughApi(client);
    await registerThroughApi(client);
    expect(await db.select().from(sessions).where(eq(sessions.userId, first.user.id))).toHaveLength(0);
  });

  it.each([
    ["username", " jane", "Username cannot contain leading or trailing spaces"],
    ["username", "jane ", "Username cannot contain leading or trailing spaces"],
    ["username", "ab", "Username must be at least 3 characters"],
    ["username", "a".repeat(51), "Username cannot exceed 50 characters"],
    ["username", "jane doe!", "Username can only contain letters, numbers, underscores, and hyphens"],
    ["email", "a@b", "Email is too short"],
    ["email", `${"a".repeat(250)}@example.com`, "Email address is too long"],
    ["email", "jane.example.com", "Invalid email address"],
    ["password", "Ab1!", "Password must be at least 8 characters"],
    ["password", `Ab1!${"a".repeat(125)}`, "Password is too long"],
    ["password", "speaker2026!", passwordRuleMessage],
    ["password", "Speaker 2026!", passwordRuleMessage],
  ])("refuses %s %j with %j", async (field, value, message) => {
    const client = createClient(app);
    const response = await client.post("/api/register", newRegistration({ [field]: value }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message } });
  });

  it("lists every failing field, the first message as the error", async () => {
    const client = createClient(app);
    const response = await client.post("/api/register", { username: "ab", email: "x", password: "short" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "Username must be at least 3 characters",
      fields: {
        username: "Username must be at least 3 characters",
        email: "Email is too short",
        password: "Password must be at least 8 characters",
      },
    });
  });

  it("answers 409 naming the username when it is taken, in any case", async () => {
    const existing = await createUser(db, { username: "Taken_Name" });
    const client = createClient(app);
    const response = await client.post("/api/register", newRegistration({ username: "taken_name" }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "This username is already taken",
      fields: { username: "This username is already taken" },
    });
    expect(await db.select().from(users).where(eq(users.email, existing.email))).toHaveLength(1);
  });

  it("answers 409 naming the e-mail when it is taken, in any case", async () => {
    const existing = await createUser(db);
    const client = createClient(app);
    const response = await client.post(
      "/api/register",
      newRegistration({ email: existing.email.toUpperCase() }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "An account with this email already exists",
      fields: { email: "An account with this email already exists" },
    });
    expect(client.jar.has("podium_session")).toBe(false);
    expect(await mailTo(db, existing.email.toUpperCase())).toHaveLength(0);
  });

  it("needs the CSRF token", async () => {
    const client = createClient(app);
    const response = await client.post("/api/register", newRegistration(), { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
  });
});
