import type { SubscriptionStatus } from "../../../shared/schemas/billing.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { BillingContext } from "./context.ts";
import { findBillingState } from "./queries.ts";
import { BILLING_OFF_STATUS, deriveSubscriptionStatus } from "./subscription-status.ts";

/** GET /api/subscription-status for a user; the same answer the 402 rule decides by. */
export async function getSubscriptionStatus(
  ctx: Pick<BillingContext, "db" | "stripe">,
  userId: string,
  now: Date,
): Promise<SubscriptionStatus> {
  if (!ctx.stripe) return BILLING_OFF_STATUS;
  const state = await findBillingState(ctx.db, userId);
  if (!state) throw new AppError("UNAUTHORIZED", "Not authenticated");
  return deriveSubscriptionStatus(state, now);
}
