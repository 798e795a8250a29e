/** Length of the rate-limit window (the spec's "per minute"), ms. */
export const RATE_WINDOW_MS = 60_000;

/** Outcome of one `hit`. */
export interface RateDecision {
  /** True when the request may proceed. */
  allowed: boolean;
  /** The limit per window. */
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (a slot frees up); 0 when none is counted. */
  resetSeconds: number;
}

/** A sliding-log limiter: N requests in any rolling window, per bucket. */
export interface SlidingWindowLimiter {
  /** Counts a request for a bucket if the bucket has room, and says whether it may proceed. */
  hit(bucket: string): RateDecision;
  /** Forgets every bucket. */
  clear(): void;
  /** Number of buckets held (for tests of the memory bound). */
  size(): number;
}

/** Options of `createSlidingWindowLimiter`. */
export interface SlidingWindowOptions {
  /** Requests allowed per window (a positive integer). */
  limit: number;
  /** Window length in ms (default 60 000). */
  windowMs?: number;
  /** Clock in ms. */
  now: () => number;
}

/**
 * Exact sliding log: each bucket keeps the times of its accepted requests in the last window, so there is
 * never a burst of 2×limit across a minute boundary. Refused requests are not counted, so a client that
 * keeps retrying recovers as soon as old requests age out.
 */
export function createSlidingWindowLimiter(options: SlidingWindowOptions): SlidingWindowLimiter {
  const { limit, now } = options;
  const windowMs = options.windowMs ?? RATE_WINDOW_MS;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0)
    throw new RangeError(`windowMs must be positive, got ${windowMs}`);
  const logs = new Map<string, number[]>();
  let hitsSinceSweep = 0;

  function sweep(at: number): void {
    for (const [bucket, log] of logs) {
      const newest = log[log.length - 1];
      if (newest === undefined || newest <= at - windowMs) logs.delete(bucket);
    }
  }

  return {
    hit(bucket) {
      const at = now();
      hitsSinceSweep += 1;
      // Buckets of clients that went away would pile up (one per bad-key IP); drop them now and then.
      if (hitsSinceSweep >= 1000) {
        hitsSinceSweep = 0;
        sweep(at);
      }
      let log = logs.get(bucket);
      if (!log) {
        log = [];
        logs.set(bucket, log);
      }
      while (log.length > 0 && (log[0] as number) <= at - windowMs) log.shift();
      const allowed = log.length < limit;
      if (allowed) log.push(at);
      const oldest = log[0];
      const resetSeconds = oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + windowMs - at) / 1000));
      return { allowed, limit, remaining: limit - log.length, resetSeconds };
    },
    clear() {
      logs.clear();
    },
    size() {
      return logs.size;
    },
  };
}
