import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createRecordingMailer } from "../../../test/mailer.ts";
import { buildApp } from "../../app.ts";
import { loadConfig } from "../../config.ts";
import { newRegistration } from "../../features/accounts/testing.ts";

/**
 * Issue 10, item 3: in production every X-Forwarded-For hop used to be trusted, so a client could name its
 * own address and dodge the per-IP limits. A tenth of the limits: 2 registrations per IP an hour.
 */
const production = { NODE_ENV: "production", SESSION_SECRET: "s".repeat(40), RATE_LIMIT_FACTOR: "0.1" };
const { app, database } = await createTestApp(production);

/** The same app with TRUST_PROXY set, on the same database (rate-limit counters are shared). */
async function appTrusting(trustProxy: string) {
  const trusting = await buildApp({
    config: loadConfig({ ...production, LOG_LEVEL: "silent", TRUST_PROXY: trustProxy }),
    database,
    mailer: createRecordingMailer(),
    secret: "test-secret-".padEnd(40, "x"),
  });
  afterAll(() => trusting.close());
  return trusting;
}

async function register(target: typeof app, forwardedFor?: string) {
  const headers: Record<string, string> = forwardedFor ? { "x-forwarded-for": forwardedFor } : {};
  return (await createClient(target).post("/api/register", newRegistration(), { headers })).statusCode;
}

describe("TRUST_PROXY", () => {
  it("unset: a spoofed X-Forwarded-For changes nothing, even in production", async () => {
    expect(await register(app)).toBe(201);
    expect(await register(app)).toBe(201);
    expect(await register(app)).toBe(429);
    expect(await register(app, "5.6.7.8")).toBe(429);
    expect(await register(app, "9.9.9.9, 5.6.7.8")).toBe(429);
  });

  it("set to a hop count: the address the trusted proxy saw counts", async () => {
    const trusting = await appTrusting("1");
    expect(await register(trusting, "5.6.7.8")).toBe(201);
    expect(await register(trusting, "5.6.7.8")).toBe(201);
    expect(await register(trusting, "5.6.7.8")).toBe(429);
    expect(await register(trusting, "1.2.3.4")).toBe(201);
  });

  it("set to addresses: a listed proxy is believed, a client's own hop is not", async () => {
    const trusting = await appTrusting("127.0.0.0/8");
    expect(await register(trusting, "7.7.7.7")).toBe(201);
    expect(await register(trusting, "7.7.7.7")).toBe(201);
    expect(await register(trusting, "7.7.7.7")).toBe(429);
    // The client wrote 6.6.6.6 itself; the listed proxy saw 7.7.7.7, which is what counts.
    expect(await register(trusting, "6.6.6.6, 7.7.7.7")).toBe(429);
  });
});
