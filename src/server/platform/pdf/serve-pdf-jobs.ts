import { parentPort } from "node:worker_threads";
import type { PdfJob, PdfJobAnswer, PdfJobRequest } from "./pdf-job.ts";

/** Inside a PDF worker thread: renders each job the server thread posts, one at a time, and answers it. */
export function servePdfJobs(jobs: PdfJob<never>[]) {
  const port = parentPort;
  if (!port) throw new Error("servePdfJobs runs in a worker thread");
  const byName = new Map(jobs.map((job) => [job.name, job]));
  port.on("message", async ({ id, name, input }: PdfJobRequest) => {
    let answer: PdfJobAnswer;
    try {
      const job = byName.get(name);
      if (!job) throw new Error(`No PDF job is named "${name}"`);
      answer = { id, bytes: await job.render(input as never) };
    } catch (error) {
      answer = { id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  });
}
