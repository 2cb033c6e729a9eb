import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "../../platform/db/client.ts";
import { users } from "../../platform/db/schema.ts";

/*
 * Where an account stands with its subscription, as the admin dashboard and announcement audiences need it.
 * This branch has no subscriptions table yet (the billing issue adds it), so the standing is read from
 * users.trial_ends_at alone. AT MERGE the lead replaces the bodies below with the subscriptions table's
 * status (trialing / active / past_due / unpaid / canceled / expired); nothing else needs to change.
 */

/** True for an account still in its free trial at `now`. */
export function isTrialingSql(now: Date): SQL {
  return sql`${users.trialEndsAt} > ${now.toISOString()}::timestamptz`;
}

/** True for an account with a paid subscription in good standing. No subscriptions exist yet: nobody. */
export function isSubscribedSql(_now: Date): SQL {
  return sql`false`;
}

/**
 * The trialing, active and lapsed counts as aggregate columns over `users`, so the dashboard reads them in
 * the same single pass over the accounts as its other counts.
 */
export function subscriptionCountColumns(now: Date) {
  return {
    trialing: sql<number>`(count(*) filter (where ${isTrialingSql(now)}))::int`,
    active: sql<number>`(count(*) filter (where ${isSubscribedSql(now)}))::int`,
    // Neither in the trial nor subscribed: the trial ended without a subscription.
    lapsed: sql<number>`(count(*) filter (where not ${isTrialingSql(now)} and not ${isSubscribedSql(now)}))::int`,
  };
}

/** Monthly recurring revenue in dollars: 0 until the lead wires it to the subscriptions table at merge. */
export async function getMonthlyRecurringRevenue(_db: Queryable, _now: Date): Promise<number> {
  return 0;
}
