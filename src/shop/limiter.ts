/** A per-player rate limit for chat commands and menu events: a few uses per window, the rest answered with a wait. */

/** Players remembered before the oldest entries are let go (a flood of ids cannot grow the map without end). */
const REMEMBERED_MAX = 1024;

/** A limiter's answer: allowed, or how many whole seconds to wait. */
export type LimitAnswer = { ok: true } | { ok: false; seconds: number };

/** Counts uses per player in a sliding window. */
export interface RateLimiter {
  /** Notes a use by `source` now, or says how long to wait when the window is full (the refused use is not noted). */
  take(source: number): LimitAnswer;
}

/** Allows `max` uses per `windowMs` per player, on the injected clock. */
export function createRateLimiter(max: number, windowMs: number, now: () => number): RateLimiter {
  const uses = new Map<number, number[]>();
  return {
    take(source) {
      const at = now();
      const recent = (uses.get(source) ?? []).filter((time) => at - time < windowMs);
      if (recent.length >= max) {
        const wait = windowMs - (at - (recent[0] as number));
        return { ok: false, seconds: Math.max(1, Math.ceil(wait / 1000)) };
      }
      recent.push(at);
      uses.delete(source);
      uses.set(source, recent);
      if (uses.size > REMEMBERED_MAX) {
        // The least recently active go first: Map keeps insertion order and each use re-inserts its player.
        for (const who of uses.keys()) {
          if (uses.size <= REMEMBERED_MAX / 2) break;
          if (who !== source) uses.delete(who);
        }
      }
      return { ok: true };
    },
  };
}
