/**
 * Media-kit benchmark (issue 13, "Performance"): the public share JSON under 50 connections for 10 s next to
 * a bare route of the same run answering the same JSON (target ≥ 40 % of its requests per second, p99 ≤
 * 30 ms); upload and download of a 20 MB file over HTTP (MB/s, and the server's peak memory growth while
 * it runs, target ≤ 30 MB); the one-sheet PDF's p95 (target ≤ 300 ms), as stored and rendered anew after
 * a change; and the health check's slowest answer while a one-sheet with a 16-megapixel headshot renders on
 * a PDF thread (target ≤ 100 ms). The server runs in a child process on a fresh PostgreSQL database
 * (BENCH_DATABASE_URL, or one created on the local server and dropped).
 */
import { type ChildProcess, fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { openBenchPostgres } from "./databases.ts";
import { formatMs, type Latency, measureLatency, percentile } from "./measure.ts";
import type { MediaKitServerReady, MemoryPeak } from "./media-kit-server.ts";

export const mediaKitTargets = {
  shareShare: 0.4,
  shareP99Ms: 30,
  memoryGrowthMb: 30,
  oneSheetP95Ms: 300,
  healthWhileRenderingMs: 100,
};
const BARE_SHARE_PATH = "/bench/bare-share";
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SHARE_SECONDS ?? 10);
const FILE_MB = 20;
const TRANSFERS = 3;
const MB = 1024 * 1024;

type LoadFigures = { requestsPerSecond: number; p99: number; non2xx: number; errors: number };
type Transfer = { mbPerSecond: number; memoryGrowthMb: number };
export type MediaKitResult = {
  bare: LoadFigures;
  share: LoadFigures;
  uploads: Transfer[];
  downloads: Transfer[];
  oneSheet: Latency;
  renderedOneSheet: Latency;
  healthWhileRendering: { renderMs: number; checks: number; p50: number; max: number };
  load: [number, number];
};

async function hammer(url: string, duration: number): Promise<LoadFigures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

function ask(child: ChildProcess, message: "mark" | "peak"): Promise<MemoryPeak> {
  return new Promise((resolve) => {
    child.once("message", (answer) => resolve(answer as MemoryPeak));
    child.send(message);
  });
}

/** Runs `transfer` between a memory mark and a peak reading of the server; MB/s of `bytes`. */
async function measureTransfer(child: ChildProcess, bytes: number, transfer: () => Promise<void>) {
  await ask(child, "mark");
  const started = performance.now();
  await transfer();
  const seconds = (performance.now() - started) / 1000;
  const { markRss, peakRss } = await ask(child, "peak");
  return { mbPerSecond: bytes / MB / seconds, memoryGrowthMb: (peakRss - markRss) / MB };
}

export async function runMediaKitBenchmark(): Promise<MediaKitResult> {
  const database = await openBenchPostgres();
  const child = fork(fileURLToPath(new URL("./media-kit-server.ts", import.meta.url)), [], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      BENCH_SERVER_DATABASE_URL: database.url,
    },
  });
  try {
    const ready = await new Promise<MediaKitServerReady>((resolve, reject) => {
      child.once("message", (message) => resolve(message as MediaKitServerReady));
      child.once("exit", (code) => reject(new Error(`The benchmark server exited (${code})`)));
    });
    const base = `http://127.0.0.1:${ready.port}`;
    const sharePath = `/api/public/share/${ready.token}`;
    const signedIn = { cookie: ready.cookie, "x-csrf-token": ready.csrfToken };

    await hammer(`${base}${BARE_SHARE_PATH}`, 3);
    await hammer(`${base}${sharePath}`, 3);
    const loadBefore = os.loadavg()[0]!;
    const bare = await hammer(`${base}${BARE_SHARE_PATH}`, SECONDS);
    const share = await hammer(`${base}${sharePath}`, SECONDS);

    // Plain text: the type check reads its start, and every byte is an allowed one.
    const content = Buffer.alloc(FILE_MB * MB, "Jordan Rivera speaks on leadership. ");
    const uploads: Transfer[] = [];
    const downloads: Transfer[] = [];
    for (let index = 0; index < TRANSFERS; index++) {
      let fileId = "";
      uploads.push(
        await measureTransfer(child, content.length, async () => {
          const form = new FormData();
          form.append("kind", "document");
          form.append("file", new Blob([content], { type: "text/plain" }), `handout-${index}.txt`);
          const response = await fetch(`${base}/api/files`, {
            method: "POST",
            headers: signedIn,
            body: form,
          });
          if (response.status !== 201) throw new Error(`Upload: ${response.status} ${await response.text()}`);
          fileId = ((await response.json()) as { id: string }).id;
        }),
      );
      downloads.push(
        await measureTransfer(child, content.length, async () => {
          const response = await fetch(`${base}/api/files/${fileId}/content`, { headers: signedIn });
          const reader = response.body!.getReader();
          let received = 0;
          for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
            received += chunk.value.length;
          }
          if (received !== content.length)
            throw new Error(`Download: ${received} of ${content.length} bytes`);
        }),
      );
      await fetch(`${base}/api/files/${fileId}`, { method: "DELETE", headers: signedIn });
    }

    const fetchOneSheet = async () => {
      const response = await fetch(`${base}/api/media-kit/one-sheet.pdf`, { headers: signedIn });
      if (response.status !== 200) throw new Error(`One-sheet: ${response.status}`);
      await response.arrayBuffer();
    };
    const oneSheet = await measureLatency(fetchOneSheet, { samples: 60, warmup: 5 });
    // A new version before each: the profile's title changes, so the one-sheet renders again.
    let version = 0;
    const renderedOneSheet = await measureLatency(fetchOneSheet, {
      samples: 30,
      warmup: 3,
      before: () =>
        fetch(`${base}/api/speaker-profile`, {
          method: "PUT",
          headers: { ...signedIn, "content-type": "application/json" },
          body: JSON.stringify({ name: "Jordan Rivera", title: `Leadership Speaker ${++version}` }),
        }),
    });
    const healthWhileRendering = await measureHealthWhileRendering(
      base,
      `/api/public/share/${ready.heavyToken}/one-sheet.pdf`,
    );
    return {
      bare,
      share,
      uploads,
      downloads,
      oneSheet,
      renderedOneSheet,
      healthWhileRendering,
      load: [loadBefore, os.loadavg()[0]!],
    };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.disconnect();
      await exited;
    }
    await database.dispose();
  }
}

/** The health check, one call after another, for as long as the PDF at `pdfPath` takes to arrive. */
async function measureHealthWhileRendering(base: string, pdfPath: string) {
  const started = performance.now();
  let isRendered = false;
  const pdf = fetch(`${base}${pdfPath}`).then(async (response) => {
    if (response.status !== 200) throw new Error(`Heavy one-sheet: ${response.status}`);
    await response.arrayBuffer();
    isRendered = true;
  });
  const waits: number[] = [];
  while (!isRendered) {
    const asked = performance.now();
    const response = await fetch(`${base}/api/health`);
    await response.arrayBuffer();
    waits.push(performance.now() - asked);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await pdf;
  waits.sort((a, b) => a - b);
  return {
    renderMs: performance.now() - started,
    checks: waits.length,
    p50: percentile(waits, 0.5),
    max: waits.at(-1) ?? Number.NaN,
  };
}

export function reportMediaKit(result: MediaKitResult): void {
  const mark = (isMet: boolean) => (isMet ? "✓" : "✗ (target missed)");
  const { bare, share, oneSheet } = result;
  const ratio = share.requestsPerSecond / bare.requestsPerSecond;
  const line = (name: string, figures: LoadFigures) =>
    `  ${name.padEnd(26)} ${figures.requestsPerSecond.toFixed(0).padStart(6)} req/s  p99 ${String(figures.p99).padStart(4)} ms` +
    `  (non-2xx ${figures.non2xx}, errors ${figures.errors})`;
  console.log(
    `\n## Media kit and share links (load average ${result.load[0].toFixed(1)} → ${result.load[1].toFixed(1)} on ${os.cpus().length} cores)`,
  );
  console.log(`  ${CONNECTIONS} connections, ${SECONDS} s each:`);
  console.log(line("bare route, same JSON", bare));
  console.log(
    `${line("public share JSON", share)}  ${(ratio * 100).toFixed(0)} % of bare ${mark(ratio >= mediaKitTargets.shareShare)}` +
      `  p99 ${mark(share.p99 <= mediaKitTargets.shareP99Ms)}`,
  );
  const transfers = (name: string, runs: Transfer[]) => {
    const speeds = runs.map((run) => run.mbPerSecond.toFixed(0)).join(", ");
    const growth = Math.max(...runs.map((run) => run.memoryGrowthMb));
    console.log(
      `  ${name.padEnd(26)} ${speeds} MB/s   peak server memory growth ${growth.toFixed(1)} MB ${mark(growth <= mediaKitTargets.memoryGrowthMb)}`,
    );
  };
  transfers(`${FILE_MB} MB upload`, result.uploads);
  transfers(`${FILE_MB} MB download`, result.downloads);
  console.log(
    `  one-sheet PDF, stored      p50 ${formatMs(oneSheet.p50)}  p95 ${formatMs(oneSheet.p95)} ${mark(oneSheet.p95 <= mediaKitTargets.oneSheetP95Ms)} (${oneSheet.samples} in a row)`,
  );
  const rendered = result.renderedOneSheet;
  console.log(
    `  one-sheet PDF, rendered    p50 ${formatMs(rendered.p50)}  p95 ${formatMs(rendered.p95)} ${mark(rendered.p95 <= mediaKitTargets.oneSheetP95Ms)} (${rendered.samples}, each after a change)`,
  );
  const health = result.healthWhileRendering;
  console.log(
    `  health while a 16 MP headshot renders (${(health.renderMs / 1000).toFixed(1)} s): ${health.checks} checks, p50 ${formatMs(health.p50)}  max ${formatMs(health.max)} ${mark(health.max <= mediaKitTargets.healthWhileRenderingMs)}`,
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  reportMediaKit(await runMediaKitBenchmark());
}
