import type { SubscriptionStatus, SubscriptionStatusValue } from "../../../shared/schemas/billing.ts";
import type { subscriptions, users } from "../../platform/db/schema.ts";

type StripeStatus = NonNullable<(typeof subscriptions.$inferSelect)["status"]>;

export type BillingState = {
  role: (typeof users.$inferSelect)["role"];
  trialEndsAt: Date;
  status: StripeStatus | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean | null;
};

/** Billing off (self-hosted): everybody is active and nobody is ever blocked (DESIGN §3). */
export const BILLING_OFF_STATUS: SubscriptionStatus = {
  isSubscribed: true,
  status: "active",
  trialEndsAt: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  billingEnabled: false,
};

/** Stripe statuses that mean the subscription is (or was) in force; others fall back to the trial rule. */
const SUBSCRIBED: Partial<Record<StripeStatus, SubscriptionStatusValue>> = {
  active: "active",
  trialing: "trialing",
  past_due: "past_due",
  unpaid: "unpaid",
  canceled: "canceled",
  // A paused subscription (its trial ended without a card) must be paid for, like an unpaid one.
  paused: "unpaid",
};

/**
 * DESIGN §10: Stripe's status once subscribed; otherwise (never subscribed, or a Checkout whose first payment
 * never went through) `trialing` until trial_ends_at, then `expired`. No automatic billing after the trial (spec §1).
 * Admins run the instance and are never charged.
 */
export function deriveSubscriptionStatus(state: BillingState, now: Date): SubscriptionStatus {
  const dates = {
    trialEndsAt: state.trialEndsAt.toISOString(),
    currentPeriodEnd: state.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? false,
    billingEnabled: true,
  };
  if (state.role === "admin") return { ...dates, isSubscribed: true, status: "active" };
  const subscribed = state.status ? SUBSCRIBED[state.status] : undefined;
  if (subscribed) {
    return {
      ...dates,
      isSubscribed: subscribed === "active" || subscribed === "trialing",
      status: subscribed,
    };
  }
  if (now < state.trialEndsAt) return { ...dates, isSubscribed: false, status: "trialing" };
  return { ...dates, isSubscribed: false, status: "expired" };
}
