import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  checkoutInputSchema,
  promotionSchema,
  redirectUrlSchema,
  subscriptionStatusSchema,
  UNKNOWN_PROMO_MESSAGE,
} from "../../../shared/schemas/billing.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { notFound } from "../../platform/http/errors.ts";
import { createBillingContext } from "./context.ts";
import { createCheckoutSession } from "./create-checkout-session.ts";
import { createPortalSession } from "./create-portal-session.ts";
import { getSubscriptionStatus } from "./get-subscription-status.ts";
import { handleStripeWebhook, requireWebhookSignature } from "./handle-webhook.ts";
import { findPromotion } from "./promotions.ts";

const tags = ["billing"];
/** Stripe's events are a few kilobytes; a larger body is refused before it is read through (issue 27, item 7). */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Subscription billing (DESIGN §10): status, Checkout, the portal, promotional codes, Stripe's webhook. */
export async function billingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = createBillingContext(app);
  const signedIn = { onRequest: requireSignedIn };

  app.get(
    "/api/subscription-status",
    { ...signedIn, schema: { tags, response: { 200: subscriptionStatusSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getSubscriptionStatus(ctx, requireUser(request).id, new Date());
    },
  );

  app.post(
    "/api/create-checkout-session",
    {
      ...signedIn,
      schema: { tags, body: checkoutInputSchema.optional(), response: { 200: redirectUrlSchema } },
    },
    async (request) =>
      createCheckoutSession(ctx, requireUser(request), request.body ?? {}, {
        ip: request.ip,
        now: new Date(),
      }),
  );

  app.post(
    "/api/create-portal-session",
    { ...signedIn, schema: { tags, response: { 200: redirectUrlSchema } } },
    async (request) => createPortalSession(ctx, requireUser(request)),
  );

  app.get(
    "/api/public/promo/:code",
    { schema: { tags, params: z.object({ code: z.string() }), response: { 200: promotionSchema } } },
    async (request) => {
      // Judged as for a new account: the page checks a code before signing up.
      const use = { ip: request.ip, now: new Date(), customerId: null, isFirstTime: true };
      const promotion = await findPromotion(ctx, request.params.code, use);
      if (!promotion) throw notFound(UNKNOWN_PROMO_MESSAGE);
      return promotion.offer;
    },
  );

  await app.register(async (webhook) => {
    // Only here: the body stays raw bytes, because the signature is computed over them exactly.
    webhook.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
      done(null, body),
    );
    const signatureOf = (request: FastifyRequest) => {
      const signature = request.headers["stripe-signature"];
      return typeof signature === "string" ? signature : undefined;
    };
    webhook.post(
      "/api/webhooks/stripe",
      {
        schema: { tags },
        bodyLimit: WEBHOOK_BODY_LIMIT,
        onRequest: async (request) => void requireWebhookSignature(ctx, signatureOf(request)),
      },
      async (request) =>
        handleStripeWebhook(ctx, request.body as Buffer, signatureOf(request), new Date(), request.log),
    );
  });
}
