import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD } from "../../../test/factories.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import { sessions } from "../../platform/db/schema.ts";

const { app, db } = await createTestApp();

describe("POST /api/login", () => {
  it("answers 200 with the user and sets an HttpOnly, SameSite=Lax session cookie", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    const response = await client.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      emailVerified: true,
      isAdmin: false,
      createdAt: user.createdAt.toISOString(),
    });
    const cookie = response.cookies.find((c) => c.name === "podium_session")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie.secure).toBeFalsy();
    // The cookie carries a 256-bit token; only its hash names the session in the database.
    expect(Buffer.from(cookie.value, "base64url")).toHaveLength(32);
    const [row] = await db
      .select()
      .from(sessions)
      .where(eq(sessions.id, sha256(cookie.value)));
    expect(row!.userId).toBe(user.id);
    expect((await client.get("/api/user")).json().id).toBe(user.id);
  });

  it("accepts the username in any case", async () => {
    const user = await createUser(db, { username: "Mixed_Case" });
    const client = createClient(app);
    const response = await client.post("/api/login", { username: "mixed_CASE", password: DEFAULT_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toBe(user.id);
  });

  it("answers a wrong password and an unknown username with the same 401", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    const wrongPassword = await client.post("/api/login", {
      username: user.username,
      password: "Wrong!2026",
    });
    const unknownUser = await client.post("/api/login", {
      username: "nobody_here",
      password: DEFAULT_PASSWORD,
    });
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: "Invalid username or password" });
    }
    expect(client.jar.has("podium_session")).toBe(false);
  });

  it.each([
    [{ username: "", password: "x" }, "username", "Username is required"],
    [{ username: "jane", password: "" }, "password", "Password is required"],
  ])("refuses %j with the spec's message", async (body, field, message) => {
    const response = await createClient(app).post("/api/login", body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, fields: { [field]: message } });
  });

  it("gives a new session id at each login and deletes the old session (no fixation)", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    const credentials = { username: user.username, password: DEFAULT_PASSWORD };
    await client.post("/api/login", credentials);
    const firstToken = client.jar.get("podium_session")!;
    await client.post("/api/login", credentials);
    const secondToken = client.jar.get("podium_session")!;

    expect(secondToken).not.toBe(firstToken);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(firstToken))),
    ).toHaveLength(0);
    const stale = createClient(app);
    stale.jar.set("podium_session", firstToken);
    expect((await stale.get("/api/user")).statusCode).toBe(401);
  });

  it("ignores a session id planted by someone else before login", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    client.jar.set("podium_session", "planted-by-an-attacker");
    await client.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
    expect(client.jar.get("podium_session")).not.toBe("planted-by-an-attacker");
  });

  it("rotates the CSRF token: the one from before login no longer works", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    await client.get("/api/csrf-token");
    const anonymousToken = client.jar.get("csrf-token")!;
    await client.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
    const signedInToken = client.jar.get("csrf-token")!;
    expect(signedInToken).not.toBe(anonymousToken);
    await confirmIdentity(client);

    const withOldToken = await client.patch(
      "/api/account",
      { email: user.email, currentPassword: DEFAULT_PASSWORD },
      { headers: { "x-csrf-token": anonymousToken } },
    );
    expect(withOldToken.statusCode).toBe(403);
    expect(withOldToken.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
    expect(
      (await client.patch("/api/account", { email: user.email, currentPassword: DEFAULT_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it("needs the CSRF token", async () => {
    const user = await createUser(db);
    const client = createClient(app);
    const credentials = { username: user.username, password: DEFAULT_PASSWORD };
    const missing = await client.post("/api/login", credentials, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
    await client.get("/api/csrf-token");
    const wrong = await client.post("/api/login", credentials, { headers: { "x-csrf-token": "forged" } });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().csrfError).toBe(true);
  });
});
