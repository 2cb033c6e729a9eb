import { Counter, Histogram, type Metric } from "prom-client";

/**
 * What this process does besides answering requests (mail, the sweep) and how its caches fare: counted once per
 * process, in no registry of their own. Each app's registry (metrics-plugin.ts) adds them when it serves
 * /metrics, so several apps in one process (the tests) neither clash nor need to be told.
 */
export const mailMessages = new Counter({
  name: "podium_mail_messages_total",
  help: "E-mails by outcome: queued (handed to delivery), sent, failed (given up after the last attempt)",
  labelNames: ["outcome"] as const,
  registers: [],
});

export const sweepRuns = new Counter({
  name: "podium_sweep_runs_total",
  help: "Runs of each task of the periodic sweep, by outcome (ok, failed)",
  labelNames: ["task", "outcome"] as const,
  registers: [],
});

export const sweepDuration = new Histogram({
  name: "podium_sweep_duration_seconds",
  help: "How long each task of the periodic sweep took",
  labelNames: ["task"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
  registers: [],
});

/** Caches: book (signed-in reads, decision 018), session (decision 018), public-answer (decision 033). */
export const cacheReads = new Counter({
  name: "podium_cache_reads_total",
  help: "Reads of each in-process cache, by result (hit, miss)",
  labelNames: ["cache", "result"] as const,
  registers: [],
});

export const PROCESS_METRICS: Metric<string>[] = [mailMessages, sweepRuns, sweepDuration, cacheReads];
