/**
 * Public pages benchmark (issue 28, item 10): Lighthouse's mobile preset, median of 3 runs, on each page a
 * planner opens from a link (a shared media kit, an invoice, a contract to sign, the inquiry form) and on the
 * landing page for comparison; targets LCP ≤ 1.5 s and ≤ 100 KiB of JavaScript. One speaker with a full
 * media kit is seeded into a fresh data folder, then the current build (`npm run build` first) serves it as
 * `npm start` does (scripts/lighthouse.mjs). Alone: `npx tsx bench/public-pages.ts`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { fixed, formatRuns, measurePages, type PageRuns } from "../scripts/lighthouse.mjs";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import { openDatabase } from "../src/server/platform/db/client.ts";
import { runMigrations } from "../src/server/platform/db/migrate.ts";
import { createOutboxMailer } from "../src/server/platform/mail/mailer.ts";
import { mailLimitsOf } from "../src/server/platform/mail/third-party-mail.ts";
import { loadSecret } from "../src/server/platform/secret.ts";
import { createSignedInClient, postEvent } from "../src/test/book.ts";
import type { TestClient } from "../src/test/client.ts";
import { makePng, uploadOk } from "../src/test/files.ts";

export const publicPageTargets = { lcpSeconds: 1.5, jsKib: 100 };
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Some of the pages only (e.g. `invoice,share`), and a folder to keep each run's Lighthouse report in. */
const ONLY = process.env.BENCH_PUBLIC_PAGES?.split(",");
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;

export type PublicPagesResult = { pages: (PageRuns & { name: string })[]; load: [number, number] };

async function ok(response: { statusCode: number; body: string; json(): unknown }) {
  if (response.statusCode >= 300) throw new Error(`${response.statusCode} ${response.body}`);
  // biome-ignore lint/suspicious/noExplicitAny: the seed reads a field or two of each answer
  return response.json() as any;
}

/** A speaker as a planner meets them: profile, media kit with a headshot, and one link of each kind. */
async function seedSpeaker(client: TestClient) {
  await ok(
    await client.put("/api/speaker-profile", {
      name: "Jordan Rivera",
      title: "Leadership Speaker",
      businessName: "Rivera Talks LLC",
      email: "jordan@rivera.example",
      phone: "+1 303 555 0100",
      city: "Denver",
      state: "CO",
    }),
  );
  const headshot = await uploadOk(client, makePng(400, 400), { filename: "jordan.png", kind: "headshot" });
  const slug = "jordan-rivera";
  await ok(
    await client.put("/api/media-kit", {
      slug,
      headline: "Leading through change, one team at a time",
      shortBio: "Jordan helps leaders steer their teams through change. ".repeat(3).trim(),
      longBio: "Twenty years on stages across North America and Europe. ".repeat(12).trim(),
      topics: [
        { title: "Resilient Teams", description: "When the plan falls apart.", formats: ["keynote"] },
        { title: "Change Without Chaos", description: "A half-day workshop.", formats: ["workshop"] },
      ],
      feeRange: { from: 10000, to: 15000 },
      travelsFrom: "Denver, CO",
      testimonials: [
        { quote: "The best keynote we have had.", author: "Dana Lee", organization: "ACME Corp" },
      ],
      headshotFileIds: [headshot.id],
    }),
  );
  const share = await ok(await client.post("/api/share-links", { kind: "media_kit", label: "Kickoff" }));

  const billed = await ok(await client.post("/api/clients", { name: "Dana Lee", company: "ACME Corp" }));
  const invoice = await ok(
    await client.post("/api/invoices", {
      clientId: billed.id,
      items: [
        { description: "Opening keynote", quantity: 1, unitPrice: 12000 },
        { description: "Travel", quantity: 1, unitPrice: 1500 },
      ],
      notes: "Thank you for having me.",
    }),
  );
  const sentInvoice = await ok(
    await client.post(`/api/invoices/${invoice.id}/send`, { to: "dana@acme.example" }),
  );

  const event = await postEvent(client, {
    title: "ACME Sales Kickoff",
    date: "2030-05-01",
    fee: 12000,
    venueName: "Hilton Denver",
    city: "Denver",
    state: "CO",
    contactName: "Dana Lee",
    contactEmail: "dana@acme.example",
  });
  const contract = await ok(await client.post(`/api/events/${event.id}/contracts`, {}));
  const sentContract = await ok(
    await client.post(`/api/contracts/${contract.id}/send`, {
      signerName: "Dana Lee",
      signerEmail: "dana@acme.example",
    }),
  );
  const pathOf = (url: string) => new URL(url).pathname;
  return {
    share: pathOf(share.url),
    invoice: pathOf(sentInvoice.publicUrl),
    sign: pathOf(sentContract.publicUrl),
    inquire: `/inquire/${slug}`,
  };
}

/** Seeds `dataDir` as the server will open it (same database, same secret), then closes it for the server. */
async function seed(dataDir: string) {
  // The environment `npm start` runs with (decision 004), so the server finds the same secret and database.
  const config = loadConfig({ ...process.env, LOG_LEVEL: "warn", DATA_DIR: dataDir });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
  try {
    await runMigrations(database);
    const app = await buildApp({
      config,
      database,
      mailer: createOutboxMailer(mailLimitsOf(config), async () => {}),
      secret: loadSecret(config.SESSION_SECRET, dataDir),
    });
    try {
      const { client } = await createSignedInClient(app, database.db);
      return await seedSpeaker(client);
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

export async function runPublicPagesBenchmark(): Promise<PublicPagesResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-pages-"));
  try {
    const paths = await seed(dataDir);
    const named = [["landing", "/auth"], ...Object.entries(paths)].filter(
      ([name]) => !ONLY || ONLY.includes(name!),
    ) as [string, string][];
    const measured = await measurePages({
      paths: named.map(([, pagePath]) => pagePath),
      runs: RUNS,
      dataDir,
      reportsDir: REPORTS_DIR,
    });
    const load = os.loadavg();
    return {
      pages: measured.map((page, index) => ({ ...page, name: named[index]![0] })),
      load: [load[0]!, load[1]!],
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function reportPublicPages(result: PublicPagesResult) {
  const version = result.pages[0]?.version ?? "";
  console.log(`\n## Public pages: Lighthouse ${version}, mobile preset, median of ${RUNS} runs`);
  console.log(`(load average ${result.load.map((value) => value.toFixed(2)).join(", ")})\n`);
  console.log("| page | performance | LCP | TBT | CLS | JavaScript | LCP ≤ 1.5 s | JS ≤ 100 KiB |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const { name, median } of result.pages) {
    const meets = (isMet: boolean) => (isMet ? "yes" : "NO");
    console.log(
      `| ${name} | ${median.performance} | ${fixed(median.lcpSeconds, 2)} s | ${fixed(median.tbtMs, 0)} ms | ${fixed(median.cls, 3)} | ${fixed(median.jsKib, 1)} KiB | ${meets(median.lcpSeconds <= publicPageTargets.lcpSeconds)} | ${meets(median.jsKib <= publicPageTargets.jsKib)} |`,
    );
  }
  for (const page of result.pages)
    console.log(`\n${page.name} (${page.path.split("/")[1]}):\n${formatRuns(page)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  reportPublicPages(await runPublicPagesBenchmark());
}
