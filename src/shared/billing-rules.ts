/*
 * The plan and the subscription states without zod, so the signed-in shell (which polls the status on every
 * page) does not load the validation library; the schemas in schemas/billing.ts build on these.
 */
/** Spec §1 and §9: the plan Podium sells. */
export const TRIAL_DAYS = 30;
export const MONTHLY_PRICE_DOLLARS = 21;
/** The trial banner shows in the trial's last days. */
export const TRIAL_BANNER_DAYS = 7;
/** Spec §4/§9: the client asks for the subscription status this often. */
export const SUBSCRIPTION_POLL_MS = 30_000;

export const subscriptionStatusValues = [
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "canceled",
  "expired",
] as const;
export type SubscriptionStatusValue = (typeof subscriptionStatusValues)[number];

/** DESIGN §10: the statuses of a lapsed account (spec §4's dialog statuses plus `expired`). */
export const LAPSED_STATUSES: readonly SubscriptionStatusValue[] = [
  "past_due",
  "unpaid",
  "canceled",
  "expired",
];

/** Whether the blocking Subscription-expired dialog and the server's 402 rule apply (spec §4). */
export function isLapsed(status: { isSubscribed: boolean; status: SubscriptionStatusValue }): boolean {
  return !status.isSubscribed && LAPSED_STATUSES.includes(status.status);
}
