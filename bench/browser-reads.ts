/**
 * Browser-reads benchmark (issue 29), on PostgreSQL and PGlite: 40 speakers × 100 events, served by the real
 * application in a child process.
 * - Compressed reads: each signed-in read asked as a browser asks (`Accept-Encoding: gzip, deflate, br`),
 *   50 connections, beside the health route of the same run; and the 50-event list asked with no compression.
 * - The many-speaker mix (browser-reads-mix.ts): all 40 speakers at once, 80 % reads and 20 % event edits.
 *
 *   npx tsx bench/run.ts browser-reads     this module alone
 *   BENCH_WIRE_SECONDS=3                   seconds per measured figure (after a warm-up of a third as long)
 *   BENCH_WIRE_PARTS=mix                   the mix only (or `reads`; both by default)
 *   BENCH_WIRE_DATABASES=postgres          one database only (or `pglite`; both by default)
 *   BENCH_MIX_EDIT_SHARE=1                 the mix's share of edits (0.2 by default; 1 and 0 give its bounds)
 */
import { type ChildProcess, fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describeMachine } from "./book-of-business.ts";
import { hammer, type LoadFigures } from "./book-of-business-load.ts";
import { benchReads, LIST_PATH } from "./book-of-business-routes.ts";
import { seedBookOfBusiness } from "./book-of-business-seed.ts";
import {
  BROWSER_HEADERS,
  EDIT_SHARE,
  HEALTH_PATH,
  type MixFigures,
  runMix,
  type WireServerReady,
} from "./browser-reads-mix.ts";
import { type BenchDatabase, openBenchPglite, openBenchPostgres } from "./databases.ts";

export const browserReadsTargets = {
  readRatio: 0.8,
  readP99: 30,
  mixRatio: 0.5,
  mixP99: 50,
  editP95: 15,
};

const SPEAKERS = 40;
const EVENTS_PER_SPEAKER = 100;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_WIRE_SECONDS ?? 3);
const WARMUP_SECONDS = Math.max(1, Math.round(SECONDS / 3));
const PARTS = listFrom(process.env.BENCH_WIRE_PARTS, ["reads", "mix"]);
const DATABASES = listFrom(process.env.BENCH_WIRE_DATABASES, ["postgres", "pglite"]);

/** A comma-separated choice among `known` (all of them when unset); an unknown name is refused. */
function listFrom(value: string | undefined, known: string[]): string[] {
  const chosen = value ? value.split(",").map((name) => name.trim()) : known;
  const unknown = chosen.filter((name) => !known.includes(name));
  if (unknown.length > 0) throw new Error(`Unknown ${unknown.join(", ")}: choose among ${known.join(", ")}`);
  return chosen;
}

type ReadFigures = LoadFigures & { name: string };
export type WireRun = {
  database: "postgres" | "pglite";
  machine: string;
  /** Absent when the reads were not chosen (BENCH_WIRE_PARTS). */
  reads?: { health: LoadFigures; figures: ReadFigures[] };
  /** Absent when the mix was not chosen. */
  mix?: { health: MixFigures; mix: MixFigures };
};

async function startServer(bench: BenchDatabase): Promise<{ child: ChildProcess; ready: WireServerReady }> {
  const child = fork(fileURLToPath(new URL("./browser-reads-server.ts", import.meta.url)), [], {
    // BENCH_CPU_PROF_DIR: a CPU profile of the server for the whole run, written there as it exits.
    execArgv: [
      "--import",
      "tsx",
      ...(process.env.BENCH_CPU_PROF_DIR
        ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
        : []),
    ],
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      ...(bench.url ? { BENCH_SERVER_DATABASE_URL: bench.url } : { BENCH_SERVER_DATA_DIR: bench.dataDir }),
    },
  });
  const ready = await new Promise<WireServerReady>((resolve, reject) => {
    child.once("message", (message) => resolve(message as WireServerReady));
    child.once("exit", (code) => reject(new Error(`The benchmark server exited (${code})`)));
  });
  return { child, ready };
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.disconnect();
  await exited;
}

/** One path at 50 connections: a warm-up, then the measured run. */
async function measurePath(url: string, headers: Record<string, string>): Promise<LoadFigures> {
  await hammer({ url, headers, connections: CONNECTIONS, duration: WARMUP_SECONDS });
  return hammer({ url, headers, connections: CONNECTIONS, duration: SECONDS });
}

/** The health route's figures before and after the reads, averaged: the machine's pace moves meanwhile. */
function meanOf(before: LoadFigures, after: LoadFigures): LoadFigures {
  return {
    requestsPerSecond: (before.requestsPerSecond + after.requestsPerSecond) / 2,
    p99: (before.p99 + after.p99) / 2,
    non2xx: before.non2xx + after.non2xx,
    errors: before.errors + after.errors,
  };
}

/** Each signed-in read as a browser asks, beside the health route measured before and after them. */
async function measureReads(base: string, ready: WireServerReady): Promise<WireRun["reads"]> {
  const { cookie, clientId, eventId } = ready.firstSpeaker;
  const browser = { ...BROWSER_HEADERS, cookie };
  const healthBefore = await measurePath(`${base}${HEALTH_PATH}`, browser);
  const figures: ReadFigures[] = [];
  for (const read of benchReads({ clientId, eventId })) {
    figures.push({ name: read.name, ...(await measurePath(`${base}${read.path}`, browser)) });
  }
  figures.push({
    name: "event list, no compression",
    ...(await measurePath(`${base}${LIST_PATH}`, { cookie })),
  });
  return { health: meanOf(healthBefore, await measurePath(`${base}${HEALTH_PATH}`, browser)), figures };
}

/** The many-speaker mix, beside the health route driven by the same client just before it. */
async function measureMix(base: string, ready: WireServerReady): Promise<WireRun["mix"]> {
  const mixOptions = {
    url: base,
    speakers: ready.speakers,
    connections: CONNECTIONS,
    seconds: SECONDS + 2,
    warmupSeconds: WARMUP_SECONDS,
  };
  const health = await runMix({ ...mixOptions, healthOnly: true });
  return { health, mix: await runMix(mixOptions) };
}

async function runOn(database: WireRun["database"], open: () => Promise<BenchDatabase>): Promise<WireRun> {
  const bench = await open();
  try {
    console.log(`browser reads, ${database}: seeding ${SPEAKERS} speakers × ${EVENTS_PER_SPEAKER} events…`);
    await seedBookOfBusiness(bench.handle, SPEAKERS, EVENTS_PER_SPEAKER);
    // PGlite is one process's: the server opens the folder once the seeding handle lets go.
    if (!bench.url) await bench.handle.close();
    const machine = describeMachine();
    const { child, ready } = await startServer(bench);
    try {
      const base = `http://127.0.0.1:${ready.port}`;
      const reads = PARTS.includes("reads") ? await measureReads(base, ready) : undefined;
      const mix = PARTS.includes("mix") ? await measureMix(base, ready) : undefined;
      return { database, machine: `${machine}; after: ${describeMachine()}`, reads, mix };
    } finally {
      await stopServer(child);
    }
  } finally {
    await bench.dispose();
  }
}

export async function runBrowserReadsBenchmark(): Promise<WireRun[]> {
  const runs: WireRun[] = [];
  if (DATABASES.includes("postgres")) runs.push(await runOn("postgres", openBenchPostgres));
  if (DATABASES.includes("pglite")) runs.push(await runOn("pglite", openBenchPglite));
  return runs;
}

const mark = (isMet: boolean) => (isMet ? "✓" : "✗ (target missed)");
const perSecond = (value: number) => `${value.toFixed(0)}/s`.padStart(8);

/** Prints each figure beside the health route of the same run, and whether each target was met. */
export function reportBrowserReads(runs: WireRun[]): void {
  for (const run of runs) {
    console.log(
      `\n## Browser reads on ${run.database}: ${SPEAKERS} speakers × ${EVENTS_PER_SPEAKER} events, ` +
        `${CONNECTIONS} connections, NODE_ENV=production`,
    );
    console.log(`  machine: ${run.machine}`);
    if (run.reads) reportReads(run.reads);
    if (run.mix) reportMix(run.mix);
  }
}

function reportReads({ health, figures }: NonNullable<WireRun["reads"]>): void {
  const t = browserReadsTargets;
  console.log(`  reads as a browser asks, ${SECONDS} s each:`);
  console.log(
    `  ${"health route (before, after)".padEnd(28)} ${perSecond(health.requestsPerSecond)}  p99 ${health.p99} ms`,
  );
  for (const read of figures) {
    const ratio = read.requestsPerSecond / health.requestsPerSecond;
    const failures = read.non2xx + read.errors;
    console.log(
      `  ${read.name.padEnd(28)} ${perSecond(read.requestsPerSecond)}  ×${ratio.toFixed(2)} of health ` +
        `${mark(ratio >= t.readRatio)}  p99 ${read.p99} ms ${mark(read.p99 <= t.readP99)}` +
        (failures ? `  (${failures} non-2xx or errors)` : ""),
    );
  }
  console.log(`  targets: ≥ ${t.readRatio} × the health route, p99 ≤ ${t.readP99} ms`);
}

function reportMix({ health, mix }: NonNullable<WireRun["mix"]>): void {
  const t = browserReadsTargets;
  const ratio = mix.requestsPerSecond / health.requestsPerSecond;
  console.log(
    `\n  many-speaker mix: ${SPEAKERS} speakers at once, ${Math.round((1 - EDIT_SHARE) * 100)} % reads (list, ` +
      `dashboard, event, clients, search), ${Math.round(EDIT_SHARE * 100)} % event edits, browser headers, ` +
      `${CONNECTIONS} connections × ${SECONDS + 2} s`,
  );
  console.log(
    `  health route, same client: ${perSecond(health.requestsPerSecond)}  p50 ${health.p50} ms, p99 ${health.p99} ms`,
  );
  console.log(
    `  mix: ${perSecond(mix.requestsPerSecond)}  ×${ratio.toFixed(2)} of health ${mark(ratio >= t.mixRatio)}; ` +
      `p50 ${mix.p50} ms, p99 ${mix.p99} ms ${mark(mix.p99 <= t.mixP99)}; ` +
      `${mix.failures} errors ${mark(mix.failures === 0)}`,
  );
  console.log(
    `  edits (${mix.edits.count}): p50 ${mix.edits.p50.toFixed(1)} ms, p95 ${mix.edits.p95.toFixed(1)} ms ` +
      `${mark(mix.edits.p95 <= t.editP95)}`,
  );
  console.log(
    `  targets: ≥ ${t.mixRatio} × health, p99 ≤ ${t.mixP99} ms, no errors, edit p95 ≤ ${t.editP95} ms`,
  );
}
