import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { todayIn } from "../../../shared/calendar-dates.ts";
import {
  createEventInvoicesSchema,
  createInvoiceSchema,
  eventInvoicesSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoiceSchema,
  invoiceSettingsInputSchema,
  invoiceSettingsSchema,
  paymentInstructionsInputSchema,
  recordPaymentSchema,
  reissuedLinkSchema,
  sendInvoiceSchema,
  updateInvoiceSchema,
  voidInvoiceSchema,
} from "../../../shared/schemas/invoices.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireBookReader, requireUser } from "../../platform/auth/plugin.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { sendCachedAnswer } from "../../platform/http/send-json.ts";
import { removeRenderings } from "../../platform/pdf/render-once.ts";
import { sendPdf } from "../../platform/pdf/send-pdf.ts";
import { createEventInvoices } from "./create-event-invoices.ts";
import { invoicePdfBytes, invoicePdfDocument, loadInvoiceDocument } from "./invoice-document.ts";
import { type InvoiceLinkOf, invoiceUrl } from "./invoice-link.ts";
import { listInvoices } from "./list-invoices.ts";
import type { InvoiceViews } from "./manage-invoice.ts";
import {
  deleteInvoice,
  recordPayment,
  reissueInvoiceLink,
  removePayment,
  updateInvoice,
  voidInvoice,
} from "./manage-invoice.ts";
import { savePaymentInstructions } from "./payment-instructions.ts";
import { paymentsAccountRoutes } from "./payments-account-routes.ts";
import { findInvoiceRow, loadInvoice } from "./queries.ts";
import { remindNow, sendInvoice } from "./send-invoice.ts";
import { getInvoiceSettings, loadSettingsRow, saveInvoiceSettings } from "./settings.ts";
import { createInvoice } from "./write-invoice.ts";

const tags = ["invoices"];
const params = z.object({ id: z.string() });

/** The speaker's "today" in the time zone of their invoicing settings, which dates invoices and picks the insights year. */
export async function invoicingToday(db: Queryable, userId: string, now: Date) {
  return todayIn((await loadSettingsRow(db, userId)).timeZone, now);
}

/** `/api/invoices`, `/api/invoice-settings`, `/api/events/:id/invoices`, `/api/payments-account` (DESIGN §10). */
export async function invoiceRoutes(fastify: FastifyInstance, { views }: { views: InvoiceViews }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  // Views of the public links counted in the last second reach the invoices before the speaker reads them.
  app.addHook("onRequest", async () => views.flush());
  const linkKey = app.tokenKeys["invoice-link"];
  const mail = () => ({
    db: app.db,
    mailer: app.mailer,
    storage: app.storage,
    appUrl: app.config.APP_URL,
    linkKey,
  });
  const publicUrlOf = (invoice: InvoiceLinkOf) => invoiceUrl(app.config.APP_URL, linkKey, invoice);
  /** The invoice as the speaker sees it, with its public link once it has been sent. */
  const answer = async (userId: string, id: string, now = new Date()) =>
    loadInvoice(app.db, userId, id, await invoicingToday(app.db, userId, now), publicUrlOf);

  app.get(
    "/api/invoice-settings",
    { schema: { tags, response: { 200: invoiceSettingsSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getInvoiceSettings(app.db, requireUser(request).id);
    },
  );

  app.put(
    "/api/invoice-settings",
    { schema: { tags, body: invoiceSettingsInputSchema, response: { 200: invoiceSettingsSchema } } },
    async (request) => saveInvoiceSettings(app.db, requireUser(request).id, request.body),
  );

  app.put(
    "/api/invoice-settings/payment-instructions",
    {
      config: freshCheck,
      schema: { tags, body: paymentInstructionsInputSchema, response: { 200: invoiceSettingsSchema } },
    },
    async (request) =>
      savePaymentInstructions(
        { db: app.db, mailer: app.mailer },
        requireUser(request).id,
        request.body,
        new Date(),
      ),
  );

  app.get(
    "/api/invoices",
    { schema: { tags, querystring: invoiceListQuerySchema, response: { 200: invoiceListSchema } } },
    async (request, reply) => {
      const reader = requireBookReader(request);
      const today = await invoicingToday(app.db, reader.userId, new Date());
      reply.header("cache-control", "no-store");
      return sendCachedAnswer(
        reply,
        invoiceListSchema,
        await listInvoices(app.db, reader, request.query, today),
      );
    },
  );

  app.post(
    "/api/invoices",
    { schema: { tags, body: createInvoiceSchema, response: { 201: invoiceSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const now = new Date();
      const id = await createInvoice(
        app.db,
        userId,
        request.body,
        await invoicingToday(app.db, userId, now),
        now,
      );
      return reply.status(201).send(await answer(userId, id, now));
    },
  );

  app.post(
    "/api/events/:id/invoices",
    { schema: { tags, params, body: createEventInvoicesSchema, response: { 201: eventInvoicesSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      const now = new Date();
      const today = await invoicingToday(app.db, userId, now);
      const ids = await createEventInvoices(app.db, userId, request.params.id, request.body, today, now);
      const created = await Promise.all(ids.map((id) => answer(userId, id, now)));
      return reply.status(201).send({ invoices: created });
    },
  );

  app.get(
    "/api/invoices/:id",
    { schema: { tags, params, response: { 200: invoiceSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return answer(requireUser(request).id, request.params.id);
    },
  );

  app.patch(
    "/api/invoices/:id",
    { schema: { tags, params, body: updateInvoiceSchema, response: { 200: invoiceSchema } } },
    async (request) => {
      const userId = requireUser(request).id;
      await updateInvoice(app.db, userId, request.params.id, request.body, new Date());
      return answer(userId, request.params.id);
    },
  );

  app.delete("/api/invoices/:id", { schema: { tags, params } }, async (request, reply) => {
    const userId = requireUser(request).id;
    await deleteInvoice(app.db, userId, request.params.id, new Date());
    await removeRenderings(app.storage, userId, invoicePdfDocument(request.params.id));
    return reply.status(204).send();
  });

  app.post(
    "/api/invoices/:id/send",
    { schema: { tags, params, body: sendInvoiceSchema, response: { 200: invoiceSchema } } },
    async (request) => {
      const userId = requireUser(request).id;
      await sendInvoice(mail(), userId, request.params.id, request.body, new Date());
      return answer(userId, request.params.id);
    },
  );

  app.post(
    "/api/invoices/:id/remind",
    { schema: { tags, params, response: { 200: invoiceSchema } } },
    async (request) => {
      const userId = requireUser(request).id;
      await remindNow(mail(), userId, request.params.id, new Date());
      return answer(userId, request.params.id);
    },
  );

  app.post(
    "/api/invoices/:id/payments",
    { schema: { tags, params, body: recordPaymentSchema, response: { 201: invoiceSchema } } },
    async (request, reply) => {
      const userId = requireUser(request).id;
      await recordPayment(mail(), userId, request.params.id, request.body, new Date());
      return reply.status(201).send(await answer(userId, request.params.id));
    },
  );

  app.delete(
    "/api/invoices/:id/payments/:paymentId",
    { schema: { tags, params: z.object({ id: z.string(), paymentId: z.string() }) } },
    async (request, reply) => {
      await removePayment(
        app.db,
        requireUser(request).id,
        request.params.id,
        request.params.paymentId,
        new Date(),
      );
      return reply.status(204).send();
    },
  );

  app.post(
    "/api/invoices/:id/void",
    { schema: { tags, params, body: voidInvoiceSchema, response: { 200: invoiceSchema } } },
    async (request) => {
      const userId = requireUser(request).id;
      await voidInvoice(app.db, userId, request.params.id, request.body.reason, new Date());
      return answer(userId, request.params.id);
    },
  );

  app.post(
    "/api/invoices/:id/reissue-link",
    { schema: { tags, params, response: { 200: reissuedLinkSchema } } },
    async (request) => {
      const reissued = await reissueInvoiceLink(
        app.db,
        requireUser(request).id,
        request.params.id,
        linkKey,
        new Date(),
      );
      return { publicUrl: publicUrlOf(reissued) };
    },
  );

  app.get("/api/invoices/:id/pdf", { schema: { tags, params } }, async (request, reply) => {
    const userId = requireUser(request).id;
    const row = await findInvoiceRow(app.db, userId, request.params.id);
    const document = await loadInvoiceDocument(app.db, row, new Date());
    const pdf = await invoicePdfBytes(app.db, app.storage, row, document);
    return sendPdf(reply, pdf, `${row.number}.pdf`, "private, no-cache");
  });

  await app.register(paymentsAccountRoutes);
}
