import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { mediaKitInputSchema, mediaKitSchema } from "../../../shared/schemas/media-kit.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { sendPdf } from "../../platform/pdf/send-pdf.ts";
import { oneSheetPdfBytes } from "./one-sheet.ts";
import { loadMediaKit } from "./queries.ts";
import { saveMediaKit } from "./save-media-kit.ts";

const tags = ["media kit"];

/** `/api/media-kit` and its one-sheet PDF (DESIGN §10). */
export async function mediaKitRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);

  app.get(
    "/api/media-kit",
    { schema: { tags, response: { 200: mediaKitSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return loadMediaKit(app.db, requireUser(request).id);
    },
  );

  app.put(
    "/api/media-kit",
    { schema: { tags, body: mediaKitInputSchema, response: { 200: mediaKitSchema } } },
    async (request) => saveMediaKit(app.db, requireUser(request).id, request.body),
  );

  app.get("/api/media-kit/one-sheet.pdf", { schema: { tags } }, async (request, reply) => {
    const pdf = await oneSheetPdfBytes(app.db, app.storage, requireUser(request).id);
    return sendPdf(reply, pdf, "one-sheet.pdf", "private, no-cache");
  });
}
