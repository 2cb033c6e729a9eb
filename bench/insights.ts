/**
 * Insights benchmark (issue 17): `GET /api/insights` for a speaker with 5,000 events, 3,000 expenses and
 * 2,000 payments in a database of 500,000 events — p95 ≤ 40 ms on the PostgreSQL server, ≤ 120 ms on
 * PGlite — and the tax workbook for that speaker ≤ 1 s, both through the routes (`app.inject`). It also
 * prints each main query's own p50 and the indexes its plan uses.
 *
 * Every count is multiplied by the scale: INSIGHTS_SCALE (or the first argument) — `full` or 1 for the
 * issue's sizes, a fraction for fewer; `npm run bench` uses 0.1 unless told. INSIGHTS_EXPLAIN=1 prints each
 * query's EXPLAIN (ANALYZE, BUFFERS) as well.
 */

import os from "node:os";
import { and, between, eq, sql } from "drizzle-orm";
import { mileageByYear } from "../src/server/features/expenses/mileage-queries.ts";
import { yearRange } from "../src/server/features/insights/figures.ts";
import {
  bookedByStateKey,
  expensesByCategory,
  incomeByMonth,
  pipelineByStatus,
  reachByYear,
  topLinked,
} from "../src/server/features/insights/queries.ts";
import type { DatabaseHandle } from "../src/server/platform/db/client.ts";
import { mileageTrips } from "../src/server/platform/db/schema.ts";
import { TOP_LIMIT } from "../src/shared/schemas/insights.ts";
import { buildBenchApp } from "./bench-app.ts";
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from "./databases.ts";
import { formatMs, type Latency, measureLatency } from "./measure.ts";

export const insightTargets = { postgresP95Ms: 40, pgliteP95Ms: 120, workbookMs: 1000 };
const FULL = { databaseEvents: 500_000, events: 5_000, expenses: 3_000, payments: 2_000, trips: 500 };
const DEFAULT_SCALE = 0.1;
const YEAR = 2025;
const STATES = ["TX", "CA", "NY", "Florida", "IL", "co", "WA", "MA", "GA", "AZ", "", "ON"];
const SPEAKER = "bench_insights_0";

type Sizes = typeof FULL;

/** INSIGHTS_SCALE or the argument: `full` is 1; anything else a positive number. */
export function scaleFrom(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_SCALE;
  const scale = value === "full" ? 1 : Number(value);
  if (!(scale > 0)) throw new Error(`The insights scale must be "full" or a positive number, not ${value}`);
  return scale;
}

/**
 * The database around the speaker: as many speakers as it takes to reach `databaseEvents`, each with the
 * speaker's own book (events across ten years, clients, bureau partners, invoices with two payments each,
 * expenses and trips), so every query has to find one speaker's rows among many. Set-based (one INSERT …
 * SELECT generate_series per table), so the full size seeds in minutes even on PGlite.
 */
async function seed(handle: DatabaseHandle, sizes: Sizes) {
  const { db } = handle;
  const speakers = Math.max(2, Math.round(sizes.databaseEvents / sizes.events));
  const seeded = sql.raw("(select id from users where username like 'bench_insights_%')");
  await db.execute(sql`
    insert into users (username, email, password_hash)
    select 'bench_insights_' || n, 'bench_insights_' || n || '@example.com', 'x'
    from generate_series(0, ${speakers - 1}) n`);
  await db.execute(sql`
    insert into clients (user_id, name)
    select u.id, 'Client ' || n from ${seeded} u, generate_series(1, 50) n`);
  await db.execute(sql`
    insert into bureau_partners (user_id, name, commission_basis_points)
    select u.id, 'Bureau ' || n, 2000 from ${seeded} u, generate_series(1, 5) n`);
  const states = `{${STATES.map((state) => `"${state}"`).join(",")}}`;
  await db.execute(sql`
    insert into events (user_id, client_id, bureau_partner_id, title, date, state, fee, travel_fee, status, attendees)
    select u.id, c.id, b.id, 'Event ' || n, date '2016-01-01' + (n * 7 % 3650),
           (${states}::text[])[1 + n % ${STATES.length}],
           500000 + (n % 20) * 25000, (n % 3) * 50000,
           (array['inquiry','hold','confirmed','completed','cancelled','postponed'])[1 + n % 6]::event_status,
           50 + n % 900
    from ${seeded} u
    cross join generate_series(1, ${sizes.events}) n
    join clients c on c.user_id = u.id and c.name = 'Client ' || (1 + n % 50)
    left join bureau_partners b on n % 4 = 0 and b.user_id = u.id and b.name = 'Bureau ' || (1 + n % 5)`);
  await db.execute(sql`
    insert into invoices (user_id, number, status, issue_date, due_date, subtotal, total, amount_paid)
    select u.id, 'INV-' || n, 'paid', date '${sql.raw(String(YEAR - 1))}-01-01' + (n % 700),
           date '${sql.raw(String(YEAR - 1))}-01-15' + (n % 700), 400000, 400000, 400000
    from ${seeded} u, generate_series(1, ${Math.ceil(sizes.payments / 2)}) n`);
  await db.execute(sql`
    insert into invoice_payments (invoice_id, user_id, amount, date, method)
    select i.id, i.user_id, 200000, i.issue_date + k * 10, 'check'
    from invoices i cross join generate_series(0, 1) k`);
  await db.execute(sql`
    insert into expenses (user_id, date, amount, category, vendor)
    select u.id, date '2020-01-01' + (n % 2190), 1000 + n % 50000,
           (array['airfare','lodging','meals','ground_transport','materials','marketing','commissions','fees','office','other'])[1 + n % 10]::expense_category,
           'Vendor ' || (n % 40)
    from ${seeded} u, generate_series(1, ${sizes.expenses}) n`);
  await db.execute(sql`
    insert into mileage_trips (user_id, date, from_place, to_place, purpose, miles_hundredths, round_trip)
    select u.id, date '2022-01-01' + (n % 1460), 'Home', 'Venue ' || n, 'Keynote', 1000 + n % 9000, n % 2 = 0
    from ${seeded} u, generate_series(1, ${sizes.trips}) n`);
  await db.execute(sql`vacuum analyze`);
  const [speaker] = (
    (await db.execute(sql`select id from users where username = ${SPEAKER}`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows;
  return { userId: speaker!.id, databaseEvents: speakers * sizes.events };
}

/** The insights' main queries, as `buildInsights` runs them. */
function mainQueries(handle: DatabaseHandle, userId: string) {
  const { start, end } = yearRange(YEAR);
  const lastYearStart = yearRange(YEAR - 1).start;
  return {
    "income by month": incomeByMonth(handle.db, userId, lastYearStart, end),
    "by state": bookedByStateKey(handle.db, userId, start, end),
    "reach by year": reachByYear(handle.db, userId),
    pipeline: pipelineByStatus(handle.db, userId, start, end),
    "top clients": topLinked(handle.db, userId, start, end, "client", TOP_LIMIT),
    "top bureaus": topLinked(handle.db, userId, start, end, "bureau", TOP_LIMIT),
    expenses: expensesByCategory(handle.db, userId, start, end),
    mileage: mileageByYear(
      handle.db,
      and(eq(mileageTrips.userId, userId), between(mileageTrips.date, start, end)),
    ),
  };
}

/** Each main query's own p50 and the indexes its plan uses (where the time goes); the plans if asked. */
async function queryPlans(handle: DatabaseHandle, userId: string, printPlans: boolean) {
  const found: Record<string, { indexes: string[]; p50: number }> = {};
  for (const [name, query] of Object.entries(mainQueries(handle, userId))) {
    const { sql: text, params } = query.toSQL();
    const planOf = async (explain: string) =>
      (await handle.runSql(`${explain} ${text}`, params)).rows
        .map((row) => String(Object.values(row as object)[0]))
        .join("\n");
    const plan = await planOf("explain");
    const indexes = [
      ...plan.matchAll(/(?:Index Scan|Index Only Scan|Bitmap Index Scan) (?:using|on) (\S+)/g),
    ];
    const timing = await measureLatency(
      async () => {
        await handle.runSql(text, params);
      },
      { samples: 30, warmup: 3 },
    );
    found[name] = { indexes: [...new Set(indexes.map((match) => match[1]!))], p50: timing.p50 };
    if (printPlans) console.log(`\n-- ${name}\n${await planOf("explain (analyze, buffers)")}`);
  }
  return found;
}

async function measureOn(name: string, open: () => Promise<BenchDatabase>, sizes: Sizes) {
  const database = await open();
  try {
    const seedStarted = Date.now();
    const { userId, databaseEvents } = await seed(database.handle, sizes);
    const seedSeconds = (Date.now() - seedStarted) / 1000;
    const { app, cookie } = await buildBenchApp(database.handle, SPEAKER);
    const get = (url: string) => async () => {
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
    };
    try {
      const insights = await measureLatency(get(`/api/insights?year=${YEAR}`), { samples: 200, warmup: 20 });
      const workbook = await measureLatency(get(`/api/insights/tax-summary.xlsx?year=${YEAR}`), {
        samples: 20,
        warmup: 3,
      });
      if (process.env.INSIGHTS_EXPLAIN) console.log(`\n== Query plans on ${name}`);
      const queries = await queryPlans(database.handle, userId, Boolean(process.env.INSIGHTS_EXPLAIN));
      return { databaseEvents, seedSeconds, insights, workbook, queries };
    } finally {
      await app.close();
    }
  } finally {
    await database.dispose();
  }
}

export async function runInsightsBenchmark({ scale = scaleFrom(process.env.INSIGHTS_SCALE) } = {}) {
  const sizes = Object.fromEntries(
    Object.entries(FULL).map(([key, value]) => [key, Math.max(1, Math.round(value * scale))]),
  ) as Sizes;
  const pglite = await measureOn("PGlite", openBenchPglite, sizes);
  let postgres: Awaited<ReturnType<typeof measureOn>> | string;
  try {
    postgres = await measureOn("PostgreSQL", openBenchPostgres, sizes);
  } catch (error) {
    postgres = `skipped: ${(error as Error).message}`;
  }
  return { scale, sizes, pglite, postgres };
}

export function reportInsights(result: Awaited<ReturnType<typeof runInsightsBenchmark>>) {
  const verdict = (ok: boolean) => (ok ? "ok" : "OVER TARGET");
  const line = (label: string, latency: Latency, target: number) =>
    `  ${label.padEnd(48)} p50 ${formatMs(latency.p50)}  p95 ${formatMs(latency.p95)}  ${verdict(latency.p95 <= target)}`;
  const { sizes } = result;
  console.log(
    `\nInsights (scale ${result.scale}): ${sizes.events} events, ${sizes.expenses} expenses, ${sizes.payments} ` +
      `payments and ${sizes.trips} trips of one speaker, every other speaker alike (targets at scale 1: ` +
      `PostgreSQL p95 ≤ ${insightTargets.postgresP95Ms} ms, PGlite ≤ ${insightTargets.pgliteP95Ms} ms, ` +
      `workbook ≤ ${insightTargets.workbookMs} ms); load average ${os
        .loadavg()
        .map((load) => load.toFixed(2))
        .join(" ")}`,
  );
  const show = (name: string, figures: typeof result.pglite | string, target: number) => {
    if (typeof figures === "string") return console.log(`  ${name}: ${figures}`);
    console.log(
      `  ${name}: ${figures.databaseEvents} events in the database, seeded in ${figures.seedSeconds} s`,
    );
    console.log(line(`GET /api/insights (${name})`, figures.insights, target));
    console.log(
      line(`GET /api/insights/tax-summary.xlsx (${name})`, figures.workbook, insightTargets.workbookMs),
    );
    for (const [query, { indexes, p50 }] of Object.entries(figures.queries))
      console.log(
        `    ${query.padEnd(18)} p50 ${formatMs(p50)}  ${indexes.length ? indexes.join(", ") : "sequential scan"}`,
      );
  };
  show("PGlite", result.pglite, insightTargets.pgliteP95Ms);
  show("PostgreSQL", result.postgres, insightTargets.postgresP95Ms);
}

// `npx tsx bench/insights.ts [full|scale]` runs this benchmark alone.
if (import.meta.url === `file://${process.argv[1]}`)
  reportInsights(
    await runInsightsBenchmark({ scale: scaleFrom(process.argv[2] ?? process.env.INSIGHTS_SCALE) }),
  );
