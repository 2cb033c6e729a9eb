/**
 * Values added in memory under a key and written a key at a time at most `intervalMs` later, or at `flush`.
 * For counts that public pages bump at volume (views, per-address hits): one write a second per key instead
 * of one per request, so a burst of requests does not queue on a single hot row. A failed write keeps its
 * value for the next round; what is lost if the process dies is at most one interval's worth.
 */
export function createWriteBehind<Value>(options: {
  merge: (earlier: Value, later: Value) => Value;
  write: (key: string, value: Value) => Promise<void>;
  onError: (error: unknown) => void;
  intervalMs?: number;
}) {
  const { merge, write, onError, intervalMs = 1000 } = options;
  const pending = new Map<string, Value>();
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  function add(key: string, value: Value) {
    if (closed) return;
    const earlier = pending.get(key);
    pending.set(key, earlier === undefined ? value : merge(earlier, value));
    timer ??= setTimeout(() => void flush(), intervalMs).unref();
  }

  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = [...pending];
    pending.clear();
    for (const [key, value] of batch) {
      try {
        await write(key, value);
      } catch (error) {
        onError(error);
        add(key, value);
      }
    }
  }

  /** The last flush, when the server stops: nothing is kept for later after it. */
  async function close() {
    await flush();
    closed = true;
    clearTimeout(timer);
    pending.clear();
  }

  return { add, flush, close };
}

export type WriteBehind<Value> = ReturnType<typeof createWriteBehind<Value>>;
