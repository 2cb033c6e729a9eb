import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { messageSchema } from "../../../shared/schemas/auth.ts";
import { CONTACT_THANKS, contactMessageSchema } from "../../../shared/schemas/contact.ts";
import { createRateLimiter } from "../../platform/http/rate-limit.ts";
import { sendContactMessage } from "./send-contact-message.ts";

/** Every message becomes an e-mail to support, so one address cannot flood the inbox. */
export const CONTACT_RATE_LIMIT = { name: "contact:ip", limit: 10, windowMinutes: 60 };

export async function contactRoutes(app: FastifyInstance) {
  const rateLimiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/contact",
    {
      schema: {
        tags: ["contact"],
        summary: "Send a message to support",
        body: contactMessageSchema,
        response: { 201: messageSchema },
      },
    },
    async (request, reply) => {
      await rateLimiter.consume(CONTACT_RATE_LIMIT, request.ip);
      await sendContactMessage(app, request.body, request.user);
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
}
