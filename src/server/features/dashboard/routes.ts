import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { dashboardQuerySchema, dashboardSchema } from "../../../shared/schemas/dashboard.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader } from "../../platform/auth/plugin.ts";
import { cachedAnswer } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { buildDashboard, createClock } from "./build-dashboard.ts";

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/dashboard",
    {
      schema: { tags: ["dashboard"], querystring: dashboardQuerySchema, response: { 200: dashboardSchema } },
    },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const clock = createClock(request.query.today, new Date());
      // Cached per day; some of it also moves with the clock, so an answer holds until it would change.
      const dashboard = await cachedAnswer(app.db, reader, dashboardSchema, ["dashboard", clock.today], () =>
        buildDashboard(app.db, reader.userId, clock),
      );
      return sendCachedAnswer(reply, dashboardSchema, dashboard);
    },
  );
}
