import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { redirectUrlSchema } from "../../../shared/schemas/billing.ts";
import {
  publicBookingSchema,
  signBookingAnswerSchema,
  signBookingSchema,
} from "../../../shared/schemas/bookings.ts";
import { answersSavedSchema, submitAnswersSchema } from "../../../shared/schemas/questionnaires.ts";
import { teamVisitOf } from "../../platform/auth/team-visit.ts";
import { createRateLimiter, limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { sendStoredFile } from "../../platform/storage/send-stored-file.ts";
import { originOf } from "../contracts/routes.ts";
import { questionnaireContextOf } from "../questionnaires/context.ts";
import { saveBookingAnswers } from "../questionnaires/public-questionnaire.ts";
import { questionnaireSavesPerIp } from "../questionnaires/public-routes.ts";
import { bookingPageHead } from "./booking-page-head.ts";
import { checkoutDeposit, findBookingFile, openBooking, signBooking, viewBooking } from "./public-booking.ts";
import { bookingContext } from "./routes.ts";

const tags = ["public bookings"];
const params = z.object({ token: z.string() });
export const publicBookingPerIp: RateLimitRule = { name: "public-booking-ip", limit: 300, windowMinutes: 10 };
const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };

/** `/api/public/bookings/:token` (DESIGN §11): the planner's side, no session, rate-limited per IP. */
export async function publicBookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = bookingContext(app);
  limitPublicPages(app, publicBookingPerIp, ["/b/:token"]);
  app.pageHeads.push(bookingPageHead(context));
  const limiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);

  app.get(
    "/api/public/bookings/:token",
    { schema: { tags, params, response: { 200: publicBookingSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const viewer = { origin: originOf(request), isTeam: teamVisitOf(app.db, request) };
      return viewBooking(context, request.params.token, viewer, new Date());
    },
  );
  app.post(
    "/api/public/bookings/:token/sign",
    { schema: { tags, params, body: signBookingSchema, response: { 200: signBookingAnswerSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return signBooking(context, request.params.token, request.body, originOf(request), new Date());
    },
  );
  app.post(
    "/api/public/bookings/:token/checkout",
    { schema: { tags, params, response: { 200: redirectUrlSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return checkoutDeposit(context, request.params.token, new Date());
    },
  );
  // The optional "Tell us about your event" step: the questionnaire's answers, saved or final (issue 33).
  app.post(
    "/api/public/bookings/:token/questionnaire",
    { schema: { tags, params, body: submitAnswersSchema, response: { 200: answersSavedSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      await limiter.consume(questionnaireSavesPerIp, request.ip);
      const booking = await openBooking(app.db, request.params.token, new Date());
      return saveBookingAnswers(questionnaireContextOf(app), booking, request.body, new Date());
    },
  );
  app.get(
    "/api/public/bookings/:token/files/:fileId",
    { schema: { tags, params: params.extend({ fileId: z.string() }) } },
    async (request, reply) => {
      const file = await findBookingFile(app.db, request.params.token, request.params.fileId, new Date());
      return sendStoredFile(reply.headers(noStore), app.storage, file, "no-store");
    },
  );
}
