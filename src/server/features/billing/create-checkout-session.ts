import type { CheckoutInput } from "../../../shared/schemas/billing.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { StripeClient } from "../../platform/stripe/client.ts";
import { billingOff, stripeUnavailable } from "./billing-errors.ts";
import type { BillingContext } from "./context.ts";
import { type PromotionUse, requirePromotion } from "./promotions.ts";
import { claimCheckoutAttempt, findBillingState, findSubscription, keepCustomerId } from "./queries.ts";
import { deriveSubscriptionStatus } from "./subscription-status.ts";

/** Stripe Checkout refuses a trial that ends sooner than this. */
const MIN_CHECKOUT_TRIAL_MS = 48 * 60 * 60 * 1000;

/**
 * A Checkout Session in subscription mode for STRIPE_PRICE_ID (DESIGN §10): one Stripe customer per user,
 * created once and stored; an idempotency key per user and attempt; the rest of a running trial kept.
 */
export async function createCheckoutSession(
  ctx: BillingContext,
  user: SessionUser,
  input: CheckoutInput,
  { ip, now }: { ip: string; now: Date },
): Promise<{ url: string }> {
  const { stripe, config } = ctx;
  if (!stripe || !config.stripe) throw billingOff();
  if (!user.emailVerifiedAt) {
    throw new AppError("FORBIDDEN", "Verify your email address before subscribing.");
  }
  const state = await findBillingState(ctx.db, user.id);
  if (!state) throw new AppError("UNAUTHORIZED", "Not authenticated");
  if (deriveSubscriptionStatus(state, now).isSubscribed && state.status) {
    throw new AppError("CONFLICT", "You already have a subscription. Manage it from the billing portal.");
  }
  const promotion = input.promoCode
    ? await requirePromotion(ctx, input.promoCode, await promotionUseOf(ctx, user.id, { ip, now }))
    : null;

  const { attempt, customerId: storedCustomerId } = await claimCheckoutAttempt(ctx.db, user.id);
  const customerId = storedCustomerId ?? (await createCustomer(ctx, stripe, user));
  const keepsTrial = state.trialEndsAt.getTime() - now.getTime() > MIN_CHECKOUT_TRIAL_MS;
  try {
    const session = await stripe.checkout.sessions.create(
      {
        mode: "subscription",
        customer: customerId,
        client_reference_id: user.id,
        line_items: [{ price: config.stripe.priceId, quantity: 1 }],
        ...(promotion?.stripePromotionCodeId
          ? { discounts: [{ promotion_code: promotion.stripePromotionCodeId }] }
          : { allow_promotion_codes: true }),
        subscription_data: {
          metadata: { user_id: user.id },
          // Subscribing during the trial does not cut it short: the first charge comes when it ends.
          ...(keepsTrial && { trial_end: Math.floor(state.trialEndsAt.getTime() / 1000) }),
        },
        success_url: `${config.APP_URL}/subscribe?checkout=success`,
        cancel_url: `${config.APP_URL}/subscribe?checkout=canceled`,
      },
      { idempotencyKey: `podium-checkout-${user.id}-${attempt}` },
    );
    if (!session.url) throw new Error("Checkout Session without a url");
    return { url: session.url };
  } catch {
    throw stripeUnavailable();
  }
}

/** Stripe's restrictions on a code are judged for the user's customer and whether they ever subscribed. */
async function promotionUseOf(
  ctx: BillingContext,
  userId: string,
  caller: { ip: string; now: Date },
): Promise<PromotionUse> {
  const subscription = await findSubscription(ctx.db, userId);
  return {
    ...caller,
    customerId: subscription?.stripeCustomerId ?? null,
    isFirstTime: !subscription?.stripeSubscriptionId && !subscription?.status,
    userId,
  };
}

/** Creates the user's Stripe customer; a second concurrent call gets the same one (idempotency key). */
async function createCustomer(ctx: BillingContext, stripe: StripeClient, user: SessionUser): Promise<string> {
  let customerId: string;
  try {
    const customer = await stripe.customers.create(
      { email: user.email, name: user.username, metadata: { user_id: user.id } },
      { idempotencyKey: `podium-customer-${user.id}` },
    );
    customerId = customer.id;
  } catch {
    throw stripeUnavailable();
  }
  return keepCustomerId(ctx.db, user.id, customerId);
}
