import { sql } from "drizzle-orm";
import type { FastifyInstance, InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD } from "../../../test/factories.ts";
import { rateLimitCounters } from "../../platform/db/schema.ts";
import { newRegistration } from "./testing.ts";

// A tenth of DESIGN §8's limits: 1 failed login per username, 10 per IP, 2 registrations per IP,
// 1 recovery call per e-mail and 3 per IP.
const { app, db } = await createTestApp({ RATE_LIMIT_FACTOR: "0.1" });

let lastIp = 0;
/** A browser-like client calling from an address of its own, so each test has fresh per-IP counters. */
function clientFromNewIp() {
  const remoteAddress = `10.0.0.${++lastIp}`;
  const inject = (options: InjectOptions) => app.inject({ ...options, remoteAddress });
  return createClient({ inject, afterResponse: app.afterResponse } as unknown as FastifyInstance);
}

function expectTooManyAttempts(response: Awaited<ReturnType<typeof app.inject>>, minutes: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toEqual({ error: `Too many attempts. Try again in ${minutes} minutes.` });
  const retryAfter = Number(response.headers["retry-after"]);
  expect(retryAfter).toBeGreaterThan((minutes - 1) * 60);
  expect(retryAfter).toBeLessThanOrEqual(minutes * 60);
}

describe("failed logins", () => {
  it("lock a username after its limit, even against the right password", async () => {
    const user = await createUser(db);
    const client = clientFromNewIp();
    const wrong = await client.post("/api/login", { username: user.username, password: "Wrong!2026" });
    expect(wrong.statusCode).toBe(401);

    const right = await clientFromNewIp().post("/api/login", {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expectTooManyAttempts(right, 15);
    expect(right.cookies.some((c) => c.name === "podium_session")).toBe(false);
  });

  it("count the username in any case", async () => {
    await createUser(db, { username: "Case_Locked" });
    await clientFromNewIp().post("/api/login", { username: "case_locked", password: "Wrong!2026" });
    const response = await clientFromNewIp().post("/api/login", {
      username: "CASE_LOCKED",
      password: DEFAULT_PASSWORD,
    });
    expect(response.statusCode).toBe(429);
  });

  it("lock an IP address after its limit, whatever the username", async () => {
    const client = clientFromNewIp();
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await client.post("/api/login", {
        username: `guess_${attempt}`,
        password: "Wrong!2026",
      });
      expect(response.statusCode).toBe(401);
    }
    const user = await createUser(db);
    expectTooManyAttempts(
      await client.post("/api/login", { username: user.username, password: DEFAULT_PASSWORD }),
      15,
    );
    const elsewhere = await clientFromNewIp().post("/api/login", {
      username: user.username,
      password: DEFAULT_PASSWORD,
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it("unlock once the window has passed", async () => {
    const user = await createUser(db);
    await clientFromNewIp().post("/api/login", { username: user.username, password: "Wrong!2026" });
    const credentials = { username: user.username, password: DEFAULT_PASSWORD };
    expect((await clientFromNewIp().post("/api/login", credentials)).statusCode).toBe(429);

    await db.update(rateLimitCounters).set({ windowEndsAt: sql`now() - interval '1 second'` });
    expect((await clientFromNewIp().post("/api/login", credentials)).statusCode).toBe(200);
  });

  it("do not count successful logins", async () => {
    const user = await createUser(db);
    const client = clientFromNewIp();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await client.post("/api/login", {
        username: user.username,
        password: DEFAULT_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    }
  });
});

describe("registrations", () => {
  it("are limited per IP address per hour", async () => {
    const client = clientFromNewIp();
    expect((await client.post("/api/register", newRegistration())).statusCode).toBe(201);
    expect((await client.post("/api/register", newRegistration())).statusCode).toBe(201);
    expectTooManyAttempts(await client.post("/api/register", newRegistration()), 60);
    expect((await clientFromNewIp().post("/api/register", newRegistration())).statusCode).toBe(201);
  });
});

describe("recovery calls", () => {
  it("are limited per e-mail, known or not, with the same answer", async () => {
    const user = await createUser(db);
    for (const email of [user.email, "unknown-one@example.com"]) {
      expect((await clientFromNewIp().post("/api/auth/request-reset", { email })).statusCode).toBe(200);
      expectTooManyAttempts(await clientFromNewIp().post("/api/auth/forgot-password", { email }), 60);
    }
  });

  it("count each call on its own", async () => {
    const user = await createUser(db);
    const client = clientFromNewIp();
    for (const url of [
      "/api/auth/request-reset",
      "/api/auth/recover-username",
      "/api/auth/resend-verification",
    ]) {
      expect((await client.post(url, { email: user.email })).statusCode).toBe(200);
    }
    expect((await client.post("/api/auth/recover-username", { email: user.email })).statusCode).toBe(429);
  });

  it("are limited per IP address", async () => {
    const client = clientFromNewIp();
    for (let n = 0; n < 3; n++) {
      const response = await client.post("/api/auth/recover-username", { email: `someone${n}@example.com` });
      expect(response.statusCode).toBe(200);
    }
    expectTooManyAttempts(
      await client.post("/api/auth/recover-username", { email: "someone9@example.com" }),
      60,
    );
  });
});
