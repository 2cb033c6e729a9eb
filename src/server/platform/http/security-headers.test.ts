import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { PERMISSIONS_POLICY, securityHeadersPlugin } from "./security-headers.ts";

const { app, db } = await createTestApp();
const user = await createUser(db);
const client = createClient(app);
await signIn(client, db, user, { freshCheck: true });

describe("headers of personal data answers (issue 10, item 8)", () => {
  it.each([
    "/api/events",
    "/api/clients",
    "/api/bureau-partners",
    "/api/search?q=ke",
    "/api/dashboard?today=2026-03-14",
    "/api/user",
    "/api/speaker-profile",
    "/api/export-complete-data",
  ])("GET %s may not be kept by a browser or proxy", async (url) => {
    const response = await client.get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers["permissions-policy"]).toBe(PERMISSIONS_POLICY);
    expect(response.headers["x-frame-options"]).toBe("DENY");
  });

  it("keeps no-store on an error answer too", async () => {
    const response = await client.get("/api/events/00000000-0000-4000-8000-000000000000");
    expect(response.statusCode).toBe(404);
    expect(response.headers["cache-control"]).toBe("no-store");
  });
});

describe("a route with its own Content-Security-Policy (the development server's pages)", () => {
  it("answers with that policy and every other header of the app's", async () => {
    const bare = Fastify();
    await bare.register(securityHeadersPlugin, { isHttps: false });
    const ownPolicy = { directives: { defaultSrc: ["'self'"], connectSrc: ["'self'", "ws:"] } };
    bare.get("/own", { config: { contentSecurityPolicy: ownPolicy } }, async () => "own");
    bare.get("/app", async () => "app");
    const own = await bare.inject("/own");
    const app = await bare.inject("/app");
    await bare.close();

    expect(own.headers["content-security-policy"]).toContain("connect-src 'self' ws:");
    expect(app.headers["content-security-policy"]).toContain("connect-src 'self';");
    const withoutPolicy = (headers: Record<string, unknown>) => {
      const { "content-security-policy": _policy, date: _date, "x-request-id": _id, ...rest } = headers;
      return rest;
    };
    expect(withoutPolicy(own.headers)).toEqual(withoutPolicy(app.headers));
  });
});
