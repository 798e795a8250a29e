/** Smallest, middle and largest of a set of repeated measurements. */
export interface Spread {
  /** Smallest value. */
  min: number;
  /** Median (mean of the two middle values for an even count). */
  median: number;
  /** Largest value. */
  max: number;
}

/** Value at quantile `q` (0–1) of an ascending array, nearest-rank. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new Error('quantile of an empty sample');
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[index] as number;
}

/** Median of an unsorted sample. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of an empty sample');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Min, median and max of a non-empty sample. */
export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('spread of an empty sample');
  return { min: Math.min(...values), median: median(values), max: Math.max(...values) };
}

/** Per-call timings of a function, in microseconds. */
export interface Timing {
  /** Median µs per call. */
  median: number;
  /** 95th percentile µs per call. */
  p95: number;
  /** 99th percentile µs per call. */
  p99: number;
  /** Number of timed calls. */
  samples: number;
}

/** Summarises per-call durations given in microseconds. */
export function timingOf(samplesUs: readonly number[]): Timing {
  const sorted = [...samplesUs].sort((a, b) => a - b);
  return {
    median: median(sorted),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    samples: sorted.length,
  };
}

/** Times `iterations` synchronous calls of `fn(i)` after `warmup` untimed ones; µs per call. */
export function timeSync(
  fn: (i: number) => unknown,
  iterations: number,
  warmup = Math.min(200, iterations),
): Timing {
  for (let i = 0; i < warmup; i++) fn(i);
  const samples = new Array<number>(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    fn(warmup + i);
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return timingOf(samples);
}

/** Times `iterations` awaited calls of `fn(i)` after `warmup` untimed ones; µs per call. */
export async function timeAsync(
  fn: (i: number) => Promise<unknown>,
  iterations: number,
  warmup = Math.min(200, iterations),
): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = new Array<number>(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await fn(warmup + i);
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  return timingOf(samples);
}

/** CPU time (user + system) in microseconds spent by this process while `fn` runs. */
export async function cpuTimeOf(fn: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  await fn();
  const delta = process.cpuUsage(before);
  return delta.user + delta.system;
}

/** mulberry32: a fast 32-bit seeded RNG returning floats in [0, 1); deterministic across runs. */
export function createRng(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
