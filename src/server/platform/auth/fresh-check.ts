import { and, eq, gt, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { REAUTH_MINUTES, REAUTH_REQUIRED_MESSAGE } from "../../../shared/schemas/security.ts";
import type { Queryable } from "../db/client.ts";
import { sessions } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route changes the account's keys, its money or everything it holds: it answers 403
     * `{ error, reauth: true }` unless this session passed `POST /api/reauth` in the last 10 minutes.
     */
    freshCheck?: boolean;
  }
}

/** The route option of an action that needs a fresh check: `{ config: freshCheck, ... }`. */
export const freshCheck = { freshCheck: true } as const;

/** Opens the session's fresh-check window for 10 minutes from now, and says until when. */
export async function openFreshCheck(db: Queryable, sessionId: string, now: Date): Promise<Date> {
  const reauthUntil = new Date(now.getTime() + REAUTH_MINUTES * 60_000);
  await db.update(sessions).set({ reauthUntil }).where(eq(sessions.id, sessionId));
  return reauthUntil;
}

/** Until when the session's fresh check lasts, or null when it has none (or it is over). */
export async function findFreshCheck(db: Queryable, sessionId: string): Promise<Date | null> {
  const [row] = await db
    .select({ reauthUntil: sessions.reauthUntil })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.reauthUntil, sql`now()`)));
  return row?.reauthUntil ?? null;
}

/** Read from the session row on each such request, not from the session cache: a second's staleness is too much. */
export async function assertFreshCheck(db: Queryable, request: FastifyRequest): Promise<void> {
  if (!request.sessionId) throw new AppError("UNAUTHORIZED", "Not authenticated");
  if (!(await findFreshCheck(db, request.sessionId))) {
    throw new AppError("FORBIDDEN", REAUTH_REQUIRED_MESSAGE, { reauth: true });
  }
}
