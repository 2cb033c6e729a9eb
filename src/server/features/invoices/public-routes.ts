import { and, eq, getTableColumns, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { redirectUrlSchema } from "../../../shared/schemas/billing.ts";
import {
  type PublicInvoice,
  publicInvoiceSchema,
  UNKNOWN_INVOICE_LINK,
  VOID_INVOICE_MESSAGE,
} from "../../../shared/schemas/invoices.ts";
import { teamVisitOf } from "../../platform/auth/team-visit.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { invoices, users } from "../../platform/db/schema.ts";
import { AppError, notFound } from "../../platform/http/errors.ts";
import type { LoadedAnswer } from "../../platform/http/public-answers.ts";
import { limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { sendPdf } from "../../platform/pdf/send-pdf.ts";
import { sendStoredFile } from "../../platform/storage/send-stored-file.ts";
import { createStripeClient } from "../../platform/stripe/client.ts";
import { canPayByCard, createInvoiceCheckout } from "./card-checkout.ts";
import { findLogoFile, invoicePdfBytes, loadInvoiceDocument } from "./invoice-document.ts";
import { invoiceTokenHash } from "./invoice-link.ts";
import { invoicePageHead } from "./invoice-page-head.ts";
import type { InvoiceViews } from "./manage-invoice.ts";

const tags = ["public invoices"];
export const publicInvoicePerIp: RateLimitRule = { name: "public-invoice-ip", limit: 600, windowMinutes: 10 };
const unknownLink = () => new AppError("NOT_FOUND", UNKNOWN_INVOICE_LINK);
const voided = () => new AppError("GONE", VOID_INVOICE_MESSAGE);

/** The invoice a public token opens: sent at least once (a draft has no live link), of an enabled account. */
export async function findInvoiceByToken(db: Queryable, token: string) {
  if (token.length < 20 || token.length > 100) return null;
  const [row] = await db
    .select(getTableColumns(invoices))
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .where(and(eq(invoices.tokenHash, invoiceTokenHash(token)), isNull(users.disabledAt)));
  return row ?? null;
}

/** `/api/public/invoices/:token` and its PDF: no session, no CSRF, rate-limited per IP (DESIGN §9). */
export async function publicInvoiceRoutes(fastify: FastifyInstance, { views }: { views: InvoiceViews }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  limitPublicPages(app, publicInvoicePerIp, ["/i/:token"]);
  const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };
  const params = z.object({ token: z.string() });
  const cards = { db: app.db, config: app.config, stripe: createStripeClient(app.config.stripe) };

  /** Counts a view, unless it is the speaker or their team looking at the link rather than the client. */
  async function countView(request: FastifyRequest, invoice: { id: string; userId: string }, at: Date) {
    if (await teamVisitOf(app.db, request)(invoice.userId)) return;
    views.record(invoice, {
      ip: request.ip,
      userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
      at,
    });
  }

  /** The invoice behind a link, for what only a standing invoice offers (PDF, logo, card payment). */
  async function findStanding(token: string) {
    const row = await findInvoiceByToken(app.db, token);
    if (!row) throw unknownLink();
    if (row.status === "void") throw voided();
    return row;
  }

  async function open(request: FastifyRequest, token: string) {
    const row = await findStanding(token);
    const now = new Date();
    await countView(request, row, now);
    return { row, document: await loadInvoiceDocument(app.db, row, now) };
  }

  /**
   * The page's answer, kept a few seconds (decision 033): it is read by a client's whole accounts team at once.
   * The speaker's own calls and a card payment's webhook drop it; nothing else changes what it shows.
   */
  async function loadAnswer(token: string, now: Date): Promise<LoadedAnswer> {
    const row = await findInvoiceByToken(app.db, token);
    if (!row) throw unknownLink();
    // A void invoice's page says only that it is void; a draft never has a link, so the rest stand.
    const invoice =
      row.status === "void"
        ? { status: row.status, number: row.number }
        : {
            ...(await loadInvoiceDocument(app.db, row, now)).view,
            canPayByCard: await canPayByCard(cards, row),
          };
    return {
      userId: row.userId,
      subjectId: row.id,
      json: JSON.stringify(publicInvoiceSchema.parse(invoice)),
    };
  }
  const readAnswer = (token: string, now: Date) =>
    app.publicAnswers.read(`invoice:${invoiceTokenHash(token)}`, now, () => loadAnswer(token, now));
  app.pageHeads.push(invoicePageHead(app.db, readAnswer));

  app.get(
    "/api/public/invoices/:token",
    { schema: { tags, params, response: { 200: publicInvoiceSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const { token } = request.params;
      const now = new Date();
      const answer = await readAnswer(token, now);
      await countView(request, { id: answer.subjectId, userId: answer.userId }, now);
      // Serialised once, after a check against the response schema, when it was made: sent as it is.
      reply.type("application/json; charset=utf-8").serializer(String);
      return reply.send(answer.json as unknown as PublicInvoice);
    },
  );

  app.post(
    "/api/public/invoices/:token/checkout",
    { schema: { tags, params, response: { 200: redirectUrlSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const row = await findStanding(request.params.token);
      const page = `${app.config.APP_URL}/i/${encodeURIComponent(request.params.token)}`;
      return createInvoiceCheckout(cards, row, page, new Date());
    },
  );

  // The logo alone counts no view: the page that shows it already did.
  app.get("/api/public/invoices/:token/logo", { schema: { tags, params } }, async (request, reply) => {
    const row = await findStanding(request.params.token);
    const logo = await findLogoFile(app.db, row.userId);
    if (!logo) throw notFound("No logo");
    return sendStoredFile(reply.headers(noStore), app.storage, logo, "no-store");
  });

  app.get("/api/public/invoices/:token/pdf", { schema: { tags, params } }, async (request, reply) => {
    const { row, document } = await open(request, request.params.token);
    const pdf = await invoicePdfBytes(app.db, app.storage, row, document);
    return sendPdf(reply.headers(noStore), pdf, `${row.number}.pdf`, "no-store");
  });
}
