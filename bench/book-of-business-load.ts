import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { BARE_PATH, LIST_PATH, type ServerReady } from "./book-of-business-routes.ts";

const CONNECTIONS = 50;
const SECONDS = 10;
const WARMUP_SECONDS = 3;
/** Rounds of (bare, real), BENCH_LOAD_ROUNDS to change: one 10 s run on 2 shared CPUs swings by ±25 %. */
const ROUNDS = Number(process.env.BENCH_LOAD_ROUNDS ?? 3);

export type LoadFigures = { requestsPerSecond: number; p99: number; non2xx: number; errors: number };
export type LoadRound = { bare: LoadFigures; real: LoadFigures };
export type LoadResult = { rounds: LoadRound[]; bareBytes: number };

async function hammer(url: string, headers: Record<string, string>, seconds: number): Promise<LoadFigures> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * 50 connections for 10 s against a listening server in a child process (NODE_ENV=production,
 * LOG_LEVEL=warn), after a short warm-up of each route: the bare route, then the real signed-in event list,
 * in alternating rounds, so a slow spell of the machine falls on both rather than on one.
 */
export async function measureLoad(databaseUrl: string): Promise<LoadResult> {
  const serverFile = fileURLToPath(new URL("./book-of-business-server.ts", import.meta.url));
  const child = fork(serverFile, [], {
    execArgv: ["--import", "tsx"],
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
    const signedIn = { cookie: ready.cookie };
    await hammer(`${base}${BARE_PATH}`, {}, WARMUP_SECONDS);
    await hammer(`${base}${LIST_PATH}`, signedIn, WARMUP_SECONDS);
    const rounds: LoadRound[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await hammer(`${base}${BARE_PATH}`, {}, SECONDS);
      const real = await hammer(`${base}${LIST_PATH}`, signedIn, SECONDS);
      rounds.push({ bare, real });
    }
    return { rounds, bareBytes: ready.bareBytes };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    }
  }
}
