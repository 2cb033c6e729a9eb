import type { Queryable } from "../../platform/db/client.ts";
import type { StripeClient } from "../../platform/stripe/client.ts";
import { findSubscription } from "./queries.ts";

/** Stripe's subscription states that charge nobody any more. */
const ENDED = new Set(["canceled", "incomplete_expired"]);

/** A cancellation Stripe refused: what an admin needs to cancel it by hand in the Stripe Dashboard. */
export type CancelRefusal = { stripeSubscriptionId: string; stripeCustomerId: string | null; error: string };

/**
 * Cancels the user's Stripe subscription at once, before their account is deleted: nobody is charged for an
 * account that no longer exists. Returns Stripe's refusal for the caller to record, or null when it is
 * cancelled, already ended, or there is none (billing off included).
 */
export async function cancelSubscriptionNow(
  ctx: { db: Queryable; stripe: StripeClient | null },
  userId: string,
): Promise<CancelRefusal | null> {
  const subscription = await findSubscription(ctx.db, userId);
  const subscriptionId = subscription?.stripeSubscriptionId;
  if (!ctx.stripe || !subscriptionId || ENDED.has(subscription.status ?? "")) return null;
  try {
    await ctx.stripe.subscriptions.cancel(subscriptionId, undefined, {
      idempotencyKey: `podium-cancel-${subscriptionId}`,
    });
    return null;
  } catch (error) {
    return {
      stripeSubscriptionId: subscriptionId,
      stripeCustomerId: subscription.stripeCustomerId,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}
