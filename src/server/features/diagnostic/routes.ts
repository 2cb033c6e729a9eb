import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { diagnosticSchema } from "../../../shared/schemas/diagnostic.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { getDiagnostic } from "./get-diagnostic.ts";

/** GET /api/diagnostic: the server's half of the /diagnostic page's report. */
export async function diagnosticRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/diagnostic",
    { onRequest: requireSignedIn, schema: { tags: ["diagnostic"], response: { 200: diagnosticSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getDiagnostic(app, request, requireUser(request));
    },
  );
}
