import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardQuerySchema, dashboardSchema } from "../../../shared/schemas/dashboard.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { buildDashboard, createClock } from "./build-dashboard.ts";

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/dashboard",
    {
      schema: { tags: ["dashboard"], querystring: dashboardQuerySchema, response: { 200: dashboardSchema } },
    },
    async (request) => buildDashboard(app.db, requireUser(request).id, createClock(request.query.today)),
  );
}
