import { sweepDuration, sweepRuns } from "../metrics/process-metrics.ts";

/** One piece of timed work; it receives the sweep's clock and must be safe to run twice for the same `now`. */
export type SweepTask = { name: string; run: (now: Date) => Promise<unknown> };

export type SweepLogger = { warn(details: object, message: string): void };

/**
 * The periodic sweep of DESIGN §9: every `intervalSeconds` it runs each task with the current time, one
 * after the other. A task that throws is logged and the others still run; a sweep never overlaps the last.
 * Every task decides in the database what it has done already, so several processes may sweep at once.
 * An interval of 0 turns the sweep off.
 */
export function startSweep(
  tasks: SweepTask[],
  intervalSeconds: number,
  logger: SweepLogger,
  clock = () => new Date(),
) {
  if (intervalSeconds <= 0) return { runNow: async () => {}, stop: async () => {} };
  let running: Promise<void> | null = null;
  let stopped = false;
  const sweep = async () => {
    const now = clock();
    for (const task of tasks) {
      if (stopped) return;
      const endTimer = sweepDuration.startTimer({ task: task.name });
      try {
        await task.run(now);
        sweepRuns.inc({ task: task.name, outcome: "ok" });
      } catch (error) {
        sweepRuns.inc({ task: task.name, outcome: "failed" });
        logger.warn(
          { err: error, task: task.name },
          "a periodic task failed; it runs again on the next sweep",
        );
      } finally {
        endTimer();
      }
    }
  };
  const tick = () => {
    if (running || stopped) return;
    running = sweep().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  tick();
  return {
    /** Runs a sweep now (tests, start-up) and waits for it. */
    runNow: async () => {
      tick();
      await running;
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
