import { PassThrough, type Writable } from "node:stream";
import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  completeExportSchema,
  importQuerySchema,
  importSummarySchema,
} from "../../../shared/schemas/data-management.ts";
import { IMPORT_MAX_BYTES } from "../../../shared/workbook.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { AppError } from "../../platform/http/errors.ts";
import { importWorkbook } from "./apply-import.ts";
import { buildCompleteExport } from "./export-json.ts";
import { DownloadCancelled, writeAccountWorkbook, XLSX_CONTENT_TYPE } from "./export-workbook.ts";
import { writeImportTemplate } from "./import-template.ts";

const tags = ["data management"];

export const importMessages = {
  notMultipart: 'Send the workbook as multipart/form-data in the field "file".',
  noFile: "Choose an .xlsx file to import.",
  empty: "The file is empty. Choose an .xlsx file to import.",
  tooLarge: "The file is larger than 10 MB. Split it into smaller workbooks and import them one at a time.",
};

/** A 422 answer: the summary plus the DESIGN §5 `error` text every error answer carries. */
const importProblemsSchema = importSummarySchema.extend({ error: z.string() });

/** Export (spec §3, §7), the import template, and import (DESIGN §5, §8). */
export async function dataManagementRoutes(app: FastifyInstance) {
  // Registered here, not app-wide: this is the only multipart endpoint.
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
  app.addHook("onRequest", requireSignedIn);
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    "/api/export-complete-data",
    { config: freshCheck, schema: { tags, response: { 200: completeExportSchema } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header("cache-control", "no-store");
      return buildCompleteExport(app.db, user.id, new Date());
    },
  );

  api.get("/api/export/workbook", { config: freshCheck, schema: { tags } }, async (request, reply) => {
    const user = requireUser(request);
    const today = new Date().toISOString().slice(0, 10);
    return sendWorkbook(request, reply, `podium-${user.username}-${today}.xlsx`, (output) =>
      writeAccountWorkbook(app.db, user.id, output),
    );
  });

  api.get("/api/import/template", { schema: { tags } }, async (request, reply) => {
    requireUser(request);
    return sendWorkbook(request, reply, "podium-import-template.xlsx", writeImportTemplate);
  });

  api.post(
    "/api/import",
    {
      schema: {
        tags,
        querystring: importQuerySchema,
        response: { 200: importSummarySchema, 422: importProblemsSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const file = await receiveWorkbook(request);
      const summary = await importWorkbook(app.db, user.id, file, request.query.dryRun);
      if (summary.errors.length === 0) return summary;
      const count = summary.errors.length;
      const error = `The workbook has ${count} ${count === 1 ? "problem" : "problems"}. Nothing was imported.`;
      return reply.status(422).send({ error, ...summary });
    },
  );
}

/** Streams a workbook as a download; a failure after the first bytes cuts the download short. */
function sendWorkbook(
  request: FastifyRequest,
  reply: FastifyReply,
  fileName: string,
  write: (output: Writable) => Promise<void>,
) {
  const output = new PassThrough();
  write(output).catch((error: unknown) => {
    if (error instanceof DownloadCancelled) request.log.info("workbook download cancelled");
    else request.log.error({ err: error }, "workbook export failed");
    output.destroy(error as Error);
  });
  return reply
    .header("content-disposition", `attachment; filename="${fileName}"`)
    .header("cache-control", "no-store")
    .type(XLSX_CONTENT_TYPE)
    .send(output);
}

async function receiveWorkbook(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError("UNSUPPORTED_MEDIA_TYPE", importMessages.notMultipart);
  let file: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file" && !file) file = await part.toBuffer();
      else if (part.type === "file") part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("PAYLOAD_TOO_LARGE", importMessages.tooLarge);
    }
    throw error;
  }
  if (!file) throw new AppError("BAD_REQUEST", importMessages.noFile);
  if (file.length === 0) throw new AppError("BAD_REQUEST", importMessages.empty);
  return file;
}
