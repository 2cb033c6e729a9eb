import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { subscriptions, users } from "../../platform/db/schema.ts";

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export async function findSubscription(db: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row;
}

/** The account's trial end and role with its subscription, in one query (the 402 rule runs it often). */
export async function findBillingState(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      role: users.role,
      trialEndsAt: users.trialEndsAt,
      status: subscriptions.status,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Counts a new Checkout attempt (creating the row on the first) and returns it with the customer id. */
export async function claimCheckoutAttempt(db: Queryable, userId: string) {
  const [row] = await db
    .insert(subscriptions)
    .values({ userId, checkoutAttempts: 1 })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { checkoutAttempts: sql`${subscriptions.checkoutAttempts} + 1` },
    })
    .returning({ attempt: subscriptions.checkoutAttempts, customerId: subscriptions.stripeCustomerId });
  return row!;
}

/** Stores the user's Stripe customer unless one is stored already; returns the one that is kept. */
export async function keepCustomerId(db: Queryable, userId: string, customerId: string): Promise<string> {
  const [row] = await db
    .update(subscriptions)
    .set({ stripeCustomerId: sql`coalesce(${subscriptions.stripeCustomerId}, ${customerId})` })
    .where(eq(subscriptions.userId, userId))
    .returning({ customerId: subscriptions.stripeCustomerId });
  return row!.customerId!;
}
