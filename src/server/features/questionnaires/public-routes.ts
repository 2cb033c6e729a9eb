import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  answersSavedSchema,
  publicQuestionnaireSchema,
  submitAnswersSchema,
} from "../../../shared/schemas/questionnaires.ts";
import { createRateLimiter, limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { questionnaireContextOf } from "./context.ts";
import { submitQuestionnaire, viewQuestionnaire } from "./public-questionnaire.ts";
import { questionnairePageHead } from "./questionnaire-page-head.ts";

const tags = ["public questionnaires"];
const params = z.object({ token: z.string() });
const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };
/** Per IP, shared by every process: the page and its calls. */
export const publicQuestionnairePerIp: RateLimitRule = {
  name: "public-questionnaire-ip",
  limit: 300,
  windowMinutes: 10,
};
/** Saves per IP: a planner saves a draft a few times and submits once; a script meets the wall. */
export const questionnaireSavesPerIp: RateLimitRule = {
  name: "questionnaire-save-ip",
  limit: 60,
  windowMinutes: 60,
};

/** `/api/public/questionnaires/:token` (DESIGN §11): the planner's side, no session, never indexed. */
export async function publicQuestionnaireRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = questionnaireContextOf(app);
  const limiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);
  limitPublicPages(app, publicQuestionnairePerIp, ["/q/:token"]);
  app.pageHeads.push(questionnairePageHead(app.db));

  app.get(
    "/api/public/questionnaires/:token",
    { schema: { tags, params, response: { 200: publicQuestionnaireSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      return viewQuestionnaire(app.db, request.params.token, new Date());
    },
  );
  app.post(
    "/api/public/questionnaires/:token",
    { schema: { tags, params, body: submitAnswersSchema, response: { 200: answersSavedSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      await limiter.consume(questionnaireSavesPerIp, request.ip);
      return submitQuestionnaire(context, request.params.token, request.body, new Date());
    },
  );
}
