/** Limits of a render budget. */
export interface RenderBudgetOptions {
  /** Current time in ms; injected so tests move a fake clock. */
  now: () => number;
  /** Renders allowed per second once the burst is spent. */
  perSecond: number;
  /** Renders allowed at once (the bucket's size); it starts full. */
  burst: number;
}

/** A token bucket for badge renders: the CPU a flood of uncached badges may take is bounded. */
export interface RenderBudget {
  /** True when the bucket holds a render (nothing is taken). */
  available(): boolean;
  /** Takes one render if the bucket holds one. */
  take(): boolean;
  /** Whole seconds until the next render is allowed (at least 1), for `Retry-After`. */
  retryAfterSeconds(): number;
}

/** Creates a full bucket; throws when a limit is not a positive number. */
export function createRenderBudget(options: RenderBudgetOptions): RenderBudget {
  for (const field of ['perSecond', 'burst'] as const) {
    const value = options[field];
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`render budget option ${field} must be a positive number, got ${String(value)}`);
    }
  }
  const { now, perSecond, burst } = options;
  let tokens = burst;
  let at = now();

  const refill = (): void => {
    const t = now();
    if (t > at) tokens = Math.min(burst, tokens + ((t - at) * perSecond) / 1000);
    at = t;
  };

  return {
    available() {
      refill();
      return tokens >= 1;
    },
    take() {
      refill();
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
    retryAfterSeconds() {
      refill();
      return Math.max(1, Math.ceil((1 - tokens) / perSecond));
    },
  };
}
