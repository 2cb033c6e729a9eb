import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  type PublicShare,
  publicShareQuerySchema,
  publicShareSchema,
} from "../../../shared/schemas/share-links.ts";
import { limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { sendPdf } from "../../platform/pdf/send-pdf.ts";
import { contentDisposition, sendStoredFile } from "../../platform/storage/send-stored-file.ts";
import { oneSheetPdfBytes } from "../media-kit/one-sheet.ts";
import { findLinkFile, isOwnerVisit, openLink, publicShareJson, unavailable } from "./public-share.ts";
import { linkFiles, type ShareLinkCounts } from "./queries.ts";
import { sharePageHead } from "./share-page-head.ts";
import { zipFiles } from "./zip-files.ts";

const tags = ["public share"];
/** Per IP, shared by every process (decision 002): plenty for a planner, a wall for a scraper. */
export const publicSharePerIp: RateLimitRule = { name: "public-share-ip", limit: 600, windowMinutes: 10 };

/** The public side of share links (DESIGN §9–§10): no session, no CSRF, rate-limited per IP. */
export async function publicShareRoutes(fastify: FastifyInstance, { counts }: { counts: ShareLinkCounts }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.pageHeads.push(sharePageHead(app.db, app.config, app.publicAnswers));
  limitPublicPages(app, publicSharePerIp, ["/share/:slug/:token", "/shared/:token"]);
  const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };

  app.get(
    "/api/public/share/:token",
    {
      schema: {
        tags,
        params: z.object({ token: z.string() }),
        querystring: publicShareQuerySchema,
        response: { 200: publicShareSchema },
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      const json = await publicShareJson(
        app.db,
        { answers: app.publicAnswers, counts },
        request,
        token,
        request.query.slug,
        new Date(),
      );
      // Serialised once, after a check against the response schema, when it was made: sent as it is.
      reply.headers(noStore).type("application/json; charset=utf-8").serializer(String);
      return reply.send(json as unknown as PublicShare);
    },
  );

  const fileParams = z.object({ token: z.string(), fileId: z.string() });
  app.get(
    "/api/public/share/:token/files/:fileId",
    { schema: { tags, params: fileParams } },
    async (request, reply) => {
      const { link } = await openLink(app.db, request.params.token, undefined, new Date());
      const { file, isDownload } = await findLinkFile(app.db, link, request.params.fileId);
      if (isDownload) await countUnlessOwner(request, link);
      reply.header("x-robots-tag", "noindex");
      return sendStoredFile(reply, app.storage, file, "no-store");
    },
  );

  const tokenParams = z.object({ token: z.string() });
  app.get(
    "/api/public/share/:token/one-sheet.pdf",
    { schema: { tags, params: tokenParams } },
    async (request, reply) => {
      const { link } = await openLink(app.db, request.params.token, undefined, new Date());
      if (link.kind !== "media_kit") throw unavailable();
      await countUnlessOwner(request, link);
      const pdf = await oneSheetPdfBytes(app.db, app.storage, link.userId);
      return sendPdf(reply.headers(noStore), pdf, "one-sheet.pdf", "no-store");
    },
  );

  app.get(
    "/api/public/share/:token/files.zip",
    { schema: { tags, params: tokenParams } },
    async (request, reply) => {
      const { link } = await openLink(app.db, request.params.token, undefined, new Date());
      const entries = await linkFiles(app.db, link);
      if (entries.length === 0) throw unavailable();
      await countUnlessOwner(request, link);
      return reply
        .headers(noStore)
        .type("application/zip")
        .header("content-disposition", contentDisposition("attachment", "files.zip"))
        .send(zipFiles(app.storage, entries));
    },
  );

  async function countUnlessOwner(request: FastifyRequest, link: Parameters<typeof isOwnerVisit>[1]) {
    if (!isOwnerVisit(request, link)) counts.download(link.id);
  }
}
