import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";
import type { SecretBoxKey } from "../../platform/auth/secret-box.ts";
import type { Database } from "../../platform/db/client.ts";
import { createRateLimiter, type RateLimiter, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";

/** Who WebAuthn credentials are made for: `APP_URL`'s host name and origin (DESIGN §11). */
export type RelyingParty = { id: string; name: string; origin: string };

export function relyingPartyOf(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { id: url.hostname, name: "Podium", origin: url.origin };
}

/** What the second-factor operations need from the app, so they stay plain functions. */
export type SecurityContext = {
  db: Database;
  config: Config;
  mailer: Mailer;
  limiter: RateLimiter;
  relyingParty: RelyingParty;
  /** Seals the authenticator-app secrets at rest (decision 057). */
  secretBoxKey: SecretBoxKey;
};

export function createSecurityContext(app: FastifyInstance): SecurityContext {
  return {
    db: app.db,
    config: app.config,
    mailer: app.mailer,
    limiter: createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR),
    relyingParty: relyingPartyOf(app.config.APP_URL),
    secretBoxKey: app.secretBoxKey,
  };
}

/** Five wrong authenticator or recovery codes lock the account's code step, as wrong passwords do (DESIGN §8). */
export const failedCodesPerUser: RateLimitRule = {
  name: "second-factor-failures-user",
  limit: 5,
  windowMinutes: 15,
};

/** Anonymous WebAuthn challenges are rows in the database: each address may ask for so many. */
export const passkeyOptionsPerIp: RateLimitRule = {
  name: "passkey-options-ip",
  limit: 100,
  windowMinutes: 15,
};
