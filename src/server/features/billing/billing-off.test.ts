import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { users } from "../../platform/db/schema.ts";
import { postWebhook, stripeEvent } from "./testing.ts";

const { app, db } = await createTestApp({ PROMO_CODES: "SPEAKERS=14, podcast=30" });

async function expiredClient() {
  const user = await createUser(db, { trialEndsAt: sql`now() - interval '10 days'` as unknown as Date });
  const client = createClient(app);
  await signIn(client, db, user);
  return client;
}

describe("billing off (no STRIPE_* variables)", () => {
  it("answers active for everyone and never blocks, even after the trial", async () => {
    const client = await expiredClient();
    expect((await client.get("/api/subscription-status")).json()).toEqual({
      isSubscribed: true,
      status: "active",
      trialEndsAt: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      billingEnabled: false,
    });
    expect((await client.post("/api/events", { title: "Keynote", date: "2027-01-10" })).statusCode).toBe(201);
  });

  it("refuses Checkout, the portal and the webhook plainly", async () => {
    const client = await expiredClient();
    for (const path of ["/api/create-checkout-session", "/api/create-portal-session"]) {
      const response = await client.post(path, {});
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe("This server does not charge for Podium: billing is off.");
    }
    expect((await postWebhook(app, stripeEvent("invoice.paid", {}))).statusCode).toBe(409);
  });

  it("looks promotional codes up in PROMO_CODES, in any case", async () => {
    const response = await createClient(app).get("/api/public/promo/Speakers");
    expect(response.json()).toEqual({
      code: "SPEAKERS",
      trialDays: 14,
      description: "14 extra days of free trial.",
    });
    expect((await createClient(app).get("/api/public/promo/NOPE")).statusCode).toBe(404);
  });

  it("adds a code's trial days at registration, and refuses an unknown code without creating the account", async () => {
    const client = createClient(app);
    const body = { username: "promo_speaker", email: "promo@example.com", password: "Speaker!2026" };
    const refused = await client.post("/api/register", { ...body, promoCode: "WRONG" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: "This promotional code is not valid.",
      fields: { promoCode: "This promotional code is not valid." },
    });
    expect(await db.select().from(users).where(eq(users.username, "promo_speaker"))).toHaveLength(0);

    expect((await client.post("/api/register", { ...body, promoCode: "podcast" })).statusCode).toBe(201);
    const [row] = await db
      .select({ days: sql<number>`extract(day from ${users.trialEndsAt} - ${users.createdAt})::int` })
      .from(users)
      .where(eq(users.username, "promo_speaker"));
    expect(row?.days).toBe(60);
  });
});
