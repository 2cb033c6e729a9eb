import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageSchema } from "../../../shared/schemas/auth.ts";
import {
  FEEDBACK_THANKS,
  feedbackInputSchema,
  feedbackItemSchema,
} from "../../../shared/schemas/feedback.ts";
import { pageQuery, pageSchema } from "../../../shared/schemas/fields.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { createRateLimiter } from "../../platform/http/rate-limit.ts";
import { listFeedback } from "./list-feedback.ts";
import { sendFeedback } from "./send-feedback.ts";

/** Every message becomes an e-mail to support, so one account cannot flood the inbox. */
export const FEEDBACK_RATE_LIMIT = { name: "feedback:user", limit: 20, windowMinutes: 60 };

/** POST /api/feedback: a signed-in speaker's feedback. */
export async function feedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const rateLimiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);
  app.post(
    "/api/feedback",
    {
      onRequest: requireSignedIn,
      schema: { tags: ["feedback"], body: feedbackInputSchema, response: { 201: messageSchema } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await rateLimiter.consume(FEEDBACK_RATE_LIMIT, user.id);
      await sendFeedback(app, user, request.body);
      return reply.status(201).send({ message: FEEDBACK_THANKS });
    },
  );
}

/** GET /api/admin/feedback; registered inside the admin routes, behind their gate. */
export async function adminFeedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    "/api/admin/feedback",
    {
      schema: {
        tags: ["admin"],
        querystring: z.object({ limit: pageQuery.limit, cursor: pageQuery.cursor }),
        response: { 200: pageSchema(feedbackItemSchema) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listFeedback(app.db, request.query);
    },
  );
}
