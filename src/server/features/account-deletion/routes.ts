import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { deleteAccountSchema } from "../../../shared/schemas/data-management.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { createRateLimiter } from "../../platform/http/rate-limit.ts";
import { createStripeClient } from "../../platform/stripe/client.ts";
import { deleteAccount } from "./delete-account.ts";

/** `DELETE /api/account` (DESIGN §5): the Danger Zone of Account Settings. */
export async function accountDeletionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = {
    db: app.db,
    limiter: createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR),
    store: app.storage,
    stripe: createStripeClient(app.config.stripe),
  };
  app.addHook("onRequest", requireSignedIn);

  app.delete(
    "/api/account",
    { config: freshCheck, schema: { tags: ["accounts"], body: deleteAccountSchema } },
    async (request, reply) => {
      const caller = { ip: request.ip, userAgent: request.headers["user-agent"] };
      await deleteAccount(ctx, requireUser(request), request.body.password, caller);
      reply.endSession();
      return reply.code(204).send();
    },
  );
}
