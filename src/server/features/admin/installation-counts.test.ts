import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/app.ts";
import { createUser } from "../../../test/factories.ts";
import { events, installationCounts, subscriptions, users } from "../../platform/db/schema.ts";
import { FOLD_COUNT_ROWS_AFTER, foldCounts, getAdminStats, weekStart } from "./get-stats.ts";

// The dashboard's account and event counts come from trigger-kept deltas (decision 026). After a random series
// of creates, updates and deletes, straight from the database, each figure equals a plain recomputation over
// the rows, folded or not.

const { db } = await createTestApp();

const NOW = new Date("2026-06-17T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);
const pick = fc.nat({ max: 12 });
const day = fc.integer({ min: -40, max: 120 });
const account = fc.record({
  verified: fc.boolean(),
  admin: fc.boolean(),
  disabled: fc.boolean(),
  createdDaysAgo: fc.nat({ max: 120 }),
  trialEndsInDays: day,
});

const command = fc.oneof(
  fc.record({ kind: fc.constant("create account" as const), account }),
  fc.record({ kind: fc.constant("update account" as const), target: pick, account }),
  fc.record({ kind: fc.constant("delete account" as const), target: pick }),
  fc.record({
    kind: fc.constant("add events" as const),
    target: pick,
    count: fc.integer({ min: 1, max: 4 }),
  }),
  fc.record({ kind: fc.constant("delete events" as const), target: pick }),
  fc.record({
    kind: fc.constant("subscribe" as const),
    target: pick,
    status: fc.constantFrom("active", "trialing", "past_due", "canceled", null),
  }),
  fc.record({ kind: fc.constant("fold" as const) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const valuesOf = (a: typeof account extends fc.Arbitrary<infer A> ? A : never) => ({
  emailVerifiedAt: a.verified ? daysAgo(1) : null,
  role: a.admin ? ("admin" as const) : ("user" as const),
  disabledAt: a.disabled ? daysAgo(1) : null,
  createdAt: daysAgo(a.createdDaysAgo),
  trialEndsAt: daysAgo(-a.trialEndsInDays),
});

async function run(commands: Command[]) {
  const ids = async () => (await db.select({ id: users.id }).from(users).orderBy(users.id)).map((u) => u.id);
  const at = async (target: number) => {
    const all = await ids();
    return all.length === 0 ? undefined : all[target % all.length];
  };
  for (const step of commands) {
    if (step.kind === "create account") await createUser(db, valuesOf(step.account));
    else if (step.kind === "fold") await foldCounts(db);
    else {
      const id = await at(step.target);
      if (!id) continue;
      if (step.kind === "update account")
        await db.update(users).set(valuesOf(step.account)).where(eq(users.id, id));
      if (step.kind === "delete account") await db.delete(users).where(eq(users.id, id));
      if (step.kind === "add events") {
        await db.insert(events).values(
          Array.from({ length: step.count }, (_, n) => ({
            userId: id,
            title: `E${n}`,
            date: "2026-07-01",
          })),
        );
      }
      if (step.kind === "delete events") {
        const [first] = await db.select({ id: events.id }).from(events).where(eq(events.userId, id)).limit(1);
        if (first) await db.delete(events).where(inArray(events.id, [first.id]));
      }
      if (step.kind === "subscribe") {
        await db
          .insert(subscriptions)
          .values({ userId: id, status: step.status })
          .onConflictDoUpdate({ target: subscriptions.userId, set: { status: step.status } });
      }
    }
  }
}

/** The figures as a plain recomputation over every row. */
async function recomputed() {
  const at = NOW.toISOString();
  const result = await db.execute(sql`
    select count(*)::int as total,
      (count(*) filter (where email_verified_at is not null))::int as verified,
      (count(*) filter (where role = 'admin'))::int as admins,
      (count(*) filter (where disabled_at is not null))::int as disabled,
      (count(*) filter (where s.status in ('active', 'trialing')))::int as active,
      (count(*) filter (where trial_ends_at > ${at}::timestamptz
        and (s.status is null or s.status not in ('active', 'trialing', 'past_due', 'unpaid', 'canceled', 'paused'))))::int as trialing,
      (select count(*)::int from events) as events
    from users left join subscriptions s on s.user_id = users.id`);
  const [row] = (
    result as unknown as {
      rows: {
        total: number;
        verified: number;
        admins: number;
        disabled: number;
        active: number;
        trialing: number;
        events: number;
      }[];
    }
  ).rows;
  const signups = await db.select({ createdAt: users.createdAt }).from(users);
  const weeks = new Map<string, number>();
  for (const { createdAt } of signups) {
    const week = weekStart(createdAt).toISOString().slice(0, 10);
    weeks.set(week, (weeks.get(week) ?? 0) + 1);
  }
  return { ...row!, weeks };
}

describe("the admin dashboard's installation counts", () => {
  it("equal a recomputation over the rows after any series of changes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 25 }), async (commands) => {
        await db.delete(users);
        await run(commands);
        const stats = await getAdminStats(db, NOW);
        const expected = await recomputed();
        expect(stats.users).toEqual({
          total: expected.total,
          verified: expected.verified,
          trialing: expected.trialing,
          active: expected.active,
          lapsed: expected.total - expected.trialing - expected.active,
          admins: expected.admins,
          disabled: expected.disabled,
          members: 0,
        });
        expect(stats.events).toBe(expected.events);
        for (const week of stats.signupsByWeek) {
          expect(week.count, week.weekStart).toBe(expected.weeks.get(week.weekStart) ?? 0);
        }
      }),
      { numRuns: 25 },
    );
  });

  it("folds the delta rows into one per name once they pile up, keeping every figure", async () => {
    await db.delete(users);
    for (let n = 0; n < 4; n++) await createUser(db, { createdAt: daysAgo(n * 7) });
    const user = await createUser(db);
    // One statement, one delta row.
    for (let n = 0; n <= FOLD_COUNT_ROWS_AFTER; n++) {
      await db.insert(events).values({ userId: user.id, title: `E${n}`, date: "2026-07-01" });
    }
    expect(await db.$count(installationCounts)).toBeGreaterThan(FOLD_COUNT_ROWS_AFTER);
    const before = await getAdminStats(db, NOW);
    expect(before.events).toBe(FOLD_COUNT_ROWS_AFTER + 1);
    expect(await db.$count(installationCounts)).toBeLessThan(20);
    expect(await getAdminStats(db, NOW)).toEqual(before);
  });
});
