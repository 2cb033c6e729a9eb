import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventSchema } from "../../../shared/schemas/events.ts";
import {
  eventQuestionnaireSchema,
  proposalFieldsSchema,
  questionnaireSchema,
  questionnaireSentSchema,
  sendQuestionnaireSchema,
} from "../../../shared/schemas/questionnaires.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { sendJson } from "../../platform/http/send-json.ts";
import { questionnaireContextOf } from "./context.ts";
import { decideProposals, getEventQuestionnaire } from "./event-questionnaire.ts";
import { sendQuestionnaire } from "./send-questionnaire.ts";
import { getQuestionnaire, saveQuestionnaire } from "./speaker-questionnaire.ts";

const tags = ["questionnaires"];
const params = z.object({ id: z.string() });

/** The speaker's side of the planner's questionnaire (DESIGN §11). */
export async function questionnaireRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const context = questionnaireContextOf(app);

  app.get(
    "/api/questionnaire",
    { schema: { tags, response: { 200: questionnaireSchema } } },
    async (request) => getQuestionnaire(app.db, requireUser(request).id),
  );
  app.put(
    "/api/questionnaire",
    { schema: { tags, body: questionnaireSchema, response: { 200: questionnaireSchema } } },
    async (request) => saveQuestionnaire(app.db, requireUser(request).id, request.body),
  );
  app.post(
    "/api/events/:id/questionnaire/send",
    { schema: { tags, params, body: sendQuestionnaireSchema, response: { 201: questionnaireSentSchema } } },
    async (request, reply) => {
      const sent = await sendQuestionnaire(
        context,
        requireUser(request).id,
        request.params.id,
        request.body,
        new Date(),
      );
      return reply.status(201).send(sent);
    },
  );
  app.get(
    "/api/events/:id/questionnaire",
    { schema: { tags, params, response: { 200: eventQuestionnaireSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getEventQuestionnaire(app.db, requireUser(request).id, request.params.id);
    },
  );
  for (const [path, apply] of [
    ["/api/events/:id/questionnaire/accept", true],
    ["/api/events/:id/questionnaire/ignore", false],
  ] as const) {
    app.post(
      path,
      { schema: { tags, params, body: proposalFieldsSchema, response: { 200: eventSchema } } },
      async (request, reply) => {
        const userId = requireUser(request).id;
        const event = await decideProposals(
          app.db,
          userId,
          request.params.id,
          request.body,
          apply,
          new Date(),
        );
        return sendJson(reply, eventSchema, event);
      },
    );
  }
}
