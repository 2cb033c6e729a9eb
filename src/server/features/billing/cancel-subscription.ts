import type { Queryable } from "../../platform/db/client.ts";
import type { StripeClient } from "../../platform/stripe/client.ts";
import { findSubscription, type SubscriptionRow } from "./queries.ts";

/** Stripe's subscription states that charge nobody any more. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** A cancellation Stripe refused: what an admin needs to cancel it by hand in the Stripe Dashboard. */
export type CancelRefusal = {
  /** Null when Stripe could not even list the customer's subscriptions. */
  stripeSubscriptionId: string | null;
  stripeCustomerId: string | null;
  error: string;
};

/**
 * Cancels the user's Stripe subscription at once, before their account is deleted: nobody is charged for an
 * account that no longer exists. Without a stored subscription id (rows from before it was stored, or a
 * Checkout whose events never arrived) every subscription of the customer that still charges is cancelled.
 * Returns Stripe's refusal for the caller to record, or null when all is cancelled, already ended, or there
 * is none (billing off included).
 */
export async function cancelSubscriptionNow(
  ctx: { db: Queryable; stripe: StripeClient | null },
  userId: string,
): Promise<CancelRefusal | null> {
  const subscription = await findSubscription(ctx.db, userId);
  if (!ctx.stripe || !subscription) return null;
  const { stripeSubscriptionId, stripeCustomerId } = subscription;
  let current = stripeSubscriptionId;
  try {
    for (const id of await subscriptionsToCancel(ctx.stripe, subscription)) {
      current = id;
      await ctx.stripe.subscriptions.cancel(id, undefined, { idempotencyKey: `podium-cancel-${id}` });
    }
    return null;
  } catch (error) {
    return {
      stripeSubscriptionId: current,
      stripeCustomerId,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The stored subscription unless it ended; without one, the customer's that have not ended, asked of Stripe. */
async function subscriptionsToCancel(stripe: StripeClient, row: SubscriptionRow): Promise<string[]> {
  if (row.stripeSubscriptionId) return ENDED.has(row.status ?? "") ? [] : [row.stripeSubscriptionId];
  if (!row.stripeCustomerId) return [];
  // Without `status`, Stripe lists every subscription that is not canceled.
  const listed = await stripe.subscriptions
    .list({ customer: row.stripeCustomerId, limit: 100 })
    .autoPagingToArray({ limit: 1000 });
  return listed.filter((subscription) => !ENDED.has(subscription.status)).map(({ id }) => id);
}
