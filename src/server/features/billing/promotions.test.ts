import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { confirmIdentity, createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { subscriptions, users } from "../../platform/db/schema.ts";
import { createBillingTestApp } from "./testing.ts";

const { app, db, stripe } = await createBillingTestApp();

let addresses = 0;
/** A visitor from an address of their own, so each test's per-IP counts start at zero. */
function visitor() {
  addresses += 1;
  return createClient(app, { remoteAddress: `203.0.113.${addresses}` });
}

let accounts = 0;
function registration(promoCode: string) {
  accounts += 1;
  return {
    username: `promo_${accounts}`,
    email: `promo_${accounts}@example.com`,
    password: DEFAULT_PASSWORD,
    promoCode,
  };
}

async function trialDaysOf(username: string) {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return Math.round((row!.trialEndsAt.getTime() - row!.createdAt.getTime()) / 86400_000);
}

async function signedIn(remoteAddress: string) {
  const user = await createUser(db);
  const client = createClient(app, { remoteAddress });
  await signIn(client, db, user, { freshCheck: true });
  return { user, client };
}

describe("guessing promotional codes", () => {
  it("counts every guess, from registration, Checkout or the look-up, against one limit per IP", async () => {
    stripe.addPromotionCode({ code: "REALCODE", trialDays: 120 });
    const guesser = visitor();
    const { client: subscriber } = await signedIn("203.0.113.200");
    for (let guess = 0; guess < 10; guess++) {
      expect((await guesser.post("/api/register", registration(`GUESS${guess}`))).statusCode).toBe(400);
      expect((await guesser.get(`/api/public/promo/GUESS${guess}`)).statusCode).toBe(404);
      const checkout = await subscriber.post("/api/create-checkout-session", { promoCode: `GUESS${guess}` });
      expect(checkout.statusCode).toBe(400);
    }
    const lookups = stripe.requestsTo("GET", "/v1/promotion_codes").length;
    // Thirty guesses from 203.0.113.200 (the look-ups and registrations from the guesser's own address).
    for (let guess = 10; guess < 30; guess++) {
      await subscriber.post("/api/create-checkout-session", { promoCode: `GUESS${guess}` });
    }
    const sameAddress = createClient(app, { remoteAddress: "203.0.113.200" });
    expect((await sameAddress.get("/api/public/promo/REALCODE")).statusCode).toBe(429);
    expect((await sameAddress.post("/api/register", registration("REALCODE"))).statusCode).toBe(429);
    expect(
      (await subscriber.post("/api/create-checkout-session", { promoCode: "REALCODE" })).statusCode,
    ).toBe(429);
    expect(stripe.requestsTo("GET", "/v1/promotion_codes").length).toBe(lookups + 20);

    // The guesser's address: ten registrations and ten look-ups; ten more guesses of either kind and it stops.
    for (let guess = 10; guess < 20; guess++) {
      expect((await guesser.post("/api/register", registration(`GUESS${guess}`))).statusCode).toBe(400);
    }
    expect((await guesser.post("/api/register", registration("REALCODE"))).statusCode).toBe(429);
  });
});

describe("a promotion code's restrictions", () => {
  it("gives a single-use code's trial days to one account only, even after that account is deleted", async () => {
    stripe.addPromotionCode({ code: "ONCE120", trialDays: 120, maxRedemptions: 1 });
    const first = registration("ONCE120");
    const firstClient = visitor();
    expect((await firstClient.post("/api/register", first)).statusCode).toBe(201);
    expect(await trialDaysOf(first.username)).toBe(150);
    for (let attempt = 0; attempt < 2; attempt++) {
      const again = await visitor().post("/api/register", registration("ONCE120"));
      expect(again.statusCode).toBe(400);
      expect(again.json().fields).toEqual({ promoCode: "This promotional code is not valid." });
    }
    expect((await visitor().get("/api/public/promo/ONCE120")).statusCode).toBe(404);
    await confirmIdentity(firstClient);
    expect((await firstClient.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect((await visitor().post("/api/register", registration("ONCE120"))).statusCode).toBe(400);
  });

  it("counts the redemptions Stripe already has", async () => {
    stripe.addPromotionCode({ code: "LASTONE", trialDays: 14, maxRedemptions: 3, timesRedeemed: 2 });
    expect((await visitor().post("/api/register", registration("LASTONE"))).statusCode).toBe(201);
    expect((await visitor().post("/api/register", registration("LASTONE"))).statusCode).toBe(400);
  });

  it("refuses a code past its expires_at", async () => {
    stripe.addPromotionCode({ code: "BYGONE", trialDays: 30, expiresAt: new Date(Date.now() - 60_000) });
    expect((await visitor().get("/api/public/promo/BYGONE")).statusCode).toBe(404);
    expect((await visitor().post("/api/register", registration("BYGONE"))).statusCode).toBe(400);
  });

  it("lets only its customer use a code made for one customer", async () => {
    const owner = await signedIn("203.0.113.210");
    await owner.client.post("/api/create-checkout-session", {});
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, owner.user.id));
    const { promotionCodeId } = stripe.addPromotionCode({
      code: "JUSTYOU",
      percentOff: 20,
      customer: row!.stripeCustomerId!,
    });
    expect((await visitor().get("/api/public/promo/JUSTYOU")).statusCode).toBe(404);
    expect((await visitor().post("/api/register", registration("JUSTYOU"))).statusCode).toBe(400);
    const other = await signedIn("203.0.113.211");
    expect(
      (await other.client.post("/api/create-checkout-session", { promoCode: "JUSTYOU" })).statusCode,
    ).toBe(400);
    expect(
      (await owner.client.post("/api/create-checkout-session", { promoCode: "JUSTYOU" })).statusCode,
    ).toBe(200);
    const [session] = stripe.requestsTo("POST", "/v1/checkout/sessions").slice(-1);
    expect(session!.body.discounts).toEqual({ 0: { promotion_code: promotionCodeId } });
  });

  it("keeps a first-time code from an account that has subscribed before", async () => {
    stripe.addPromotionCode({ code: "NEWHERE", percentOff: 50, firstTimeTransaction: true });
    const returning = await signedIn("203.0.113.220");
    await db.insert(subscriptions).values({
      userId: returning.user.id,
      stripeCustomerId: "cus_returning",
      stripeSubscriptionId: "sub_old",
      status: "canceled",
    });
    const refused = await returning.client.post("/api/create-checkout-session", { promoCode: "NEWHERE" });
    expect(refused.statusCode).toBe(400);
    const newcomer = await signedIn("203.0.113.221");
    expect(
      (await newcomer.client.post("/api/create-checkout-session", { promoCode: "NEWHERE" })).statusCode,
    ).toBe(200);
    expect((await visitor().post("/api/register", registration("NEWHERE"))).statusCode).toBe(201);
  });
});
