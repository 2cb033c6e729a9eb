import { type SubscriptionStatusValue, TRIAL_BANNER_DAYS } from "../../../../shared/billing-rules.ts";
import type { SubscriptionStatus } from "../../../../shared/schemas/billing.ts";

const LABELS: Record<SubscriptionStatusValue, string> = {
  trialing: "Free trial",
  active: "Active",
  past_due: "Past due",
  unpaid: "Unpaid",
  canceled: "Canceled",
  expired: "Expired",
};

/** The status in words; spec §4's fallback label is "Expired". */
export function statusLabel(status: string | undefined): string {
  return LABELS[status as SubscriptionStatusValue] ?? "Expired";
}

/** A date-time as "Mar 14, 2026" in the browser's time zone. */
export function formatDay(instant: string): string {
  return new Date(instant).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}

/** Whole days left in a local trial (rounded up), or null when no trial banner applies. */
export function trialDaysLeft(status: SubscriptionStatus | undefined, now: Date): number | null {
  if (!status?.billingEnabled || status.isSubscribed || status.status !== "trialing" || !status.trialEndsAt) {
    return null;
  }
  const days = Math.ceil((new Date(status.trialEndsAt).getTime() - now.getTime()) / 86_400_000);
  return days > 0 && days <= TRIAL_BANNER_DAYS ? days : null;
}

/** Past due and unpaid subscriptions are fixed in the portal; canceled and expired ones need a new Checkout. */
export function renewsThroughPortal(status: SubscriptionStatusValue): boolean {
  return status === "past_due" || status === "unpaid";
}
