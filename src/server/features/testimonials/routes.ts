import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  testimonialListSchema,
  testimonialRequestInputSchema,
  testimonialRequestSentSchema,
  testimonialSchema,
  updateTestimonialSchema,
} from "../../../shared/schemas/testimonials.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { testimonialContextOf } from "./context.ts";
import { addTestimonialToMediaKit, listTestimonials, updateTestimonial } from "./manage-testimonials.ts";
import { requestTestimonial } from "./request-testimonial.ts";

const tags = ["testimonials"];
const params = z.object({ id: z.string() });

/** The speaker's side of testimonials (DESIGN §11, issue 33). */
export async function testimonialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const context = testimonialContextOf(app);

  app.post(
    "/api/events/:id/testimonial-request",
    {
      schema: {
        tags,
        params,
        body: testimonialRequestInputSchema,
        response: { 201: testimonialRequestSentSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const sent = await requestTestimonial(context, userId, request.params.id, request.body.to, new Date());
      return reply.status(201).send(sent);
    },
  );
  app.get(
    "/api/testimonials",
    { schema: { tags, response: { 200: testimonialListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listTestimonials(app.db, requireUser(request).id);
    },
  );
  app.patch(
    "/api/testimonials/:id",
    { schema: { tags, params, body: updateTestimonialSchema, response: { 200: testimonialSchema } } },
    async (request) => updateTestimonial(app.db, requireUser(request).id, request.params.id, request.body),
  );
  app.post(
    "/api/testimonials/:id/media-kit",
    { schema: { tags, params, response: { 200: testimonialSchema } } },
    async (request) =>
      addTestimonialToMediaKit(app.db, requireUser(request).id, request.params.id, new Date()),
  );
}
