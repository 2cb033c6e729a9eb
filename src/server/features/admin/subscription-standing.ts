import { type SQL, sql } from "drizzle-orm";
import { MONTHLY_PRICE_DOLLARS } from "../../../shared/schemas/billing.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { subscriptions, users } from "../../platform/db/schema.ts";

/*
 * Where an account stands with its subscription, as the admin dashboard and announcement audiences need it,
 * as SQL over `users` so the dashboard counts every account in one pass. It follows the rule of
 * billing/subscription-status.ts: Stripe's status once subscribed, else the free trial until trial_ends_at.
 */

/** Stripe statuses of a subscription in force and paid for (Stripe's own trial counts: a card is on file). */
const IN_GOOD_STANDING = sql`('active', 'trialing')`;
/** Stripe statuses that replace the free-trial rule (subscribed once, whether or not paid up now). */
const SUBSCRIBED_ONCE = sql`('active', 'trialing', 'past_due', 'unpaid', 'canceled', 'paused')`;

const subscriptionIn = (statuses: SQL) =>
  sql`exists (select 1 from ${subscriptions} where ${subscriptions.userId} = ${users.id} and ${subscriptions.status} in ${statuses})`;

/** True for an account still in its free trial at `now` (never subscribed). */
export function isTrialingSql(now: Date): SQL {
  return sql`(${users.trialEndsAt} > ${now.toISOString()}::timestamptz and not ${subscriptionIn(SUBSCRIBED_ONCE)})`;
}

/** True for an account with a subscription in good standing. */
export function isSubscribedSql(_now: Date): SQL {
  return subscriptionIn(IN_GOOD_STANDING);
}

/**
 * The trialing, active and lapsed counts as aggregate columns over `users`, so the dashboard reads them in
 * the same single pass over the accounts as its other counts.
 */
export function subscriptionCountColumns(now: Date) {
  return {
    trialing: sql<number>`(count(*) filter (where ${isTrialingSql(now)}))::int`,
    active: sql<number>`(count(*) filter (where ${isSubscribedSql(now)}))::int`,
    // Neither in the trial nor in good standing: the trial ended without a subscription, or it lapsed.
    lapsed: sql<number>`(count(*) filter (where not ${isTrialingSql(now)} and not ${isSubscribedSql(now)}))::int`,
  };
}

/** Monthly recurring revenue in dollars: every subscription Stripe calls active, at the one plan's price. */
export async function getMonthlyRecurringRevenue(db: Queryable, _now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(subscriptions)
    .where(sql`${subscriptions.status} = 'active'`);
  return (row?.count ?? 0) * MONTHLY_PRICE_DOLLARS;
}
