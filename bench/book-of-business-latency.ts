import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "../src/server/platform/db/client.ts";
import { bookVersions, events } from "../src/server/platform/db/schema.ts";
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

export type SingleClientLatencies = {
  eventList: Latency;
  /** The list read right after a change, when the page cache cannot answer. */
  eventListUncached: Latency;
  eventDetail: Latency;
  search: Latency;
  dashboard: Latency;
};

/** p50/p95 of each call for one signed-in speaker, one request at a time, through `app.inject`. */
export async function measureSingleClient(database: DatabaseHandle): Promise<SingleClientLatencies> {
  const { app, userId, cookie } = await buildBenchApp(database, BENCH_SPEAKER.username);
  const sample = await database.db
    .select({ id: events.id })
    .from(events)
    .where(eq(events.userId, userId))
    .orderBy(sql`random()`)
    .limit(200);
  const ids = sample.map((row) => row.id);

  const get = (url: string) => async () => {
    const response = await app.inject({ method: "GET", url, headers: { cookie } });
    if (response.statusCode !== 200) throw new Error(`GET ${url}: ${response.statusCode} ${response.body}`);
  };
  try {
    return {
      eventList: await measureLatency(get("/api/events?limit=50")),
      eventListUncached: await measureLatency(get("/api/events?limit=50"), {
        // What any change to the speaker's events, clients or partners does (drizzle/0004).
        before: () =>
          database.db
            .update(bookVersions)
            .set({ version: sql`${bookVersions.version} + 1` })
            .where(eq(bookVersions.userId, userId)),
      }),
      eventDetail: await measureLatency((index) => get(`/api/events/${ids[index % ids.length]}`)()),
      search: await measureLatency((index) =>
        get(`/api/search?q=${encodeURIComponent(SEARCH_TEXTS[index % SEARCH_TEXTS.length]!)}`)(),
      ),
      dashboard: await measureLatency(get("/api/dashboard"), { samples: 300, warmup: 50 }),
    };
  } finally {
    await app.close();
  }
}
