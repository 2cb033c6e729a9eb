import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { WorkspaceRole } from "../../../shared/schemas/team.ts";
import { createTestApp } from "../../../test/app.ts";
import { createClient, type TestClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { ROUTE_ACCESS, refusalOf } from "../../platform/auth/route-access.ts";
import { teamMembers } from "../../platform/db/schema.ts";
import { signInAsMember } from "./testing.ts";

const { app, db } = await createTestApp();

/** Who calls, and what they are in the owner's book: removed members and other speakers own only their own. */
const PERSONAS = ["owner", "assistant", "bookkeeper", "viewer", "removed member", "another speaker"] as const;
type Persona = (typeof PERSONAS)[number];
const roleIn = (persona: Persona): WorkspaceRole =>
  persona === "assistant" || persona === "bookkeeper" || persona === "viewer" ? persona : "owner";

/** Answered without a request: signing out would end the persona's session for the routes after it. */
const NOT_SENT_WHEN_ALLOWED = new Set(["POST /api/logout"]);
const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE"]);

const clients = {} as Record<Persona, TestClient>;

beforeAll(async () => {
  const owner = await createUser(db);
  for (const persona of PERSONAS) {
    const client = createClient(app);
    clients[persona] = client;
    // Every session has passed the fresh check (DESIGN §11): the matrix is about roles, not the reauth step.
    if (persona === "owner") await signIn(client, db, owner, { freshCheck: true });
    else if (persona === "another speaker")
      await signIn(client, db, await createUser(db), { freshCheck: true });
    else {
      const member = await createUser(db);
      const role = persona === "removed member" ? "assistant" : persona;
      await signInAsMember(client, db, owner, member, role, { freshCheck: true });
      if (persona === "removed member") await db.delete(teamMembers).where(eq(teamMembers.userId, member.id));
    }
  }
});

const routes = () => [
  ...new Map(
    app.routeList
      .filter((route) => route.url.startsWith("/api/") && METHODS.has(route.method))
      .map((route) => [`${route.method} ${route.url}`, route]),
  ).values(),
];

describe("every route × every role, from the one access table (DESIGN §11, decision 051)", () => {
  it("has an access class for every /api route", () => {
    const missing = routes().filter((route) => ROUTE_ACCESS[route.url] === undefined);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
  });

  it("answers each route for each persona as the table says", async () => {
    const wrong: string[] = [];
    let forbidden = 0;
    for (const { method, url } of routes()) {
      const path = url.replace(/:[A-Za-z]+/g, crypto.randomUUID()).replace("*", "anything");
      for (const persona of PERSONAS) {
        const refusal = refusalOf(ROUTE_ACCESS[url], roleIn(persona), method);
        if (!refusal && NOT_SENT_WHEN_ALLOWED.has(`${method} ${url}`)) continue;
        const response = await clients[persona].request(method as "GET", path, {
          ...(method === "GET" || method === "DELETE" ? {} : { body: {} }),
        });
        const body = String(response.headers["content-type"]).includes("json") ? response.json() : {};
        const error: string | undefined = body.error;
        const refused =
          response.statusCode === 403 &&
          (/^An? \w+ can't/.test(error ?? "") || body.reauth === true || body.secondFactorRequired === true);
        if (refusal) {
          forbidden += 1;
          if (response.statusCode !== 403 || error !== refusal) {
            wrong.push(
              `${persona} ${method} ${url}: ${response.statusCode} ${error} (expected 403 ${refusal})`,
            );
          }
        } else if (refused || response.statusCode === 401) {
          wrong.push(
            `${persona} ${method} ${url}: ${response.statusCode} ${error} (expected to be let through)`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
    // The table refuses something to each member role: the loop above did test refusals.
    expect(forbidden).toBeGreaterThan(100);
    // About 1,300 requests: on PostgreSQL under load this takes well over the default 30 s.
  }, 300_000);
});
