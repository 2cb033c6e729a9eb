/** One job of the periodic sweep: does what is due at `now` (DESIGN §9: reminders, expiry, digests…). */
export type SweepTask = { name: string; run: (now: Date) => Promise<unknown> };

type SweepLogger = { warn(details: object, message: string): void };

/**
 * The periodic sweep (DESIGN §9): every `intervalSeconds` it runs each task with the current time. A task
 * that fails is logged and tried again at the next run; runs never overlap. Tasks lock what they change, so
 * several processes may sweep at once without sending anything twice. Capabilities add their task in main.ts.
 */
export function startSweep(tasks: SweepTask[], intervalSeconds: number, logger: SweepLogger) {
  if (intervalSeconds <= 0) return { stop: async () => {} };
  let running: Promise<void> = Promise.resolve();
  const runAll = async () => {
    for (const task of tasks) {
      try {
        await task.run(new Date());
      } catch (error) {
        logger.warn({ err: error, task: task.name }, "a sweep task failed; it runs again next time");
      }
    }
  };
  const timer = setInterval(() => {
    running = running.then(runAll);
  }, intervalSeconds * 1000);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
