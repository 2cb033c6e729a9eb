import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sha256 } from "../../platform/auth/tokens.ts";
import { calendarFeeds } from "../../platform/db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";
import { createRateLimiter, type RateLimitRule } from "../../platform/http/rate-limit.ts";
import { buildCalendar, findCalendarFeed } from "./calendar-feed.ts";

/** Calendar apps poll every few minutes to hours; this leaves room for many calendars behind one address. */
export const calendarFeedPerIp: RateLimitRule = { name: "calendar-feed-ip", limit: 300, windowMinutes: 10 };
const unknownFeed = () =>
  new AppError("NOT_FOUND", "This calendar link is not valid. Copy the current one from Podium.");

/** Whole seconds: HTTP dates carry no milliseconds. */
const toSecond = (date: Date) => new Date(Math.floor(date.getTime() / 1000) * 1000);

/**
 * `GET /calendar/:token.ics` (public, DESIGN §9–§10). The body's SHA-256 is its ETag; the instant it last
 * differed is its Last-Modified, so a deleted event moves it too. A matching If-None-Match (or, without one,
 * an If-Modified-Since at or after it) answers 304 without a body.
 */
export async function calendarFeedRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limiter = createRateLimiter(app.db, app.config.RATE_LIMIT_FACTOR);

  app.get(
    "/calendar/:file",
    // Hidden from the OpenAPI document, which lists /api/ paths only; calendar-feed.test.ts covers its refusals.
    { schema: { hide: true, params: z.object({ file: z.string().max(200) }) } },
    async (request, reply) => {
      await limiter.consume(calendarFeedPerIp, request.ip);
      const { file } = request.params;
      const feed = file.endsWith(".ics") ? await findCalendarFeed(app.db, file.slice(0, -4)) : null;
      if (!feed) throw unknownFeed();
      const body = await buildCalendar(app.db, feed.userId, app.config.APP_URL);
      const hash = sha256(body);
      let changedAt = feed.contentChangedAt;
      if (feed.contentHash !== hash || !changedAt) {
        changedAt = toSecond(new Date());
        await app.db
          .update(calendarFeeds)
          .set({ contentHash: hash, contentChangedAt: changedAt })
          .where(and(eq(calendarFeeds.id, feed.id), eq(calendarFeeds.tokenHash, feed.tokenHash)));
      }
      const etag = `"${hash.slice(0, 32)}"`;
      reply.headers({
        etag,
        "last-modified": changedAt.toUTCString(),
        "cache-control": "private, no-cache",
        "x-robots-tag": "noindex",
      });
      if (isFresh(request.headers["if-none-match"], request.headers["if-modified-since"], etag, changedAt)) {
        return reply.status(304).send();
      }
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", 'inline; filename="podium.ics"')
        .send(body);
    },
  );
}

function isFresh(
  ifNoneMatch: string | undefined,
  ifModifiedSince: string | undefined,
  etag: string,
  changedAt: Date,
) {
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch.split(",").some((tag) => {
      const trimmed = tag.trim();
      return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
    });
  }
  if (ifModifiedSince === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && toSecond(changedAt).getTime() <= since;
}
