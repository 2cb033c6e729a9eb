/**
 * The listening server of the media-kit benchmark, run as a child process (so the load generator and the
 * uploads do not share its event loop): the real application on PostgreSQL with files in a temporary
 * DATA_DIR, a speaker with a media kit and a media-kit link, and a bare route answering the same public
 * JSON pre-serialised (no database). It samples its own resident memory every 10 ms: asked "mark", it
 * collects garbage and starts a new peak from there; asked "peak", it answers the mark and the peak since.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/platform/db/client.ts";
import { createLogger } from "../src/server/platform/logger.ts";
import { createOutboxMailer } from "../src/server/platform/mail/mailer.ts";
import { mailLimitsOf } from "../src/server/platform/mail/third-party-mail.ts";
import { createSignedInClient } from "../src/test/book.ts";
import type { TestClient } from "../src/test/client.ts";
import { multipartParts } from "../src/test/multipart.ts";
import { makeBlankPng, makePng } from "../src/test/png.ts";

export const BARE_SHARE_PATH = "/bench/bare-share";
export type MediaKitServerReady = {
  port: number;
  cookie: string;
  csrfToken: string;
  token: string;
  /** A second speaker's link, whose headshot is the largest image an upload may be (16 megapixels). */
  heavyToken: string;
};
export type MemoryPeak = { markRss: number; peakRss: number };

const databaseUrl = process.env.BENCH_SERVER_DATABASE_URL;
if (!databaseUrl || !process.send) throw new Error("Run by bench/media-kit.ts only");

const secret = "bench-session-secret-".padEnd(48, "x");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-files-"));
const config = loadConfig({
  NODE_ENV: "production",
  LOG_LEVEL: "warn",
  SESSION_SECRET: secret,
  DATA_DIR: dataDir,
  // The public routes allow 600 calls per IP per 10 minutes; the load comes from one address.
  RATE_LIMIT_FACTOR: "100000",
});
const database = await openDatabase({ databaseUrl });
const app = await buildApp({
  config,
  database,
  mailer: createOutboxMailer(mailLimitsOf(config), async () => {}),
  secret,
  logger: createLogger(config),
});

let bareBody = "";
app.get(BARE_SHARE_PATH, { schema: { hide: true } }, async (_request, reply) =>
  reply.type("application/json; charset=utf-8").send(bareBody),
);

async function upload(client: TestClient, content: Buffer, filename: string, kind: string) {
  const { body, headers } = multipartParts([
    { name: "kind", value: kind },
    { name: "file", filename, content },
  ]);
  const response = await client.post("/api/files", body, { headers });
  if (response.statusCode !== 201) throw new Error(`Upload: ${response.statusCode} ${response.body}`);
  return response.json() as { id: string };
}

const { client } = await createSignedInClient(app, database.db);
await client.put("/api/speaker-profile", {
  name: "Jordan Rivera",
  title: "Leadership Speaker",
  email: "jordan@rivera.example",
  city: "Denver",
  state: "CO",
});
const headshot = await upload(client, makePng(400, 400), "jordan.png", "headshot");
const script = await upload(
  client,
  Buffer.from("Please welcome Jordan Rivera.\n".repeat(40)),
  "intro.txt",
  "document",
);
const kit = await client.put("/api/media-kit", {
  slug: "jordan-rivera",
  headline: "Leading through change",
  shortBio: "Jordan helps leaders steer their teams through change. ".repeat(4),
  longBio: "Twenty years on stage, on four continents. ".repeat(40),
  topics: Array.from({ length: 5 }, (_, i) => ({
    title: `Topic ${i + 1}: Leading through change`,
    description: "A keynote on steady leadership when everything moves. ".repeat(5),
    formats: ["keynote", "workshop"],
    audiences: "Sales teams, HR leaders",
  })),
  videos: [{ title: "Showreel", url: "https://vimeo.com/123456789" }],
  testimonials: Array.from({ length: 4 }, (_, i) => ({
    quote: "The best keynote our sales team has heard. ".repeat(2),
    author: `Organizer ${i + 1}`,
    organization: "ACME",
  })),
  feeRange: { from: 7500, to: 15000 },
  headshotFileIds: [headshot.id],
  resourceFileIds: [script.id],
});
if (kit.statusCode !== 200) throw new Error(`Media kit: ${kit.statusCode} ${kit.body}`);
const link = await client.post("/api/share-links", { kind: "media_kit", label: "Bench" });
const token = String(link.json().url).split("/").pop()!;

const heavy = (await createSignedInClient(app, database.db)).client;
await heavy.put("/api/speaker-profile", { name: "Alex Heavy" });
const heavyHeadshot = await upload(heavy, makeBlankPng(4000, 4000), "large.png", "headshot");
await heavy.put("/api/media-kit", { slug: "alex-heavy", headshotFileIds: [heavyHeadshot.id] });
const heavyLink = await heavy.post("/api/share-links", { kind: "media_kit", label: "Heavy" });
const heavyToken = String(heavyLink.json().url).split("/").pop()!;

const real = await app.inject({ url: `/api/public/share/${token}` });
if (real.statusCode !== 200) throw new Error(`Public share: ${real.statusCode} ${real.body}`);
bareBody = real.body;

await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const port = typeof address === "object" && address ? address.port : 0;
const cookie = [...client.jar].map(([name, value]) => `${name}=${value}`).join("; ");
process.send({
  port,
  cookie,
  csrfToken: client.jar.get("csrf-token")!,
  token,
  heavyToken,
} satisfies MediaKitServerReady);

let markRss = process.memoryUsage().rss;
let peakRss = markRss;
setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10).unref();
process.on("message", (message) => {
  if (message === "mark") {
    globalThis.gc?.();
    markRss = process.memoryUsage().rss;
    peakRss = markRss;
    process.send?.({ markRss, peakRss } satisfies MemoryPeak);
  } else if (message === "peak") {
    process.send?.({ markRss, peakRss: Math.max(peakRss, process.memoryUsage().rss) } satisfies MemoryPeak);
  }
});

process.on("disconnect", async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
});
