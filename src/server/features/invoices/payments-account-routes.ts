import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { redirectUrlSchema } from "../../../shared/schemas/billing.ts";
import { paymentsAccountQuerySchema, paymentsAccountSchema } from "../../../shared/schemas/invoices.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { createStripeClient } from "../../platform/stripe/client.ts";
import { getPaymentsAccount, startOnboarding } from "./payments-account.ts";

const tags = ["invoices"];

/** `/api/payments-account` (DESIGN §10): the speaker's Stripe Connect account for card payments. */
export async function paymentsAccountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = { db: app.db, config: app.config, stripe: createStripeClient(app.config.stripe) };

  app.get(
    "/api/payments-account",
    { schema: { tags, querystring: paymentsAccountQuerySchema, response: { 200: paymentsAccountSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const userId = requireUser(request).id;
      const refresh = request.query.refresh === "true";
      const account = await getPaymentsAccount(ctx, userId, refresh);
      // A read that may have stored what Stripe says now: "Pay by card" appears on the public pages at once.
      if (refresh) await app.changeFeed.catchUp();
      return account;
    },
  );

  app.post(
    "/api/payments-account",
    { config: freshCheck, schema: { tags, response: { 200: redirectUrlSchema } } },
    async (request) => startOnboarding(ctx, requireUser(request)),
  );
}
