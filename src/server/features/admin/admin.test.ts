import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { users } from "../../platform/db/schema.ts";

const { app, db } = await createTestApp();

async function clientAs(overrides: Parameters<typeof createUser>[1]) {
  const client = createClient(app);
  await signIn(client, db, await createUser(db, overrides));
  return client;
}

describe("GET /api/admin/stats", () => {
  it("counts users for an admin", async () => {
    await db.delete(users);
    const admin = await clientAs({ role: "admin" });
    await createUser(db, { emailVerifiedAt: null });
    await createUser(db, { createdAt: sql`now() - interval '40 days'` as unknown as Date });

    const response = await admin.get("/api/admin/stats");
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ users: { total: 3, verified: 2, admins: 1, newLast30Days: 2 } });
  });

  it("answers 403 to a signed-in user who is not an admin", async () => {
    const client = await clientAs({ role: "user" });
    const response = await client.get("/api/admin/stats");
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Administrator access required" });
  });

  it("answers 401 to an anonymous caller", async () => {
    const response = await createClient(app).get("/api/admin/stats");
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: "Not authenticated" });
  });

  it("keeps unknown admin paths behind the same gate", async () => {
    expect((await createClient(app).get("/api/admin/nothing-here")).statusCode).toBe(401);
    expect((await (await clientAs({ role: "user" })).get("/api/admin/nothing-here")).statusCode).toBe(403);
    expect((await (await clientAs({ role: "admin" })).get("/api/admin/nothing-here")).statusCode).toBe(404);
  });

  it("follows the role in the database, not an earlier answer", async () => {
    const user = await createUser(db, { role: "admin" });
    const client = createClient(app);
    await signIn(client, db, user);
    expect((await client.get("/api/admin/stats")).statusCode).toBe(200);
    await db.update(users).set({ role: "user" }).where(eq(users.id, user.id));
    expect((await client.get("/api/admin/stats")).statusCode).toBe(403);
  });
});
