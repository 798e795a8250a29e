/**
 * Shop limits against clock moves: a per-player limit never re-opens when the server clock goes back or comes back
 * from running ahead; a purchase counts in the latest period counted, and a refund gives back in the period its
 * purchase counted in.
 */
import { describe, expect, it } from 'vitest';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime, type FakeClock } from '../../devkit/fakes/runtime';
import { bootShopWorld, createVerifyingAdapter } from '../../devkit/worlds/shop-world';
import { createCalendar } from '../../src/domain/calendar';
import { createShopCounters, periodOf } from '../../src/shop/limits';

const DAY = 86_400_000;

describe('shop limits and the clock', () => {
  it('a 1-a-week item bought once is refused after the clock goes 8 days back, comes back, and goes back again', async () => {
    const truth = createFakeClock();
    let offset = 0;
    const clock: FakeClock = { ...truth, now: () => truth.now() + offset };
    const shared = { clock, api: createMockVoteApi({ now: truth.now }), adapter: createVerifyingAdapter() };
    const item = {
      id: 'vip7',
      name: 'VIP',
      cost: 100,
      rewards: { type: 'bank', amount: 70000 },
      limit: { count: 1, reset: 'weekly' },
      stock: 1000,
    };
    const w = bootShopWorld(shared, {
      timeZone: 'Europe/Paris',
      points: { perVote: 0 },
      shop: { enabled: true, items: [item] },
    });
    w.runtime.onlinePlayers.set(1, { name: 'Ann', license: 'license:ann' });
    w.ledger.apply('license:ann', { key: 'admin:seed', delta: 1000, reason: 'test' });
    const buy = async () => (await w.shop.buy(1, 'vip7')).code;
    const codes: string[] = [];
    codes.push(await buy(), await buy());
    for (const move of [-8 * DAY, 0, -8 * DAY, 0]) {
      offset = move;
      await truth.advance(6000);
      codes.push(await buy());
    }
    expect(codes).toEqual(['delivered', ...Array.from({ length: 5 }, () => 'limit_reached')]);
    // Ahead by 8 days, a new week is a new week; back to the true time, that week is not over, so it stays counted.
    offset = 8 * DAY;
    await truth.advance(6000);
    expect(await buy()).toBe('delivered');
    offset = 0;
    await truth.advance(6000);
    expect(await buy()).toBe('limit_reached');
    const listed = w.shop.list(1);
    const calendar = createCalendar('Europe/Paris');
    const aheadWeekEnd = Date.parse('2026-11-30T00:00:00+01:00');
    expect(periodOf(calendar, 'weekly', truth.now() + 8 * DAY)).toBe('w2026-11-23');
    expect(listed.ok && listed.items[0]).toMatchObject({ remaining: 0, resetsAt: aheadWeekEnd });
    const read = w.ledger.read('license:ann');
    expect(read.ok && read.balance).toBe(800);
    expect(w.adapter.paid).toHaveLength(2);
  });

  it('a purchase counts in the latest period counted; a refund gives back in the period its purchase counted in', () => {
    const runtime = createFakeRuntime();
    const counters = createShopCounters(runtime.kvp);
    const used = (period: string) => {
      const usage = counters.usage('license:a');
      return usage.ok ? counters.used(usage.record, 'kit', period) : -1;
    };
    counters.count('license:a', 'kit', 'w2026-11-16', 'p1');
    counters.count('license:a', 'kit', 'w2026-11-23', 'p2');
    // p1's week is over: its refund gives nothing back in the week now counted.
    counters.uncount('license:a', 'kit', 'w2026-11-16', 'p1');
    expect(used('w2026-11-23')).toBe(1);
    // The clock went back a week: p3 counts in the later week, and the earlier week reads as that one.
    counters.count('license:a', 'kit', 'w2026-11-16', 'p3');
    expect(used('w2026-11-16')).toBe(2);
    expect(used('w2026-11-23')).toBe(2);
    counters.uncount('license:a', 'kit', 'w2026-11-16', 'p3');
    expect(used('w2026-11-23')).toBe(1);
    // A reset changed to daily: periods of another form start afresh.
    expect(used('2026-11-24')).toBe(0);
  });
});
