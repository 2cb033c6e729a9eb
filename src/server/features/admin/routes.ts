import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminStatsSchema,
  adminUserPatchSchema,
  adminUserQuerySchema,
  adminUserSchema,
  auditEntrySchema,
} from "../../../shared/schemas/admin.ts";
import { idSchema, pageQuery, pageSchema } from "../../../shared/schemas/fields.ts";
import { assertFreshCheck, freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireAdmin } from "../../platform/auth/plugin.ts";
import { notFound } from "../../platform/http/errors.ts";
import { adminAnnouncementRoutes } from "../announcements/routes.ts";
import { adminFeedbackRoutes } from "../feedback/routes.ts";
import { createSecurityContext, resetFactors } from "../security/index.ts";
import { listAuditLog } from "./audit-log.ts";
import { getAdminStats } from "./get-stats.ts";
import { resendVerificationFor } from "./resend-verification.ts";
import { retryFailedMail } from "./retry-failed-mail.ts";
import { updateUser } from "./update-user.ts";
import { billingViewNow, findAdminUser, searchUsers } from "./users.ts";

const tags = ["admin"];
const params = z.object({ id: idSchema });

/**
 * Everything under /api/admin: 401 for anonymous callers and 403 for every non-admin, decided by
 * users.role on every request. The announcement and feedback features register their admin routes in
 * here, behind the same gate.
 */
export async function adminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", async (request: FastifyRequest, reply) => {
    requireAdmin(request);
    reply.header("cache-control", "no-store");
  });

  app.get("/api/admin/stats", { schema: { tags, response: { 200: adminStatsSchema } } }, async () =>
    getAdminStats(app.db, new Date()),
  );

  app.post(
    "/api/admin/mail/retry-failed",
    { schema: { tags, response: { 200: z.object({ requeued: z.number().int() }) } } },
    async (request) => retryFailedMail(app, request),
  );

  app.get(
    "/api/admin/users",
    { schema: { tags, querystring: adminUserQuerySchema, response: { 200: pageSchema(adminUserSchema) } } },
    async (request) => searchUsers(app.db, request.query, billingViewNow(app)),
  );

  app.get(
    "/api/admin/users/:id",
    { schema: { tags, params, response: { 200: adminUserSchema } } },
    async (request) => {
      const user = await findAdminUser(app.db, request.params.id, billingViewNow(app));
      if (!user) throw notFound("User not found");
      return user;
    },
  );

  app.patch(
    "/api/admin/users/:id",
    { schema: { tags, params, body: adminUserPatchSchema, response: { 200: adminUserSchema } } },
    async (request) => {
      // Who is an admin and who may sign in at all: the admin's own fresh check first (issue 40). Moving a
      // trial's end, support's everyday task, goes without.
      if (request.body.role !== undefined || request.body.disabled !== undefined) {
        await assertFreshCheck(app.db, request);
      }
      return updateUser(app, request, request.params.id, request.body);
    },
  );

  app.post(
    "/api/admin/users/:id/resend-verification",
    { schema: { tags, params } },
    async (request, reply) => {
      await resendVerificationFor(app, request, request.params.id);
      return reply.code(204).send();
    },
  );

  // A user who lost every second factor signs in with the password again (issue 35); logged and e-mailed.
  // It takes another's keys away, so the admin's own fresh check comes first (issue 40).
  app.post(
    "/api/admin/users/:id/reset-factors",
    { config: freshCheck, schema: { tags, params } },
    async (request, reply) => {
      await resetFactors(createSecurityContext(app), request, request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    "/api/admin/audit-log",
    {
      schema: {
        tags,
        querystring: z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor }),
        response: { 200: pageSchema(auditEntrySchema) },
      },
    },
    async (request) => listAuditLog(app.db, request.query),
  );

  await app.register(adminAnnouncementRoutes);
  await app.register(adminFeedbackRoutes);

  // Unknown admin paths pass the same gate, so they reveal nothing to non-admins.
  app.all("/api/admin/*", { schema: { hide: true } }, async (request) => {
    throw notFound(`No such endpoint: ${request.method} ${request.url.split("?")[0]}`);
  });
}
