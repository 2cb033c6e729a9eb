import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Diagnostic } from "../../../shared/schemas/diagnostic.ts";
import type { SessionUser } from "../../platform/auth/sessions.ts";
import { emailOutbox, sessions } from "../../platform/db/schema.ts";
import { notFound } from "../../platform/http/errors.ts";

/** What support asks a speaker for, from the server's side: their session, their e-mails, this server. */
export async function getDiagnostic(
  app: FastifyInstance,
  request: FastifyRequest,
  user: SessionUser,
): Promise<Diagnostic> {
  const [[session], [mail]] = await Promise.all([
    app.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, now: sql<Date>`now()` })
      .from(sessions)
      .where(and(eq(sessions.id, request.sessionId ?? ""), eq(sessions.userId, user.id))),
    // Outbox rows carry no user id: the user's mail is what was addressed to their e-mail.
    app.db
      .select({
        queued: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'queued'))::int`,
        failed: sql<number>`(count(*) filter (where ${emailOutbox.status} = 'failed'))::int`,
      })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), inArray(emailOutbox.status, ["queued", "failed"]))),
  ]);
  if (!session) throw notFound("No session");
  return {
    version: process.env.npm_package_version ?? "0.1.0",
    database: app.database.kind,
    serverTime: new Date(session.now).toISOString(),
    session: { createdAt: session.createdAt.toISOString(), expiresAt: session.expiresAt.toISOString() },
    mail: { queued: mail?.queued ?? 0, failed: mail?.failed ?? 0 },
    requestId: request.id,
    clientIp: request.ip,
  };
}
