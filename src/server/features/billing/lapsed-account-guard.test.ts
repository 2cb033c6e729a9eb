import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LAPSED_MESSAGE } from "../../../shared/schemas/billing.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { subscriptions, users } from "../../platform/db/schema.ts";
import { LAPSED_ALLOWED_ROUTES } from "./lapsed-account-guard.ts";
import { createBillingTestApp } from "./testing.ts";

const { app, db } = await createBillingTestApp();

/** Every mutating /api route the app has, taken from the routes as registered, so later ones are covered. */
const mutatingRoutes = app.routeList.filter(
  ({ method, url }) => ["POST", "PUT", "PATCH", "DELETE"].includes(method) && url.startsWith("/api/"),
);
const concreteUrl = (url: string) =>
  url.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000000").replace(/\*$/, "anything");

type Setup = "past_due" | "unpaid" | "canceled" | "expired" | "active" | "trialing";

async function userWith(setup: Setup) {
  const expiredTrial = { trialEndsAt: sql`now() - interval '1 day'` as unknown as Date };
  const user = await createUser(db, setup === "trialing" ? {} : expiredTrial);
  if (setup !== "expired" && setup !== "trialing") {
    await db
      .insert(subscriptions)
      .values({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: setup });
  }
  return user;
}

/** Sends the route with an empty body from a fresh session (some allowed routes sign out or delete). */
async function call(user: { id: string }, method: string, url: string) {
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  return client.request(method as "POST", concreteUrl(url), { body: {} });
}

describe("the 402 rule for lapsed accounts", () => {
  it("finds the app's mutating routes", () => {
    const names = mutatingRoutes.map(({ method, url }) => `${method} ${url}`);
    expect(names).toEqual(
      expect.arrayContaining(["POST /api/events", "PATCH /api/clients/:id", "DELETE /api/account"]),
    );
  });

  it.each(["past_due", "unpaid", "canceled", "expired"] as const)(
    "a %s account gets 402 on every mutating route outside the allow-list",
    async (status) => {
      const user = await userWith(status);
      const seen: string[] = [];
      for (const { method, url } of mutatingRoutes) {
        const name = `${method} ${url}`;
        const response = await call(user, method, url);
        if (url.startsWith("/api/admin/")) {
          expect(response.statusCode, name).toBe(403); // admins only, decided before anything else
        } else if (LAPSED_ALLOWED_ROUTES.has(name)) {
          expect(response.statusCode, name).not.toBe(402);
        } else {
          expect(response.statusCode, name).toBe(402);
          expect(response.json(), name).toEqual({ error: LAPSED_MESSAGE, status });
        }
        seen.push(name);
      }
      expect(seen.length).toBe(mutatingRoutes.length);
    },
  );

  it("still lets a lapsed account read, export and pay", async () => {
    const user = await userWith("expired");
    const client = createClient(app);
    await signIn(client, db, user, { freshCheck: true });
    expect((await client.get("/api/events")).statusCode).toBe(200);
    expect((await client.get("/api/export-complete-data")).statusCode).toBe(200);
    expect((await client.post("/api/create-checkout-session", {})).statusCode).toBe(200);
  });

  it.each(["active", "trialing"] as const)("never blocks a %s account", async (status) => {
    const user = await userWith(status);
    const response = await call(user, "POST", "/api/events");
    expect(response.statusCode).toBe(400); // the empty body's validation, not the subscription
  });

  it("never blocks an admin", async () => {
    const user = await userWith("expired");
    await db.update(users).set({ role: "admin" }).where(eq(users.id, user.id));
    expect((await call(user, "POST", "/api/events")).statusCode).toBe(400);
  });

  it("lifts the block as soon as the trial is extended", async () => {
    const user = await userWith("expired");
    expect((await call(user, "POST", "/api/events")).statusCode).toBe(402);
    await db.update(users).set({ trialEndsAt: sql`now() + interval '1 day'` }).where(eq(users.id, user.id));
    expect((await call(user, "POST", "/api/events")).statusCode).toBe(400);
  });
});
