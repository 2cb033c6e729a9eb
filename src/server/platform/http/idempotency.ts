import { and, eq, lt, or, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { sha256 } from "../auth/tokens.ts";
import type { Queryable } from "../db/client.ts";
import { columns } from "../db/columns.ts";
import { idempotencyKeys } from "../db/schema.ts";
import { AppError } from "./errors.ts";
import { requestKind } from "./request-kind.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** Set when this request holds an Idempotency-Key whose answer is to be kept. */
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
const MAX_KEY_LENGTH = 255;
/** Answers are kept this long (DESIGN §5). */
const RETENTION = sql`interval '24 hours'`;
/** A claim still unanswered after this long belongs to a process that died; a retry may take it over. */
const ABANDONED_AFTER = sql`interval '2 minutes'`;
const PURGE_PROBABILITY = 0.01;

/**
 * Idempotency keys (DESIGN §5 and §8): the first answer to a non-GET /api call carrying `Idempotency-Key`
 * is kept for 24 h per user (or pre-session) and key, and replayed for every repeat, so a client retry
 * never creates twice. Register after the auth plugin: it needs the caller's identity and runs after CSRF.
 *
 * Nothing kept is a secret (issue 27, item 12): the request is kept as a hash of its URL (a public call's
 * path holds its link's token), and the answer without the app's own links (a share, signing or invoice
 * address is a bearer token shown once), so a replay answers the same status and body less those links.
 */
export const idempotencyPlugin = fp(async (app) => {
  app.decorateRequest("idempotencyClaim", null);

  app.addHook("preHandler", async (request, reply) => {
    const { isApi, isMutating } = requestKind(request);
    if (!isApi || !isMutating) return;
    const key = request.headers[IDEMPOTENCY_HEADER];
    if (key === undefined) return;
    if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new AppError("BAD_REQUEST", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters.`);
    }
    const scope = request.user?.id ?? request.presessionId;
    if (!scope) return;
    if (Math.random() < PURGE_PROBABILITY) await purgeExpiredIdempotencyKeys(app.db);

    const claim = { scope, key, method: request.method, path: sha256(request.url) };
    // A second try covers a kept answer released (deleted) between the claim and the read.
    for (let attempt = 0; attempt < 2; attempt++) {
      if (await claimKey(app.db, claim)) {
        request.idempotencyClaim = { scope, key };
        return;
      }
      const stored = await findStoredAnswer(app.db, claim);
      if (stored) return replay(request, reply, stored);
    }
    throw stillProcessing();
  });

  app.addHook("onSend", async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    // Passing failures (overload, a crash) are not kept: a retry must get a real second chance.
    const isTransient = reply.statusCode >= 500 || reply.statusCode === 429;
    const body =
      typeof payload === "string" ? withoutLinks(payload, app.config.APP_URL) : payload == null ? "" : null;
    if (isTransient || body === null) {
      await app.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    const contentType = reply.getHeader("content-type");
    await app.db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        responseBody: body,
        responseHeaders: contentType ? { "content-type": String(contentType) } : {},
      })
      .where(where);
    return payload;
  });
});

/** Takes the key for this request; false when an earlier request holds it. */
async function claimKey(
  db: Queryable,
  claim: { scope: string; key: string; method: string; path: string },
): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values(columns(idempotencyKeys, claim))
    .onConflictDoUpdate({
      target: [idempotencyKeys.scope, idempotencyKeys.key],
      set: {
        method: claim.method,
        path: claim.path,
        statusCode: null,
        responseBody: null,
        responseHeaders: null,
        createdAt: sql`now()`,
      },
      setWhere: or(
        lt(idempotencyKeys.createdAt, sql`now() - ${RETENTION}`),
        and(
          sql`${idempotencyKeys.statusCode} is null`,
          lt(idempotencyKeys.createdAt, sql`now() - ${ABANDONED_AFTER}`),
        ),
      ),
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

async function findStoredAnswer(db: Queryable, { scope, key }: { scope: string; key: string }) {
  const [stored] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
  return stored;
}

function replay(
  request: FastifyRequest,
  reply: FastifyReply,
  stored: typeof idempotencyKeys.$inferSelect,
): FastifyReply {
  if (stored.method !== request.method || stored.path !== sha256(request.url)) {
    throw new AppError("UNPROCESSABLE", "This Idempotency-Key was already used for a different request.");
  }
  if (stored.statusCode === null) throw stillProcessing();
  return reply
    .code(stored.statusCode)
    .headers({ ...stored.responseHeaders, [REPLAYED_HEADER]: "true" })
    .send(stored.responseBody || undefined);
}

/**
 * The answer with every string holding a link into this app (`APP_URL/…`) set to null: each such link in an
 * answer to a write is a bearer token (a share link, a contract to sign, an invoice, a calendar feed). An
 * answer that is not JSON yet holds one is kept empty.
 */
function withoutLinks(body: string, appUrl: string): string {
  const link = `${appUrl}/`;
  if (!body.includes(link)) return body;
  const strip = (value: unknown): unknown => {
    if (typeof value === "string") return value.includes(link) ? null : value;
    if (Array.isArray(value)) return value.map(strip);
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, strip(item)]));
  };
  try {
    return JSON.stringify(strip(JSON.parse(body)));
  } catch {
    return "";
  }
}

const stillProcessing = () =>
  new AppError(
    "CONFLICT",
    "A request with this Idempotency-Key is still being processed. Try again shortly.",
  );

/** Deletes kept answers older than 24 h. */
export async function purgeExpiredIdempotencyKeys(db: Queryable): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - ${RETENTION}`));
}
