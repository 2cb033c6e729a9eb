import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  changeMemberRoleSchema,
  chooseWorkspaceSchema,
  inviteMemberSchema,
  joinedSchema,
  teamInvitationSchema,
  teamMemberSchema,
  teamSchema,
  teamSettingsSchema,
  workspaceListSchema,
  workspaceSchema,
} from "../../../shared/schemas/team.ts";
import { freshCheck } from "../../platform/auth/fresh-check.ts";
import { requireSignedIn } from "../../platform/auth/guards.ts";
import { requireUser } from "../../platform/auth/plugin.ts";
import { createRateLimiter, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { acceptInvitation, cancelInvitation, inviteMember, resendInvitation } from "./invitations.ts";
import { joinPageHead } from "./join-page-head.ts";
import { approveJoinRequest, refuseJoinRequest } from "./join-requests.ts";
import { changeMemberRole, getTeam, getTeamSettings, removeMember, saveTeamSettings } from "./members.ts";
import { chooseWorkspace, listWorkspaces } from "./workspaces.ts";

const tags = ["team"];
/** Visits of invitation pages, per IP: a wall for someone guessing links, never felt by an invitee. */
const joinPagePerIp: RateLimitRule = { name: "join-page-ip", limit: 60, windowMinutes: 10 };
const idParams = z.object({ id: z.string() });
const memberParams = z.object({ userId: z.string() });
const noContent = { 204: z.null() };

/**
 * The speaker's team (DESIGN §11, decision 051). `/api/team…` is the owner's (route-access.ts); the join link
 * and the workspaces are the signed-in login's own, whichever speaker it acts for.
 */
export async function teamRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook("onRequest", requireSignedIn);
  // The invitation's page: 404 for a link that invites nobody, under a per-address limit (it reads the database).
  const limiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);
  app.pageHeads.push(joinPageHead(app.db));
  app.publicPageLimits.set("/join/:token", async (request) => limiter.consume(joinPagePerIp, request.ip));
  const ctx = { db: app.db, mailer: app.mailer, appUrl: app.config.APP_URL };
  const speakerId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

  app.get("/api/team", { schema: { tags, response: { 200: teamSchema } } }, async (request, reply) => {
    reply.header("cache-control", "no-store");
    return getTeam(app.db, speakerId(request));
  });

  app.post(
    "/api/team/invitations",
    {
      config: freshCheck,
      schema: { tags, body: inviteMemberSchema, response: { 201: teamInvitationSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await inviteMember(ctx, speakerId(request), request.body, new Date())),
  );

  app.delete(
    "/api/team/invitations/:id",
    { config: freshCheck, schema: { tags, params: idParams, response: noContent } },
    async (request, reply) => {
      await cancelInvitation(app.db, speakerId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    "/api/team/invitations/:id/resend",
    { config: freshCheck, schema: { tags, params: idParams, response: { 200: teamInvitationSchema } } },
    async (request) => resendInvitation(ctx, speakerId(request), request.params.id, new Date()),
  );

  app.patch(
    "/api/team/members/:userId",
    {
      config: freshCheck,
      schema: {
        tags,
        params: memberParams,
        body: changeMemberRoleSchema,
        response: { 200: teamMemberSchema },
      },
    },
    async (request) => changeMemberRole(app.db, speakerId(request), request.params.userId, request.body.role),
  );

  app.delete(
    "/api/team/members/:userId",
    { config: freshCheck, schema: { tags, params: memberParams, response: noContent } },
    async (request, reply) => {
      await removeMember(app.db, speakerId(request), request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/team/settings",
    { schema: { tags, response: { 200: teamSettingsSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return getTeamSettings(app.db, speakerId(request));
    },
  );

  app.put(
    "/api/team/settings",
    { config: freshCheck, schema: { tags, body: teamSettingsSchema, response: { 200: teamSettingsSchema } } },
    async (request) => saveTeamSettings(app.db, speakerId(request), request.body),
  );

  app.post(
    "/api/join/:token",
    { schema: { tags, params: z.object({ token: z.string().max(512) }), response: { 200: joinedSchema } } },
    async (request) =>
      acceptInvitation(ctx, requireUser(request), request.sessionId!, request.params.token, new Date()),
  );

  app.post(
    "/api/team/requests/:id/approve",
    { config: freshCheck, schema: { tags, params: idParams, response: { 200: teamMemberSchema } } },
    async (request) => approveJoinRequest(app.db, speakerId(request), request.params.id),
  );

  app.delete(
    "/api/team/requests/:id",
    { config: freshCheck, schema: { tags, params: idParams, response: noContent } },
    async (request, reply) => {
      await refuseJoinRequest(app.db, speakerId(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/api/workspaces",
    { schema: { tags, response: { 200: workspaceListSchema } } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return listWorkspaces(app.db, requireUser(request).id);
    },
  );

  app.post(
    "/api/workspaces/current",
    { schema: { tags, body: chooseWorkspaceSchema, response: { 200: workspaceSchema } } },
    async (request) =>
      chooseWorkspace(app.db, requireUser(request).id, request.sessionId!, request.body.speakerId),
  );
}
