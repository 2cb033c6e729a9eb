/**
 * Book-of-business benchmark (issue 4): seeds PostgreSQL and PGlite with speakers × 500 events and their
 * clients, then measures one speaker's event list, event detail, search and dashboard one request at a time,
 * and, on PostgreSQL, the event list under 50 concurrent connections next to a bare route.
 *
 *   npm run bench                       everything
 *   BENCH_SPEAKERS=1000                 speakers seeded in PostgreSQL (default 1000)
 *   BENCH_PGLITE_SPEAKERS=1000          speakers seeded in PGlite (default 1000; fewer for a quick run)
 *   BENCH_DATABASE_URL=postgres://…     use this (empty) database instead of creating a fresh one
 */
import os from "node:os";
import { measureSingleClient, type SingleClientLatencies } from "./book-of-business-latency.ts";
import { type LoadFigures, type LoadResult, type LoadRound, measureLoad } from "./book-of-business-load.ts";
import { EVENTS_PER_SPEAKER, seedBookOfBusiness } from "./book-of-business-seed.ts";
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from "./databases.ts";
import { formatMs, median } from "./measure.ts";

export const bookOfBusinessTargets = { searchP95: 15, listP95: 10, loadRatio: 0.4, loadP99: 30 };

export type DatabaseRun = {
  database: "postgres" | "pglite";
  speakers: number;
  seedSeconds: number;
  /** CPUs and load average before and after the measurements. */
  machine: string;
  latencies: SingleClientLatencies;
  load?: LoadResult;
};

async function runOn(
  database: DatabaseRun["database"],
  open: () => Promise<BenchDatabase>,
  speakers: number,
): Promise<DatabaseRun> {
  const bench = await open();
  try {
    console.log(`${database}: seeding ${speakers} speakers × ${EVENTS_PER_SPEAKER} events…`);
    const started = Date.now();
    await seedBookOfBusiness(bench.handle, speakers);
    const seedSeconds = (Date.now() - started) / 1000;
    console.log(`${database}: seeded in ${seedSeconds.toFixed(1)} s; measuring one speaker…`);
    const machine = describeMachine();
    const latencies = await measureSingleClient(bench.handle);
    const load = bench.url ? await measureLoad(bench.url) : undefined;
    return {
      database,
      speakers,
      seedSeconds,
      machine: `${machine}; after: ${describeMachine()}`,
      latencies,
      load,
    };
  } finally {
    await bench.dispose();
  }
}

const speakersFrom = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);

export async function runBookOfBusinessBenchmark(): Promise<DatabaseRun[]> {
  const postgres = await runOn("postgres", openBenchPostgres, speakersFrom(process.env.BENCH_SPEAKERS, 1000));
  const pglite = await runOn(
    "pglite",
    openBenchPglite,
    speakersFrom(process.env.BENCH_PGLITE_SPEAKERS, 1000),
  );
  return [postgres, pglite];
}

/** The machine's state, since a shared or busy machine slows every figure. */
export function describeMachine(): string {
  const [one, five] = os.loadavg();
  return `${os.cpus().length} CPUs, load average ${one!.toFixed(1)} (1 min) ${five!.toFixed(1)} (5 min)`;
}

const mark = (isMet: boolean) => (isMet ? "✓" : "✗ (target missed)");

/** Prints the figures and whether each PostgreSQL target was met. */
export function reportBookOfBusiness(runs: DatabaseRun[]): void {
  const t = bookOfBusinessTargets;
  for (const run of runs) {
    const { eventList, eventListUncached, eventDetail, search, dashboard } = run.latencies;
    const isPostgres = run.database === "postgres";
    console.log(
      `\n## Book of business on ${run.database}: ${run.speakers} speakers × ${EVENTS_PER_SPEAKER} events ` +
        `(seeded in ${run.seedSeconds.toFixed(1)} s), one speaker, one request at a time`,
    );
    console.log(`  machine: ${run.machine}`);
    const row = (name: string, latency: typeof eventList, target?: number) =>
      console.log(
        `  ${name.padEnd(14)} p50 ${formatMs(latency.p50).padStart(10)}   p95 ${formatMs(latency.p95).padStart(10)}` +
          (isPostgres && target ? `   target p95 ≤ ${target} ms ${mark(latency.p95 <= target)}` : ""),
      );
    row("event list", eventList, t.listP95);
    row("  uncached", eventListUncached);
    row("event detail", eventDetail);
    row("search", search, t.searchP95);
    row("dashboard", dashboard);
    if (run.load) reportLoad(run.load);
  }
}

/** The ratio real/bare of one round. */
const ratioOf = (round: LoadRound) => round.real.requestsPerSecond / round.bare.requestsPerSecond;

/** Each round of the load test, then the median round's ratio and real p99 against the targets. */
function reportLoad({ rounds, bareBytes }: LoadResult): void {
  const t = bookOfBusinessTargets;
  console.log(
    `\n  50 connections × 10 s (autocannon), NODE_ENV=production, LOG_LEVEL=warn, ${rounds.length} alternating rounds`,
  );
  const line = (name: string, figures: LoadFigures) =>
    console.log(
      `  ${name.padEnd(40)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${String(figures.p99).padStart(4)} ms` +
        (figures.non2xx || figures.errors ? `   (${figures.non2xx} non-2xx, ${figures.errors} errors)` : ""),
    );
  rounds.forEach((round, index) => {
    line(`${index + 1}. bare route (${(bareBytes / 1024).toFixed(1)} KiB fixed body)`, round.bare);
    line(`${index + 1}. GET /api/events?limit=50 (signed in)`, round.real);
    console.log(`     ratio ${(ratioOf(round) * 100).toFixed(1)} %`);
  });
  const ratio = median(rounds.map(ratioOf));
  const p99 = median(rounds.map((round) => round.real.p99));
  console.log(
    `  median ratio real/bare ${(ratio * 100).toFixed(1)} % (target ≥ ${t.loadRatio * 100} %) ${mark(ratio >= t.loadRatio)}; ` +
      `median real p99 ${p99} ms (target ≤ ${t.loadP99} ms) ${mark(p99 <= t.loadP99)}`,
  );
}
