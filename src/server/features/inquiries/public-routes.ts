import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicAvailabilityQuerySchema, publicAvailabilitySchema } from "../../../shared/schemas/holds.ts";
import {
  INQUIRY_THANKS,
  inquiryAnswerSchema,
  inquiryFormSchema,
  inquirySchema,
} from "../../../shared/schemas/inquiries.ts";
import { createRateLimiter, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { sendStoredFile } from "../../platform/storage/send-stored-file.ts";
import { getPublicAvailability } from "../holds/availability.ts";
import { inquiryPageHead } from "./inquiry-page-head.ts";
import {
  inquiryUnavailable,
  loadInquiryForm,
  primaryHeadshot,
  requireInquirySpeaker,
} from "./load-inquiry-form.ts";
import { submitInquiry } from "./submit-inquiry.ts";

const tags = ["public inquiries"];
const params = z.object({ slug: z.string() });
/** Every public inquiry call, per IP: a wall for a scraper, never felt by a planner. */
export const publicInquiryPerIp: RateLimitRule = { name: "public-inquiry-ip", limit: 300, windowMinutes: 10 };

/** The planner inquiry form's JSON (DESIGN §10): no session, rate-limited per IP. */
export async function publicInquiryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);
  app.pageHeads.push(inquiryPageHead(app.db, app.config, app.tokenKeys["inquiry-form"]));
  const limit = async (request: FastifyRequest) => limiter.consume(publicInquiryPerIp, request.ip);
  app.addHook("onRequest", limit);
  app.publicPageLimits.set("/inquire/:slug", limit);
  const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };

  app.get(
    "/api/public/inquiries/:slug",
    { schema: { tags, params, response: { 200: inquiryFormSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return loadInquiryForm(app.db, app.tokenKeys["inquiry-form"], request.params.slug, new Date());
    },
  );

  app.get("/api/public/inquiries/:slug/headshot", { schema: { tags, params } }, async (request, reply) => {
    const speaker = await requireInquirySpeaker(app.db, request.params.slug);
    const headshot = await primaryHeadshot(app.db, speaker.userId);
    if (!headshot) throw inquiryUnavailable();
    return sendStoredFile(reply, app.storage, headshot, "private, no-cache");
  });

  app.get(
    "/api/public/inquiries/:slug/availability",
    {
      schema: {
        tags,
        params,
        querystring: publicAvailabilityQuerySchema,
        response: { 200: publicAvailabilitySchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      const speaker = await requireInquirySpeaker(app.db, request.params.slug);
      return getPublicAvailability(app.db, speaker.userId, request.query.date, inquiryUnavailable);
    },
  );

  app.post(
    "/api/public/inquiries/:slug",
    { schema: { tags, params, body: inquirySchema, response: { 201: inquiryAnswerSchema } } },
    async (request, reply) => {
      const isAccepted = await submitInquiry(
        { app, limiter },
        request.params.slug,
        request.body,
        request.ip,
        new Date(),
      );
      if (!isAccepted) request.log.info({ slug: request.params.slug }, "inquiry refused as spam");
      return reply.status(201).send({ message: INQUIRY_THANKS });
    },
  );
}
