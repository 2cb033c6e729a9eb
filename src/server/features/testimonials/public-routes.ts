import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  publicTestimonialSchema,
  TESTIMONIAL_THANKS,
  testimonialInputSchema,
  testimonialThanksSchema,
} from "../../../shared/schemas/testimonials.ts";
import { createRateLimiter, limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { testimonialContextOf } from "./context.ts";
import { submitTestimonial, viewTestimonialLink } from "./public-testimonial.ts";
import { testimonialPageHead } from "./testimonial-page-head.ts";

const tags = ["public testimonials"];
const params = z.object({ token: z.string() });
/** Per IP, shared by every process: a planner answers once; a scraper meets the wall. */
export const publicTestimonialPerIp: RateLimitRule = {
  name: "public-testimonial-ip",
  limit: 300,
  windowMinutes: 10,
};
const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };

/**
 * `/api/public/testimonials/:token` (DESIGN §11): the planner's testimonial form; no session, no CSRF,
 * rate-limited per IP, never indexed.
 */
export async function publicTestimonialRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = {
    ...testimonialContextOf(app),
    limiter: createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR),
  };
  limitPublicPages(app, publicTestimonialPerIp, ["/t/:token"]);
  app.pageHeads.push(testimonialPageHead(app.db));

  app.get(
    "/api/public/testimonials/:token",
    { schema: { tags, params, response: { 200: publicTestimonialSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return viewTestimonialLink(app.db, request.params.token, new Date());
    },
  );

  app.post(
    "/api/public/testimonials/:token",
    {
      schema: { tags, params, body: testimonialInputSchema, response: { 201: testimonialThanksSchema } },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const isKept = await submitTestimonial(
        context,
        request.params.token,
        request.body,
        request.ip,
        new Date(),
      );
      if (!isKept) request.log.info("testimonial refused as spam");
      return reply.status(201).send({ message: TESTIMONIAL_THANKS });
    },
  );
}
