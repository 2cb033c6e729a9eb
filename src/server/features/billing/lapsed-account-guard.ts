import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isLapsed, LAPSED_MESSAGE } from "../../../shared/schemas/billing.ts";
import { AppError } from "../../platform/http/errors.ts";
import { requestKind } from "../../platform/http/request-kind.ts";
import { createStripeClient } from "../../platform/stripe/client.ts";
import { getSubscriptionStatus } from "./get-subscription-status.ts";

/**
 * What a lapsed account may still do besides reading (DESIGN §10): export, delete itself, verify its e-mail,
 * sign out and pay — plus signing in, the fresh check, recovery and writing to support, which change none of
 * its data.
 * Keys are "METHOD route-pattern".
 */
export const LAPSED_ALLOWED_ROUTES = new Set([
  "DELETE /api/account",
  "POST /api/auth/verify-email",
  "POST /api/auth/resend-verification",
  "POST /api/logout",
  "POST /api/create-checkout-session",
  "POST /api/create-portal-session",
  "POST /api/webhooks/stripe",
  "POST /api/login",
  "POST /api/register",
  "POST /api/auth/request-reset",
  "POST /api/auth/forgot-password",
  "POST /api/auth/recover-username",
  "POST /api/auth/reset-password",
  "POST /api/contact",
  // Exporting and deleting need the fresh check, in each of its forms (DESIGN §11), and so does signing in
  // with a second factor or a passkey.
  "POST /api/reauth",
  "POST /api/passkeys/authentication-options",
  "POST /api/login/passkey",
  "POST /api/login/second-factor",
  // The login's own team membership, whatever its own book's subscription (decision 051).
  "POST /api/join/:token",
  "POST /api/workspaces/current",
]);

/**
 * The server-side rule for lapsed accounts (DESIGN §10): every other non-GET call of a signed-in user whose
 * subscription is past_due, unpaid, canceled or expired answers 402.
 */
export const lapsedAccountGuard = fp(async (app) => {
  const ctx = { db: app.db, stripe: createStripeClient(app.config.stripe) };
  if (!ctx.stripe) return; // billing off: nobody is ever blocked

  // Before validation, so a lapsed account hears about its subscription rather than about its input.
  app.addHook("preValidation", async (request: FastifyRequest) => {
    const { isApi, isMutating, route } = requestKind(request);
    if (!request.user || !isApi || !isMutating) return;
    if (LAPSED_ALLOWED_ROUTES.has(`${request.method} ${route}`)) return;
    const status = await getSubscriptionStatus(ctx, request.user.id, new Date());
    if (isLapsed(status)) {
      throw new AppError("PAYMENT_REQUIRED", LAPSED_MESSAGE, { status: status.status });
    }
  });
});
