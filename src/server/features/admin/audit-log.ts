import { desc } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AuditAction, AuditEntry } from "../../../shared/schemas/admin.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { newestFirst } from "../../platform/db/newest-first.ts";
import { adminAuditLog } from "../../platform/db/schema.ts";

type AuditInput = {
  action: AuditAction;
  target?: { id: string; username: string };
  detail?: Record<string, unknown>;
};

/**
 * Appends one admin action to the audit log (never updated or deleted). Call it with the transaction of
 * the change, so an entry exists exactly when the change does.
 */
export async function recordAdminAction(db: Queryable, request: FastifyRequest, input: AuditInput) {
  await recordAuditEntry(
    db,
    request.user!,
    { ip: request.ip, userAgent: request.headers["user-agent"] },
    input,
  );
}

/**
 * The same entry for something the admins must see that a user's own call caused (e.g. Stripe refusing to
 * cancel the subscription of an account being deleted), with that user as the actor.
 */
export async function recordAuditEntry(
  db: Queryable,
  actor: { id: string; username: string },
  caller: { ip: string; userAgent?: string },
  input: AuditInput,
) {
  await db.insert(adminAuditLog).values({
    actorId: actor.id,
    actorUsername: actor.username,
    action: input.action,
    targetUserId: input.target?.id ?? null,
    targetUsername: input.target?.username ?? null,
    detail: input.detail ?? {},
    ip: caller.ip,
    userAgent: caller.userAgent?.slice(0, 500) ?? null,
  });
}

/** The audit log, newest first. */
export async function listAuditLog(db: Queryable, query: { limit: number; cursor?: string }) {
  const paging = newestFirst(adminAuditLog, query.cursor);
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(paging.where)
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(query.limit + 1);
  return paging.page(
    rows,
    query.limit,
    (row): AuditEntry => ({
      id: row.id,
      action: row.action,
      actorUsername: row.actorUsername,
      targetUsername: row.targetUsername,
      detail: row.detail,
      ip: row.ip,
      userAgent: row.userAgent,
      createdAt: row.createdAt.toISOString(),
    }),
  );
}
