import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultsSchema } from "../../../shared/schemas/search.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { search } from "./search.ts";

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/search",
    { schema: { tags: ["search"], querystring: searchQuerySchema, response: { 200: searchResultsSchema } } },
    async (request) => search(app.db, requireUser(request).id, request.query.q),
  );
}
