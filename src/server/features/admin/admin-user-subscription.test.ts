import { describe, expect, it } from "vitest";
import { createClient } from "../../../test/client.ts";
import { createUser, signIn } from "../../../test/factories.ts";
import { subscriptions } from "../../platform/db/schema.ts";
import { createBillingTestApp } from "../billing/testing.ts";

const { app, db } = await createBillingTestApp();
const DAY_MS = 24 * 60 * 60 * 1000;

describe("GET /api/admin/users/:id with billing on", () => {
  it("says whether the account pays: its subscription status and the end of the period paid for", async () => {
    const admin = createClient(app);
    await signIn(admin, db, await createUser(db, { role: "admin" }));
    const inTrial = await createUser(db, { trialEndsAt: new Date(Date.now() + 10 * DAY_MS) });
    const trialOver = await createUser(db, { trialEndsAt: new Date(Date.now() - DAY_MS) });
    const behind = await createUser(db, { trialEndsAt: new Date(Date.now() - 40 * DAY_MS) });
    const paying = await createUser(db, { trialEndsAt: new Date(Date.now() - 40 * DAY_MS) });
    const periodEnd = new Date("2030-01-31T00:00:00.000Z");
    await db.insert(subscriptions).values([
      { userId: behind.id, status: "past_due", currentPeriodEnd: periodEnd },
      { userId: paying.id, status: "active", currentPeriodEnd: periodEnd, cancelAtPeriodEnd: true },
    ]);

    const subscriptionOf = async (id: string) =>
      (await admin.get(`/api/admin/users/${id}`)).json().subscription;
    expect(await subscriptionOf(inTrial.id)).toEqual({
      status: "trialing",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    expect((await subscriptionOf(trialOver.id)).status).toBe("expired");
    expect(await subscriptionOf(behind.id)).toEqual({
      status: "past_due",
      currentPeriodEnd: periodEnd.toISOString(),
      cancelAtPeriodEnd: false,
    });
    expect(await subscriptionOf(paying.id)).toEqual({
      status: "active",
      currentPeriodEnd: periodEnd.toISOString(),
      cancelAtPeriodEnd: true,
    });
    const found = (await admin.get(`/api/admin/users?q=${behind.username}`)).json();
    expect(found.items[0].subscription.status).toBe("past_due");
  });
});
