import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { dumpTables } from "../../../test/seed-book.ts";

/**
 * Issue 10, item 5: generated bodies and query strings sent to every route the API documents (read from
 * the OpenAPI document, so routes added later are covered without touching this file). No answer may be a
 * 500, and a refused call (4xx) may change nothing.
 */

const { app, db } = await createTestApp();
const user = await createUser(db);
const client = createClient(app);
await signIn(client, db, user);
const seeded = await client.post("/api/events", {
  title: "Seed talk",
  date: "2026-03-14",
  clientName: "Acme",
});
const seededId = seeded.json().id as string;

type SchemaObject = { type?: string; properties?: Record<string, SchemaObject>; enum?: unknown[] };
type Operation = {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: SchemaObject }> };
};
type Route = { method: string; path: string; operation: Operation };

const document = (await client.get("/api/openapi.json")).json() as {
  paths: Record<string, Record<string, Operation>>;
};
/** Calls that end the session or the account would stop the rest of the walk from reaching anything. */
const SKIPPED = new Set(["POST /api/logout", "DELETE /api/account"]);
const routes: Route[] = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods)
    .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation }))
    .filter((route) => !SKIPPED.has(`${route.method} ${route.path}`)),
);

const nasty = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "\u0000",
    "a\u0000b",
    "%00",
    "9999-12-31",
    "0000-00-00",
    "1e-09",
    "-1",
    "NaN",
    "null",
    "x".repeat(6000),
  ),
  fc.constantFrom(
    Buffer.from(JSON.stringify(["-date", "garbage", seededId])).toString("base64url"),
    Buffer.from(JSON.stringify(["fee", 2147483648, seededId])).toString("base64url"),
    Buffer.from(JSON.stringify(["title", "a\u0000", seededId])).toString("base64url"),
  ),
);
const anyValue = fc.oneof(
  nasty,
  fc.double(),
  fc.integer(),
  fc.constantFrom(1e-9, 1e300, -1e10, 2147483648, null, true, [], {}),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A body with the schema's own keys (each with any value), sometimes with extra ones. */
function bodyFor(schema: SchemaObject | undefined) {
  const keys = Object.keys(schema?.properties ?? {});
  if (keys.length === 0) return fc.option(fc.dictionary(fc.string(), anyValue, { maxKeys: 3 }));
  return fc.record(Object.fromEntries(keys.map((key) => [key, anyValue])), { requiredKeys: [] });
}

function queryFor(operation: Operation) {
  const names = (operation.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  return fc.record(Object.fromEntries(names.map((name) => [name, nasty])), { requiredKeys: [] });
}

const pathParam = fc.oneof(fc.constant(seededId), fc.uuid(), nasty);

describe("every route, with generated input", () => {
  it.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    "%s never answers 500, and changes nothing when it refuses",
    async (_, route) => {
      const json = route.operation.requestBody?.content?.["application/json"]?.schema;
      await fc.assert(
        fc.asyncProperty(
          fc.array(pathParam, { minLength: 3, maxLength: 3 }),
          queryFor(route.operation),
          bodyFor(json),
          async (params, query, body) => {
            let index = 0;
            const path = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(params[index++]!));
            const search = new URLSearchParams(query as Record<string, string>).toString();
            const url = search ? `${path}?${search}` : path;
            const before = await dumpTables(db);
            const response = await client.request(route.method as "GET", url, {
              body: route.method === "GET" || route.method === "DELETE" ? undefined : (body ?? {}),
            });
            expect(response.statusCode, `${route.method} ${url} ${response.body}`).toBeLessThan(500);
            if (response.statusCode >= 400) {
              const after = await dumpTables(db);
              // last_seen_at may slide on any signed-in call; everything else must be as it was.
              const strip = (dump: typeof before) => ({
                ...dump,
                sessions: dump.sessions.map(({ lastSeenAt, expiresAt, ...rest }) => rest),
              });
              expect(strip(after)).toEqual(strip(before));
            }
          },
        ),
        { numRuns: 12 },
      );
    },
    120_000,
  );
});
