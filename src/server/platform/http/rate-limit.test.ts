import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/database.ts";
import { rateLimitCounters } from "../db/schema.ts";
import { AppError } from "./errors.ts";
import {
  createPublicPageLimiter,
  createRateLimiter,
  purgeExpiredRateLimits,
  type RateLimitRule,
} from "./rate-limit.ts";

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

let ruleCount = 0;
const newRule = (limit: number, windowMinutes = 60): RateLimitRule => ({
  name: `rule-${++ruleCount}`,
  limit,
  windowMinutes,
});

async function refusal(task: Promise<unknown>): Promise<AppError> {
  const error = await task.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe("createRateLimiter", () => {
  it("allows the limit and refuses the next hit with 429, Retry-After and minutes", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(3, 15);
    for (let hit = 0; hit < 3; hit++) await limiter.consume(rule, "1.2.3.4");
    const error = await refusal(limiter.consume(rule, "1.2.3.4"));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe("Too many attempts. Try again in 15 minutes.");
    expect(Number(error.headers["retry-after"])).toBeGreaterThan(14 * 60);
    expect(Number(error.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
    await limiter.consume(rule, "5.6.7.8");
  });

  it("says 1 minute when under a minute is left", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(1, 1);
    await limiter.consume(rule, "x");
    expect((await refusal(limiter.consume(rule, "x"))).message).toBe(
      "Too many attempts. Try again in 1 minute.",
    );
  });

  it("scales every limit by the factor, never below 1", async () => {
    const doubled = createRateLimiter(db, 2);
    const rule = newRule(2);
    for (let hit = 0; hit < 4; hit++) await doubled.consume(rule, "a");
    await refusal(doubled.consume(rule, "a"));

    const tiny = createRateLimiter(db, 0.01);
    const other = newRule(5);
    await tiny.consume(other, "b");
    await refusal(tiny.consume(other, "b"));
  });

  it("starts a new window once the old one has passed", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(1);
    await limiter.consume(rule, "c");
    await refusal(limiter.consume(rule, "c"));
    await db.update(rateLimitCounters).set({ windowEndsAt: sql`now() - interval '1 second'` });
    await limiter.consume(rule, "c");
  });

  it("counts an attempt before it is judged, takes a right one back, and forgets on reset", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(2);
    const right = await limiter.beginAttempt([rule, "d"]);
    await right.giveBack();
    await limiter.beginAttempt([rule, "d"]);
    await limiter.beginAttempt([rule, "d"]);
    // Locked: even the right answer is not judged, and the refusal counts nowhere.
    expect((await refusal(limiter.beginAttempt([rule, "d"]))).statusCode).toBe(429);
    await limiter.reset(rule, "d");
    await limiter.beginAttempt([rule, "d"]);
  });

  it("takes no more attempts than the limit of many sent at once", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(5);
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => limiter.beginAttempt([rule, "f"])),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
  });

  it("gives back what an attempt took under one subject when another refuses it", async () => {
    const limiter = createRateLimiter(db, 1);
    const [byName, byAddress] = [newRule(3), newRule(1)];
    await limiter.beginAttempt([byAddress, "1.1.1.1"]);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await refusal(limiter.beginAttempt([byName, "sam"], [byAddress, "1.1.1.1"]));
    }
    // Refused at the address, the attempts took nothing from the name: three are still there.
    for (let attempt = 0; attempt < 3; attempt += 1) await limiter.beginAttempt([byName, "sam"]);
    await refusal(limiter.beginAttempt([byName, "sam"]));
  });

  it("treats subjects without case and stores them hashed", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(1);
    await limiter.consume(rule, "Jane@Example.com");
    await refusal(limiter.consume(rule, "jane@example.com"));
    const keys = (await db.select().from(rateLimitCounters)).map((row) => row.key);
    expect(keys.join(" ")).not.toContain("example.com");
  });

  it("counts concurrent hits exactly", async () => {
    const limiter = createRateLimiter(db, 1);
    const rule = newRule(10);
    const results = await Promise.allSettled(Array.from({ length: 15 }, () => limiter.consume(rule, "e")));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(10);
  });
});

describe("purgeExpiredRateLimits", () => {
  it("deletes lapsed counters and keeps live ones", async () => {
    await db.delete(rateLimitCounters);
    const limiter = createRateLimiter(db, 1);
    await limiter.consume(newRule(5), "old");
    await db.update(rateLimitCounters).set({ windowEndsAt: sql`now() - interval '1 second'` });
    await limiter.consume(newRule(5), "live");
    await purgeExpiredRateLimits(db);
    expect(await db.select().from(rateLimitCounters)).toHaveLength(1);
  });
});

describe("createPublicPageLimiter", () => {
  const failures: unknown[] = [];
  const newLimiter = (rule: RateLimitRule) =>
    createPublicPageLimiter(db, 1, rule, (error) => failures.push(error));
  const sharedCount = async (rule: RateLimitRule) => {
    const [row] = await db
      .select({ count: rateLimitCounters.count })
      .from(rateLimitCounters)
      .where(sql`${rateLimitCounters.key} like ${`${rule.name}:%`}`);
    return row?.count;
  };
  const refusalOf = (consume: () => void) => {
    try {
      consume();
    } catch (error) {
      return error as AppError;
    }
    return null;
  };

  it("refuses an address past the limit at once, without waiting for the shared count", async () => {
    const rule = newRule(5, 10);
    const limiter = newLimiter(rule);
    for (let hit = 0; hit < 5; hit++) limiter.consume("1.2.3.4");
    const error = refusalOf(() => limiter.consume("1.2.3.4"));
    expect(error?.statusCode).toBe(429);
    expect(error?.message).toBe("Too many attempts. Try again in 10 minutes.");
    expect(refusalOf(() => limiter.consume("5.6.7.8"))).toBeNull();
    await limiter.close();
    expect(await sharedCount(rule)).toBe(5);
  });

  it("adds its hits to the shared count, and respects the hits of other processes", async () => {
    const rule = newRule(6, 10);
    const first = newLimiter(rule);
    for (let hit = 0; hit < 4; hit++) first.consume("9.9.9.9");
    await first.flush();
    expect(await sharedCount(rule)).toBe(4);

    // Another process knows nothing yet; its first write reads back the shared count.
    const second = newLimiter(rule);
    second.consume("9.9.9.9");
    await second.flush();
    expect(await sharedCount(rule)).toBe(5);
    expect(refusalOf(() => second.consume("9.9.9.9"))).toBeNull();
    expect(refusalOf(() => second.consume("9.9.9.9"))?.statusCode).toBe(429);
    await Promise.all([first.close(), second.close()]);
    expect(failures).toEqual([]);
  });
});
