import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { invitationPreviewSchema } from "../../../shared/schemas/team.ts";
import { limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { previewInvitation } from "./invitations.ts";

/** Per IP, shared by every process: an invitee opens their link a few times; a token guesser meets the wall. */
export const publicJoinPerIp: RateLimitRule = { name: "public-join-ip", limit: 120, windowMinutes: 10 };

/**
 * `GET /api/public/join/:token`: the join page names who invites, the role and the invited address before
 * its visitor has a login (issue 41 item 4). No session, rate-limited per IP, never cached or indexed.
 */
export async function publicJoinRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  limitPublicPages(app, publicJoinPerIp, []);
  app.get(
    "/api/public/join/:token",
    {
      schema: {
        tags: ["team"],
        params: z.object({ token: z.string().max(512) }),
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request, reply) => {
      reply.headers({ "cache-control": "no-store", "x-robots-tag": "noindex" });
      return previewInvitation(app.db, request.params.token, new Date());
    },
  );
}
