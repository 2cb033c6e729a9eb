import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createUser, DEFAULT_PASSWORD, signIn } from "../../../test/factories.ts";
import { adminAuditLog, subscriptions, users } from "../../platform/db/schema.ts";
import { createBillingTestApp } from "../billing/testing.ts";

const { app, db, stripe } = await createBillingTestApp();

/** A signed-in speaker whose subscription Stripe holds (created in the fake, recorded as the webhook would). */
async function subscribedSpeaker() {
  const user = await createUser(db);
  const { customerId, subscriptionId } = stripe.addSubscription();
  await db.insert(subscriptions).values({
    userId: user.id,
    stripeCustomerId: customerId,
    stripeSubscriptionId: subscriptionId,
    status: "active",
    currentPeriodEnd: new Date(Date.now() + 20 * 86400_000),
  });
  const client = createClient(app);
  await signIn(client, db, user, { freshCheck: true });
  return { user, client, subscriptionId };
}

describe("DELETE /api/account with a subscription", () => {
  it("cancels the Stripe subscription, so the speaker is charged no more", async () => {
    const { user, client, subscriptionId } = await subscribedSpeaker();
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("canceled");
    expect(await db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
  });

  it("still deletes the account when Stripe refuses, and records the refusal for the admins", async () => {
    const { user, client, subscriptionId } = await subscribedSpeaker();
    // The first try and the client's two retries.
    stripe.failRequests(3, 500, "Stripe is down");
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(stripe.subscriptions.get(subscriptionId)?.status).toBe("active");
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
    const { client, subscriptionId } = await subscribedSpeaker();
    await db
      .update(subscriptions)
      .set({ status: "canceled" })
      .where(eq(subscriptions.stripeSubscriptionId, subscriptionId));
    expect((await client.delete("/api/account", { password: DEFAULT_PASSWORD })).statusCode).toBe(204);
    expect(stripe.requestsTo("DELETE", `/v1/subscriptions/${subscriptionId}`)).toHaveLength(0);
  });
});
