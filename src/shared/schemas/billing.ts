import { z } from "zod";
import { subscriptionStatusValues } from "../billing-rules.ts";

export {
  isLapsed,
  LAPSED_STATUSES,
  MONTHLY_PRICE_DOLLARS,
  SUBSCRIPTION_POLL_MS,
  type SubscriptionStatusValue,
  subscriptionStatusValues,
  TRIAL_BANNER_DAYS,
  TRIAL_DAYS,
} from "../billing-rules.ts";

export const subscriptionStatusValueSchema = z.enum(subscriptionStatusValues);

export const LAPSED_MESSAGE = "Your subscription has lapsed. Renew it to make changes.";

export const subscriptionStatusSchema = z.object({
  isSubscribed: z.boolean(),
  status: subscriptionStatusValueSchema,
  trialEndsAt: z.string().nullable(),
  currentPeriodEnd: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  billingEnabled: z.boolean(),
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const PROMO_CODE_MAX = 50;
export const UNKNOWN_PROMO_MESSAGE = "This promotional code is not valid.";

/** A promotional code as typed by a visitor: trimmed, letters, digits, `_` or `-`. */
export const promoCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter a promotional code")
  .max(PROMO_CODE_MAX, UNKNOWN_PROMO_MESSAGE)
  .regex(/^[A-Za-z0-9_-]+$/, UNKNOWN_PROMO_MESSAGE);

export const checkoutInputSchema = z.object({ promoCode: promoCodeSchema.optional() });
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const redirectUrlSchema = z.object({ url: z.string() });

/** What a promotional code gives, for /promo-test (DESIGN §10). */
export const promotionSchema = z.object({
  code: z.string(),
  description: z.string(),
  trialDays: z.number().int().positive().optional(),
  percentOff: z.number().positive().optional(),
  amountOff: z.number().positive().optional(),
  durationMonths: z.number().int().positive().optional(),
});
export type Promotion = z.infer<typeof promotionSchema>;

/** The words /promo-test shows for a code. */
export function describePromotion(promotion: Omit<Promotion, "code" | "description">): string {
  const parts: string[] = [];
  if (promotion.trialDays) {
    parts.push(`${promotion.trialDays} extra day${promotion.trialDays === 1 ? "" : "s"} of free trial`);
  }
  const discount = promotion.percentOff
    ? `${promotion.percentOff}% off`
    : promotion.amountOff
      ? `$${promotion.amountOff.toFixed(2).replace(/\.00$/, "")} off`
      : null;
  if (discount) {
    const months = promotion.durationMonths;
    parts.push(
      months === undefined
        ? `${discount} every month`
        : `${discount} for ${months} month${months === 1 ? "" : "s"}`,
    );
  }
  return parts.length > 0
    ? `${parts.join(", then ")}.`
    : "A promotional code with no effect on price or trial.";
}
