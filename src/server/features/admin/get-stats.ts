import { sql } from "drizzle-orm";
import { type AdminStats, SIGNUP_WEEKS } from "../../../shared/schemas/admin.ts";
import type { Queryable } from "../../platform/db/client.ts";
import { emailOutbox, events, users } from "../../platform/db/schema.ts";
import { getMonthlyRecurringRevenue, subscriptionCountColumns } from "./subscription-standing.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week `weeksBack` weeks before the week of `now`. */
export function weekStart(now: Date, weeksBack = 0): Date {
  const day = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const mondayOffset = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - (mondayOffset + 7 * weeksBack) * DAY_MS);
}

/**
 * Every figure of the admin dashboard (DESIGN §10): counts across every account, the one place in
 * Podium that reads past the user scope, on purpose. One pass over the accounts gives every account
 * count; the other figures are aggregates served by indexes.
 */
export async function getAdminStats(db: Queryable, now: Date): Promise<AdminStats> {
  const firstWeek = weekStart(now, SIGNUP_WEEKS - 1);
  const [accounts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      verified: sql<number>`(count(*) filter (where ${users.emailVerifiedAt} is not null))::int`,
      admins: sql<number>`(count(*) filter (where ${users.role} = 'admin'))::int`,
      disabled: sql<number>`(count(*) filter (where ${users.disabledAt} is not null))::int`,
      ...subscriptionCountColumns(now),
    })
    .from(users);
  const weekly = await db
    .select({
      weekStart: sql<string>`to_char(date_trunc('week', ${users.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`,
      count: sql<number>`count(*)::int`,
    })
    .from(users)
    .where(sql`${users.createdAt} >= ${firstWeek.toISOString()}::timestamptz`)
    .groupBy(sql`1`);
  const result = await db.execute(sql`
    select (select count(*)::int from ${events}) as events,
           (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'queued') as queued,
           (select count(*)::int from ${emailOutbox} where ${emailOutbox.status} = 'failed') as failed,
           pg_database_size(current_database())::text as storage`);
  // Both drivers answer raw SQL with { rows }.
  const [totals] = (
    result as unknown as { rows: { events: number; queued: number; failed: number; storage: string }[] }
  ).rows;
  const countByWeek = new Map(weekly.map((row) => [row.weekStart, row.count]));
  return {
    users: accounts!,
    signupsByWeek: Array.from({ length: SIGNUP_WEEKS }, (_, index) => {
      const start = weekStart(now, SIGNUP_WEEKS - 1 - index)
        .toISOString()
        .slice(0, 10);
      return { weekStart: start, count: countByWeek.get(start) ?? 0 };
    }),
    mrr: await getMonthlyRecurringRevenue(db, now),
    events: totals!.events,
    mail: { queued: totals!.queued, failed: totals!.failed },
    storageBytes: Number(totals!.storage),
  };
}
