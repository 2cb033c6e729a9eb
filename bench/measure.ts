/** The value below which `fraction` of the sorted samples fall (nearest-rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1]!;
}

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export type Latency = { p50: number; p95: number; samples: number };

/**
 * Runs `task` `warmup` times unmeasured (JIT, caches, prepared plans), then `samples` times one after the
 * other, and reports the p50 and p95 in milliseconds. `before` runs ahead of each call, untimed.
 */
export async function measureLatency(
  task: (index: number) => Promise<void>,
  options: { samples?: number; warmup?: number; before?: () => Promise<unknown> } = {},
): Promise<Latency> {
  const { samples = 500, warmup = 100, before } = options;
  for (let index = 0; index < warmup; index++) await task(index);
  const durations: number[] = [];
  for (let index = 0; index < samples; index++) {
    await before?.();
    const started = process.hrtime.bigint();
    await task(index);
    durations.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  durations.sort((a, b) => a - b);
  return { p50: percentile(durations, 0.5), p95: percentile(durations, 0.95), samples };
}

export const formatMs = (value: number) => `${value.toFixed(2)} ms`;
