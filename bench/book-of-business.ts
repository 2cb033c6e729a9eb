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
import { measureSingleClient, type SingleClientRead } from "./book-of-business-latency.ts";
import { type LoadResult, type LoadRound, measureLoad, type SoakResult } from "./book-of-business-load.ts";
import { EVENTS_PER_SPEAKER, seedBookOfBusiness } from "./book-of-business-seed.ts";
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from "./databases.ts";
import { formatMs, median } from "./measure.ts";

/**
 * Targets (issues 4 and 20): each signed-in read's single-client p95 (the cached figure, as a speaker meets
 * it), and under 50 connections each read's req/s against the bare route of the same round with its p99; the
 * mixed soak at 200 connections.
 */
export const bookOfBusinessTargets = {
  readP95: { postgres: 10, pglite: 20 },
  loadRatio: 0.4,
  loadP99: 30,
  soakP99: 150,
  soakMemoryGrowth: 0.1,
};

export type DatabaseRun = {
  database: "postgres" | "pglite";
  speakers: number;
  seedSeconds: number;
  /** CPUs and load average before and after the measurements. */
  machine: string;
  latencies: SingleClientRead[];
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

/** Prints the figures and whether each target was met. */
export function reportBookOfBusiness(runs: DatabaseRun[]): void {
  for (const run of runs) {
    const target = bookOfBusinessTargets.readP95[run.database];
    console.log(
      `\n## Book of business on ${run.database}: ${run.speakers} speakers × ${EVENTS_PER_SPEAKER} events ` +
        `(seeded in ${run.seedSeconds.toFixed(1)} s), one speaker, one request at a time`,
    );
    console.log(`  machine: ${run.machine}`);
    console.log(
      `  ${"".padEnd(22)} ${"cached p50".padStart(10)} ${"p95".padStart(10)}   ${"after a change p50".padStart(18)} ${"p95".padStart(10)}`,
    );
    for (const { name, cached, uncached } of run.latencies) {
      console.log(
        `  ${name.padEnd(22)} ${formatMs(cached.p50).padStart(10)} ${formatMs(cached.p95).padStart(10)}   ` +
          `${formatMs(uncached.p50).padStart(18)} ${formatMs(uncached.p95).padStart(10)}` +
          `   target p95 ≤ ${target} ms ${mark(cached.p95 <= target)}`,
      );
    }
    if (run.load) reportLoad(run.load);
  }
}

/** The ratio read/bare of one round. */
const ratioOf = (round: LoadRound, name: string) =>
  round.reads[name]!.requestsPerSecond / round.bare.requestsPerSecond;

/** Each read's figures in each round next to that round's bare route, then the medians against the targets. */
function reportLoad({ rounds, reads, bareBytes, soak }: LoadResult): void {
  const t = bookOfBusinessTargets;
  console.log(
    `\n  50 connections × 10 s (autocannon), NODE_ENV=production, LOG_LEVEL=warn, ${rounds.length} rounds of ` +
      `the bare route (${(bareBytes / 1024).toFixed(1)} KiB fixed body) then each read`,
  );
  const header = rounds.map((_, index) => `round ${index + 1}`.padStart(22)).join("");
  console.log(`  ${"".padEnd(22)}${header}   median ratio, p99`);
  const cell = (rps: number, p99: number) =>
    `${rps.toFixed(0).padStart(6)}/s p99 ${String(p99).padStart(3)} ms`.padStart(22);
  console.log(
    `  ${"bare route".padEnd(22)}${rounds.map((r) => cell(r.bare.requestsPerSecond, r.bare.p99)).join("")}`,
  );
  for (const { name } of reads) {
    const ratio = median(rounds.map((round) => ratioOf(round, name)));
    const p99 = median(rounds.map((round) => round.reads[name]!.p99));
    const failures = rounds.reduce(
      (sum, round) => sum + round.reads[name]!.non2xx + round.reads[name]!.errors,
      0,
    );
    console.log(
      `  ${name.padEnd(22)}${rounds.map((round) => cell(round.reads[name]!.requestsPerSecond, round.reads[name]!.p99)).join("")}` +
        `   ${(ratio * 100).toFixed(1)} % ${mark(ratio >= t.loadRatio)}, ${p99} ms ${mark(p99 <= t.loadP99)}` +
        (failures ? `   (${failures} non-2xx or errors)` : ""),
    );
  }
  console.log(`  targets: ratio ≥ ${t.loadRatio * 100} % of the bare route, p99 ≤ ${t.loadP99} ms`);
  reportSoak(soak);
}

function reportSoak(soak: SoakResult): void {
  const t = bookOfBusinessTargets;
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const growth = soak.after.rss / soak.before.rss - 1;
  const { figures } = soak;
  const failures = figures.non2xx + figures.errors;
  console.log(
    `\n  soak: ${soak.paths.length} reads mixed (${soak.paths.join(", ")}), ${soak.connections} connections × ` +
      `${soak.seconds} s after a ${soak.seconds} s warm-up; load average ${soak.load[0].toFixed(1)} → ${soak.load[1].toFixed(1)}`,
  );
  console.log(
    `  ${figures.requestsPerSecond.toFixed(0)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms ` +
      `(target ≤ ${t.soakP99} ms) ${mark(figures.p99 <= t.soakP99)}; ${figures.non2xx} non-2xx, ` +
      `${figures.errors} errors ${mark(failures === 0)}`,
  );
  console.log(
    `  server memory after a full GC: RSS ${mb(soak.before.rss)} → ${mb(soak.after.rss)} ` +
      `(${(growth * 100).toFixed(1)} %, target: grows at most ${t.soakMemoryGrowth * 100} %) ` +
      `${mark(growth <= t.soakMemoryGrowth)}; heap ${mb(soak.before.heapUsed)} → ${mb(soak.after.heapUsed)}`,
  );
}
