import path from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MERGE_FIELDS } from "../../../shared/contract-merge.ts";
import {
  auditEntrySchema,
  contractListQuerySchema,
  contractListSchema,
  contractSchema,
  contractTemplateInputSchema,
  contractTemplateSchema,
  createContractSchema,
  mergeFieldSchema,
  sendContractSchema,
  signatureInputSchema,
  templatePreviewInputSchema,
  templatePreviewSchema,
  updateContractSchema,
  updateContractTemplateSchema,
  voidContractSchema,
} from "../../../shared/schemas/contracts.ts";
import {
  countersignSettingsInputSchema,
  countersignSettingsSchema,
} from "../../../shared/schemas/countersign-settings.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { sendPdf } from "../../platform/pdf/send-pdf.ts";
import type { ContractContext } from "./context.ts";
import { getCountersignSettings, saveCountersignSettings } from "./countersign-settings.ts";
import {
  contractPdf,
  countersign,
  createDraft,
  deleteDraft,
  listContracts,
  openContract,
  remindNow,
  sendContract,
  updateDraft,
  voidContract,
} from "./manage-contracts.ts";
import { auditOf, findContract, type Origin, toAuditEntry } from "./queries.ts";
import { loadSealingCertificate } from "./seal.ts";
import {
  createTemplate,
  deleteTemplate,
  getTemplate,
  listTemplates,
  previewTemplate,
  updateTemplate,
} from "./templates.ts";

const tags = ["contracts"];
const params = z.object({ id: z.string() });

export const originOf = (request: FastifyRequest): Origin => ({
  ip: request.ip ?? null,
  userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
});

/** The contract operations' dependencies, from the app (the sealing certificate loads on first use). */
export function contractContext(app: FastifyInstance): ContractContext {
  const { config } = app;
  return {
    db: app.db,
    storage: app.storage,
    mailer: app.mailer,
    appUrl: config.APP_URL,
    linkKey: app.tokenKeys["contract-sign"],
    certificate: () =>
      loadSealingCertificate(
        { p12: config.SIGNING_CERT_P12, passphrase: config.SIGNING_CERT_PASSPHRASE },
        path.resolve(config.DATA_DIR),
      ),
  };
}

/** `/api/contract-templates` and `/api/contracts` (DESIGN §10): the speaker's side of contracts. */
export async function contractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  const context = contractContext(app);
  const userId = (request: FastifyRequest) => requireUser(request).id;

  app.get(
    "/api/contract-templates/fields",
    { schema: { tags, response: { 200: z.array(mergeFieldSchema) } } },
    async () => MERGE_FIELDS.map((field) => ({ ...field, name: `{{${field.name}}}` })),
  );
  app.get(
    "/api/contract-templates",
    {
      schema: {
        tags,
        response: { 200: z.object({ items: z.array(contractTemplateSchema), nextCursor: z.null() }) },
      },
    },
    async (request) => ({ items: await listTemplates(app.db, userId(request)), nextCursor: null }),
  );
  app.post(
    "/api/contract-templates",
    { schema: { tags, body: contractTemplateInputSchema, response: { 201: contractTemplateSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createTemplate(app.db, userId(request), request.body)),
  );
  app.post(
    "/api/contract-templates/preview",
    { schema: { tags, body: templatePreviewInputSchema, response: { 200: templatePreviewSchema } } },
    async (request) =>
      previewTemplate(app.db, userId(request), request.body, new Date().toISOString().slice(0, 10)),
  );
  app.get(
    "/api/contract-templates/:id",
    { schema: { tags, params, response: { 200: contractTemplateSchema } } },
    async (request) => getTemplate(app.db, userId(request), request.params.id),
  );
  app.patch(
    "/api/contract-templates/:id",
    {
      schema: { tags, params, body: updateContractTemplateSchema, response: { 200: contractTemplateSchema } },
    },
    async (request) => updateTemplate(app.db, userId(request), request.params.id, request.body),
  );
  app.delete("/api/contract-templates/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteTemplate(app.db, userId(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    "/api/events/:id/contracts",
    { schema: { tags, params, body: createContractSchema.optional(), response: { 201: contractSchema } } },
    async (request, reply) => {
      const draft = await createDraft(
        context,
        userId(request),
        request.params.id,
        request.body?.templateId,
        originOf(request),
        new Date(),
      );
      return reply.status(201).send(draft);
    },
  );
  app.get(
    "/api/contracts",
    { schema: { tags, querystring: contractListQuerySchema, response: { 200: contractListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return { items: await listContracts(app.db, userId(request), request.query), nextCursor: null };
    },
  );
  app.get(
    "/api/contracts/:id",
    { schema: { tags, params, response: { 200: contractSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return openContract(app.db, userId(request), request.params.id, new Date());
    },
  );
  app.patch(
    "/api/contracts/:id",
    { schema: { tags, params, body: updateContractSchema, response: { 200: contractSchema } } },
    async (request) => updateDraft(app.db, userId(request), request.params.id, request.body),
  );
  app.delete("/api/contracts/:id", { schema: { tags, params } }, async (request, reply) => {
    await deleteDraft(app.db, userId(request), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    "/api/contracts/:id/send",
    { schema: { tags, params, body: sendContractSchema, response: { 200: contractSchema } } },
    async (request) =>
      sendContract(context, userId(request), request.params.id, request.body, originOf(request), new Date()),
  );
  app.post(
    "/api/contracts/:id/countersign",
    { schema: { tags, params, body: signatureInputSchema, response: { 200: contractSchema } } },
    async (request) =>
      countersign(context, userId(request), request.params.id, request.body, originOf(request), new Date()),
  );
  app.post(
    "/api/contracts/:id/remind",
    { schema: { tags, params, response: { 200: contractSchema } } },
    async (request) => remindNow(context, userId(request), request.params.id, originOf(request), new Date()),
  );
  app.post(
    "/api/contracts/:id/void",
    { schema: { tags, params, body: voidContractSchema, response: { 200: contractSchema } } },
    async (request) =>
      voidContract(
        context,
        userId(request),
        request.params.id,
        request.body.reason,
        originOf(request),
        new Date(),
      ),
  );
  app.get("/api/contracts/:id/pdf", { schema: { tags, params } }, async (request, reply) => {
    const { bytes, row } = await contractPdf(context, userId(request), request.params.id);
    return sendPdf(
      reply,
      bytes,
      `${row.status === "completed" ? "signed-" : ""}contract.pdf`,
      "private, no-cache",
    );
  });
  app.get(
    "/api/contracts/:id/audit",
    { schema: { tags, params, response: { 200: z.array(auditEntrySchema) } } },
    async (request) => {
      const row = await findContract(app.db, userId(request), request.params.id);
      return (await auditOf(app.db, row.userId, row.id)).map(toAuditEntry);
    },
  );
  app.get(
    "/api/countersign-settings",
    { schema: { tags, response: { 200: countersignSettingsSchema } } },
    async (request) => getCountersignSettings(app.db, userId(request)),
  );
  app.put(
    "/api/countersign-settings",
    {
      schema: { tags, body: countersignSettingsInputSchema, response: { 200: countersignSettingsSchema } },
    },
    async (request) => saveCountersignSettings(app.db, userId(request), request.body),
  );
}
