import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  createEventSchema,
  type EventDetail,
  eventDetailSchema,
  eventListQuerySchema,
  eventPageSchema,
  updateEventSchema,
} from "../../../shared/schemas/events.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader, requireUser } from "../../platform/auth/plugin.ts";
import { cachedJsonText } from "../../platform/http/book-cache.ts";
import { sendCachedAnswer, sendJson } from "../../platform/http/send-json.ts";
import { withConflicts } from "../holds/conflicts.ts";
import { holdContextOf } from "../holds/context.ts";
import { createEvent } from "./create-event.ts";
import { deleteEvent } from "./delete-event.ts";
import { getEvent } from "./get-event.ts";
import { listEvents } from "./list-events.ts";
import { updateEvent } from "./update-event.ts";

const params = z.object({ id: z.string() });
const tags = ["events"];

export async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const holds = holdContextOf(app);

  app.get(
    "/api/events",
    { schema: { tags, querystring: eventListQuerySchema, response: { 200: eventPageSchema } } },
    async (request, reply) => {
      const page = await listEvents(app.db, requireBookReader(request), request.query);
      return sendCachedAnswer(reply, eventPageSchema, page);
    },
  );

  app.post(
    "/api/events",
    { schema: { tags, body: createEventSchema, response: { 201: eventDetailSchema } } },
    async (request, reply) => {
      const event = await createEvent(app.db, requireUser(request).id, request.body);
      return sendJson(reply.status(201), eventDetailSchema, event);
    },
  );

  app.get(
    "/api/events/:id",
    { schema: { tags, params, response: { 200: eventDetailSchema } } },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const { id } = request.params;
      // Conflicts read the speaker's other events, which the book version covers as well.
      const event = await cachedJsonText<EventDetail>(app.db, reader, ["event", id], async () => ({
        text: await withConflicts(app.db, reader.userId, id, await getEvent(app.db, reader.userId, id)),
      }));
      return sendCachedAnswer(reply, eventDetailSchema, event);
    },
  );

  app.patch(
    "/api/events/:id",
    { schema: { tags, params, body: updateEventSchema, response: { 200: eventDetailSchema } } },
    async (request, reply) => {
      const event = await updateEvent(holds, requireUser(request).id, request.params.id, request.body);
      return sendJson(reply, eventDetailSchema, event);
    },
  );

  app.delete("/api/events/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteEvent(holds, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
