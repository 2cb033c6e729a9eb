import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultsSchema } from "../../../shared/schemas/search.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader } from "../../platform/auth/plugin.ts";
import { cachedAnswer } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { search } from "./search.ts";

export async function searchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/search",
    { schema: { tags: ["search"], querystring: searchQuerySchema, response: { 200: searchResultsSchema } } },
    async (request, reply) => {
      const reader = requireBookReader(request);
      // Upcoming events rank first, so an answer holds for the day it was built on (UTC, like the dashboard's
      // default day).
      const today = new Date().toISOString().slice(0, 10);
      const { q } = request.query;
      const results = await cachedAnswer(
        app.db,
        reader,
        searchResultsSchema,
        ["search", q, today],
        async () => ({
          value: await search(app.db, reader.userId, q, today),
        }),
      );
      return sendCachedAnswer(reply, searchResultsSchema, results);
    },
  );
}
