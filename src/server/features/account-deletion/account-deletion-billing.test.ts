import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { adminAuditLog, users } from "../../platform/db/schema.ts";
import { createBillingTestApp, deliverEvents, subscribeThroughCheckout } from "../billing/testing.ts";

const { app, db, stripe } = await createBillingTestApp();

/** A signed-in speaker (fresh check passed) who subscribed through Checkout; `deliver` as there. */
async function subscribedSpeaker(options: { deliver?: boolean } = {}) {
  const user = await createUser(db);
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  const subscription = await subscribeThroughCheckout(app, stripe, client, options);
  return { user, client, ...subscription };
}

const deleteAccount = (client: ReturnType<typeof createClient>) =>
  client.delete("/api/account", { password: DEFAULT_PASSWORD });
const cancelsOf = (subscriptionId: string) =>
  stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`);
const listsFor = (customerId: string) =>
  stripe.requestsTo("GET", "/v1/subscriptions").filter((request) => request.query.customer === customerId);

describe("DELETE /api/account with a subscription", () => {
  it("cancels the subscription the webhook told of, so the speaker is charged no more", async () => {
    const { user, client, customerId, subscriptionId } = await subscribedSpeaker();
    expect((await client.get("/api/subscription-status")).json()).toMatchObject({ isSubscribed: true });
    expect((await deleteAccount(client)).statusCode).toBe(204);
    expect(cancelsOf(subscriptionId)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    // The stored id was enough: Stripe was not asked for the customer's subscriptions.
    expect(listsFor(customerId)).toHaveLength(0);
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("without a stored subscription id, lists the customer's at Stripe and cancels each that still charges", async () => {
    // Checkout finished at Stripe, but Podium heard nothing of it (as for rows from before the id was stored).
    const { client, customerId, subscriptionId } = await subscribedSpeaker({ deliver: false });
    const second = stripe.addSubscription(customerId).subscriptionId;
    const ended = stripe.addSubscription(customerId).subscriptionId;
    stripe.endSubscription(ended);

    expect((await deleteAccount(client)).statusCode).toBe(204);
    expect(listsFor(customerId)).toHaveLength(1);
    expect(cancelsOf(subscriptionId)).toHaveLength(1);
    expect(cancelsOf(second)).toHaveLength(1);
    expect(cancelsOf(ended)).toHaveLength(0);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    expect(stripe.subscriptions.get(second)?.status).toBe("canceled");
  });

  it("takes a missing subscription id from the next event that names it", async () => {
    const { client, customerId, subscriptionId } = await subscribedSpeaker({ deliver: false });
    await deliverEvents(app, stripe.failRenewal(subscriptionId));
    expect((await client.get("/api/subscription-status")).json()).toMatchObject({ status: "past_due" });

    expect((await deleteAccount(client)).statusCode).toBe(204);
    expect(cancelsOf(subscriptionId)).toHaveLength(1);
    expect(listsFor(customerId)).toHaveLength(0);
  });

  it("still deletes the account when Stripe refuses, and records the refusal for the admins", async () => {
    const { user, client, subscriptionId } = await subscribedSpeaker();
    // The first try and the client's two retries.
    stripe.failRequests(3, 500, "Stripe is down");
    expect((await deleteAccount(client)).statusCode).toBe(204);
    expect(stripe.subscriptions.get(subscriptionId)?.status).not.toBe("canceled");
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const entries = await db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "billing.cancel_refused"));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUsername: user.username,
      targetUsername: user.username,
      detail: { stripeSubscriptionId: subscriptionId, error: "Stripe is down" },
    });
  });

  it("asks Stripe nothing for a subscription that has already ended", async () => {
    const { client, customerId, subscriptionId } = await subscribedSpeaker();
    await deliverEvents(app, [stripe.endSubscription(subscriptionId)]);
    expect((await client.get("/api/subscription-status")).json()).toMatchObject({ status: "canceled" });
    expect((await deleteAccount(client)).statusCode).toBe(204);
    expect(cancelsOf(subscriptionId)).toHaveLength(0);
    expect(listsFor(customerId)).toHaveLength(0);
  });
});
