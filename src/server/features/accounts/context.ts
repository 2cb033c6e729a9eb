import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Config } from "../../config.ts";
import type { Database } from "../../platform/db/client.ts";
import { createRateLimiter, type RateLimiter } from "../../platform/http/rate-limit.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";

/** What the account operations need from the app, so they stay plain functions. */
export type AccountsContext = { db: Database; mailer: Mailer; config: Config; limiter: RateLimiter };

export function createAccountsContext(app: FastifyInstance): AccountsContext {
  return {
    db: app.db,
    mailer: app.mailer,
    config: app.config,
    limiter: createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR),
  };
}

/** Who is calling, for rate limits and the session record. */
export type Caller = { ip: string; userAgent?: string; sessionId: string | null };

export function describeCaller(request: FastifyRequest): Caller {
  return { ip: request.ip, userAgent: request.headers["user-agent"], sessionId: request.sessionId };
}
