import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { adminStatsSchema, adminUserSchema, adminUserUpdateSchema } from "../../../shared/schemas/admin.ts";
import { requireAdmin } from "../../platform/auth/plugin.ts";
import { notFound } from "../../platform/http/errors.ts";
import { getUserStats } from "./get-user-stats.ts";
import { updateUserTrial } from "./update-user-trial.ts";

/** Everything under /api/admin: 401 for anonymous callers and 403 for every non-admin, decided by users.role. */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request: FastifyRequest) => {
    requireAdmin(request);
  });

  app.get(
    "/api/admin/stats",
    { schema: { tags: ["admin"], response: { 200: adminStatsSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { users: await getUserStats(app.db) };
    },
  );

  app.patch(
    "/api/admin/users/:id",
    {
      schema: {
        tags: ["admin"],
        params: z.object({ id: z.string() }),
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => updateUserTrial(app.db, request.params.id, new Date(request.body.trialEndsAt)),
  );

  // Unknown admin paths pass the same gate, so they reveal nothing to non-admins.
  app.all("/api/admin/*", { schema: { hide: true } }, async (request) => {
    throw notFound(`No such endpoint: ${request.method} ${request.url.split("?")[0]}`);
  });
}
