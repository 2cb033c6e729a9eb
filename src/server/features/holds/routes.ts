import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { eventDetailSchema } from "../../../shared/schemas/events.ts";
import {
  availabilityQuerySchema,
  availabilitySchema,
  challengeInputSchema,
  challengeSentSchema,
  eventActivityEntrySchema,
  holdRankInputSchema,
  holdSettingsInputSchema,
  holdSettingsSchema,
} from "../../../shared/schemas/holds.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader, requireUser } from "../../platform/auth/plugin.ts";
import { sendJson } from "../../platform/http/send-json.ts";
import { listActivity } from "./activity.ts";
import { getAvailability } from "./availability.ts";
import { sendChallenge } from "./challenge.ts";
import { holdContextOf } from "./context.ts";
import { getHoldSettings, saveHoldSettings } from "./hold-settings.ts";
import { releaseHold, setHoldRank } from "./manage-holds.ts";

const params = z.object({ id: z.string() });
const tags = ["holds"];

/** Ranked holds, challenges, availability and the hold settings (DESIGN §11). */
export async function holdRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const context = holdContextOf(app);

  app.post(
    "/api/events/:id/hold-rank",
    { schema: { tags, params, body: holdRankInputSchema, response: { 200: eventDetailSchema } } },
    async (request, reply) => {
      const event = await setHoldRank(context, requireUser(request).id, request.params.id, request.body.rank);
      return sendJson(reply, eventDetailSchema, event);
    },
  );

  app.post(
    "/api/events/:id/release",
    { schema: { tags, params, response: { 200: eventDetailSchema } } },
    async (request, reply) => {
      const event = await releaseHold(context, requireUser(request).id, request.params.id);
      return sendJson(reply, eventDetailSchema, event);
    },
  );

  app.post(
    "/api/events/:id/challenge",
    { schema: { tags, params, body: challengeInputSchema, response: { 201: challengeSentSchema } } },
    async (request, reply) => {
      const sent = await sendChallenge(
        context,
        requireUser(request).id,
        request.params.id,
        request.body.deadline,
        new Date(),
      );
      return reply.status(201).send(sent);
    },
  );

  app.get(
    "/api/events/:id/activity",
    { schema: { tags, params, response: { 200: z.array(eventActivityEntrySchema) } } },
    async (request) => listActivity(app.db, requireBookReader(request).userId, request.params.id),
  );

  app.get(
    "/api/availability",
    { schema: { tags, querystring: availabilityQuerySchema, response: { 200: availabilitySchema } } },
    async (request) => getAvailability(app.db, requireBookReader(request).userId, request.query),
  );

  app.get(
    "/api/hold-settings",
    { schema: { tags, response: { 200: holdSettingsSchema } } },
    async (request) => getHoldSettings(app.db, requireBookReader(request).userId),
  );

  app.put(
    "/api/hold-settings",
    { schema: { tags, body: holdSettingsInputSchema, response: { 200: holdSettingsSchema } } },
    async (request) => saveHoldSettings(app.db, requireUser(request).id, request.body),
  );
}
