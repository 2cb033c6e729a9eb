import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, expect } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import type { TestClient } from "../../../test/client.ts";
import {
  eventEnvelope,
  type StripeServer,
  signWebhookPayload,
  startStripeServer,
} from "../../../test/stripe-server.ts";

export const WEBHOOK_SECRET = "whsec_test_podium";
export const PRICE_ID = "price_test_monthly_21";

/** The app with billing on, its Stripe client pointed at a local fake Stripe started for this file. */
export async function createBillingTestApp(env: Record<string, string> = {}) {
  const stripe = await startStripeServer();
  afterAll(stripe.close);
  const test = await createTestApp({
    STRIPE_SECRET_KEY: "sk_test_podium",
    STRIPE_PRICE_ID: PRICE_ID,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  return { ...test, stripe };
}

/** A Stripe event envelope as Stripe sends it; `created` is in seconds. */
export function stripeEvent(
  type: string,
  object: Record<string, unknown>,
  created = Math.floor(Date.now() / 1000),
) {
  return eventEnvelope(type, object, undefined, created);
}

/** A subscription object as in customer.subscription.* events. */
export function subscriptionObject(
  customer: string,
  status: string,
  overrides: { id?: string; periodEnd?: number; cancelAtPeriodEnd?: boolean } = {},
) {
  const periodEnd = overrides.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86400;
  const id = overrides.id ?? "sub_test_1";
  return {
    id,
    object: "subscription",
    customer,
    status,
    cancel_at_period_end: overrides.cancelAtPeriodEnd ?? false,
    items: {
      object: "list",
      data: [
        { id: "si_test_1", object: "subscription_item", current_period_end: periodEnd, subscription: id },
      ],
    },
  };
}

/** An invoice object as in invoice.paid / invoice.payment_failed events. */
export function invoiceObject(customer: string, subscription: string, periodEnd: number) {
  return {
    id: `in_test_${randomBytes(6).toString("hex")}`,
    object: "invoice",
    customer,
    parent: { type: "subscription_details", subscription_details: { subscription, metadata: {} } },
    lines: {
      object: "list",
      data: [
        { id: "il_test_1", object: "line_item", period: { start: periodEnd - 30 * 86400, end: periodEnd } },
      ],
    },
  };
}

/** Posts a signed event to the webhook like Stripe does (no cookies, no CSRF token). */
export function postWebhook(
  app: FastifyInstance,
  event: object,
  { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  return app.inject({
    method: "POST",
    url: "/api/webhooks/stripe",
    headers: {
      "content-type": "application/json",
      "stripe-signature": signWebhookPayload(payload, secret, timestamp),
    },
    payload,
  });
}

/**
 * The signed-in speaker subscribes as in the browser: Podium's Checkout route, the customer finishing the
 * session at (fake) Stripe, and Stripe's events posted signed to the webhook — unless `deliver` is false,
 * as when they never arrived (or arrived before Podium stored what they carry).
 */
export async function subscribeThroughCheckout(
  app: FastifyInstance,
  stripe: StripeServer,
  client: TestClient,
  { deliver = true }: { deliver?: boolean } = {},
) {
  const checkout = await client.post("/api/create-checkout-session", {});
  expect(checkout.statusCode).toBe(200);
  const sessionId = new URL(checkout.json().url).pathname.split("/").pop()!;
  const { customerId, subscriptionId, events } = stripe.completeCheckout(sessionId);
  if (deliver) await deliverEvents(app, events);
  return { customerId, subscriptionId };
}

/** Posts Stripe's events to the webhook, signed, in order; each must be taken. */
export async function deliverEvents(app: FastifyInstance, events: object[]) {
  for (const event of events) expect((await postWebhook(app, event)).statusCode).toBe(200);
}
