/**
 * Insights benchmark (issue 17): `GET /api/insights` for a speaker with 5,000 events, 3,000 expenses and
 * 2,000 payments in a database of 500,000 events — p95 ≤ 40 ms on the PostgreSQL server, ≤ 120 ms on
 * PGlite — and the tax workbook for that speaker ≤ 1 s. It also prints the indexes the plans use.
 *
 * `scale` shrinks every count (0.01 proves the bench works in seconds); the lead runs it at 1.
 */

import { sql } from "drizzle-orm";
import { buildInsights } from "../src/server/features/insights/build-insights.ts";
import { yearRange } from "../src/server/features/insights/figures.ts";
import {
  bookedByStateKey,
  expensesByCategory,
  incomeByMonth,
  pipelineByStatus,
  reachByYear,
} from "../src/server/features/insights/queries.ts";
import { buildTaxWorkbook } from "../src/server/features/insights/tax-workbook.ts";
import type { DatabaseHandle } from "../src/server/platform/db/client.ts";
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from "./databases.ts";
import { formatMs, type Latency, measureLatency } from "./measure.ts";

export const insightTargets = { postgresP95Ms: 40, pgliteP95Ms: 120, workbookMs: 1000 };
const FULL = { databaseEvents: 500_000, events: 5_000, expenses: 3_000, payments: 2_000, trips: 500 };
const YEAR = 2025;
const STATES = ["TX", "CA", "NY", "Florida", "IL", "co", "WA", "MA", "GA", "AZ", "", "ON"];

type Sizes = typeof FULL;
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function seed(handle: DatabaseHandle, sizes: Sizes) {
  const { db } = handle;
  const others = Math.max(1, Math.round((sizes.databaseEvents - sizes.events) / 5_000));
  await db.execute(sql`
    insert into users (username, email, password_hash)
    select 'bench_insights_' || n, 'bench_insights_' || n || '@example.com', 'x' from generate_series(0, ${others}) n`);
  const users = rowsOf(
    await db.execute(sql`select id from users where username like 'bench_insights_%' order by username`),
  );
  const speaker = String(users[0]!.id);
  // Everyone else's events: the database around the speaker.
  await db.execute(sql`
    insert into events (user_id, title, date, state, fee, status, attendees)
    select u.id, 'Other event ' || n, date '2016-01-01' + (n % 3650), 'TX', 100000, 'confirmed', 100
    from users u cross join generate_series(1, ${Math.max(0, Math.floor((sizes.databaseEvents - sizes.events) / others))}) n
    where u.username like 'bench_insights_%' and u.id <> ${speaker}`);
  await db.execute(sql`
    insert into clients (user_id, name) select ${speaker}, 'Client ' || n from generate_series(1, 50) n`);
  await db.execute(sql`
    insert into bureau_partners (user_id, name, commission_basis_points)
    select ${speaker}, 'Bureau ' || n, 2000 from generate_series(1, 5) n`);
  const states = `{${STATES.map((state) => `"${state}"`).join(",")}}`;
  await db.execute(sql`
    insert into events (user_id, client_id, bureau_partner_id, title, date, state, fee, travel_fee, status, attendees)
    select ${speaker},
           (select id from clients where user_id = ${speaker} order by name offset (n % 50) limit 1),
           case when n % 4 = 0 then (select id from bureau_partners where user_id = ${speaker} order by name offset (n % 5) limit 1) end,
           'Event ' || n, date '2016-01-01' + (n * 7 % 3650),
           (${states}::text[])[1 + n % ${STATES.length}],
           500000 + (n % 20) * 25000, (n % 3) * 50000,
           (array['inquiry','hold','confirmed','completed','cancelled','postponed'])[1 + n % 6]::event_status,
           50 + n % 900
    from generate_series(1, ${sizes.events}) n`);
  await db.execute(sql`
    insert into invoices (user_id, number, status, issue_date, due_date, subtotal, total, amount_paid)
    select ${speaker}, 'INV-' || n, 'paid', date '${sql.raw(String(YEAR - 1))}-01-01' + (n % 700),
           date '${sql.raw(String(YEAR - 1))}-01-15' + (n % 700), 400000, 400000, 400000
    from generate_series(1, ${Math.ceil(sizes.payments / 2)}) n`);
  await db.execute(sql`
    insert into invoice_payments (invoice_id, user_id, amount, date, method)
    select i.id, i.user_id, 200000, i.issue_date + k * 10, 'check'
    from invoices i cross join generate_series(0, 1) k where i.user_id = ${speaker}`);
  await db.execute(sql`
    insert into expenses (user_id, date, amount, category, vendor)
    select ${speaker}, date '2020-01-01' + (n % 2190), 1000 + n % 50000,
           (array['airfare','lodging','meals','ground_transport','materials','marketing','commissions','fees','office','other'])[1 + n % 10]::expense_category,
           'Vendor ' || (n % 40)
    from generate_series(1, ${sizes.expenses}) n`);
  await db.execute(sql`
    insert into mileage_trips (user_id, date, from_place, to_place, purpose, miles_hundredths, round_trip)
    select ${speaker}, date '2022-01-01' + (n % 1460), 'Home', 'Venue ' || n, 'Keynote', 1000 + n % 9000, n % 2 = 0
    from generate_series(1, ${sizes.trips}) n`);
  await db.execute(sql`analyze`);
  return speaker;
}

/** The indexes the plans of the insights' main queries use, and each query's own p50 (where the time goes). */
async function indexesUsed(handle: DatabaseHandle, userId: string) {
  const { start, end } = yearRange(YEAR);
  const lastYearStart = yearRange(YEAR - 1).start;
  const queries = {
    "income by month": incomeByMonth(handle.db, userId, lastYearStart, end),
    "by state": bookedByStateKey(handle.db, userId, start, end),
    "reach by year": reachByYear(handle.db, userId),
    pipeline: pipelineByStatus(handle.db, userId, start, end),
    expenses: expensesByCategory(handle.db, userId, start, end),
  };
  const found: Record<string, { indexes: string[]; p50: number }> = {};
  for (const [name, query] of Object.entries(queries)) {
    const { sql: text, params } = query.toSQL();
    const { rows } = await handle.runSql(`explain ${text}`, params);
    const plan = rows.map((row) => String(Object.values(row as object)[0])).join("\n");
    const indexes = [...plan.matchAll(/(?:Index Scan|Index Only Scan) (?:using|on) (\S+)/g)].map(
      (match) => match[1]!,
    );
    const timing = await measureLatency(
      async () => {
        await handle.runSql(text, params);
      },
      { samples: 30, warmup: 3 },
    );
    found[name] = { indexes: [...new Set(indexes)], p50: timing.p50 };
  }
  return found;
}

async function measureOn(open: () => Promise<BenchDatabase>, sizes: Sizes) {
  const database = await open();
  try {
    const userId = await seed(database.handle, sizes);
    const insights = await measureLatency(
      async () => {
        await buildInsights(database.handle.db, userId, YEAR);
      },
      { samples: 100, warmup: 10 },
    );
    const workbook = await measureLatency(
      async () => {
        await buildTaxWorkbook(database.handle.db, userId, YEAR);
      },
      { samples: 10, warmup: 2 },
    );
    return { insights, workbook, indexes: await indexesUsed(database.handle, userId) };
  } finally {
    await database.dispose();
  }
}

export async function runInsightsBenchmark({ scale = 1 }: { scale?: number } = {}) {
  const sizes = Object.fromEntries(
    Object.entries(FULL).map(([key, value]) => [key, Math.max(1, Math.round(value * scale))]),
  ) as Sizes;
  const pglite = await measureOn(openBenchPglite, sizes);
  let postgres: Awaited<ReturnType<typeof measureOn>> | string;
  try {
    postgres = await measureOn(openBenchPostgres, sizes);
  } catch (error) {
    postgres = `skipped: ${(error as Error).message}`;
  }
  return { sizes, pglite, postgres };
}

export function reportInsights(result: Awaited<ReturnType<typeof runInsightsBenchmark>>) {
  const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");
  const line = (label: string, latency: Latency, target: number) =>
    `  ${label.padEnd(30)} p50 ${formatMs(latency.p50)}  p95 ${formatMs(latency.p95)}  ${verdict(latency.p95 <= target)}`;
  const { sizes } = result;
  console.log(
    `\nInsights: ${sizes.events} events, ${sizes.expenses} expenses, ${sizes.payments} payments of one speaker ` +
      `among ${sizes.databaseEvents} events (targets: PostgreSQL p95 ≤ ${insightTargets.postgresP95Ms} ms, ` +
      `PGlite ≤ ${insightTargets.pgliteP95Ms} ms, workbook ≤ ${insightTargets.workbookMs} ms)`,
  );
  const show = (name: string, figures: typeof result.pglite | string, target: number) => {
    if (typeof figures === "string") return console.log(`  ${name}: ${figures}`);
    console.log(line(`GET /api/insights (${name})`, figures.insights, target));
    console.log(line(`tax workbook (${name})`, figures.workbook, insightTargets.workbookMs));
    for (const [query, { indexes, p50 }] of Object.entries(figures.indexes))
      console.log(
        `    ${query.padEnd(18)} p50 ${formatMs(p50)}  ${indexes.length ? indexes.join(", ") : "sequential scan"}`,
      );
  };
  show("PGlite", result.pglite, insightTargets.pgliteP95Ms);
  show("PostgreSQL", result.postgres, insightTargets.postgresP95Ms);
}

// `npx tsx bench/insights.ts [scale]` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`)
  reportInsights(await runInsightsBenchmark({ scale: Number(process.argv[2] ?? 1) }));
