import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  publicHoldAnsweredSchema,
  publicHoldAnswerInputSchema,
  publicHoldSchema,
} from "../../../shared/schemas/holds.ts";
import { limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { answerChallenge, viewChallenge } from "./challenge.ts";
import { holdContextOf } from "./context.ts";
import { holdPageHead } from "./hold-page-head.ts";

const tags = ["public holds"];
const params = z.object({ token: z.string() });
/** Per IP, shared by every process: a planner answers once; a scraper meets the wall. */
export const publicHoldPerIp: RateLimitRule = { name: "public-hold-ip", limit: 300, windowMinutes: 10 };

/**
 * `/api/public/holds/:token` (DESIGN §11): the planner's side of "Ask first hold to decide"; no session, no
 * CSRF, rate-limited per IP, never indexed. The answer is read fresh each time (one planner opens it).
 */
export async function publicHoldRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = holdContextOf(app);
  limitPublicPages(app, publicHoldPerIp, ["/hold/:token"]);
  app.pageHeads.push(holdPageHead(app.db));
  const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };

  app.get(
    "/api/public/holds/:token",
    { schema: { tags, params, response: { 200: publicHoldSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return viewChallenge(app.db, request.params.token, new Date());
    },
  );

  app.post(
    "/api/public/holds/:token",
    {
      schema: {
        tags,
        params,
        body: publicHoldAnswerInputSchema,
        response: { 200: publicHoldAnsweredSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return answerChallenge(context, request.params.token, request.body, new Date());
    },
  );
}
