import Stripe from "stripe";
import type { StripeConfig } from "../../config.ts";

export type { Stripe };
export type StripeClient = Stripe;

/** Seconds a webhook signature stays acceptable (Stripe's own default, DESIGN §9). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The one Stripe client (DESIGN §9), on the official package. `STRIPE_API_BASE` points it at another host
 * (the tests' local server); otherwise it talks to api.stripe.com. Null when billing is off.
 */
export function createStripeClient(config: StripeConfig | null): StripeClient | null {
  if (!config) return null;
  const base = config.apiBase ? new URL(config.apiBase) : null;
  return new Stripe(config.secretKey, {
    ...(base && {
      host: base.hostname,
      port: base.port || (base.protocol === "https:" ? 443 : 80),
      protocol: base.protocol === "https:" ? "https" : "http",
    }),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Podium" },
  });
}

/**
 * Checks `Stripe-Signature` over the raw body and parses the event; throws when the signature is wrong or
 * older than the tolerance. `now` is the time the signature's age is judged against.
 */
export function verifyWebhookEvent(
  stripe: StripeClient,
  rawBody: Buffer | string,
  signature: string,
  secret: string,
  now: Date,
): Stripe.Event {
  return stripe.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    WEBHOOK_TOLERANCE_SECONDS,
    undefined,
    now.getTime(), // milliseconds, despite the parameter's name
  );
}

/** The id of an expandable Stripe field (a string, or the object when expanded). */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}
