import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  actionListInputSchema,
  actionListSchema,
  calendarFeedSchema,
  createTaskSchema,
  notificationSettingsSchema,
  taskListQuerySchema,
  taskPageSchema,
  taskSchema,
  updateTaskSchema,
} from "../../../shared/schemas/follow-ups.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { actingMemberId, requireUser } from "../../platform/auth/plugin.ts";
import { getActionList, saveActionList } from "./action-list.ts";
import { type FeedHolder, getCalendarFeedUrl, rotateCalendarFeed } from "./calendar-feed.ts";
import { getNotificationSettings, saveNotificationSettings } from "./notification-settings.ts";
import { createTask, deleteTask, listTasks, updateTask } from "./tasks.ts";

const params = z.object({ id: z.string() });

/** The speaker's own feed, or the acting team member's (decision 059). */
const feedHolder = (request: FastifyRequest): FeedHolder => ({
  userId: requireUser(request).id,
  memberId: actingMemberId(request),
});

/** The action list, tasks, digest settings and the calendar feed's address (DESIGN §10, issue 18). */
export async function followUpRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const tags = ["follow-ups"];

  app.get("/api/action-list", { schema: { tags, response: { 200: actionListSchema } } }, async (request) =>
    getActionList(app.db, requireUser(request).id),
  );

  app.put(
    "/api/action-list",
    { schema: { tags, body: actionListInputSchema, response: { 200: actionListSchema } } },
    async (request) => saveActionList(app.db, requireUser(request).id, request.body),
  );

  app.get(
    "/api/tasks",
    { schema: { tags, querystring: taskListQuerySchema, response: { 200: taskPageSchema } } },
    async (request) => listTasks(app.db, requireUser(request).id, request.query, new Date()),
  );

  app.post(
    "/api/tasks",
    { schema: { tags, body: createTaskSchema, response: { 201: taskSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTask(app.db, requireUser(request).id, request.body, new Date())),
  );

  app.patch(
    "/api/tasks/:id",
    { schema: { tags, params, body: updateTaskSchema, response: { 200: taskSchema } } },
    async (request) =>
      updateTask(app.db, requireUser(request).id, request.params.id, request.body, new Date()),
  );

  app.delete("/api/tasks/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteTask(app.db, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });

  app.get(
    "/api/notification-settings",
    { schema: { tags, response: { 200: notificationSettingsSchema } } },
    async (request) => getNotificationSettings(app.db, requireUser(request).id),
  );

  app.put(
    "/api/notification-settings",
    { schema: { tags, body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } } },
    async (request) => saveNotificationSettings(app.db, requireUser(request).id, request.body),
  );

  app.get(
    "/api/calendar-feed",
    { schema: { tags, response: { 200: calendarFeedSchema } } },
    async (request) =>
      getCalendarFeedUrl(app.db, feedHolder(request), app.config.APP_URL, app.tokenKeys["calendar-feed"]),
  );

  app.post(
    "/api/calendar-feed/rotate",
    { schema: { tags, response: { 200: calendarFeedSchema } } },
    async (request) =>
      rotateCalendarFeed(app.db, feedHolder(request), app.config.APP_URL, app.tokenKeys["calendar-feed"]),
  );
}
