import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { emailOutbox } from "../../platform/db/schema.ts";

const { app, db } = await createTestApp();

describe("GET /api/diagnostic", () => {
  it("reports the version, database, server time, the caller's session and e-mails", async () => {
    const user = await createUser(db);
    const other = await createUser(db);
    await db.insert(emailOutbox).values([
      { to: user.email, subject: "a", text: "a", html: "a" },
      { to: user.email, subject: "b", text: "b", html: "b", status: "failed" },
      { to: user.email, subject: "c", text: "c", html: "c", status: "sent" },
      { to: other.email, subject: "d", text: "d", html: "d", status: "failed" },
    ]);
    const client = createClient(app);
    await signIn(client, db, user);

    const before = Date.now();
    const response = await client.get("/api/diagnostic");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json();
    expect(body).toEqual({
      version: expect.any(String),
      database: app.database.kind,
      serverTime: expect.any(String),
      session: { createdAt: expect.any(String), expiresAt: expect.any(String) },
      mail: { queued: 1, failed: 1 },
      requestId: expect.any(String),
      clientIp: "127.0.0.1",
    });
    expect(Math.abs(Date.parse(body.serverTime) - before)).toBeLessThan(60_000);
    const expiresInDays = (Date.parse(body.session.expiresAt) - before) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(29.9);
    expect(expiresInDays).toBeLessThanOrEqual(30);
  });

  it("answers 401 without a session", async () => {
    expect((await createClient(app).get("/api/diagnostic")).statusCode).toBe(401);
  });
});
