import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  dashboardQuerySchema,
  dashboardSchema,
  RECENTLY_BOOKED_DAYS,
} from "../../../shared/schemas/dashboard.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader } from "../../platform/auth/plugin.ts";
import { cachedAnswer } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { buildDashboard, createClock } from "./build-dashboard.ts";
import { nextFollowUpDue } from "./queries.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

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
      // Cached per day; the follow-up rule also moves with the clock, so an answer holds until it would.
      const dashboard = await cachedAnswer(
        app.db,
        reader,
        dashboardSchema,
        ["dashboard", clock.today],
        async () => {
          const [value, followUpDue] = await Promise.all([
            buildDashboard(app.db, reader.userId, clock),
            nextFollowUpDue(app.db, reader.userId, clock),
          ]);
          // "Booked: <event>" leaves the dashboard RECENTLY_BOOKED_DAYS after it came.
          const bookedLeaves = value.recentlyBooked.map(
            (booked) => Date.parse(booked.confirmedAt) + RECENTLY_BOOKED_DAYS * DAY_MS,
          );
          const times = [followUpDue, ...bookedLeaves].filter((time) => time !== undefined);
          return { value, until: times.length ? Math.min(...times) : undefined };
        },
      );
      return sendCachedAnswer(reply, dashboardSchema, dashboard);
    },
  );
}
