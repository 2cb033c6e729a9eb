import multipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { fileListQuerySchema, fileListSchema, storedFileSchema } from "../../../shared/schemas/files.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { isUuid } from "../../platform/http/ids.ts";
import { incomingDirectory } from "../../platform/storage/create-object-store.ts";
import { sendStoredFile } from "../../platform/storage/send-stored-file.ts";
import { deleteFile, fileNotFound } from "./delete-file.ts";
import { findFileRow, listFileRows, toStoredFile, usedBytes } from "./queries.ts";
import { maxBytesOf, uploadFile } from "./upload-file.ts";

const tags = ["files"];
const params = z.object({ id: z.string() });

/** `/api/files` (DESIGN §10): upload, list with usage, download, delete. */
export async function fileRoutes(fastify: FastifyInstance) {
  const { config } = fastify;
  const ctx = {
    db: fastify.db,
    store: fastify.storage,
    incomingDir: incomingDirectory(config),
    maxBytes: maxBytesOf(config.FILE_MAX_MB),
    maxMb: config.FILE_MAX_MB,
    quotaBytes: maxBytesOf(config.FILE_QUOTA_MB),
  };
  // The multipart limit sits well above FILE_MAX_MB: the upload code counts and refuses first, with the size.
  await fastify.register(multipart, {
    limits: { fileSize: ctx.maxBytes * 4 + 1024, files: 1, fields: 5, parts: 10 },
  });
  fastify.addHook("onRequest", requireSignedIn);
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    "/api/files",
    { schema: { tags, response: { 201: storedFileSchema } } },
    async (request, reply) => {
      const file = await uploadFile(ctx, request, requireUser(request).id);
      return reply.status(201).send(file);
    },
  );

  app.get(
    "/api/files",
    { schema: { tags, querystring: fileListQuerySchema, response: { 200: fileListSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const [rows, bytes] = await Promise.all([
        listFileRows(app.db, userId, request.query.kind),
        usedBytes(app.db, userId),
      ]);
      reply.header("cache-control", "no-store");
      return { items: rows.map(toStoredFile), usage: { bytes, limitBytes: ctx.quotaBytes } };
    },
  );

  app.get("/api/files/:id/content", { schema: { tags, params } }, async (request, reply) => {
    const { id } = request.params;
    const row = isUuid(id) ? await findFileRow(app.db, requireUser(request).id, id) : null;
    if (!row) throw fileNotFound();
    return sendStoredFile(reply, app.storage, row, "private, no-cache");
  });

  app.delete("/api/files/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteFile(app.db, app.storage, requireUser(request).id, request.params.id);
    return reply.status(204).send();
  });
}
