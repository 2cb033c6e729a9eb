/**
 * Data management benchmark (issue 5), on PostgreSQL and on PGlite: import of a 10,000-row workbook into
 * an empty account (dry run, then for real, then the same file again, which must change nothing), and
 * export of that 10,000-event account with the server's peak memory growth.
 *
 * The server runs in child processes (data-management-server.ts) so that its memory and CPU are measured
 * alone. The imports run in one; the export runs in a fresh one on the same database, so that its memory
 * growth is not hidden by what the imports left behind. Wall times depend on what else the machine runs;
 * the server's CPU time is printed beside them.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import type { ServerMessage } from "./data-management-server.ts";
import { buildBenchWorkbook, EVENT_COUNT } from "./data-management-workbook.ts";
import { DEFAULT_SERVER_URL } from "./databases.ts";

export const dataManagementTargets = { exportSeconds: 2, importSeconds: 5, exportMemoryMb: 150 };

type Measured = { seconds: number; cpuSeconds: number; rssGrowthMb: number; heapGrowthMb: number };

export type DataManagementRun = {
  database: "postgres" | "pglite";
  workbookMb: number;
  dryRun: Measured;
  import: Measured;
  reimport: Measured;
  /** The first export after the server started. */
  firstExport: Measured;
  export: Measured;
};

type Server = {
  child: ChildProcess;
  base: string;
  headers: Record<string, string>;
  next: <T extends ServerMessage["type"]>(type: T) => Promise<Extract<ServerMessage, { type: T }>>;
  stop: () => Promise<void>;
};

type Storage = { args: string[]; remove: () => Promise<void> };

/** A temporary folder for PGlite (and local files), plus a fresh database on the local server for PostgreSQL. */
async function createStorage(database: DataManagementRun["database"]): Promise<Storage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "podium-bench-"));
  const username = `bench_${randomBytes(4).toString("hex")}`;
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (database === "pglite") return { args: [dataDir, username], remove: removeDir };
  const name = `podium_bench_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: DEFAULT_SERVER_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(DEFAULT_SERVER_URL);
  url.pathname = `/${name}`;
  return {
    args: [dataDir, username, url.toString()],
    remove: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      await removeDir();
    },
  };
}

async function startServer(storage: Storage): Promise<Server> {
  const child = fork(fileURLToPath(new URL("./data-management-server.ts", import.meta.url)), storage.args, {
    execArgv: ["--import", "tsx", "--expose-gc"],
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
  return {
    child,
    base,
    headers: { cookie: `${ready.cookie}; csrf-token=${csrfToken}`, "x-csrf-token": csrfToken },
    next,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Runs one request while the server measures itself. */
async function measure<T>(server: Server, request: () => Promise<T>): Promise<Measured & { result: T }> {
  server.child.send("start");
  const started = performance.now();
  const result = await request();
  const seconds = (performance.now() - started) / 1000;
  server.child.send("stop");
  const { cpuSeconds, rssGrowth, heapGrowth } = await server.next("measured");
  const megabytes = (bytes: number) => bytes / 1024 / 1024;
  return {
    result,
    seconds,
    cpuSeconds,
    rssGrowthMb: megabytes(rssGrowth),
    heapGrowthMb: megabytes(heapGrowth),
  };
}

function upload(server: Server, workbook: Buffer, dryRun: boolean) {
  return measure(server, async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(workbook)]), "book.xlsx");
    const response = await fetch(`${server.base}/api/import?dryRun=${dryRun}`, {
      method: "POST",
      headers: server.headers,
      body: form,
    });
    if (response.status !== 200) throw new Error(`import answered ${response.status}`);
    return (await response.json()) as { created: { events: number }; unchanged: { events: number } };
  });
}

async function runOn(database: DataManagementRun["database"], workbook: Buffer): Promise<DataManagementRun> {
  const storage = await createStorage(database);
  try {
    const importer = await startServer(storage);
    const dryRun = await upload(importer, workbook, true);
    const imported = await upload(importer, workbook, false);
    const reimport = await upload(importer, workbook, false);
    await importer.stop();
    if (imported.result.created.events !== EVENT_COUNT) throw new Error("the import missed events");
    if (reimport.result.unchanged.events !== EVENT_COUNT) throw new Error("the re-import changed events");

    // The first export of a fresh process also pays for compiling code and warming the database's
    // caches; the second shows a server that has been running. Both are reported.
    const exporter = await startServer(storage);
    const download = () =>
      measure(exporter, async () => {
        const response = await fetch(`${exporter.base}/api/export/workbook`, { headers: exporter.headers });
        const file = Buffer.from(await response.arrayBuffer());
        if (response.status !== 200 || file.length < 100_000) throw new Error("the export failed");
      });
    try {
      const firstExport = await download();
      const warmExport = await download();
      return {
        database,
        workbookMb: workbook.length / 1024 / 1024,
        dryRun,
        import: imported,
        reimport,
        firstExport,
        export: warmExport,
      };
    } finally {
      await exporter.stop();
    }
  } finally {
    await storage.remove();
  }
}

export async function runDataManagementBenchmark(): Promise<DataManagementRun[]> {
  const workbook = await buildBenchWorkbook();
  return [await runOn("postgres", workbook), await runOn("pglite", workbook)];
}

const mark = (isMet: boolean) => (isMet ? "✓" : "✗ (target missed)");

/** Prints the figures and whether each target was met. */
export function reportDataManagement(runs: DataManagementRun[]): void {
  const t = dataManagementTargets;
  const [load] = os.loadavg();
  for (const run of runs) {
    console.log(
      `\n## Data management on ${run.database}: ${EVENT_COUNT.toLocaleString("en-US")} events, ` +
        `${run.workbookMb.toFixed(2)} MB workbook (load average ${load!.toFixed(1)} on ${os.cpus().length} cores)`,
    );
    const row = (name: string, figures: Measured, target?: number) =>
      console.log(
        `  ${name.padEnd(26)} ${figures.seconds.toFixed(2).padStart(6)} s   server CPU ${figures.cpuSeconds.toFixed(2).padStart(5)} s` +
          (target ? `   target ≤ ${target} s ${mark(figures.seconds <= target)}` : ""),
      );
    row("import, dry run", run.dryRun, t.importSeconds);
    row("import", run.import, t.importSeconds);
    row("import again (no change)", run.reimport);
    row("export, fresh server", run.firstExport, t.exportSeconds);
    row("export", run.export, t.exportSeconds);
    for (const [name, figures] of [
      ["fresh server", run.firstExport],
      ["running server", run.export],
    ] as const) {
      console.log(
        `  export memory growth, ${name}: ${figures.rssGrowthMb.toFixed(1)} MB RSS (${figures.heapGrowthMb.toFixed(1)} MB heap)` +
          `   target ≤ ${t.exportMemoryMb} MB ${mark(figures.rssGrowthMb <= t.exportMemoryMb)}`,
      );
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  reportDataManagement(await runDataManagementBenchmark());
}
