import { and, eq, gt, lt, sql } from "drizzle-orm";
import { sha256 } from "../auth/tokens.ts";
import type { Queryable } from "../db/client.ts";
import { rateLimitCounters } from "../db/schema.ts";
import { AppError } from "./errors.ts";

/** A fixed-window limit: at most `limit` hits per subject in `windowMinutes`. */
export type RateLimitRule = { name: string; limit: number; windowMinutes: number };

type Counter = { count: number; windowEndsAt: Date };

/** Share of hits that also sweep expired counters, so the table stays small without a scheduled job. */
const PURGE_PROBABILITY = 0.01;

/**
 * Rate limits counted in the database (decision 002), so every process shares them. Subjects (an IP,
 * a username, an e-mail) are stored hashed: the table never holds who tried what.
 */
export function createRateLimiter(db: Queryable, factor: number) {
  const limitOf = (rule: RateLimitRule) => Math.max(1, Math.ceil(rule.limit * factor));
  const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${sha256(subject.toLowerCase())}`;

  /** Counts one hit and returns the counter after it; a lapsed window starts again at 1. */
  async function hit(rule: RateLimitRule, subject: string): Promise<Counter> {
    const windowEndsAt = sql`now() + make_interval(mins => ${rule.windowMinutes})`;
    const [row] = await db
      .insert(rateLimitCounters)
      .values({ key: keyOf(rule, subject), count: 1, windowEndsAt })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then 1 else ${rateLimitCounters.count} + 1 end`,
          windowEndsAt: sql`case when ${rateLimitCounters.windowEndsAt} <= now() then excluded.window_ends_at else ${rateLimitCounters.windowEndsAt} end`,
        },
      })
      .returning({ count: rateLimitCounters.count, windowEndsAt: rateLimitCounters.windowEndsAt });
    if (Math.random() < PURGE_PROBABILITY) await purgeExpiredRateLimits(db);
    return row!;
  }

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

  return {
    /** Counts an attempt and refuses it with 429 once the subject is past its limit. */
    async consume(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = await hit(rule, subject);
      if (counter.count > limitOf(rule)) throw tooManyAttempts(counter.windowEndsAt);
    },
    /** Refuses with 429 while a subject has used up its limit, without counting this attempt. */
    async assertNotLocked(rule: RateLimitRule, subject: string): Promise<void> {
      const counter = await peek(rule, subject);
      if (counter && counter.count >= limitOf(rule)) throw tooManyAttempts(counter.windowEndsAt);
    },
    /** Counts a failure (e.g. a wrong password) without refusing this attempt. */
    async recordFailure(rule: RateLimitRule, subject: string): Promise<void> {
      await hit(rule, subject);
    },
    /** Forgets a subject's count, e.g. a username's failures after a successful sign-in. */
    async reset(rule: RateLimitRule, subject: string): Promise<void> {
      await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, keyOf(rule, subject)));
    },
  };
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
