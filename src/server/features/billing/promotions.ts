import { and, count, eq, isNull, ne, or, sql } from "drizzle-orm";
import {
  describePromotion,
  type Promotion,
  promoCodeSchema,
  UNKNOWN_PROMO_MESSAGE,
} from "../../../shared/schemas/billing.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { promotionRedemptions } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import type { RateLimitRule } from "../../platform/http/rate-limit.ts";
import { type Stripe, stripeId } from "../../platform/stripe/client.ts";
import type { BillingContext } from "./context.ts";

/**
 * Every guess at a code, by registration, Checkout or the public look-up, counts here before the code is
 * looked up: 30 an hour from one address, however they are spread over the three calls.
 */
export const promoGuessesPerIp: RateLimitRule = { name: "promo-guesses:ip", limit: 30, windowMinutes: 60 };

/** Who wants to use a code: Stripe's restrictions are judged for them. */
export type PromotionUse = {
  ip: string;
  now: Date;
  /** The caller's Stripe customer; null for a visitor or a new account. */
  customerId: string | null;
  /** False once the account has had a subscription (Stripe's `first_time_transaction` codes). */
  isFirstTime: boolean;
  /** A signed-in user's own earlier redemption does not count against them. */
  userId?: string;
};

export type FoundPromotion = {
  /** What the caller may be shown. */
  offer: Promotion;
  stripePromotionCodeId?: string;
  /** The key its redemptions are recorded under (promotion_redemptions). */
  key: string;
  /** Uses left by Stripe's count (`max_redemptions` − `times_redeemed`); null without a maximum. */
  usesLeft: number | null;
};

const MAX_TRIAL_DAYS = 365;
/** Active codes Stripe may hold with the same text (one per customer); each is judged in turn. */
const SAME_CODE_LIMIT = 10;

/**
 * What a promotional code gives (DESIGN §10), or null for an unknown, malformed or used-up code or one the
 * caller may not use. The guess is counted first (429 past the limit). Billing on: an active Stripe
 * promotion code whose own restrictions allow this use (its coupon's discount applies at Checkout;
 * `metadata.trial_days` adds trial days). Billing off: PROMO_CODES, extra trial days only.
 */
export async function findPromotion(
  ctx: BillingContext,
  code: string,
  use: PromotionUse,
): Promise<FoundPromotion | null> {
  await ctx.limiter.consume(promoGuessesPerIp, use.ip);
  const parsed = promoCodeSchema.safeParse(code);
  if (!parsed.success) return null;
  if (!ctx.stripe) return findConfiguredPromotion(ctx, parsed.data);
  let list: Stripe.ApiList<Stripe.PromotionCode>;
  try {
    list = await ctx.stripe.promotionCodes.list({
      code: parsed.data,
      active: true,
      limit: SAME_CODE_LIMIT,
      expand: ["data.promotion.coupon"],
    });
  } catch {
    throw new AppError(
      "SERVICE_UNAVAILABLE",
      "We could not check the promotional code just now. Please try again in a minute.",
    );
  }
  for (const promo of list.data) {
    const found = toPromotion(promo);
    if (found && isAllowed(promo, use) && (await hasUsesLeft(ctx.db, found, use.userId))) return found;
  }
  return null;
}

/** The promotion of a code, or a 400 naming the field when the code is unknown or not usable here. */
export async function requirePromotion(
  ctx: BillingContext,
  code: string,
  use: PromotionUse,
  field = "promoCode",
): Promise<FoundPromotion> {
  const promotion = await findPromotion(ctx, code, use);
  if (!promotion) throw unknownPromotion(field);
  return promotion;
}

/**
 * Records that `userId` used the code, once, in the caller's transaction; refuses (400) when the last use
 * went meanwhile. The lock makes concurrent registrations with a single-use code take turns.
 */
export async function redeemPromotion(tx: Queryable, promotion: FoundPromotion, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`promotion:${promotion.key}`}, 0))`);
  if (!(await hasUsesLeft(tx, promotion, userId))) throw unknownPromotion("promoCode");
  await tx.insert(promotionRedemptions).values({ promotionKey: promotion.key, userId }).onConflictDoNothing();
}

function findConfiguredPromotion(ctx: BillingContext, code: string): FoundPromotion | null {
  const upper = code.toUpperCase();
  const trialDays = ctx.config.PROMO_CODES[upper];
  if (!trialDays) return null;
  const offer = { code: upper, trialDays, description: describePromotion({ trialDays }) };
  return { offer, key: `PROMO_CODES:${upper}`, usesLeft: null };
}

/** Stripe's restrictions on the promotion code itself; the coupon's own limits make `valid` false. */
function isAllowed(promo: Stripe.PromotionCode, use: PromotionUse): boolean {
  if (promo.expires_at !== null && promo.expires_at * 1000 <= use.now.getTime()) return false;
  if (promo.customer && stripeId(promo.customer) !== use.customerId) return false;
  if (promo.restrictions.first_time_transaction && !use.isFirstTime) return false;
  return true;
}

/** Stripe counts the uses at Checkout; the trial days given at registration are counted here. */
async function hasUsesLeft(db: Queryable, promotion: FoundPromotion, userId?: string): Promise<boolean> {
  if (promotion.usesLeft === null) return true;
  const [row] = await db
    .select({ uses: count() })
    .from(promotionRedemptions)
    .where(
      and(
        eq(promotionRedemptions.promotionKey, promotion.key),
        userId ? or(isNull(promotionRedemptions.userId), ne(promotionRedemptions.userId, userId)) : undefined,
      ),
    );
  return (row?.uses ?? 0) < promotion.usesLeft;
}

function toPromotion(promo: Stripe.PromotionCode): FoundPromotion | null {
  const coupon = promo.promotion.coupon;
  if (!coupon || typeof coupon === "string" || !coupon.valid) return null;
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
    offer: {
      code: promo.code,
      description: describePromotion(effects),
      ...definedOnly({ ...effects, durationMonths: hasDiscount ? effects.durationMonths : undefined }),
    },
    stripePromotionCodeId: promo.id,
    key: promo.id,
    usesLeft:
      promo.max_redemptions === null ? null : Math.max(0, promo.max_redemptions - promo.times_redeemed),
  };
}

function unknownPromotion(field: string): AppError {
  return new AppError("BAD_REQUEST", UNKNOWN_PROMO_MESSAGE, { fields: { [field]: UNKNOWN_PROMO_MESSAGE } });
}

function definedOnly<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as Partial<T>;
}
