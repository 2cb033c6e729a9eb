/**
 * Multi-process benchmark (issue 29): 2 server processes on one fresh PostgreSQL behind HAProxy
 * (src/test/cluster.ts, loopback only), driven through the load balancer with a browser's Accept-Encoding:
 * the health route, the signed-in reads, and a mix of 80 % reads and 20 % event edits by several speakers,
 * each printed beside the health route of the same run. Bounded: a few seconds per figure.
 *
 *   npm run bench -- cluster            this module alone
 *   BENCH_CLUSTER_SECONDS=3             seconds per measured figure (default 3)
 */
import autocannon from "autocannon";
import type { Database } from "../src/server/platform/db/client.ts";
import { clients, events } from "../src/server/platform/db/schema.ts";
import { type Cluster, startCluster } from "../src/test/cluster.ts";
import { createSignedInFetchClient } from "../src/test/fetch-client.ts";
import { describeMachine } from "./book-of-business.ts";

const PROCESSES = 2;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 3);
const SPEAKERS = 10;
const EVENTS_PER_SPEAKER = 100;
const CLIENTS_PER_SPEAKER = 10;
/** What every browser sends; the answers are compressed as they would be for a speaker. */
export const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br";

type Speaker = { cookie: string; csrf: string; eventIds: string[] };
export type ClusterFigures = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failures: number;
};
export type ClusterRun = { machine: string; figures: ClusterFigures[]; health: ClusterFigures };

const READS = [
  { name: "event list", path: "/api/events?limit=50" },
  { name: "dashboard", path: "/api/dashboard" },
  { name: "clients list", path: "/api/clients" },
  { name: "search", path: "/api/search?q=keynote" },
];

/** Speakers with a book each, signed in: their session cookie, CSRF token and event ids. */
async function seedSpeakers(db: Database, base: string): Promise<Speaker[]> {
  const speakers: Speaker[] = [];
  for (let index = 0; index < SPEAKERS; index++) {
    const { user, client: browser } = await createSignedInFetchClient(db, base);
    const clientRows = await db
      .insert(clients)
      .values(
        Array.from({ length: CLIENTS_PER_SPEAKER }, (_, c) => ({ userId: user.id, name: `Client ${c}` })),
      )
      .returning({ id: clients.id });
    const eventRows = await db
      .insert(events)
      .values(
        Array.from({ length: EVENTS_PER_SPEAKER }, (_, e) => ({
          userId: user.id,
          clientId: clientRows[e % clientRows.length]!.id,
          title: `Keynote ${e}`,
          date: new Date(Date.UTC(2030, 0, 1) + e * 86_400_000).toISOString().slice(0, 10),
          fee: 5000 + e,
        })),
      )
      .returning({ id: events.id });
    await browser.get("/api/csrf-token");
    const cookie = [...browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    speakers.push({ cookie, csrf: browser.jar.get("csrf-token")!, eventIds: eventRows.map((row) => row.id) });
  }
  return speakers;
}

async function hammer(name: string, options: autocannon.Options): Promise<ClusterFigures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors,
  };
}

/** Each connection is one speaker (in turn); four reads then one edit of one of their events: 80/20. */
function mixRequests(speakers: Speaker[]): autocannon.Request[] {
  let nextSpeaker = 0;
  let edits = 0;
  type Context = { speaker?: Speaker };
  const headersOf = (speaker: Speaker) => ({
    cookie: speaker.cookie,
    "accept-encoding": BROWSER_ACCEPT_ENCODING,
  });
  const read = (path: string): autocannon.Request => ({
    method: "GET",
    path,
    setupRequest: (request, context: Context) => {
      context.speaker ??= speakers[nextSpeaker++ % speakers.length]!;
      return { ...request, headers: headersOf(context.speaker) };
    },
  });
  return [
    ...READS.map(({ path }) => read(path)),
    {
      method: "PATCH",
      setupRequest: (request, context: Context) => {
        const speaker = context.speaker!;
        edits += 1;
        return {
          ...request,
          path: `/api/events/${speaker.eventIds[edits % speaker.eventIds.length]}`,
          headers: {
            ...headersOf(speaker),
            "x-csrf-token": speaker.csrf,
            "content-type": "application/json",
          },
          body: JSON.stringify({ title: `Keynote, edit ${edits}` }),
        };
      },
    },
  ];
}

export async function runClusterBenchmark(): Promise<ClusterRun> {
  console.log(`cluster: starting ${PROCESSES} processes behind HAProxy on a fresh PostgreSQL database…`);
  const cluster: Cluster = await startCluster({
    processes: PROCESSES,
    // Production settings; no sweep, and no rate limit in the way of one address's 50 connections.
    env: { SCHEDULER_INTERVAL_SECONDS: "0", RATE_LIMIT_FACTOR: "1000" },
  });
  try {
    const speakers = await seedSpeakers(cluster.database.db, cluster.url);
    const machine = describeMachine();
    const browser = { "accept-encoding": BROWSER_ACCEPT_ENCODING };
    const url = cluster.url;
    // Warm-up: every process compiles its routes and fills its caches.
    await hammer("warm-up", { url, duration: 1, requests: mixRequests(speakers) });
    const healthRoute = () => hammer("health route", { url: `${url}/api/health`, headers: browser });
    const healthBefore = await healthRoute();
    const figures: ClusterFigures[] = [];
    for (const { name, path } of READS) {
      figures.push(
        await hammer(name, { url: `${url}${path}`, headers: { ...browser, cookie: speakers[0]!.cookie } }),
      );
    }
    figures.push(
      await hammer(`mix of ${SPEAKERS} speakers, 80 % reads / 20 % edits`, {
        url,
        requests: mixRequests(speakers),
      }),
    );
    // Measured before and after the others, so a slow spell of a shared machine weighs on both sides.
    const healthAfter = await healthRoute();
    const health = {
      ...healthAfter,
      requestsPerSecond: (healthBefore.requestsPerSecond + healthAfter.requestsPerSecond) / 2,
      p50: Math.max(healthBefore.p50, healthAfter.p50),
      p99: Math.max(healthBefore.p99, healthAfter.p99),
      failures: healthBefore.failures + healthAfter.failures,
    };
    return { machine: `${machine}; after: ${describeMachine()}`, figures, health };
  } finally {
    await cluster.stop();
  }
}

export function reportCluster(run: ClusterRun): void {
  console.log(
    `\n## ${PROCESSES} processes behind HAProxy on PostgreSQL (round-robin, loopback), ${CONNECTIONS} connections × ` +
      `${SECONDS} s each, Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}, NODE_ENV=production`,
  );
  console.log(`  machine: ${run.machine}`);
  const row = (figures: ClusterFigures, ratio: string) =>
    console.log(
      `  ${figures.name.padEnd(48)} ${`${figures.requestsPerSecond.toFixed(0)}/s`.padStart(8)}   ` +
        `p50 ${String(figures.p50).padStart(4)} ms   p99 ${String(figures.p99).padStart(4)} ms   ${ratio}` +
        (figures.failures ? `   (${figures.failures} non-2xx or errors)` : ""),
    );
  row(run.health, "(the health route through the same load balancer: mean of before and after)");
  for (const figures of run.figures) {
    row(
      figures,
      `${((figures.requestsPerSecond / run.health.requestsPerSecond) * 100).toFixed(1)} % of health`,
    );
  }
}
