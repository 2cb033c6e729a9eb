import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { eventEnvelope } from "../../../test/stripe-server.ts";
import { stripeEvents, subscriptions } from "../../platform/db/schema.ts";
import { WEBHOOK_BODY_LIMIT } from "./routes.ts";
import {
  createBillingTestApp,
  invoiceObject,
  postWebhook,
  stripeEvent,
  subscriptionObject,
} from "./testing.ts";

const { app, db } = await createBillingTestApp();
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A user with a stored Stripe customer (as after their first Checkout) and a client signed in as them. */
async function customerUser() {
  const user = await createUser(db);
  const customerId = `cus_test_${user.id.slice(0, 8)}`;
  await db.insert(subscriptions).values({ userId: user.id, stripeCustomerId: customerId });
  const client = createClient(app);
  await signIn(client, db, user);
  const status = async () => (await client.get("/api/subscription-status")).json();
  return { user, customerId, status };
}

describe("POST /api/webhooks/stripe", () => {
  it("moves the status with each event type", async () => {
    const { customerId, status } = await customerUser();
    const t = nowSeconds();
    const periodEnd = t + 30 * 86400;

    const completed = stripeEvent(
      "checkout.session.completed",
      {
        id: "cs_1",
        object: "checkout.session",
        mode: "subscription",
        customer: customerId,
        subscription: "sub_1",
        payment_status: "paid",
      },
      t - 50,
    );
    expect((await postWebhook(app, completed)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ isSubscribed: true, status: "active" });

    await postWebhook(
      app,
      stripeEvent(
        "customer.subscription.created",
        subscriptionObject(customerId, "trialing", { id: "sub_1", periodEnd }),
        t - 40,
      ),
    );
    expect(await status()).toMatchObject({ isSubscribed: true, status: "trialing" });

    await postWebhook(
      app,
      stripeEvent("invoice.paid", invoiceObject(customerId, "sub_1", periodEnd), t - 30),
    );
    expect(await status()).toMatchObject({
      isSubscribed: true,
      status: "active",
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
    });

    await postWebhook(
      app,
      stripeEvent("invoice.payment_failed", invoiceObject(customerId, "sub_1", periodEnd), t - 20),
    );
    expect(await status()).toMatchObject({ isSubscribed: false, status: "past_due" });

    await postWebhook(
      app,
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(customerId, "active", { id: "sub_1", cancelAtPeriodEnd: true }),
        t - 10,
      ),
    );
    expect(await status()).toMatchObject({ isSubscribed: true, status: "active", cancelAtPeriodEnd: true });

    await postWebhook(
      app,
      stripeEvent(
        "customer.subscription.updated",
        subscriptionObject(customerId, "unpaid", { id: "sub_1" }),
        t - 5,
      ),
    );
    expect(await status()).toMatchObject({ isSubscribed: false, status: "unpaid" });

    await postWebhook(
      app,
      stripeEvent(
        "customer.subscription.deleted",
        subscriptionObject(customerId, "canceled", { id: "sub_1" }),
        t,
      ),
    );
    expect(await status()).toMatchObject({ isSubscribed: false, status: "canceled" });
  });

  it("acts on a replayed event once", async () => {
    const { user, customerId, status } = await customerUser();
    const t = nowSeconds();
    const paid = stripeEvent(
      "customer.subscription.created",
      subscriptionObject(customerId, "active"),
      t - 10,
    );
    expect((await postWebhook(app, paid)).json()).toEqual({ received: true, duplicate: false });
    // Meanwhile a newer event with the same timestamp cancels it; the replay must not revive it.
    await postWebhook(
      app,
      stripeEvent("customer.subscription.deleted", subscriptionObject(customerId, "canceled"), t - 10),
    );
    const replay = await postWebhook(app, paid);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(await status()).toMatchObject({ status: "canceled" });
    const recorded = await db.select().from(stripeEvents).where(eq(stripeEvents.userId, user.id));
    expect(recorded).toHaveLength(2);
  });

  it("never lets an older event overwrite a newer state", async () => {
    const { customerId, status } = await customerUser();
    const t = nowSeconds();
    await postWebhook(
      app,
      stripeEvent("customer.subscription.updated", subscriptionObject(customerId, "past_due"), t),
    );
    await postWebhook(
      app,
      stripeEvent("customer.subscription.created", subscriptionObject(customerId, "active"), t - 60),
    );
    expect(await status()).toMatchObject({ isSubscribed: false, status: "past_due" });
  });

  it("records events for unknown customers and answers 200", async () => {
    const event = stripeEvent("customer.subscription.created", subscriptionObject("cus_nobody", "active"));
    const response = await postWebhook(app, event);
    expect(response.statusCode).toBe(200);
    const [row] = await db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id));
    expect(row).toMatchObject({
      type: "customer.subscription.created",
      stripeCustomerId: "cus_nobody",
      userId: null,
    });
  });

  it("refuses a bad or stale signature with 400 and changes nothing", async () => {
    const { customerId, status } = await customerUser();
    const wrongSecret = stripeEvent(
      "customer.subscription.created",
      subscriptionObject(customerId, "active"),
    );
    const stale = stripeEvent("customer.subscription.created", subscriptionObject(customerId, "active"));
    const responses = [
      await postWebhook(app, wrongSecret, { secret: "whsec_someone_else" }),
      await postWebhook(app, stale, { timestamp: nowSeconds() - 301 }),
      await app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        headers: { "content-type": "application/json" },
        payload: JSON.stringify(wrongSecret),
      }),
    ];
    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "The webhook signature is missing, wrong or too old." });
    }
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, wrongSecret.id))).toHaveLength(0);
    expect(await db.select().from(stripeEvents).where(eq(stripeEvents.id, stale.id))).toHaveLength(0);
    expect(await status()).toMatchObject({ status: "trialing", isSubscribed: false });
  });

  it("accepts a signature within the 300 s tolerance", async () => {
    const { customerId, status } = await customerUser();
    const event = stripeEvent("customer.subscription.created", subscriptionObject(customerId, "active"));
    expect((await postWebhook(app, event, { timestamp: nowSeconds() - 280 })).statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: "active" });
  });

  it("applies no subscription event of a speaker's connected account", async () => {
    const { customerId, status } = await customerUser();
    const event = eventEnvelope(
      "customer.subscription.updated",
      subscriptionObject(customerId, "active"),
      "acct_speaker_1",
    );
    expect((await postWebhook(app, event)).statusCode).toBe(200);
    expect(await status()).toMatchObject({ status: "trialing", isSubscribed: false });
  });
});

describe("what the webhook costs before its signature is checked (issue 27, item 7)", () => {
  const unsigned = (payload: string | Readable, headers: Record<string, string> = {}) =>
    app.inject({
      method: "POST",
      url: "/api/webhooks/stripe",
      headers: { "content-type": "application/json", ...headers },
      payload,
    });

  it("refuses a call without a signature before reading its body", async () => {
    // A body that never ends: only an answer given before reading it can arrive.
    const endless = new Readable({ read() {} });
    endless.push("{");
    const response = await unsigned(endless);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "The webhook signature is missing, wrong or too old." });
  });

  it("refuses a body over 256 KB with 413", async () => {
    const large = JSON.stringify({ padding: "x".repeat(WEBHOOK_BODY_LIMIT) });
    const response = await unsigned(large, { "stripe-signature": "t=1,v1=00" });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: "The request is too large." });
  });

  it("never walks the raw body looking for NUL characters", async () => {
    const { customerId } = await customerUser();
    const entries = vi.spyOn(Object, "entries");
    try {
      const event = stripeEvent("customer.subscription.updated", subscriptionObject(customerId, "active"));
      expect((await postWebhook(app, event)).statusCode).toBe(200);
      expect(entries.mock.calls.filter(([value]) => Buffer.isBuffer(value))).toEqual([]);
    } finally {
      entries.mockRestore();
    }
  });
});
