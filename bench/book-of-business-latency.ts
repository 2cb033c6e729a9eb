import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/server/platform/db/client.ts";
import { clients, events } from "../src/server/platform/db/schema.ts";
import { buildBenchApp } from "./bench-app.ts";
import { BENCH_SPEAKER } from "./book-of-business-seed.ts";
import { type Latency, measureLatency } from "./measure.ts";

/** Search texts a speaker would type: title words, cities, venues, client names and companies, 2-letter starts. */
const SEARCH_TEXTS = [
  "lead",
  "summit",
  "chic",
  "hyatt",
  "acme",
  "avery",
  "gala 2024",
  "ma",
  "xq",
  "innovation w",
];

/**
 * One read's p50/p95: as a speaker meets it (`cached`: the book unchanged since the answer was built) and
 * right after a change to the book (`uncached`: every answer built from the database).
 */
export type SingleClientRead = { name: string; cached: Latency; uncached: Latency };

/** p50/p95 of each signed-in read for one speaker, one request at a time, through `app.inject`. */
export async function measureSingleClient(database: DatabaseHandle): Promise<SingleClientRead[]> {
  const { app, userId, cookie } = await buildBenchApp(database, BENCH_SPEAKER.username);
  const sampleIds = async (table: typeof events | typeof clients) =>
    (
      await database.db
        .select({ id: table.id })
        .from(table)
        .where(eq(table.userId, userId))
        .orderBy(sql`random()`)
        .limit(200)
    ).map((row) => row.id);
  const eventIds = await sampleIds(events);
  const clientIds = await sampleIds(clients);
  const reads: { name: string; url: (index: number) => string }[] = [
    { name: "event list", url: () => "/api/events?limit=50" },
    { name: "dashboard", url: () => "/api/dashboard" },
    { name: "clients list", url: () => "/api/clients" },
    { name: "bureau-partners list", url: () => "/api/bureau-partners" },
    { name: "client detail", url: (index) => `/api/clients/${clientIds[index % clientIds.length]}` },
    { name: "event detail", url: (index) => `/api/events/${eventIds[index % eventIds.length]}` },
    {
      name: "search",
      url: (index) => `/api/search?q=${encodeURIComponent(SEARCH_TEXTS[index % SEARCH_TEXTS.length]!)}`,
    },
  ];
  const get = (url: string) => async () => {
    const response = await app.inject({ method: "GET", url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  };
  // A change as the speaker makes one: a write through the API, which bumps the book version (drizzle/0004)
  // and, as every write does, ends this process's reuse of the session (session-cache.ts), so the next read
  // sees the new version and builds its answer from the database.
  const csrf = await app.inject({ method: "GET", url: "/api/csrf-token", headers: { cookie } });
  const csrfToken = (csrf.json() as { csrfToken: string }).csrfToken;
  const writeHeaders = { cookie: `${cookie}; csrf-token=${csrfToken}`, "x-csrf-token": csrfToken };
  let changes = 0;
  const changeBook = async () => {
    changes += 1;
    const response = await app.inject({
      method: "PATCH",
      url: `/api/events/${eventIds[0]}`,
      headers: writeHeaders,
      payload: { notes: `Bench change ${changes}` },
    });
    if (response.statusCode !== 200) throw new Error(`PATCH event: ${response.statusCode} ${response.body}`);
  };
  try {
    const measured: SingleClientRead[] = [];
    for (const read of reads) {
      const task = (index: number) => get(read.url(index))();
      measured.push({
        name: read.name,
        cached: await measureLatency(task),
        uncached: await measureLatency(task, { samples: 200, warmup: 20, before: changeBook }),
      });
    }
    return measured;
  } finally {
    await app.close();
  }
}
