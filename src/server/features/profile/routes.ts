import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { speakerProfileInputSchema, speakerProfileSchema } from "../../../shared/schemas/profile.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { getSpeakerProfile, saveSpeakerProfile } from "./speaker-profile.ts";

const tags = ["profile"];

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/speaker-profile",
    { schema: { tags, response: { 200: speakerProfileSchema } } },
    async (request, reply) => {
      // Spec §7: never served from a cache, so the sidebar shows a just-saved name.
      reply.header("cache-control", "no-store");
      return getSpeakerProfile(app.db, requireUser(request).id);
    },
  );

  app.put(
    "/api/speaker-profile",
    { schema: { tags, body: speakerProfileInputSchema, response: { 200: speakerProfileSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return saveSpeakerProfile(app.db, requireUser(request).id, request.body);
    },
  );
}
