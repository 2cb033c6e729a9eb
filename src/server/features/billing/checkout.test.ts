import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { subscriptions, users } from "../../platform/db/schema.ts";
import { createBillingTestApp, PRICE_ID } from "./testing.ts";

const { app, db, stripe } = await createBillingTestApp();

async function signedIn(overrides: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(db, overrides);
  const client = createClient(app);
  await signIn(client, db, user);
  return { user, client };
}

describe("GET /api/subscription-status", () => {
  it("is trialing for a new account until trial_ends_at, then expired", async () => {
    const { user, client } = await signedIn();
    const trialing = (await client.get("/api/subscription-status")).json();
    expect(trialing).toMatchObject({ isSubscribed: false, status: "trialing", billingEnabled: true });
    expect(new Date(trialing.trialEndsAt).getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);

    await db
      .update(users)
      .set({ trialEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(users.id, user.id));
    expect((await client.get("/api/subscription-status")).json()).toMatchObject({
      isSubscribed: false,
      status: "expired",
    });
  });

  it("answers 401 to an anonymous caller", async () => {
    expect((await createClient(app).get("/api/subscription-status")).statusCode).toBe(401);
  });
});

describe("POST /api/create-checkout-session", () => {
  it("creates one Stripe customer per user however often it is called, and a session per attempt", async () => {
    const { user, client } = await signedIn();
    const customersBefore = stripe.requestsTo("POST", "/v1/customers").length;
    const first = await client.post("/api/create-checkout-session", {});
    const second = await client.post("/api/create-checkout-session", {});
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    expect(second.json().url).not.toBe(first.json().url);

    expect(stripe.requestsTo("POST", "/v1/customers").length - customersBefore).toBe(1);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row?.stripeCustomerId).toMatch(/^cus_test_/);
    expect(row?.checkoutAttempts).toBe(2);

    const sessions = stripe.requestsTo("POST", "/v1/checkout/sessions").slice(-2);
    expect(sessions.map((request) => request.idempotencyKey)).toEqual([
      `podium-checkout-${user.id}-1`,
      `podium-checkout-${user.id}-2`,
    ]);
    expect(sessions[0]!.body).toMatchObject({
      mode: "subscription",
      customer: row?.stripeCustomerId,
      client_reference_id: user.id,
      line_items: { 0: { price: PRICE_ID, quantity: "1" } },
      allow_promotion_codes: "true",
      success_url: "http://localhost:3000/subscribe?checkout=success",
      cancel_url: "http://localhost:3000/subscribe?checkout=canceled",
    });
    // The rest of the 30-day trial is kept: the first charge comes when it ends.
    const trialEnd = Number((sessions[0]!.body.subscription_data as Record<string, string>).trial_end);
    expect(trialEnd).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
  });

  it("applies a valid promotion code as the session's discount", async () => {
    const { promotionCodeId } = stripe.addPromotionCode({
      code: "SPEAKER20",
      percentOff: 20,
      durationMonths: 3,
    });
    const { client } = await signedIn();
    expect((await client.post("/api/create-checkout-session", { promoCode: "speaker20" })).statusCode).toBe(
      200,
    );
    const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions").slice(-1);
    expect(session!.body.discounts).toEqual({ 0: { promotion_code: promotionCodeId } });
    expect(session!.body.allow_promotion_codes).toBeUndefined();
  });

  it("refuses an unknown promotion code with a plain message", async () => {
    const { client } = await signedIn();
    const response = await client.post("/api/create-checkout-session", { promoCode: "NOPE" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "This promotional code is not valid.",
      fields: { promoCode: "This promotional code is not valid." },
    });
  });

  it("answers 403 while the e-mail is unverified and 409 when already subscribed", async () => {
    const unverified = await signedIn({ emailVerifiedAt: null });
    const refused = await unverified.client.post("/api/create-checkout-session", {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Verify your email address before subscribing.");

    const subscribed = await signedIn();
    await db
      .insert(subscriptions)
      .values({ userId: subscribed.user.id, stripeCustomerId: "cus_x1", status: "active" });
    expect((await subscribed.client.post("/api/create-checkout-session", {})).statusCode).toBe(409);
  });

  it("says plainly when Stripe does not answer, and creates nothing", async () => {
    const { user, client } = await signedIn();
    stripe.failRequests(3);
    const response = await client.post("/api/create-checkout-session", {});
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toMatch(/payment service is not answering/);
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(row?.stripeCustomerId ?? null).toBeNull();
  });
});

describe("POST /api/create-portal-session", () => {
  it("opens the portal for the user's own customer", async () => {
    const { client } = await signedIn();
    await client.post("/api/create-checkout-session", {});
    const response = await client.post("/api/create-portal-session");
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\/bps_test_/);
    const [portal] = stripe.requestsTo("POST", "/v1/billing_portal/sessions").slice(-1);
    expect(portal!.body.return_url).toBe("http://localhost:3000/account-settings?tab=billing");
  });

  it("answers 409 before the user has a billing account", async () => {
    const { client } = await signedIn();
    const response = await client.post("/api/create-portal-session");
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe("There is no billing account to manage yet. Subscribe first.");
  });
});

describe("GET /api/public/promo/:code", () => {
  it("describes a Stripe promotion code's discount and trial days", async () => {
    stripe.addPromotionCode({ code: "LAUNCH", percentOff: 50, durationMonths: 2, trialDays: 14 });
    const response = await createClient(app).get("/api/public/promo/launch");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: "LAUNCH",
      trialDays: 14,
      percentOff: 50,
      durationMonths: 2,
      description: "14 extra days of free trial, then 50% off for 2 months.",
    });
  });

  it("answers 404 with a plain message for an unknown or inactive code", async () => {
    stripe.addPromotionCode({ code: "OLD", percentOff: 10, active: false });
    for (const code of ["UNKNOWN", "OLD", "bad code!"]) {
      const response = await createClient(app).get(`/api/public/promo/${encodeURIComponent(code)}`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: "This promotional code is not valid." });
    }
  });
});
