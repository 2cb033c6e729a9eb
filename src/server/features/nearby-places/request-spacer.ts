/**
 * Runs calls to one outside service one after another, each starting at least `minIntervalMs` after the
 * previous one started: Nominatim and Overpass allow one request per second (their usage policies).
 */
export function createRequestSpacer(minIntervalMs: number) {
  let queue: Promise<unknown> = Promise.resolve();
  let lastStartedAt = Number.NEGATIVE_INFINITY;
  return function schedule<T>(call: () => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      const wait = lastStartedAt + minIntervalMs - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStartedAt = Date.now();
      return call();
    });
    // A failed call must not stop the ones queued after it.
    queue = run.catch(() => undefined);
    return run;
  };
}
