/**
 * Data management benchmark (issue 5): import of a 10,000-row workbook (dry run, then for real) into an
 * empty account, and export of that 10,000-event account with the server's peak memory growth.
 *
 * The server runs in a child process (this file with --serve) so that its memory is measured alone; it
 * samples its own RSS every few milliseconds between the parent's "start" and "stop" messages.
 *
 *   npx tsx bench/data-management.ts        (PGlite on disk; DATABASE_URL=postgres://… for a server)
 */
import { fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";

const EVENT_COUNT = 10_000;
export const dataManagementTargets = { exportSeconds: 2, importSeconds: 5, exportMemoryMb: 150 };

export type DataManagementResult = {
  events: number;
  workbookMb: number;
  dryRunSeconds: number;
  importSeconds: number;
  reimportSeconds: number;
  exportSeconds: number;
  exportPeakRssGrowthMb: number;
  exportPeakHeapGrowthMb: number;
  database: string;
};

type ServerMessage =
  | { type: "ready"; port: number; cookie: string; database: string }
  | { type: "memory"; rssGrowth: number; heapGrowth: number };

/** Starts the server child, runs the three measurements and stops the child. */
export async function runDataManagementBenchmark(): Promise<DataManagementResult> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, LOG_LEVEL: "silent" },
  });
  const nextMessage = <T extends ServerMessage["type"]>(type: T) =>
    new Promise<Extract<ServerMessage, { type: T }>>((resolve, reject) => {
      const onMessage = (message: ServerMessage) => {
        if (message.type !== type) return;
        child.off("exit", onExit);
        child.off("message", onMessage);
        resolve(message as Extract<ServerMessage, { type: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`The benchmark server exited (${code})`));
      child.on("message", onMessage);
      child.once("exit", onExit);
    });
  try {
    const ready = await nextMessage("ready");
    const base = `http://127.0.0.1:${ready.port}`;
    const csrf = await fetch(`${base}/api/csrf-token`, { headers: { cookie: ready.cookie } });
    const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
    const headers = { cookie: `${ready.cookie}; csrf-token=${csrfToken}`, "x-csrf-token": csrfToken };
    const workbook = await buildWorkbook();

    const upload = async (dryRun: boolean) => {
      const form = new FormData();
      form.append("file", new Blob([new Uint8Array(workbook)]), "book.xlsx");
      const started = performance.now();
      const response = await fetch(`${base}/api/import?dryRun=${dryRun}`, {
        method: "POST",
        headers,
        body: form,
      });
      const summary = (await response.json()) as {
        created: { events: number };
        unchanged: { events: number };
      };
      if (response.status !== 200) throw new Error(`import answered ${response.status}`);
      return { seconds: (performance.now() - started) / 1000, summary };
    };
    const dryRun = await upload(true);
    const realImport = await upload(false);
    if (realImport.summary.created.events !== EVENT_COUNT)
      throw new Error("import did not create every event");
    const reimport = await upload(false);
    if (reimport.summary.unchanged.events !== EVENT_COUNT) throw new Error("re-import was not a no-op");

    child.send("start");
    const started = performance.now();
    const response = await fetch(`${base}/api/export/workbook`, { headers });
    const file = Buffer.from(await response.arrayBuffer());
    const exportSeconds = (performance.now() - started) / 1000;
    child.send("stop");
    const memory = await nextMessage("memory");
    if (response.status !== 200 || file.length < 100_000) throw new Error("export failed");

    return {
      events: EVENT_COUNT,
      workbookMb: round(workbook.length / 1024 / 1024),
      dryRunSeconds: round(dryRun.seconds),
      importSeconds: round(realImport.seconds),
      reimportSeconds: round(reimport.seconds),
      exportSeconds: round(exportSeconds),
      exportPeakRssGrowthMb: round(memory.rssGrowth / 1024 / 1024),
      exportPeakHeapGrowthMb: round(memory.heapGrowth / 1024 / 1024),
      database: ready.database,
    };
  } finally {
    child.kill("SIGTERM");
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

/** A 10,000-event workbook in the export format, with 500 clients and 20 bureau partners. */
async function buildWorkbook(): Promise<Buffer> {
  const { writeWorkbook } = await import("../src/server/features/data-management/export-workbook.ts");
  const statuses = ["Inquiry", "Hold", "Confirmed", "Postponed", "Completed", "Cancelled"];
  const events = Array.from({ length: EVENT_COUNT }, (_, i) => ({
    title: `${["Keynote", "Workshop", "Panel", "Retreat"][i % 4]} ${i}`,
    date: new Date(Date.UTC(2020 + (i % 8), i % 12, 1 + (i % 28))),
    venueName: `Venue ${i % 400}`,
    streetAddress: `${100 + (i % 900)} Main Street`,
    city: ["Austin", "Denver", "Chicago", "Boston"][i % 4]!,
    state: ["TX", "CO", "IL", "MA"][i % 4]!,
    zipCode: String(10_000 + (i % 89_999)),
    fee: 2500 + (i % 40) * 250,
    travelFee: (i % 5) * 150,
    grossFee: 2500 + (i % 40) * 250 + (i % 5) * 150,
    status: statuses[i % statuses.length]!,
    description: "An interactive session on leading teams through change, with Q&A.",
    notes: i % 3 === 0 ? "Send slides a week ahead" : null,
    source: ["Referral", "Website", "Bureau"][i % 3]!,
    attendees: 50 + (i % 950),
    time: "9:30 AM",
    industry: null,
    bureauPartnerName: i % 2 === 0 ? `Bureau ${i % 20}` : null,
    bureauRepName: i % 2 === 0 ? "Dana Lee" : null,
    contactName: "Jordan Smith",
    contactEmail: `contact${i % 500}@client.example`,
    clientName: `Client ${i % 500}`,
  }));
  const clients = Array.from({ length: 500 }, (_, i) => ({
    name: `Client ${i}`,
    email: `contact${i}@client.example`,
    phone: "(512) 555-0100",
    website: `https://client${i}.example`,
    notes: null,
  }));
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => output.on("end", resolve));
  await writeWorkbook(output, {
    events: [events],
    clients: [clients],
    bureauPartners: [],
    profile: {
      name: "Bench Speaker",
      title: null,
      businessName: null,
      phone: null,
      email: null,
      website: null,
      address: null,
      city: null,
      state: null,
      zipCode: null,
      bio: null,
      annualGoal: 25_000_000,
    },
  });
  await ended;
  return Buffer.concat(chunks);
}

/** The child: the app on a fresh database, one signed-in user, and memory sampling on request. */
async function serve() {
  const { buildApp } = await import("../src/server/app.ts");
  const { loadConfig } = await import("../src/server/config.ts");
  const { openDatabase } = await import("../src/server/platform/db/client.ts");
  const { runMigrations } = await import("../src/server/platform/db/migrate.ts");
  const { createTestDatabase } = await import("../src/test/database.ts");
  const { createRecordingMailer } = await import("../src/test/mailer.ts");
  const { createUser } = await import("../src/test/factories.ts");
  const { createSession } = await import("../src/server/platform/auth/sessions.ts");
  const { cookieNames } = await import("../src/server/platform/auth/plugin.ts");

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-"));
  const database = process.env.DATABASE_URL
    ? await createTestDatabase()
    : await openDatabase({ dataDir: path.join(dataDir, "data") });
  if (!process.env.DATABASE_URL) await runMigrations(database);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
  const app = await buildApp({
    config,
    database,
    mailer: createRecordingMailer(),
    secret: "bench-".padEnd(40, "x"),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createUser(database.db);
  const { token } = await createSession(database.db, { userId: user.id });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let sampler: NodeJS.Timeout | undefined;
  let baseline = { rss: 0, heap: 0 };
  let peak = { rss: 0, heap: 0 };
  process.on("message", (message) => {
    if (message === "start") {
      (globalThis as { gc?: () => void }).gc?.();
      const now = process.memoryUsage();
      baseline = { rss: now.rss, heap: now.heapUsed };
      peak = { ...baseline };
      sampler = setInterval(() => {
        const sample = process.memoryUsage();
        peak = { rss: Math.max(peak.rss, sample.rss), heap: Math.max(peak.heap, sample.heapUsed) };
      }, 5);
    } else if (message === "stop") {
      clearInterval(sampler);
      const sample = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, sample.rss), heap: Math.max(peak.heap, sample.heapUsed) };
      process.send!({
        type: "memory",
        rssGrowth: peak.rss - baseline.rss,
        heapGrowth: peak.heap - baseline.heap,
      });
    }
  });
  process.on("SIGTERM", async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    process.exit(0);
  });
  process.send!({
    type: "ready",
    port,
    cookie: `${cookieNames(false).session}=${token}`,
    database: database.kind,
  });
}

/** One line per figure against its target, for people reading the benchmark output. */
export function formatDataManagementResult(result: DataManagementResult): string[] {
  const verdict = (value: number, target: number) => (value <= target ? "ok" : "OVER TARGET");
  const t = dataManagementTargets;
  return [
    `data management (${result.events.toLocaleString("en-US")} events, ${result.workbookMb} MB workbook, ${result.database})`,
    `  import dry run       ${result.dryRunSeconds.toFixed(2)} s  (target ≤ ${t.importSeconds} s: ${verdict(result.dryRunSeconds, t.importSeconds)})`,
    `  import               ${result.importSeconds.toFixed(2)} s  (target ≤ ${t.importSeconds} s: ${verdict(result.importSeconds, t.importSeconds)})`,
    `  re-import, no change ${result.reimportSeconds.toFixed(2)} s`,
    `  export               ${result.exportSeconds.toFixed(2)} s  (target ≤ ${t.exportSeconds} s: ${verdict(result.exportSeconds, t.exportSeconds)})`,
    `  export memory growth ${result.exportPeakRssGrowthMb.toFixed(1)} MB RSS, ${result.exportPeakHeapGrowthMb.toFixed(1)} MB heap  (target ≤ ${t.exportMemoryMb} MB: ${verdict(result.exportPeakRssGrowthMb, t.exportMemoryMb)})`,
  ];
}

if (process.argv.includes("--serve")) {
  await serve();
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runDataManagementBenchmark();
  for (const line of formatDataManagementResult(result)) console.log(line);
}
