import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  activeAnnouncementSchema,
  announcementInputSchema,
  announcementPatchSchema,
  announcementSchema,
} from "../../../shared/schemas/announcements.ts";
import { idSchema } from "../../../shared/schemas/fields.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { notFound } from "../../platform/http/errors.ts";
import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from "./manage-announcements.ts";
import { dismissAnnouncement, listActiveAnnouncements, listAllAnnouncements } from "./queries.ts";

const tags = ["announcements"];
const params = z.object({ id: idSchema });

/** What a signed-in speaker sees, and their dismissals (stored, so they hold on every device). */
export async function announcementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/announcements",
    { schema: { tags, response: { 200: z.object({ items: z.array(activeAnnouncementSchema) }) } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await listActiveAnnouncements(app.db, requireUser(request).id, new Date()) };
    },
  );

  app.post("/api/announcements/:id/dismiss", { schema: { tags, params } }, async (request, reply) => {
    const isDismissed = await dismissAnnouncement(app.db, requireUser(request).id, request.params.id);
    if (!isDismissed) throw notFound("Announcement not found");
    return reply.code(204).send();
  });
}

/** /api/admin/announcements; registered inside the admin routes, behind their gate. */
export async function adminAnnouncementRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const adminTags = ["admin"];

  app.get(
    "/api/admin/announcements",
    { schema: { tags: adminTags, response: { 200: z.object({ items: z.array(announcementSchema) }) } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await listAllAnnouncements(app.db) };
    },
  );

  app.post(
    "/api/admin/announcements",
    { schema: { tags: adminTags, body: announcementInputSchema, response: { 201: announcementSchema } } },
    async (request, reply) => reply.code(201).send(await createAnnouncement(app, request, request.body)),
  );

  app.patch(
    "/api/admin/announcements/:id",
    {
      schema: {
        tags: adminTags,
        params,
        body: announcementPatchSchema,
        response: { 200: announcementSchema },
      },
    },
    async (request) => updateAnnouncement(app, request, request.params.id, request.body),
  );

  app.delete(
    "/api/admin/announcements/:id",
    { schema: { tags: adminTags, params } },
    async (request, reply) => {
      await deleteAnnouncement(app, request, request.params.id);
      return reply.code(204).send();
    },
  );
}
