import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import { type Stripe, verifyWebhookEvent } from "../../platform/stripe/client.ts";
import { applyCardPaymentEvent } from "../invoices/card-payment-events.ts";
import { applyStripeEvent } from "./apply-stripe-event.ts";
import { billingOff } from "./billing-errors.ts";
import type { BillingContext } from "./context.ts";

const badSignature = () => new AppError("BAD_REQUEST", "The webhook signature is missing, wrong or too old.");

/**
 * What the webhook refuses before its body is even read (issue 27, item 7): a call while billing is off, and
 * one without a `Stripe-Signature`, cost nothing beyond their headers.
 */
export function requireWebhookSignature(ctx: BillingContext, signature: string | undefined) {
  if (!ctx.stripe || !ctx.config.stripe) throw billingOff();
  if (!signature) throw badSignature();
  return { stripe: ctx.stripe, secret: ctx.config.stripe.webhookSecret, signature };
}

/**
 * POST /api/webhooks/stripe: checks `Stripe-Signature` over the raw body (300 s tolerance), then acts on the
 * event in one transaction: subscriptions here, invoice card payments in the invoices feature. A bad or stale signature is refused with 400 and changes nothing.
 */
export async function handleStripeWebhook(
  ctx: BillingContext,
  rawBody: Buffer,
  signature: string | undefined,
  now: Date,
  log: FastifyBaseLogger,
): Promise<{ received: true; duplicate: boolean }> {
  const signed = requireWebhookSignature(ctx, signature);
  let event: Stripe.Event;
  try {
    event = verifyWebhookEvent(signed.stripe, rawBody, signed.signature, signed.secret, now);
  } catch {
    throw badSignature();
  }
  const mail = { mailer: ctx.mailer, appUrl: ctx.config.APP_URL };
  const { isNew, outboxIds } = await ctx.db.transaction(async (tx) => {
    if (!(await applyStripeEvent(tx, event))) return { isNew: false, outboxIds: [] };
    // Events of the speakers' connected accounts: card payments of invoices (DESIGN §9).
    return { isNew: true, ...(await applyCardPaymentEvent(tx, event, mail, now)) };
  });
  await ctx.mailer.dispatch(outboxIds);
  log.info({ stripeEvent: event.id, type: event.type, duplicate: !isNew }, "stripe webhook");
  return { received: true, duplicate: !isNew };
}
