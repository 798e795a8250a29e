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

/** The accepted request times of one bucket, oldest first, in a ring that grows up to the limit. */
interface Log {
  times: Float64Array;
  head: number;
  size: number;
}

/**
 * Exact sliding log: each bucket keeps the times of its accepted requests in the last window, so there is
 * never a burst of 2×limit across a minute boundary. Refused requests are not counted, so a client that
 * keeps retrying recovers as soon as old requests age out. Each log is a ring buffer, so a hit costs O(1)
 * even with a limit raised to millions (an array's `shift()` copies the whole log once it is that large).
 */
export function createSlidingWindowLimiter(options: SlidingWindowOptions): SlidingWindowLimiter {
  const { limit, now } = options;
  const windowMs = options.windowMs ?? RATE_WINDOW_MS;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  if (!Number.isFinite(windowMs) || windowMs <= 0)
    throw new RangeError(`windowMs must be positive, got ${windowMs}`);
  const logs = new Map<string, Log>();
  let hitsSinceSweep = 0;

  function newest(log: Log): number | undefined {
    if (log.size === 0) return undefined;
    return log.times[(log.head + log.size - 1) % log.times.length];
  }

  function sweep(at: number): void {
    for (const [bucket, log] of logs) {
      const last = newest(log);
      if (last === undefined || last <= at - windowMs) logs.delete(bucket);
    }
  }

  function push(log: Log, at: number): void {
    if (log.size === log.times.length) {
      const grown = new Float64Array(Math.min(limit, log.times.length * 2));
      for (let i = 0; i < log.size; i += 1) grown[i] = log.times[(log.head + i) % log.times.length] as number;
      log.times = grown;
      log.head = 0;
    }
    log.times[(log.head + log.size) % log.times.length] = at;
    log.size += 1;
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
        log = { times: new Float64Array(Math.min(limit, 16)), head: 0, size: 0 };
        logs.set(bucket, log);
      }
      const expired = at - windowMs;
      while (log.size > 0 && (log.times[log.head] as number) <= expired) {
        log.head = (log.head + 1) % log.times.length;
        log.size -= 1;
      }
      const allowed = log.size < limit;
      if (allowed) push(log, at);
      const oldest = log.times[log.head] as number;
      const resetSeconds = Math.max(1, Math.ceil((oldest + windowMs - at) / 1000));
      return { allowed, limit, remaining: limit - log.size, resetSeconds };
    },
    clear() {
      logs.clear();
    },
    size() {
      return logs.size;
    },
  };
}
