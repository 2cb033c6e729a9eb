import { sql } from "drizzle-orm";
import { type AdminStats, SIGNUP_WEEKS } from "../../../shared/schemas/admin.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { emailOutbox, installationCounts, teamMembers, users } from "../../platform/db/schema.ts";
import { monthlyRecurringRevenue, subscriptionCountsSql } from "./subscription-standing.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Delta rows of the installation counts past which a read folds them into one row per name. */
export const FOLD_COUNT_ROWS_AFTER = 500;

/** Monday 00:00 UTC of the week `weeksBack` weeks before the week of `now`. */
export function weekStart(now: Date, weeksBack = 0): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const mondayOffset = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - (mondayOffset + 7 * weeksBack) * DAY_MS);
}

/** Both drivers answer raw SQL with { rows }. */
async function rowsOf<T>(db: Queryable, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Every figure of the admin dashboard (DESIGN §10): counts across every account, the one place in Podium
 * that reads past the user scope, on purpose. Nothing here scans the accounts, the events or the files:
 * their counts (signups per week, the files' bytes) are kept by triggers in `installation_counts`; the open trials are a range of
 * the trial_ends_at index; subscriptions and the outbox's queued and failed rows are small, indexed sets
 * (decision 026).
 */
export async function getAdminStats(db: Queryable, now: Date): Promise<AdminStats> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [figures] = await rowsOf<{
    counted: { name: string; total: number; rows: number }[] | null;
    openTrials: number;
    inGoodStanding: number;
    stripeActive: number;
    subscribedInTrial: number;
    queued: number;
    failed: number;
    members: number;
  }>(
    db,
    sql`select
          (select json_agg(c) from (
            select ${installationCounts.name} as name, sum(${installationCounts.delta})::float8 as total,
                   count(*)::int as rows
            from ${installationCounts} group by 1) as c) as counted,
          (select count(*)::int from ${users} where ${users.trialEndsAt} > ${at}) as "openTrials",
          subscribed.*,
          (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'queued') as queued,
          (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'failed') as failed,
          (select count(distinct ${teamMembers.userId})::int from ${teamMembers}) as members
        from (${subscriptionCountsSql(now)}) as subscribed`,
  );
  const other = figures!;
  const counted = other.counted ?? [];
  if (counted.reduce((sum, row) => sum + row.rows, 0) > FOLD_COUNT_ROWS_AFTER) await foldCounts(db);
  const count = new Map(counted.map((row) => [row.name, row.total]));
  const of = (name: string) => count.get(name) ?? 0;
  const total = of("users");
  // Open trials of accounts that never subscribed; lapsed is everyone neither trialing nor in good standing.
  const trialing = other.openTrials - other.subscribedInTrial;
  const active = other.inGoodStanding;
  return {
    users: {
      total,
      verified: of("users:verified"),
      trialing,
      active,
      lapsed: total - trialing - active,
      admins: of("users:admin"),
      disabled: of("users:disabled"),
      members: other.members,
    },
    signupsByWeek: Array.from({ length: SIGNUP_WEEKS }, (_, index) => {
      const start = weekStart(now, SIGNUP_WEEKS - 1 - index)
        .toISOString()
        .slice(0, 10);
      return { weekStart: start, count: of(`signups:${start}`) };
    }),
    mrr: monthlyRecurringRevenue(other.stripeActive),
    events: of("events"),
    mail: { queued: other.queued, failed: other.failed },
    storage: { databaseBytes: await databaseSize(db, now), fileBytes: of("files:bytes") },
  };
}

/**
 * Replaces every delta row by one row per name holding its sum, in one statement: a concurrent fold waits on
 * the rows this one deletes and then skips them, so each row is summed exactly once.
 */
export async function foldCounts(db: Queryable): Promise<void> {
  await db.execute(sql`
    with folded as (delete from ${installationCounts} returning name, delta)
    insert into ${installationCounts} (name, delta)
    select name, sum(delta) from folded group by name having sum(delta) <> 0`);
}

/** How long the database's size on disk is reused: it walks the database's files, and moves by pages anyway. */
export const STORAGE_MAX_AGE_MS = 60_000;
const storageByDatabase = new WeakMap<Queryable, { bytes: number; at: number }>();

/** The database's size on disk, measured at most once a minute per database (decision 026). */
async function databaseSize(db: Queryable, now: Date): Promise<number> {
  const known = storageByDatabase.get(db);
  if (known && now.getTime() - known.at >= 0 && now.getTime() - known.at < STORAGE_MAX_AGE_MS)
    return known.bytes;
  const [row] = await rowsOf<{ bytes: string }>(
    db,
    sql`select pg_database_size(current_database())::text as bytes`,
  );
  const bytes = Number(row!.bytes);
  storageByDatabase.set(db, { bytes, at: now.getTime() });
  return bytes;
}
