import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createShareLinkSchema,
  shareLinkListSchema,
  shareLinkSchema,
  updateShareLinkSchema,
} from "../../../shared/schemas/share-links.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { createShareLink, listShareLinks, revokeShareLink, updateShareLink } from "./manage-share-links.ts";
import type { ShareLinkCounts } from "./queries.ts";

const tags = ["share links"];
const params = z.object({ id: z.string() });

/** `/api/share-links` (DESIGN §10): the speaker's links with their counts. */
export async function shareLinkRoutes(fastify: FastifyInstance, { counts }: { counts: ShareLinkCounts }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/share-links",
    { schema: { tags, response: { 200: shareLinkListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      await counts.flush();
      return { items: await listShareLinks(app.db, requireUser(request).id), nextCursor: null };
    },
  );

  app.post(
    "/api/share-links",
    { schema: { tags, body: createShareLinkSchema, response: { 201: shareLinkSchema } } },
    async (request, reply) => {
      const link = await createShareLink(app.db, app.config.APP_URL, requireUser(request).id, request.body);
      return reply.status(201).send(link);
    },
  );

  app.patch(
    "/api/share-links/:id",
    { schema: { tags, params, body: updateShareLinkSchema, response: { 200: shareLinkSchema } } },
    async (request) => updateShareLink(app.db, requireUser(request).id, request.params.id, request.body),
  );

  app.post(
    "/api/share-links/:id/revoke",
    { schema: { tags, params, response: { 200: shareLinkSchema } } },
    async (request) => revokeShareLink(app.db, requireUser(request).id, request.params.id, new Date()),
  );
}
