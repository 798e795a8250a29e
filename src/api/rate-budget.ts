/** Who a request is for: a player's claim goes before background polling. */
export type RequestPriority = 'claim' | 'poll';

/** Why the budget refused a request. */
export type BudgetRefusal = 'window_full' | 'reserve' | 'paused' | 'backoff' | 'joining';

/**
 * This server's share of a key's budget when several servers of a network poll the same key: the budget's limit is
 * divided by `servers` (only ever lowered, never above the key's limit); `holdMs` (> 0) holds polling (not claims)
 * while a server joining the key waits until the others have lowered their share and their sends left the window.
 */
export interface BudgetShare {
  servers: number;
  holdMs: number;
}

/** Answer of {@link RateBudget.take}. */
export type BudgetDecision = { ok: true } | { ok: false; waitMs: number; reason: BudgetRefusal };

/** Figures for `votereward status` and the benchmarks. */
export interface RateBudgetSnapshot {
  limit: number;
  windowMs: number;
  usedInWindow: number;
  reserved: number;
  pausedUntil: number | null;
  backoffUntil: number | null;
  sent: { claim: number; poll: number };
  rateLimited: number;
  /** The key's whole limit and the servers it is split across, when a network splits it over more than one. */
  split?: { servers: number; of: number; holdMs: number };
}

/** One request budget per API key, shared by claims and polling. */
export interface RateBudget {
  /** Takes one request slot now if allowed; otherwise says how long to wait (ms) and why. */
  take(priority: RequestPriority): BudgetDecision;
  /** Side-effect-free version of take(). */
  peek(priority: RequestPriority): BudgetDecision;
  /**
   * Feeds back an answer: pause on 429 (Retry-After, or a safe default when the transport hides it), exponential
   * backoff with jitter on 5xx/timeouts/transport errors (blocks 'poll' only), reset of the backoff on success.
   */
  record(outcome: 'ok' | 'rate_limited' | 'server_error' | 'transport_error', retryAfterMs?: number): void;
  /** Figures for `votereward status` and the benchmarks. */
  snapshot(): RateBudgetSnapshot;
}

/** Options of {@link createRateBudget}. */
export interface RateBudgetOptions {
  /** Requests allowed per window (default 60, the API's limit). */
  limit?: number;
  /** Length of the API's window in ms (default 60 000). */
  windowMs?: number;
  /** Share of the window kept for claims (default 0.2). */
  reserveRatio?: number;
  /** Extra ms a send time is remembered beyond the window, so network jitter cannot put 61 in the server's window. */
  marginMs?: number;
  /** Pause after a 429 whose Retry-After is unknown (default 60 000). */
  defaultPauseMs?: number;
  /** First backoff step after a failure (default 2 000). */
  backoffBaseMs?: number;
  /** Longest backoff (default 120 000). */
  backoffMaxMs?: number;
  /** The clock. */
  now: () => number;
  /** Random source in [0, 1) for the jitter (default Math.random). */
  random?: () => number;
  /** This server's share of the key's budget (a network of servers); the whole budget without it. */
  share?: () => BudgetShare;
}

/** Creates a sliding-log budget: at most `limit` sends in any window of `windowMs + marginMs`. */
export function createRateBudget(options: RateBudgetOptions): RateBudget {
  const limit = options.limit ?? 60;
  const windowMs = options.windowMs ?? 60_000;
  const reserveRatio = options.reserveRatio ?? 0.2;
  const marginMs = options.marginMs ?? 2_000;
  const defaultPauseMs = options.defaultPauseMs ?? 60_000;
  const backoffBaseMs = options.backoffBaseMs ?? 2_000;
  const backoffMaxMs = options.backoffMaxMs ?? 120_000;
  const random = options.random ?? Math.random;
  const { now } = options;

  requireNumber('limit', limit, Number.isInteger(limit) && limit >= 1, 'an integer ≥ 1');
  requireNumber('windowMs', windowMs, windowMs > 0, 'a number > 0');
  requireNumber('reserveRatio', reserveRatio, reserveRatio >= 0 && reserveRatio < 1, 'a number in [0, 1)');
  requireNumber('marginMs', marginMs, marginMs >= 0, 'a number ≥ 0');
  requireNumber('defaultPauseMs', defaultPauseMs, defaultPauseMs > 0, 'a number > 0');
  requireNumber('backoffBaseMs', backoffBaseMs, backoffBaseMs > 0, 'a number > 0');
  requireNumber('backoffMaxMs', backoffMaxMs, backoffMaxMs >= backoffBaseMs, 'a number ≥ backoffBaseMs');

  const span = windowMs + marginMs;
  /** The limit and reserve of this server's share now (the whole budget for a lone server). */
  const current = () => {
    const share = options.share?.();
    const servers = share ? Math.max(1, Math.floor(share.servers) || 1) : 1;
    const mine = Math.floor(limit / servers);
    return { servers, limit: mine, reserved: Math.ceil(mine * reserveRatio), holdMs: share?.holdMs ?? 0 };
  };
  const sends: number[] = [];
  const sent = { claim: 0, poll: 0 };
  let pausedUntil = 0;
  let backoffUntil = 0;
  let failures = 0;
  let rateLimited = 0;

  const prune = (at: number) => {
    while (sends.length > 0 && (sends[0] ?? 0) + span <= at) sends.shift();
  };

  const decide = (priority: RequestPriority, at: number): BudgetDecision => {
    prune(at);
    if (at < pausedUntil) return { ok: false, waitMs: pausedUntil - at, reason: 'paused' };
    if (priority === 'poll' && at < backoffUntil)
      return { ok: false, waitMs: backoffUntil - at, reason: 'backoff' };
    const share = current();
    if (priority === 'poll' && share.holdMs > 0)
      return { ok: false, waitMs: Math.max(1, Math.min(share.holdMs, span)), reason: 'joining' };
    const cap = priority === 'claim' ? share.limit : share.limit - share.reserved;
    if (sends.length < cap) return { ok: true };
    const reason: BudgetRefusal =
      priority === 'poll' && sends.length < share.limit ? 'reserve' : 'window_full';
    if (cap <= 0) return { ok: false, waitMs: span, reason };
    const freeing = sends[sends.length - cap] ?? at;
    return { ok: false, waitMs: Math.max(1, freeing + span - at), reason };
  };

  return {
    take(priority) {
      const at = now();
      const decision = decide(priority, at);
      if (decision.ok) {
        sends.push(at);
        sent[priority] += 1;
      }
      return decision;
    },
    peek(priority) {
      return decide(priority, now());
    },
    record(outcome, retryAfterMs) {
      const at = now();
      if (outcome === 'ok') {
        failures = 0;
        backoffUntil = 0;
      } else if (outcome === 'rate_limited') {
        rateLimited += 1;
        const pause = retryAfterMs !== undefined && retryAfterMs >= 0 ? retryAfterMs : defaultPauseMs;
        pausedUntil = Math.max(pausedUntil, at + pause);
      } else {
        failures += 1;
        const step = Math.min(backoffMaxMs, backoffBaseMs * 2 ** Math.min(failures - 1, 30));
        backoffUntil = at + step / 2 + (random() * step) / 2;
      }
    },
    snapshot() {
      const at = now();
      prune(at);
      const share = current();
      return {
        limit: share.limit,
        windowMs,
        usedInWindow: sends.length,
        reserved: share.reserved,
        pausedUntil: at < pausedUntil ? pausedUntil : null,
        backoffUntil: at < backoffUntil ? backoffUntil : null,
        sent: { ...sent },
        rateLimited,
        ...(share.servers > 1 || share.holdMs > 0
          ? { split: { servers: share.servers, of: limit, holdMs: share.holdMs } }
          : {}),
      };
    },
  };
}

function requireNumber(name: string, value: number, valid: boolean, expected: string): void {
  if (typeof value !== 'number' || Number.isNaN(value) || !valid) {
    throw new TypeError(`createRateBudget: ${name} must be ${expected}, got ${String(value)}`);
  }
}

/** Whole seconds from `now` to `until`, as a status shows them. */
const secondsLeft = (until: number, now: number) => `${Math.ceil((until - now) / 1000)} s`;

/** What holds requests back now: a pause after a 429, a backoff after failures. */
export function budgetPauses(budget: RateBudgetSnapshot, now: number): string[] {
  return [
    budget.pausedUntil ? `paused ${secondsLeft(budget.pausedUntil, now)} after a 429` : '',
    budget.backoffUntil ? `polling backs off ${secondsLeft(budget.backoffUntil, now)}` : '',
    budget.split && budget.split.holdMs > 0
      ? Number.isFinite(budget.split.holdMs)
        ? `polling waits ${Math.ceil(budget.split.holdMs / 1000)} s for the network's budget split`
        : "polling waits for the shared store to split the network's budget"
      : '',
  ].filter(Boolean);
}

/** A key's budget as split across a network's servers: `1/3 of 60/min`, or '' for a lone server's whole budget. */
export function budgetShareText(budget: RateBudgetSnapshot): string {
  return budget.split && budget.split.servers > 1
    ? `1/${budget.split.servers} of ${budget.split.of}/min`
    : '';
}
