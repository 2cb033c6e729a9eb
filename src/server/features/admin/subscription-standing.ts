import { type SQL, sql } from "drizzle-orm";
import { MONTHLY_PRICE_DOLLARS } from "../../../shared/schemas/billing.ts";
import { subscriptions, users } from "../../platform/db/schema.ts";

/*
 * Where an account stands with its subscription, as the admin dashboard and announcement audiences need it,
 * as SQL. It follows the rule of billing/subscription-status.ts: Stripe's status once subscribed, else the free
 * trial until trial_ends_at.
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
 * The subscription side of the dashboard's account counts, over `subscriptions` (one row per account that went
 * to Checkout, so a few rows beside every account): accounts in good standing, Stripe's active subscriptions
 * (what MRR counts), and accounts that subscribed once while their free trial is still open at `now` (the open
 * trials that do not count as trialing).
 */
export function subscriptionCountsSql(now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`select (count(*) filter (where ${subscriptions.status} in ${IN_GOOD_STANDING}))::int as "inGoodStanding",
      (count(*) filter (where ${subscriptions.status} = 'active'))::int as "stripeActive",
      (count(*) filter (where ${subscriptions.status} in ${SUBSCRIBED_ONCE} and ${users.trialEndsAt} > ${at}))::int as "subscribedInTrial"
    from ${subscriptions} join ${users} on ${users.id} = ${subscriptions.userId}
    where ${subscriptions.status} is not null`;
}

/** Monthly recurring revenue in dollars: every subscription Stripe calls active, at the one plan's price. */
export const monthlyRecurringRevenue = (stripeActive: number) => stripeActive * MONTHLY_PRICE_DOLLARS;
