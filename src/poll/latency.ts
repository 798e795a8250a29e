/** Percentiles of the delays recorded so far. */
export interface LatencySummary {
  /** Number of delays recorded since start (the percentiles use the most recent ones). */
  count: number;
  /** Median, in milliseconds; null before the first sample. */
  p50: number | null;
  /** 95th percentile, in milliseconds; null before the first sample. */
  p95: number | null;
  /** Largest delay kept, in milliseconds; null before the first sample. */
  max: number | null;
}

/** A bounded record of delays that summarises itself on demand. */
export interface LatencyRecorder {
  /** Records one delay in milliseconds. */
  add(ms: number): void;
  /** Current percentiles. */
  summary(): LatencySummary;
}

/** Nearest-rank percentile of an ascending list. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/** Creates a recorder that keeps the latest `capacity` delays, so memory stays flat on a long-running server. */
export function createLatencyRecorder(capacity = 4096): LatencyRecorder {
  const ring: number[] = [];
  let count = 0;
  return {
    add(ms) {
      ring[count % capacity] = ms;
      count += 1;
    },
    summary() {
      const sorted = [...ring].sort((a, b) => a - b);
      return {
        count,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.length > 0 ? (sorted[sorted.length - 1] as number) : null,
      };
    },
  };
}
