/**
 * Data management benchmark (issue 5): import of a 10,000-row workbook (dry run, then for real, then the
 * same file again) into an empty account, and export of that 10,000-event account with the server's peak
 * memory growth.
 *
 * The server runs in child processes (this file with --serve) so that its memory is measured alone. The
 * imports run in one; the export runs in a fresh one on the same database, so its memory growth is not
 * hidden by what the imports left behind. The child samples its own memory every 5 ms between the
 * parent's "start" and "stop" messages.
 *
 *   npx tsx bench/data-management.ts   (PGlite on disk; with DATABASE_URL, a fresh database on that server)
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import pg from "pg";

const EVENT_COUNT = 10_000;
export const dataManagementTargets = { exportSeconds: 2, importSeconds: 5, exportMemoryMb: 150 };

export type DataManagementResult = {
  events: number;
  workbookMb: number;
  dryRunSeconds: number;
  /** CPU time the server spent: on a busy machine the honest figure next to the wall time. */
  dryRunCpuSeconds: number;
  importSeconds: number;
  importCpuSeconds: number;
  reimportSeconds: number;
  exportSeconds: number;
  exportCpuSeconds: number;
  exportPeakRssGrowthMb: number;
  exportPeakHeapGrowthMb: number;
  database: string;
};

type ServerMessage =
  | { type: "ready"; port: number; cookie: string; database: string }
  | { type: "measured"; rssGrowth: number; heapGrowth: number; cpuSeconds: number };

type Server = {
  child: ChildProcess;
  base: string;
  headers: Record<string, string>;
  database: string;
  next: <T extends ServerMessage["type"]>(type: T) => Promise<Extract<ServerMessage, { type: T }>>;
  stop: () => Promise<void>;
};

/** Where the children keep the data: a PGlite folder, or a fresh database on DATABASE_URL's server. */
async function createStorage(): Promise<{ env: Record<string, string>; remove: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-"));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    return { env: { BENCH_DATA_DIR: dataDir }, remove: async () => fs.rmSync(dataDir, { recursive: true }) };
  }
  const name = `podium_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    env: { BENCH_DATA_DIR: dataDir, BENCH_DATABASE_URL: url.toString() },
    remove: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true });
    },
  };
}

async function startServer(env: Record<string, string>): Promise<Server> {
  const child = fork(fileURLToPath(import.meta.url), ["--serve"], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: { ...process.env, ...env, LOG_LEVEL: "silent" },
  });
  const next = <T extends ServerMessage["type"]>(type: T) =>
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
  const ready = await next("ready");
  const base = `http://127.0.0.1:${ready.port}`;
  const csrf = await fetch(`${base}/api/csrf-token`, { headers: { cookie: ready.cookie } });
  const csrfToken = ((await csrf.json()) as { csrfToken: string }).csrfToken;
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return {
    child,
    base,
    headers: { cookie: `${ready.cookie}; csrf-token=${csrfToken}`, "x-csrf-token": csrfToken },
    database: ready.database,
    next,
    stop,
  };
}

/** Runs one request while the server measures itself: wall seconds, server CPU seconds, peak memory. */
async function measure<T>(server: Server, request: () => Promise<T>) {
  server.child.send("start");
  const started = performance.now();
  const result = await request();
  const seconds = (performance.now() - started) / 1000;
  server.child.send("stop");
  return { result, seconds, ...(await server.next("measured")) };
}

function upload(server: Server, workbook: Buffer, dryRun: boolean) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(workbook)]), "book.xlsx");
  return measure(server, async () => {
    const response = await fetch(`${server.base}/api/import?dryRun=${dryRun}`, {
      method: "POST",
      headers: server.headers,
      body: form,
    });
    if (response.status !== 200) throw new Error(`import answered ${response.status}`);
    return (await response.json()) as { created: { events: number }; unchanged: { events: number } };
  });
}

/** Runs the measurements on fresh storage and removes it afterwards. */
export async function runDataManagementBenchmark(): Promise<DataManagementResult> {
  const storage = await createStorage();
  try {
    const workbook = await buildWorkbook();
    const importer = await startServer(storage.env);
    const dryRun = await upload(importer, workbook, true);
    const realImport = await upload(importer, workbook, false);
    if (realImport.result.created.events !== EVENT_COUNT) throw new Error("import missed events");
    const reimport = await upload(importer, workbook, false);
    if (reimport.result.unchanged.events !== EVENT_COUNT) throw new Error("re-import changed events");
    await importer.stop();

    const exporter = await startServer(storage.env);
    try {
      const exported = await measure(exporter, async () => {
        const response = await fetch(`${exporter.base}/api/export/workbook`, { headers: exporter.headers });
        const file = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200 || file.length < 100_000) throw new Error("export failed");
      });
      return {
        events: EVENT_COUNT,
        workbookMb: round(workbook.length / 1024 / 1024),
        dryRunSeconds: round(dryRun.seconds),
        dryRunCpuSeconds: round(dryRun.cpuSeconds),
        importSeconds: round(realImport.seconds),
        importCpuSeconds: round(realImport.cpuSeconds),
        reimportSeconds: round(reimport.seconds),
        exportSeconds: round(exported.seconds),
        exportCpuSeconds: round(exported.cpuSeconds),
        exportPeakRssGrowthMb: round(exported.rssGrowth / 1024 / 1024),
        exportPeakHeapGrowthMb: round(exported.heapGrowth / 1024 / 1024),
        database: exporter.database,
      };
    } finally {
      await exporter.stop();
    }
  } finally {
    await storage.remove();
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

/**
 * The child: the app on the benchmark's storage (migrated on first start), one user signed in through a
 * session kept in the database, and memory sampling on request.
 */
async function serve() {
  const { buildApp } = await import("../src/server/app.ts");
  const { loadConfig } = await import("../src/server/config.ts");
  const { openDatabase } = await import("../src/server/platform/db/client.ts");
  const { runMigrations } = await import("../src/server/platform/db/migrate.ts");
  const { users } = await import("../src/server/platform/db/schema.ts");
  const { createRecordingMailer } = await import("../src/test/mailer.ts");
  const { createUser } = await import("../src/test/factories.ts");
  const { createSession } = await import("../src/server/platform/auth/sessions.ts");
  const { cookieNames } = await import("../src/server/platform/auth/plugin.ts");

  const dataDir = process.env.BENCH_DATA_DIR!;
  const database = await openDatabase({
    databaseUrl: process.env.BENCH_DATABASE_URL,
    dataDir: path.join(dataDir, "data"),
  });
  await runMigrations(database);
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DATA_DIR: dataDir });
  const app = await buildApp({
    config,
    database,
    mailer: createRecordingMailer(),
    secret: "bench-".padEnd(40, "x"),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const [existing] = await database.db.select({ id: users.id }).from(users).limit(1);
  const user = existing ?? (await createUser(database.db));
  const { token } = await createSession(database.db, { userId: user.id });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  let sampler: NodeJS.Timeout | undefined;
  let baseline = { rss: 0, heap: 0 };
  let cpuAtStart = process.cpuUsage();
  let peak = { rss: 0, heap: 0 };
  const sample = () => {
    const now = process.memoryUsage();
    peak = { rss: Math.max(peak.rss, now.rss), heap: Math.max(peak.heap, now.heapUsed) };
  };
  process.on("message", (message) => {
    if (message === "start") {
      (globalThis as { gc?: () => void }).gc?.();
      const now = process.memoryUsage();
      baseline = { rss: now.rss, heap: now.heapUsed };
      peak = { ...baseline };
      cpuAtStart = process.cpuUsage();
      sampler = setInterval(sample, 5);
    } else if (message === "stop") {
      clearInterval(sampler);
      sample();
      const cpu = process.cpuUsage(cpuAtStart);
      process.send!({
        type: "measured",
        rssGrowth: peak.rss - baseline.rss,
        heapGrowth: peak.heap - baseline.heap,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
      });
    }
  });
  process.on("SIGTERM", async () => {
    await app.close();
    await database.close();
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
  const t = dataManagementTargets;
  const line = (label: string, wall: number, cpu: number | null, target?: number) => {
    const cpuText = cpu === null ? "" : `, server CPU ${cpu.toFixed(2)} s`;
    const verdict = target === undefined ? "" : `  target ≤ ${target} s: ${wall <= target ? "ok" : "OVER"}`;
    return `  ${label.padEnd(22)}${wall.toFixed(2)} s${cpuText}${verdict}`;
  };
  const memoryVerdict = result.exportPeakRssGrowthMb <= t.exportMemoryMb ? "ok" : "OVER";
  return [
    `data management: ${result.events.toLocaleString("en-US")} events, ${result.workbookMb} MB workbook, ${result.database}, load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    line("import dry run", result.dryRunSeconds, result.dryRunCpuSeconds, t.importSeconds),
    line("import", result.importSeconds, result.importCpuSeconds, t.importSeconds),
    line("re-import, no change", result.reimportSeconds, null),
    line("export", result.exportSeconds, result.exportCpuSeconds, t.exportSeconds),
    `  export memory growth  ${result.exportPeakRssGrowthMb.toFixed(1)} MB RSS (heap ${result.exportPeakHeapGrowthMb.toFixed(1)} MB)  target ≤ ${t.exportMemoryMb} MB: ${memoryVerdict}`,
  ];
}

if (process.argv.includes("--serve")) {
  await serve();
} else if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = await runDataManagementBenchmark();
  for (const line of formatDataManagementResult(result)) console.log(line);
}
