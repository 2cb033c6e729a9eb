import os from "node:os";
import { Worker } from "node:worker_threads";
import type { PdfJob, PdfJobAnswer, PdfJobRequest } from "./pdf-job.ts";

/**
 * Threads that render PDFs: at most two, and one fewer than the cores, so the event loop keeps a core to
 * answer requests while a document with a large image renders (seconds of pdf-lib decoding its pixels).
 */
const THREADS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
/** A rendering that runs longer is stopped with its thread, whatever its input. */
const JOB_TIMEOUT_MS = 60_000;

type Task = { request: PdfJobRequest; resolve: (bytes: Buffer) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; task: Task | null; timer?: NodeJS.Timeout };

const threads: Thread[] = [];
const waiting: Task[] = [];
let lastId = 0;

/**
 * Renders `job` on a worker thread and answers its bytes; jobs wait their turn when every thread is busy.
 * Threads start with the first job (pdf-lib and the fonts load there, never on the server's thread) and stay
 * for the next, without keeping an idle process alive.
 */
export function renderInWorker<Input>(job: PdfJob<Input>, input: Input): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    waiting.push({ request: { id: ++lastId, name: job.name, input }, resolve, reject });
    dispatch();
  });
}

/**
 * The worker's entry: from the sources (tests, `npm run dev`), src/server/pdf-worker.ts through tsx; from
 * the server bundle (build/server/main.mjs), the pdf-worker.mjs beside it (scripts/build-server.mjs).
 */
function startWorker(): Worker {
  if (import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./worker-from-sources.mjs", import.meta.url), {
      workerData: { typescriptEntry: new URL("../../pdf-worker.ts", import.meta.url).href },
    });
  }
  return new Worker(new URL("./pdf-worker.mjs", import.meta.url));
}

function dispatch() {
  while (waiting.length > 0) {
    let thread = threads.find((candidate) => candidate.task === null);
    if (!thread) {
      if (threads.length >= THREADS) return;
      thread = addThread();
    }
    run(thread, waiting.shift()!);
  }
}

function addThread(): Thread {
  const thread: Thread = { worker: startWorker(), task: null };
  thread.worker.unref();
  thread.worker.on("message", (answer: PdfJobAnswer) => {
    const task = thread.task;
    if (task?.request.id !== answer.id) return;
    clearTimeout(thread.timer);
    thread.task = null;
    thread.worker.unref();
    if ("error" in answer) task.reject(new Error(`Rendering a PDF failed: ${answer.error}`));
    else task.resolve(Buffer.from(answer.bytes.buffer, answer.bytes.byteOffset, answer.bytes.byteLength));
    dispatch();
  });
  thread.worker.on("error", (error) => retire(thread, error));
  thread.worker.on("exit", (code) => retire(thread, new Error(`The PDF thread stopped (exit code ${code})`)));
  threads.push(thread);
  return thread;
}

function run(thread: Thread, task: Task) {
  thread.task = task;
  // Held while it works, so a process waiting for the document (the CLI, a benchmark) does not exit first.
  thread.worker.ref();
  thread.timer = setTimeout(
    () => retire(thread, new Error(`Rendering a PDF took over ${JOB_TIMEOUT_MS / 1000} s`)),
    JOB_TIMEOUT_MS,
  );
  thread.worker.postMessage(task.request);
}

/** A thread that failed, stopped or overran: its job fails, the thread goes, the next job starts another. */
function retire(thread: Thread, error: Error) {
  const index = threads.indexOf(thread);
  if (index === -1) return;
  threads.splice(index, 1);
  clearTimeout(thread.timer);
  void thread.worker.terminate();
  thread.task?.reject(error);
  dispatch();
}
