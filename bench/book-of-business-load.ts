import { type ChildProcess, fork } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import {
  BARE_PATH,
  type BenchRead,
  type ServerMemory,
  type ServerReady,
  SOAK_PATHS,
} from "./book-of-business-routes.ts";

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 3;
/** Rounds of (bare, each read), BENCH_LOAD_ROUNDS to change: one 10 s run on 2 shared CPUs swings by ±25 %. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);
/** The mixed soak: 200 connections, a warm-up and then the measured run, each this long (BENCH_SOAK_SECONDS). */
const SOAK_CONNECTIONS = 200;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 60);

export type LoadFigures = { requestsPerSecond: number; p99: number; non2xx: number; errors: number };
export type LoadRound = { bare: LoadFigures; reads: Record<string, LoadFigures> };
export type SoakResult = {
  connections: number;
  seconds: number;
  paths: string[];
  figures: LoadFigures & { p50: number };
  /** The server's memory after a full collection, after the warm-up and after the measured run. */
  before: ServerMemory;
  after: ServerMemory;
  /** The machine's 1-minute load average before and after the measured run. */
  load: [number, number];
};
export type LoadResult = { rounds: LoadRound[]; reads: BenchRead[]; bareBytes: number; soak: SoakResult };

/** One autocannon run (50 connections unless told): req/s, latencies in ms, failures. */
export async function hammer(options: autocannon.Options): Promise<LoadFigures & { p50: number }> {
  const result = await autocannon({ connections: CONNECTIONS, ...options });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function askMemory(child: ChildProcess): Promise<ServerMemory> {
  return new Promise((resolve) => {
    child.once("message", (message) => resolve(message as ServerMemory));
    child.send("memory");
  });
}

/**
 * The mixed soak: the five reads at 200 connections for a warm-up, then measured for as long again, with the
 * server's memory (after a full collection) once warm and at the end.
 */
async function soak(child: ChildProcess, base: string, cookie: string): Promise<SoakResult> {
  const options: autocannon.Options = {
    url: base,
    connections: SOAK_CONNECTIONS,
    duration: SOAK_SECONDS,
    requests: SOAK_PATHS.map((path) => ({ method: "GET", path, headers: { cookie } })),
  };
  await hammer(options);
  const before = await askMemory(child);
  const loadBefore = os.loadavg()[0]!;
  const figures = await hammer(options);
  const after = await askMemory(child);
  return {
    connections: SOAK_CONNECTIONS,
    seconds: SOAK_SECONDS,
    paths: SOAK_PATHS,
    figures,
    before,
    after,
    load: [loadBefore, os.loadavg()[0]!],
  };
}

/**
 * 50 connections for 10 s against a listening server in a child process (NODE_ENV=production,
 * LOG_LEVEL=warn), after a short warm-up of each route: the bare route, then each signed-in read, in
 * alternating rounds, so a slow spell of the machine falls on all rather than on one. Then the mixed soak.
 */
export async function measureLoad(databaseUrl: string): Promise<LoadResult> {
  const serverFile = fileURLToPath(new URL("./book-of-business-server.ts", import.meta.url));
  const child = fork(serverFile, [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      BENCH_SERVER_DATABASE_URL: databaseUrl,
    },
  });
  try {
    const ready = await new Promise<ServerReady>((resolve, reject) => {
      child.once("message", (message) => resolve(message as ServerReady));
      child.once("exit", (code) => reject(new Error(`The benchmark server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    const headers = { cookie: ready.cookie };
    await hammer({ url: `${base}${BARE_PATH}`, duration: WARMUP_SECONDS });
    for (const read of ready.reads) {
      await hammer({ url: `${base}${read.path}`, headers, duration: WARMUP_SECONDS });
    }
    const rounds: LoadRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await hammer({ url: `${base}${BARE_PATH}`, duration: SECONDS });
      const reads: Record<string, LoadFigures> = {};
      for (const read of ready.reads) {
        reads[read.name] = await hammer({ url: `${base}${read.path}`, headers, duration: SECONDS });
      }
      rounds.push({ bare, reads });
    }
    return {
      rounds,
      reads: ready.reads,
      bareBytes: ready.bareBytes,
      soak: await soak(child, base, ready.cookie),
    };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    }
  }
}
