import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { sha256 } from "../auth/tokens.ts";
import type { Queryable } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema.ts";
import { createWriteBehind } from "../db/write-behind.ts";
import { AppError } from "./errors.ts";

/** A fixed-window limit: at most `limit` hits per subject in `windowMinutes`. */
export type RateLimitRule = { name: string; limit: number; windowMinutes: number };

type Counter = { count: number; windowEndsAt: Date };

/** Share of hits that also sweep expired counters, so the table stays small without a scheduled job. */
const PURGE_PROBABILITY = 0.01;

const limitOf = (rule: RateLimitRule, factor: number) => Math.max(1, Math.ceil(rule.limit * factor));
const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${sha256(subject.toLowerCase())}`;

/**
 * Counts `hits` and returns the counter after them; a lapsed window starts again from them. With `cap`, counts
 * only while the count is below it, and returns undefined (nothing counted) once it is reached: the check and
 * the count are one statement holding the counter's row, so of hits sent at once no more than `cap` count.
 */
async function hit(
  db: Queryable,
  rule: RateLimitRule,
  key: string,
  { hits = 1, cap }: { hits?: number; cap?: number } = {},
): Promise<Counter | undefined> {
  const lapsed = sql`${rateLimitCounters.windowEndsAt} <= now()`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, count: hits, windowEndsAt: sql`now() + make_interval(mins => ${rule.windowMinutes})` })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        count: sql`case when ${lapsed} then ${hits} else ${rateLimitCounters.count} + ${hits} end`,
        windowEndsAt: sql`case when ${lapsed} then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
      },
      setWhere: cap === undefined ? undefined : sql`${lapsed} or ${rateLimitCounters.count} < ${cap}`,
    })
    .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
  if (Math.random() < PURGE_PROBABILITY) await purgeExpiredRateLimits(db);
  return row;
}

/** An attempt counted before it was judged (see `beginAttempt`). */
export type Attempt = {
  /** Takes the attempt back where only wrong ones count: it turned out right. */
  giveBack(): Promise<void>;
};

/**
 * Rate limits counted in the database (decision 002), so every process shares them. Subjects (an IP,
 * a username, an e-mail) are stored hashed: the table never holds who tried what.
 */
export function createRateLimiter(db: Queryable, factor: number) {
  /** The live counter of a subject, without counting. */
  async function peek(rule: RateLimitRule, subject: string): Promise<Counter | undefined> {
    const [row] = await db
      .select({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt })
      .from(rateLimitCounters)
      .where(
        and(eq(rateLimitCounters.key, keyOf(rule, subject)), gt(rateLimitCounters.windowEndsAt, sql`now()`)),
      );
    return row;
  }

  /** Gives back an attempt while its window lasts: a window begun since owes it nothing. */
  async function giveBack(key: string) {
    await db
      .update(rateLimitCounters)
      .set({ count: sql`${rateLimitCounters.count} - 1` })
      .where(
        and(
          eq(rateLimitCounters.key, key),
          gt(rateLimitCounters.windowEndsAt, sql`now()`),
          gt(rateLimitCounters.count, 0),
        ),
      );
  }

  return {
    /** Counts an attempt and refuses it with 429 once the subject is past its limit. */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = (await hit(db, rule, keyOf(rule, subject)))!;
      if (counter.count > limitOf(rule, factor)) throw tooManyAttempts(counter.windowEndsAt);
    },
    /**
     * Counts an attempt that only counts when wrong (a password, a code) BEFORE it is judged, under each
     * `[rule, subject]`, and refuses it with 429 when a subject has used up its limit; a refused attempt counts
     * nowhere. Checking first and counting after the judgement let every attempt sent at once be judged; now
     * no more than the limit are. A wrong attempt stays counted; a right one is given back (`giveBack`) or
     * its subject forgotten (`reset`).
     */
    async beginAttempt(...limits: [RateLimitRule, string][]): Promise<Attempt> {
      const taken: string[] = [];
      const giveBackAll = () => Promise.all(taken.map(giveBack));
      for (const [rule, subject] of limits) {
        const key = keyOf(rule, subject);
        if (!(await hit(db, rule, key, { cap: limitOf(rule, factor) }))) {
          await giveBackAll();
          const locked = await peek(rule, subject);
          throw tooManyAttempts(locked?.windowEndsAt ?? new Date());
        }
        taken.push(key);
      }
      return { giveBack: async () => void (await giveBackAll()) };
    },
    /** Forgets a subject's count, e.g. a username's failures after a successful sign-in. */
    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, keyOf(rule, subject)));
    },
  };
}

/**
 * The per-address limit of a public page (a shared media kit, an invoice link): checked in memory against the
 * shared count this process last read plus its own hits since, which are added to the shared count at most a
 * second later (decision 033). A burst from one address then costs no write per request, and all processes
 * together let through at most a second's worth beyond the limit.
 */
export function createPublicPageLimiter(
  db: Queryable,
  factor: number,
  rule: RateLimitRule,
  onError: (error: unknown) => void,
) {
  type Window = { shared: number; unwritten: number; endsAt: number };
  const windows = new Map<string, Window>();
  const writes = createWriteBehind<number>({
    merge: (earlier, later) => earlier + later,
    onError,
    async write(key, hits) {
      const counter = (await hit(db, rule, key, { hits }))!;
      const window = windows.get(key);
      if (!window) return;
      window.unwritten = Math.max(0, window.unwritten - hits);
      window.shared = counter.count;
      window.endsAt = counter.windowEndsAt.getTime();
    },
  });

  return {
    /** Counts a request and refuses it with 429 once its address is past the limit. */
    consume(subject: string): void {
      const key = keyOf(rule, subject);
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { shared: 0, unwritten: 0, endsAt: now + rule.windowMinutes * 60_000 };
        windows.set(key, window);
        for (const [other, { endsAt }] of windows) if (endsAt <= now) windows.delete(other);
      }
      if (window.shared + window.unwritten >= limitOf(rule, factor)) {
        throw tooManyAttempts(new Date(window.endsAt));
      }
      window.unwritten += 1;
      writes.add(key, 1);
    },
    /** Adds the hits counted so far to the shared count now. */
    flush: writes.flush,
    close: writes.close,
  };
}

/**
 * Puts every route of a public-page plugin under `rule`, per address (see createPublicPageLimiter), and the
 * HTML pages at `pages` (route patterns such as `/i/:token`) under the same count.
 */
export function limitPublicPages(app: FastifyInstance, rule: RateLimitRule, pages: string[]) {
  const limiter = createPublicPageLimiter(app.db, app.config.RATE_LIMIT_FACTOR, rule, (error) =>
    app.log.error({ err: error }, `writing the ${rule.name} counts failed`),
  );
  const limit = async (request: FastifyRequest) => limiter.consume(request.ip);
  app.addHook("onRequest", limit);
  for (const page of pages) app.publicPageLimits.set(page, limit);
  app.addHook("onClose", limiter.close);
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

export async function purgeExpiredRateLimits(db: Queryable): Promise<void> {
  await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowEndsAt, sql`now()`));
}

function tooManyAttempts(windowEndsAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((windowEndsAt.getTime() - Date.now()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    "TOO_MANY_REQUESTS",
    `Too many attempts. Try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    {},
    { "retry-after": String(seconds) },
  );
}
