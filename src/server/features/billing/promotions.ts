import { describePromotion, type Promotion, UNKNOWN_PROMO_MESSAGE } from "../../../shared/schemas/billing.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { Stripe } from "../../platform/stripe/client.ts";
import type { BillingContext } from "./context.ts";

export type FoundPromotion = Promotion & { stripePromotionCodeId?: string };

const MAX_TRIAL_DAYS = 365;

/**
 * What a promotional code gives (DESIGN §10), or null for an unknown code. Billing on: an active Stripe
 * promotion code (its coupon's discount applies at Checkout; `metadata.trial_days` adds trial days).
 * Billing off: PROMO_CODES, extra trial days only.
 */
export async function findPromotion(ctx: BillingContext, code: string): Promise<FoundPromotion | null> {
  if (!ctx.stripe) {
    const trialDays = ctx.config.PROMO_CODES[code.toUpperCase()];
    if (!trialDays) return null;
    return { code: code.toUpperCase(), trialDays, description: describePromotion({ trialDays }) };
  }
  let list: Stripe.ApiList<Stripe.PromotionCode>;
  try {
    list = await ctx.stripe.promotionCodes.list({
      code,
      active: true,
      limit: 1,
      expand: ["data.promotion.coupon"],
    });
  } catch {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "We could not check the promotional code just now. Please try again in a minute.",
    );
  }
  const promo = list.data[0];
  const coupon = promo?.promotion.coupon;
  if (!promo || !coupon || typeof coupon === "string" || !coupon.valid) return null;
  const trialDays = Number.parseInt(coupon.metadata?.trial_days ?? "", 10);
  const effects = {
    trialDays: trialDays > 0 ? Math.min(trialDays, MAX_TRIAL_DAYS) : undefined,
    percentOff: coupon.percent_off ?? undefined,
    amountOff: coupon.amount_off ? coupon.amount_off / 100 : undefined,
    durationMonths:
      coupon.duration === "repeating"
        ? (coupon.duration_in_months ?? undefined)
        : coupon.duration === "once"
          ? 1
          : undefined,
  };
  const hasDiscount = effects.percentOff !== undefined || effects.amountOff !== undefined;
  return {
    code: promo.code,
    description: describePromotion(effects),
    ...definedOnly({ ...effects, durationMonths: hasDiscount ? effects.durationMonths : undefined }),
    stripePromotionCodeId: promo.id,
  };
}

/** The promotion of a code, or a 400 naming the field when the code is unknown. */
export async function requirePromotion(
  ctx: BillingContext,
  code: string,
  field = "promoCode",
): Promise<FoundPromotion> {
  const promotion = await findPromotion(ctx, code);
  if (!promotion) {
    throw new AppError("BAD_REQUEST", UNKNOWN_PROMO_MESSAGE, {
      fields: { [field]: UNKNOWN_PROMO_MESSAGE },
    });
  }
  return promotion;
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
