import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClient, type TestClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { LAPSED_ALLOWED_ROUTES } from "../../features/billing/lapsed-account-guard.ts";
import { createBillingTestApp } from "../../features/billing/testing.ts";

/**
 * Issue 27, item 2: what a request is (API or not, mutating, which route) is decided by the route the router
 * matched, so another spelling of the same path meets the same rules. Every mutating route of the OpenAPI
 * document (routes added later are covered without touching this file) is sent as `/api/…`, `/%61pi/…` and
 * `/api//…`, by a lapsed account, an anonymous visitor and a signed-in client without a CSRF token.
 */
const { app, db } = await createBillingTestApp({ RATE_LIMIT_FACTOR: "100" });

const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as {
  paths: Record<string, Record<string, unknown>>;
};
const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";
const mutatingRoutes = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.keys(methods)
    .map((method) => method.toUpperCase())
    .filter((method) => ["POST", "PUT", "PATCH", "DELETE"].includes(method))
    .map((method) => ({ method, path: path.replace(/\{[^}]+\}/g, UNKNOWN_ID) })),
);
/** Calls that end the session would change what the next spelling meets. */
const SESSION_ENDING = new Set(["POST /api/logout"]);

const spellings = (path: string) => ({
  plain: path,
  encoded: path.replace(/^\/api\//, "/%61pi/"),
  doubled: path.replace(/^\/api\//, "/api//"),
});

async function answers(client: TestClient, method: string, path: string, csrf = true) {
  const send = async (url: string) => {
    const response = await client.request(method as "POST", url, { body: {}, csrf });
    return { status: response.statusCode, body: response.body };
  };
  const { plain, encoded, doubled } = spellings(path);
  return { plain: await send(plain), encoded: await send(encoded), doubled: await send(doubled) };
}

/** `statusOnly`: routes whose answers differ from call to call (a new Checkout session each time). */
async function expectSameAnswers(client: TestClient, { csrf = true, statusOnly = new Set<string>() } = {}) {
  expect(mutatingRoutes.length).toBeGreaterThan(50);
  for (const { method, path } of mutatingRoutes) {
    const name = `${method} ${path}`;
    if (SESSION_ENDING.has(name)) continue;
    const sent = await answers(client, method, path, csrf);
    const { plain, encoded, doubled } = statusOnly.has(name)
      ? { plain: sent.plain.status, encoded: sent.encoded.status, doubled: sent.doubled }
      : sent;
    expect(encoded, name).toEqual(plain);
    // The router either matches no route at all for a doubled slash, or treats it as the same route.
    const isUnmatched = doubled.status === 404 && doubled.body.includes("No such endpoint");
    if (!isUnmatched) expect(statusOnly.has(name) ? doubled.status : doubled, name).toEqual(plain);
  }
}

describe("one rule decides what a request is", () => {
  it("a lapsed account meets the 402 rule under every spelling of a path", async () => {
    const user = await createUser(db, { trialEndsAt: sql`now() - interval '1 day'` as unknown as Date });
    const client = createClient(app);
    await signIn(client, db, user);
    expect((await client.post("/%61pi/events", { title: "Talk", date: "2026-03-14" })).statusCode).toBe(402);
    // What a lapsed account may still do acts each time; the rest is refused alike.
    await expectSameAnswers(client, { statusOnly: LAPSED_ALLOWED_ROUTES });
  });

  it("an anonymous visitor meets the same answers under every spelling", async () => {
    // A passkey sign-in starts with a new single-use challenge on every call.
    await expectSameAnswers(createClient(app), {
      statusOnly: new Set(["POST /api/passkeys/authentication-options"]),
    });
  });

  it("a call without a CSRF token meets the same answers under every spelling", async () => {
    const client = createClient(app);
    await signIn(client, db, await createUser(db));
    await expectSameAnswers(client, { csrf: false });
  });
});
