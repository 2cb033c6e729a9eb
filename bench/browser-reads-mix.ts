/**
 * The many-speaker mix (issue 29): every seeded speaker at once through one autocannon client, each request
 * drawn afresh (per-request setup): 80 % reads spread evenly over the event list, the dashboard, an event, the
 * clients list and search, and 20 % edits of one of the speaker's events, all with a browser's headers. The
 * health route is driven by the same client, the same way, for the ratio.
 */
import autocannon from "autocannon";
import { percentile } from "./measure.ts";

/** What the benchmark server tells the parent once it listens. */
export type MixSpeaker = { cookie: string; csrfToken: string; eventIds: string[] };
export type WireServerReady = {
  port: number;
  speakers: MixSpeaker[];
  /** The speaker of the single-read figures, and a client and event of theirs. */
  firstSpeaker: { cookie: string; clientId: string; eventId: string };
};

/** What Chrome sends with a fetch of JSON. */
export const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", accept: "application/json" };
export const HEALTH_PATH = "/api/health";

/**
 * The share of edits, 0.2 by default (the mix). `BENCH_MIX_EDIT_SHARE=1` (edits only) and `=0` (reads
 * only) measure the two bounds the mix lies between (decision 050).
 */
export const EDIT_SHARE = editShareFrom(process.env.BENCH_MIX_EDIT_SHARE);

function editShareFrom(text: string | undefined): number {
  if (text === undefined) return 0.2;
  const share = Number(text);
  if (!(share >= 0 && share <= 1))
    throw new Error(`BENCH_MIX_EDIT_SHARE must be between 0 and 1, not ${text}`);
  return share;
}
const SEARCH_WORDS = ["keynote", "summit", "leadership", "chicago", "acme", "workshop", "growth", "hilton"];

export type MixFigures = {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Edits alone, from their own timings (ms). */
  edits: { count: number; p50: number; p95: number };
  /** Answers other than 2xx/304, and connection errors or timeouts. */
  failures: number;
};

/** A small seeded generator, so two runs draw the same sequence of requests. */
function createRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

type Drawn = { method: "GET" | "PATCH"; path: string; headers: Record<string, string>; body?: string };

function drawRequest(random: () => number, speakers: MixSpeaker[], healthOnly: boolean): Drawn {
  const speaker = speakers[Math.floor(random() * speakers.length)]!;
  const headers = { ...BROWSER_HEADERS, cookie: speaker.cookie };
  if (healthOnly) return { method: "GET", path: HEALTH_PATH, headers };
  const eventId = speaker.eventIds[Math.floor(random() * speaker.eventIds.length)]!;
  const draw = random();
  if (draw < EDIT_SHARE) {
    return {
      method: "PATCH",
      path: `/api/events/${eventId}`,
      headers: { ...headers, "content-type": "application/json", "x-csrf-token": speaker.csrfToken },
      body: JSON.stringify({ attendees: 50 + Math.floor(random() * 2000) }),
    };
  }
  const reads = [
    "/api/events?limit=50",
    "/api/dashboard",
    `/api/events/${eventId}`,
    "/api/clients",
    `/api/search?q=${SEARCH_WORDS[Math.floor(random() * SEARCH_WORDS.length)]}`,
  ];
  return {
    method: "GET",
    path: reads[Math.floor(((draw - EDIT_SHARE) / (1 - EDIT_SHARE)) * reads.length)]!,
    headers,
  };
}

type Timing = { sentAt?: bigint; isEdit?: boolean };

/**
 * One run of the mix (or of the health route, `healthOnly`) at `connections` for `seconds`, after a warm-up
 * of `warmupSeconds` that is not counted.
 */
export async function runMix(options: {
  url: string;
  speakers: MixSpeaker[];
  connections: number;
  seconds: number;
  warmupSeconds: number;
  healthOnly?: boolean;
}): Promise<MixFigures> {
  const random = createRandom(29);
  let editDurations: number[] = [];
  let failures = 0;
  const request: autocannon.Request = {
    setupRequest: (request, context) => {
      const drawn = drawRequest(random, options.speakers, options.healthOnly ?? false);
      const timing = context as Timing;
      timing.sentAt = process.hrtime.bigint();
      timing.isEdit = drawn.method === "PATCH";
      return { ...request, ...drawn };
    },
    onResponse: (status, _body, context) => {
      const timing = context as Timing;
      if (status >= 400) failures++;
      if (timing.isEdit && timing.sentAt !== undefined) {
        editDurations.push(Number(process.hrtime.bigint() - timing.sentAt) / 1e6);
      }
    },
  };
  const run = (duration: number) =>
    autocannon({ url: options.url, connections: options.connections, duration, requests: [request] });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  editDurations = [];
  failures = 0;
  const result = await run(options.seconds);
  editDurations.sort((a, b) => a - b);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    edits: {
      count: editDurations.length,
      p50: percentile(editDurations, 0.5),
      p95: percentile(editDurations, 0.95),
    },
    failures: failures + result.errors + result.timeouts,
  };
}
