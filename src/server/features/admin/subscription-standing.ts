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

export type SubscriptionFigures = { trialing: number; active: number; lapsed: number; mrr: number };

/** Trialing, active and lapsed accounts and the monthly recurring revenue in dollars. */
export async function getSubscriptionFigures(db: Queryable, now: Date): Promise<SubscriptionFigures> {
  const [row] = await db
    .select({
      trialing: sql<number>`(count(*) filter (where ${isTrialingSql(now)}))::int`,
      active: sql<number>`(count(*) filter (where ${isSubscribedSql(now)}))::int`,
      // Neither in the trial nor subscribed: the trial ended without a subscription.
      lapsed: sql<number>`(count(*) filter (where not ${isTrialingSql(now)} and not ${isSubscribedSql(now)}))::int`,
    })
    .from(users);
  // MRR = active subscriptions × price; 0 until the lead wires this to the subscriptions table at merge.
  return { trialing: row?.trialing ?? 0, active: row?.active ?? 0, lapsed: row?.lapsed ?? 0, mrr: 0 };
}
