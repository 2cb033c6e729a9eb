import type { SessionUser } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import { billingOff, stripeUnavailable } from "./billing-errors.ts";
import type { BillingContext } from "./context.ts";
import { findSubscription } from "./queries.ts";

/** The Stripe customer portal for the user's customer (spec §7: the client opens it in a new tab). */
export async function createPortalSession(ctx: BillingContext, user: SessionUser): Promise<{ url: string }> {
  if (!ctx.stripe) throw billingOff();
  const customerId = (await findSubscription(ctx.db, user.id))?.stripeCustomerId;
  if (!customerId) {
    throw new AppError("CONFLICT", "There is no billing account to manage yet. Subscribe first.");
  }
  try {
    const session = await ctx.stripe.billingPortal.sessions.create({
      customer: customerId,
      return_url: `${ctx.config.APP_URL}/account-settings?tab=billing`,
    });
    return { url: session.url };
  } catch {
    throw stripeUnavailable();
  }
}
