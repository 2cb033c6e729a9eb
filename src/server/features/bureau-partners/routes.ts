import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  bureauPartnerDetailSchema,
  bureauPartnerListQuerySchema,
  bureauPartnerPageSchema,
  bureauPartnerSchema,
  createBureauPartnerSchema,
  updateBureauPartnerSchema,
} from "../../../shared/schemas/bureau-partners.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader, requireUser } from "../../platform/auth/plugin.ts";
import { cachedAnswer } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { createBureauPartner } from "./create-bureau-partner.ts";
import { deleteBureauPartner } from "./delete-bureau-partner.ts";
import { getBureauPartner } from "./get-bureau-partner.ts";
import { listBureauPartners } from "./list-bureau-partners.ts";
import { updateBureauPartner } from "./update-bureau-partner.ts";

const params = z.object({ id: z.string() });
const tags = ["bureauPartners"];

export async function bureauPartnerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/bureau-partners",
    {
      schema: { tags, querystring: bureauPartnerListQuerySchema, response: { 200: bureauPartnerPageSchema } },
    },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const what = ["bureau-partners", request.query];
      const page = await cachedAnswer(app.db, reader, bureauPartnerPageSchema, what, async () => ({
        value: await listBureauPartners(app.db, reader.userId, request.query),
      }));
      return sendCachedAnswer(reply, bureauPartnerPageSchema, page);
    },
  );

  app.post(
    "/api/bureau-partners",
    { schema: { tags, body: createBureauPartnerSchema, response: { 201: bureauPartnerSchema } } },
    async (request, reply) => {
      const partner = await createBureauPartner(app.db, requireUser(request).id, request.body);
      return reply.status(201).send(partner);
    },
  );

  app.get(
    "/api/bureau-partners/:id",
    { schema: { tags, params, response: { 200: bureauPartnerDetailSchema } } },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const { id } = request.params;
      const schema = bureauPartnerDetailSchema;
      const partner = await cachedAnswer(app.db, reader, schema, ["bureau-partner", id], async () => ({
        value: await getBureauPartner(app.db, reader.userId, id),
      }));
      return sendCachedAnswer(reply, schema, partner);
    },
  );

  app.patch(
    "/api/bureau-partners/:id",
    { schema: { tags, params, body: updateBureauPartnerSchema, response: { 200: bureauPartnerSchema } } },
    async (request) => updateBureauPartner(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.delete("/api/bureau-partners/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteBureauPartner(app.db, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
