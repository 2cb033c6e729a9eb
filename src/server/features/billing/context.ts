import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../platform/db/client.ts";
import { createRateLimiter, type RateLimiter } from "../../platform/http/rate-limit.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { createStripeClient, type StripeClient } from "../../platform/stripe/client.ts";

/** What the billing operations need; `stripe` is null while billing is off (no STRIPE_* variables). */
export type BillingContext = {
  db: Database;
  config: Config;
  stripe: StripeClient | null;
  limiter: RateLimiter;
  mailer: Mailer;
};

export function createBillingContext(app: FastifyInstance): BillingContext {
  return {
    db: app.db,
    config: app.config,
    stripe: createStripeClient(app.config.stripe),
    limiter: createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR),
    mailer: app.mailer,
  };
}
