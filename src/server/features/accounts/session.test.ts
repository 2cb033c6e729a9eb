import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { sha256 } from "../../platform/auth/tokens.ts";
import { sessions } from "../../platform/db/schema.ts";

const { app, db } = await createTestApp();

async function logInAs(user: { username: string }) {
  const client = createClient(app);
  const response = await client.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD });
  expect(response.statusCode).toBe(200);
  return client;
}

describe("GET /api/user", () => {
  it("answers 401 Not authenticated to an anonymous caller, never cached", async () => {
    const response = await createClient(app).get("/api/user");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers the signed-in user, never cached", async () => {
    const user = await createUser(db, { role: "admin", emailVerifiedAt: null });
    const client = createClient(app);
    await signIn(client, db, user);
    const response = await client.get("/api/user");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toMatchObject({ id: user.id, isAdmin: true, emailVerified: false });
  });

  it("answers 401 for an unknown session cookie", async () => {
    const client = createClient(app);
    client.jar.set("podium_session", "not-a-session");
    expect((await client.get("/api/user")).statusCode).toBe(401);
  });
});

describe("POST /api/logout", () => {
  it("ends the session in the database and clears the cookie", async () => {
    const user = await createUser(db);
    const client = await logInAs(user);
    const token = client.jar.get("podium_session")!;

    const response = await client.post("/api/logout");
    expect(response.statusCode).toBe(204);
    expect(client.jar.has("podium_session")).toBe(false);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.id, sha256(token))),
    ).toHaveLength(0);

    const replayed = createClient(app);
    replayed.jar.set("podium_session", token);
    expect((await replayed.get("/api/user")).statusCode).toBe(401);
  });

  it("rotates the CSRF token: the signed-in one no longer works", async () => {
    const user = await createUser(db);
    const client = await logInAs(user);
    const signedInToken = client.jar.get("csrf-token")!;
    await client.post("/api/logout");
    const anonymousToken = client.jar.get("csrf-token")!;
    expect(anonymousToken).not.toBe(signedInToken);

    const body = { email: "nobody@example.com" };
    const stale = await client.post("/api/auth/recover-username", body, {
      headers: { "x-csrf-token": signedInToken },
    });
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
    expect((await client.post("/api/auth/recover-username", body)).statusCode).toBe(200);
  });

  it("leaves the user's other sessions alone", async () => {
    const user = await createUser(db);
    const phone = await logInAs(user);
    const laptop = await logInAs(user);
    await laptop.post("/api/logout");
    expect((await phone.get("/api/user")).statusCode).toBe(200);
  });

  it("answers 204 to an anonymous caller too", async () => {
    expect((await createClient(app).post("/api/logout")).statusCode).toBe(204);
  });

  it("needs the CSRF token", async () => {
    const user = await createUser(db);
    const client = await logInAs(user);
    const response = await client.post("/api/logout", undefined, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect((await client.get("/api/user")).statusCode).toBe(200);
  });
});

describe("session expiry", () => {
  it("ends a session after 30 days without use", async () => {
    const user = await createUser(db);
    const client = await logInAs(user);
    const sessionId = sha256(client.jar.get("podium_session")!);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    const days = (row!.expiresAt.getTime() - row!.lastSeenAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(30, 3);

    await db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, sessionId));
    const response = await client.get("/api/user");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
  });

  it("slides the expiry forward when a session is used", async () => {
    const user = await createUser(db);
    const client = await logInAs(user);
    const sessionId = sha256(client.jar.get("podium_session")!);
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '29 days'`, expiresAt: sql`now() + interval '1 day'` })
      .where(eq(sessions.id, sessionId));

    expect((await client.get("/api/user")).statusCode).toBe(200);
    const [row] = await db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });
});
