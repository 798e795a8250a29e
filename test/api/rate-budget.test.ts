import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetShareText, createRateBudget, type RequestPriority } from '../../src/api/rate-budget';

const clock = (start = 1_000_000) => {
  let t = start;
  return { now: () => t, set: (v: number) => (t = v), add: (ms: number) => (t += ms) };
};

/** Highest number of sends inside any window of `windowMs` (the server's own view). */
const maxInWindow = (sends: number[], windowMs: number) => {
  let best = 0;
  let start = 0;
  for (let end = 0; end < sends.length; end += 1) {
    while ((sends[end] ?? 0) - (sends[start] ?? 0) >= windowMs) start += 1;
    best = Math.max(best, end - start + 1);
  }
  return best;
};

describe('createRateBudget', () => {
  it('lets claims use all 60 slots and polls only the 48 outside the 20 % reserve', () => {
    const c = clock();
    const budget = createRateBudget({ now: c.now });
    for (let i = 0; i < 48; i += 1) expect(budget.take('poll')).toEqual({ ok: true });
    expect(budget.take('poll')).toMatchObject({ ok: false, reason: 'reserve' });
    for (let i = 0; i < 12; i += 1) expect(budget.take('claim')).toEqual({ ok: true });
    expect(budget.take('claim')).toMatchObject({ ok: false, reason: 'window_full' });
    expect(budget.take('poll')).toMatchObject({ ok: false, reason: 'window_full' });
    expect(budget.snapshot()).toMatchObject({
      usedInWindow: 60,
      reserved: 12,
      sent: { claim: 12, poll: 48 },
    });
  });

  it('says exactly when the oldest slot frees, pacing against the window plus a 2 s margin', () => {
    const c = clock(0);
    const budget = createRateBudget({ now: c.now, limit: 2 });
    budget.take('claim');
    c.add(10_000);
    budget.take('claim');
    const refused = budget.take('claim');
    expect(refused).toEqual({ ok: false, waitMs: 52_000, reason: 'window_full' });
    c.add(51_999);
    expect(budget.take('claim').ok).toBe(false);
    c.add(1);
    expect(budget.take('claim').ok).toBe(true);
  });

  it('peek never consumes a slot', () => {
    const c = clock();
    const budget = createRateBudget({ now: c.now, limit: 1 });
    for (let i = 0; i < 5; i += 1) expect(budget.peek('claim')).toEqual({ ok: true });
    expect(budget.take('claim')).toEqual({ ok: true });
    expect(budget.peek('claim').ok).toBe(false);
  });

  it('pauses every priority for Retry-After after a 429, or 60 s when it is unknown', () => {
    const c = clock();
    const budget = createRateBudget({ now: c.now });
    budget.record('rate_limited', 5_000);
    expect(budget.take('claim')).toEqual({ ok: false, waitMs: 5_000, reason: 'paused' });
    expect(budget.take('poll')).toEqual({ ok: false, waitMs: 5_000, reason: 'paused' });
    c.add(5_000);
    expect(budget.take('claim').ok).toBe(true);
    budget.record('rate_limited');
    expect(budget.peek('poll')).toEqual({ ok: false, waitMs: 60_000, reason: 'paused' });
    expect(budget.snapshot()).toMatchObject({ rateLimited: 2, pausedUntil: c.now() + 60_000 });
  });

  it('backs off polls exponentially with jitter after failures, lets claims through, and resets on success', () => {
    const c = clock();
    const budget = createRateBudget({
      now: c.now,
      random: () => 0.5,
      backoffBaseMs: 1_000,
      backoffMaxMs: 8_000,
    });
    const waits: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      budget.record(i % 2 === 0 ? 'server_error' : 'transport_error');
      const decision = budget.peek('poll');
      waits.push(decision.ok ? 0 : decision.waitMs);
      expect(budget.peek('claim')).toEqual({ ok: true });
    }
    expect(waits).toEqual([750, 1_500, 3_000, 6_000, 6_000]);
    budget.record('ok');
    expect(budget.peek('poll')).toEqual({ ok: true });
    expect(budget.snapshot().backoffUntil).toBeNull();
  });

  it('keeps the jitter inside [half, full] of the step', () => {
    for (const r of [0, 0.999]) {
      const c = clock();
      const budget = createRateBudget({ now: c.now, random: () => r, backoffBaseMs: 1_000 });
      budget.record('server_error');
      const decision = budget.peek('poll');
      expect(decision.ok).toBe(false);
      const wait = decision.ok ? 0 : decision.waitMs;
      expect(wait).toBeGreaterThanOrEqual(500);
      expect(wait).toBeLessThanOrEqual(1_000);
    }
  });

  it('never lets more than the limit through in any window, whatever the mix and timing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 3_000 }), fc.boolean()), {
          minLength: 1,
          maxLength: 600,
        }),
        (limit, steps) => {
          const c = clock(0);
          const budget = createRateBudget({ now: c.now, limit });
          const sends: number[] = [];
          for (const [gap, isClaim] of steps) {
            c.add(gap);
            const priority: RequestPriority = isClaim ? 'claim' : 'poll';
            if (budget.take(priority).ok) sends.push(c.now());
          }
          // The server's window may be shifted by up to 2 s of network jitter: pace check against 62 s.
          return maxInWindow(sends, 62_000) <= limit;
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps polls out of the reserve in every window', () => {
    const c = clock(0);
    const budget = createRateBudget({ now: c.now, limit: 10, reserveRatio: 0.3 });
    const polls: number[] = [];
    for (let i = 0; i < 2_000; i += 1) {
      c.add(97);
      if (budget.take('poll').ok) polls.push(c.now());
    }
    expect(maxInWindow(polls, 62_000)).toBe(7);
  });

  it.each([
    [{ limit: 0 }, 'createRateBudget: limit must be an integer ≥ 1, got 0'],
    [{ limit: 2.5 }, 'createRateBudget: limit must be an integer ≥ 1, got 2.5'],
    [{ reserveRatio: 1 }, 'createRateBudget: reserveRatio must be a number in [0, 1), got 1'],
    [{ windowMs: 0 }, 'createRateBudget: windowMs must be a number > 0, got 0'],
  ])('rejects %j', (options, message) => {
    expect(() => createRateBudget({ now: () => 0, ...options })).toThrow(message);
  });
});

describe('a budget split across the servers of a network', () => {
  it('takes only its share of the limit, holds polling (not claims) while joining, and never goes above the limit', () => {
    let share = { servers: 3, holdMs: 0 };
    const budget = createRateBudget({ limit: 60, reserveRatio: 0.2, now: () => 0, share: () => share });
    expect(budget.snapshot()).toMatchObject({ limit: 20, reserved: 4, split: { servers: 3, of: 60 } });
    expect(budgetShareText(budget.snapshot())).toBe('1/3 of 60/min');
    let polls = 0;
    while (budget.take('poll').ok) polls += 1;
    let claims = 0;
    while (budget.take('claim').ok) claims += 1;
    expect([polls, claims]).toEqual([16, 4]);
    share = { servers: 3, holdMs: 5000 };
    const held = createRateBudget({ limit: 60, now: () => 0, share: () => share });
    expect(held.take('poll')).toEqual({ ok: false, waitMs: 5000, reason: 'joining' });
    expect(held.take('claim')).toEqual({ ok: true });
    // A count below one (never the case, but a bad answer of the database) keeps the whole limit, never more.
    share = { servers: 0, holdMs: 0 };
    expect(held.snapshot()).toMatchObject({ limit: 60 });
    expect(held.snapshot().split).toBeUndefined();
    // More servers than requests: none sends.
    share = { servers: 61, holdMs: 0 };
    expect(held.peek('claim')).toMatchObject({ ok: false, reason: 'window_full' });
  });
});
