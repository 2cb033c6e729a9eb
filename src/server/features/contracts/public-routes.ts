import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CONTRACT_STATUSES,
  declineContractSchema,
  publicContractSchema,
  signContractSchema,
} from "../../../shared/schemas/contracts.ts";
import { teamVisitOf } from "../../platform/auth/team-visit.ts";
import { limitPublicPages, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { sendPdf } from "../../platform/pdf/send-pdf.ts";
import { declineContract, publicPdf, signContract, viewContract } from "./public-contracts.ts";
import { contractContext, originOf } from "./routes.ts";
import { signPageHead } from "./sign-page-head.ts";

const tags = ["public contracts"];
const params = z.object({ token: z.string() });
export const publicContractPerIp: RateLimitRule = {
  name: "public-contract-ip",
  limit: 300,
  windowMinutes: 10,
};
const statusAnswer = z.object({ status: z.enum(CONTRACT_STATUSES) });

/** `/api/public/contracts/:token` (DESIGN §10): the signer's side, no session, rate-limited per IP. */
export async function publicContractRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const context = contractContext(app);
  app.pageHeads.push(signPageHead(app.db));
  limitPublicPages(app, publicContractPerIp, ["/sign/:token"]);
  const noStore = { "cache-control": "no-store", "x-robots-tag": "noindex" };

  app.get(
    "/api/public/contracts/:token",
    { schema: { tags, params, response: { 200: publicContractSchema } } },
    async (request, reply) => {
      reply.headers(noStore);
      const isTeam = teamVisitOf(app.db, request);
      return viewContract(app.db, request.params.token, originOf(request), new Date(), isTeam);
    },
  );
  app.get("/api/public/contracts/:token/pdf", { schema: { tags, params } }, async (request, reply) => {
    const { bytes } = await publicPdf(context, request.params.token, new Date());
    return sendPdf(reply.headers(noStore), bytes, "contract.pdf", "no-store");
  });
  app.post(
    "/api/public/contracts/:token/sign",
    { schema: { tags, params, body: signContractSchema, response: { 200: statusAnswer } } },
    async (request) =>
      signContract(context, request.params.token, request.body, originOf(request), new Date()),
  );
  app.post(
    "/api/public/contracts/:token/decline",
    { schema: { tags, params, body: declineContractSchema, response: { 200: statusAnswer } } },
    async (request) =>
      declineContract(context, request.params.token, request.body.reason, originOf(request), new Date()),
  );
}
