/**
 * Admin dashboard benchmark (issue 19): GET /api/admin/stats's figures with 100,000 accounts, 200,000
 * events and 20,000 outbox e-mails, on PostgreSQL and on PGlite. Target: p95 ≤ 50 ms.
 */
import { sql } from "drizzle-orm";
import { getAdminStats } from "../src/server/features/admin/get-stats.ts";
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from "./databases.ts";
import { formatMs, type Latency, measureLatency } from "./measure.ts";

export const adminStatsTargets = { p95Ms: 50 };
const USERS = 100_000;

async function seed({ handle }: BenchDatabase) {
  const { db } = handle;
  // Accounts created over the last two years, their trial 30 days after; most verified, a few admins.
  await db.execute(sql`
    insert into users (username, email, password_hash, email_verified_at, role, created_at, trial_ends_at)
    select 'bench_' || n, 'bench_' || n || '@example.com', 'x',
           case when n % 5 = 0 then null else now() end,
           case when n % 10000 = 0 then 'admin'::user_role else 'user'::user_role end,
           now() - (n % 730) * interval '1 day',
           now() - (n % 730) * interval '1 day' + interval '30 days'
    from generate_series(1, ${USERS}) as n`);
  await db.execute(sql`
    insert into events (user_id, title, date)
    select u.id, 'Keynote ' || g, date '2026-01-01' + g
    from (select id from users order by id limit 20000) u, generate_series(1, 10) as g`);
  await db.execute(sql`
    insert into email_outbox ("to", subject, text, html, status)
    select 'bench_' || n || '@example.com', 's', 't', 'h',
           (case when n % 50 = 0 then 'failed' when n % 20 = 0 then 'queued' else 'sent' end)::email_status
    from generate_series(1, 20000) as n`);
  await db.execute(sql`analyze`);
}

async function measure(open: () => Promise<BenchDatabase>): Promise<Latency> {
  const database = await open();
  try {
    await seed(database);
    return await measureLatency(
      async () => {
        await getAdminStats(database.handle.db, new Date());
      },
      { samples: 100, warmup: 10 },
    );
  } finally {
    await database.dispose();
  }
}

export async function runAdminStatsBenchmark() {
  return { postgres: await measure(openBenchPostgres), pglite: await measure(openBenchPglite) };
}

export function reportAdminStats(result: Awaited<ReturnType<typeof runAdminStatsBenchmark>>) {
  console.log(
    `\nAdmin dashboard figures, ${USERS.toLocaleString("en-US")} accounts (target p95 ≤ ${adminStatsTargets.p95Ms} ms)`,
  );
  for (const [database, latency] of Object.entries(result)) {
    const verdict = latency.p95 <= adminStatsTargets.p95Ms ? "ok" : "OVER TARGET";
    console.log(
      `  ${database.padEnd(8)} p50 ${formatMs(latency.p50)}  p95 ${formatMs(latency.p95)}  ${verdict}`,
    );
  }
}

// `npx tsx bench/admin-stats.ts` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`) reportAdminStats(await runAdminStatsBenchmark());
