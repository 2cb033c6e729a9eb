/**
 * Upload benchmark (issue 10, item 1): how long the import's reading of a workbook takes (unpacking under
 * the zip checks, then the streaming XML reader) and the longest the event loop was held meanwhile, which
 * is how long any other request would wait. Three files: the 10 KB sheet of 208,000 unclosed rows that used
 * to freeze the server for 46 s, an honest workbook of about 10 MB (the upload limit), and one of 50,000
 * rows (the row limit). Targets: answered in ≤ 2 s, the event loop never held over 100 ms.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readWorkbook } from "../src/server/features/data-management/parse-workbook.ts";
import { EVENT_COLUMNS } from "../src/shared/workbook.ts";
import { buildXlsx, replaceParts } from "../src/test/workbooks.ts";

export const uploadTargets = { answerSeconds: 2, eventLoopMs: 100 };

type UploadRun = {
  name: string;
  megabytes: number;
  seconds: number;
  longestStallMs: number;
  outcome: string;
};

const headers = EVENT_COLUMNS.map((column) => column.header);

async function buildFiles() {
  const small = await buildXlsx([{ name: "Events", rows: [headers, ["Keynote", "2026-03-14"]] }]);
  const hostile = await replaceParts(small, {
    "xl/worksheets/sheet1.xml": `<worksheet><sheetData>${"<row>".repeat(208_000)}`,
  });
  const limitRows = Array.from({ length: 50_000 }, (_, i) => [
    `Talk ${i}`,
    "2026-03-14",
    `Venue ${i % 400}`,
    "1 Main Street",
    "Austin",
    "TX",
    "78701",
    2500 + (i % 40) * 250,
  ]);
  const atRowLimit = await buildXlsx([{ name: "Events", rows: [headers, ...limitRows] }]);
  // Text that does not compress, so that about 10 MB of file holds as much as it can.
  const honestRows = Array.from({ length: 40_000 }, (_, i) => [
    `Talk ${i}`,
    "2026-03-14",
    randomBytes(90).toString("base64"),
    randomBytes(90).toString("base64"),
  ]);
  const tenMegabytes = await buildXlsx([{ name: "Events", rows: [headers.slice(0, 4), ...honestRows] }]);
  return [
    { name: "10 KB, 208,000 unclosed rows", file: hostile },
    { name: "honest, about 10 MB", file: tenMegabytes },
    { name: "50,000 rows (the limit)", file: atRowLimit },
  ];
}

/** Reads one file while a timer measures the longest gap between its ticks. */
async function measureUpload(name: string, file: Buffer): Promise<UploadRun> {
  let longestStallMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longestStallMs = Math.max(longestStallMs, now - last - 5);
    last = now;
  }, 5);
  const started = performance.now();
  let outcome: string;
  try {
    const workbook = await readWorkbook(file);
    outcome = `read, ${[...workbook.values()].reduce((sum, sheet) => sum + sheet.rows.length, 0)} rows`;
  } catch (error) {
    outcome = `refused: ${(error as Error).message}`;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(probe);
  return {
    name,
    megabytes: file.length / 1024 / 1024,
    seconds,
    longestStallMs: Math.max(0, longestStallMs),
    outcome,
  };
}

export async function runUploadBenchmark(): Promise<UploadRun[]> {
  const runs: UploadRun[] = [];
  for (const { name, file } of await buildFiles()) runs.push(await measureUpload(name, file));
  return runs;
}

export function reportUploads(runs: UploadRun[]): void {
  const [load] = os.loadavg();
  const mark = (isMet: boolean) => (isMet ? "✓" : "✗ (target missed)");
  console.log(
    `\n## Hostile and large uploads (load average ${load!.toFixed(1)} on ${os.cpus().length} cores)`,
  );
  for (const run of runs) {
    console.log(
      `  ${run.name.padEnd(30)} ${run.megabytes.toFixed(2).padStart(6)} MB ${run.seconds.toFixed(2).padStart(6)} s ` +
        `${mark(run.seconds <= uploadTargets.answerSeconds)}   longest event-loop stall ${run.longestStallMs.toFixed(0).padStart(4)} ms ` +
        `${mark(run.longestStallMs <= uploadTargets.eventLoopMs)}   ${run.outcome.slice(0, 60)}`,
    );
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  reportUploads(await runUploadBenchmark());
}
