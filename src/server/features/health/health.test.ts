import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";

const { app } = await createTestApp();

describe("platform", () => {
  it("answers the health check with the database kind", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      status: "ok",
      database: process.env.DATABASE_URL ? "postgres" : "pglite",
    });
  });

  it("sends security headers", async () => {
    const response = await app.inject({ method: "GET", url: "/api/health" });
    expect(response.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
  });

  it("refuses an unsafe call without the CSRF token", async () => {
    const client = createClient(app);
    const response = await client.post(
      "/api/contact",
      { name: "Ann", email: "ann@example.com", message: "Hello" },
      { csrf: false },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Invalid CSRF token", csrfError: true });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await app.inject({ method: "GET", url: "/api/nope" });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toContain("/api/nope");
  });
});
