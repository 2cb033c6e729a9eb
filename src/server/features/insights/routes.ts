import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  insightsQuerySchema,
  insightsSchema,
  stateEventsQuerySchema,
  stateEventsSchema,
} from "../../../shared/schemas/insights.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { contentDisposition } from "../../platform/storage/send-stored-file.ts";
import { XLSX_CONTENT_TYPE } from "../data-management/export-workbook.ts";
import { invoicingToday } from "../invoices/routes.ts";
import { buildInsights } from "./build-insights.ts";
import { listStateEvents } from "./state-events.ts";
import { buildTaxWorkbook } from "./tax-workbook.ts";

/** `/api/insights`, its state drill-down and the tax workbook (DESIGN §10). */
export async function insightRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const tags = ["insights"];
  /** The asked year, else the speaker's current one. */
  const yearOf = async (userId: string, asked: number | undefined) =>
    asked ?? Number((await invoicingToday(app.db, userId, new Date())).slice(0, 4));

  app.get(
    "/api/insights",
    { schema: { tags, querystring: insightsQuerySchema, response: { 200: insightsSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      reply.header("cache-control", "no-store");
      return buildInsights(app.db, userId, await yearOf(userId, request.query.year));
    },
  );

  app.get(
    "/api/insights/state-events",
    { schema: { tags, querystring: stateEventsQuerySchema, response: { 200: stateEventsSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      reply.header("cache-control", "no-store");
      const year = await yearOf(userId, request.query.year);
      return listStateEvents(app.db, userId, year, request.query.state);
    },
  );

  app.get(
    "/api/insights/tax-summary.xlsx",
    { schema: { tags, querystring: insightsQuerySchema } },
    async (request, reply) => {
      const user = requireUser(request);
      const year = await yearOf(user.id, request.query.year);
      const workbook = await buildTaxWorkbook(app.db, user.id, year);
      return reply
        .header(
          "content-disposition",
          contentDisposition("attachment", `podium-tax-${year}-${user.username}.xlsx`),
        )
        .header("cache-control", "no-store")
        .type(XLSX_CONTENT_TYPE)
        .send(workbook);
    },
  );
}
