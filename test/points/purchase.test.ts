/**
 * Buying in the vote shop through the real composition: what a buy comes to (delivered, refused with nothing charged,
 * refunded, held for an admin), limits that reset at the owner's day, week and month, a global stock, two buys in one
 * tick, and the points a vote and an award earn.
 */
import { describe, expect, it } from 'vitest';
import { bootShopWorld, createShopShared, type ShopWorld } from '../../devkit/worlds/shop-world';
import type { BuyResult } from '../../src/points/types';

const MIN = 60_000;
const ITEMS = [
  {
    id: 'bread',
    name: { en: 'Bread', fr: 'Pain' },
    cost: 5,
    rewards: { type: 'item', item: 'bread', count: 2 },
  },
  {
    id: 'vip',
    name: 'VIP',
    cost: 50,
    rewards: { type: 'bank', amount: 5000 },
    confirm: true,
    permission: 'vote.vip',
  },
  { id: 'car', name: 'Car', cost: 1, rewards: { type: 'money', amount: 1000 }, stock: 2 },
];
const SHOP = { points: { perVote: 10 }, shop: { enabled: true, items: ITEMS } };

const boot = (raw: Record<string, unknown> = SHOP, start?: number) => {
  const w = bootShopWorld(createShopShared(start), raw);
  w.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:a' });
  w.runtime.onlinePlayers.set(2, { name: 'Bo', license: 'license:b' });
  return w;
};
const seed = (w: ShopWorld, license: string, points: number) =>
  expect(
    w.ledger.apply(license, { key: `admin:seed-${license}`, delta: points, reason: 'test' }),
  ).toMatchObject({
    ok: true,
  });
const balance = (w: ShopWorld, license = 'license:a') => {
  const read = w.ledger.read(license);
  return read.ok ? read.balance : null;
};
const payouts = (w: ShopWorld) => w.adapter.paid.map((p) => `${p.source}:${JSON.stringify(p.reward)}`);
const code = (result: BuyResult) => result.code;

describe('vote shop: a buy', () => {
  it('charges the cost once and delivers the rewards through the journal; the purchase is done, announced once', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    const result = await w.shop.buy(1, 'bread');
    expect(result).toMatchObject({ ok: true, code: 'delivered', item: 'bread', cost: 5, balance: 7 });
    expect(payouts(w)).toEqual(['1:{"type":"item","item":"bread","count":2}']);
    expect(w.shop.purchases('license:a').map((p) => p.state)).toEqual(['done']);
    expect(w.running.flow.pending()).toEqual([]);
    expect(w.heard.filter(([name]) => name === 'purchased')).toHaveLength(1);
  });

  it.each([
    {
      name: 'an id typed in another case, with spaces, is the item',
      typed: ' BREAD ',
      expected: 'delivered',
    },
    { name: 'an unknown id is named, never bought for 0', typed: 'brad', expected: 'unknown_item' },
    { name: 'an item whose ACE the player lacks', typed: 'vip', expected: 'no_permission' },
    {
      name: 'a confirm item without confirm',
      typed: 'vip',
      aces: ['1:vote.vip'],
      expected: 'confirm_required',
    },
    {
      name: 'a confirm item confirmed, with too few points',
      typed: 'vip',
      aces: ['1:vote.vip'],
      confirm: true,
      expected: 'insufficient_points',
    },
  ])('$name: $expected', async ({ typed, aces = [], confirm, expected }) => {
    const w = boot();
    seed(w, 'license:a', 12);
    for (const ace of aces) w.aces.add(ace);
    const result = await w.shop.buy(1, typed, { confirm });
    expect(result.code).toBe(expected);
    if (expected === 'unknown_item') expect(result).toMatchObject({ item: 'brad' });
    if (expected !== 'delivered') {
      expect(balance(w)).toBe(12);
      expect(payouts(w)).toEqual([]);
      expect(w.shop.purchases('license:a')).toEqual([]);
    }
  });

  it('a player who cannot carry the rewards is told before anything is charged', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    w.adapter.capacityProblem = { code: 'inventory_full', item: 'bread', count: 2 };
    expect(await w.shop.buy(1, 'bread')).toMatchObject({
      ok: false,
      code: 'cannot_receive',
      detail: 'inventory_full',
    });
    expect(balance(w)).toBe(12);
    expect(w.shop.purchases('license:a')).toEqual([]);
  });

  it('a definite refusal of the framework after the debit refunds the cost once and gives the stock back', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    w.adapter.giveProblems.push({ code: 'framework_error', detail: 'addMoney refused' });
    expect(await w.shop.buy(1, 'car')).toMatchObject({ ok: false, code: 'refunded', balance: 12 });
    expect(w.shop.purchases('license:a').map((p) => p.state)).toEqual(['refunded']);
    expect(w.running.flow.pending()).toEqual([]);
    expect(payouts(w)).toEqual([]);
    // Both units are still for sale.
    expect(code(await w.shop.buy(1, 'car'))).toBe('delivered');
    expect(code(await w.shop.buy(2, 'car'))).toBe('insufficient_points');
    seed(w, 'license:b', 1);
    expect(code(await w.shop.buy(2, 'car'))).toBe('delivered');
    expect(code(await w.shop.buy(1, 'car'))).toBe('out_of_stock');
    expect(balance(w)).toBe(11);
  });

  it('a delivery the framework could not make yet stays owed, is paid by the next retry and settles the purchase', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    w.adapter.giveProblems.push({ code: 'player_not_loaded' });
    expect(await w.shop.buy(1, 'bread')).toMatchObject({ ok: true, code: 'delivery_pending', balance: 7 });
    expect(w.shop.purchases('license:a').map((p) => p.state)).toEqual(['delivering']);
    await w.running.flow.reconcile('claim');
    expect(payouts(w)).toHaveLength(1);
    expect(w.shop.purchases('license:a').map((p) => p.state)).toEqual(['done']);
    expect(w.heard.filter(([name]) => name === 'purchased')).toHaveLength(1);
    expect(await w.shop.refund(w.shop.purchases('license:a')[0]?.id ?? '')).toEqual({
      ok: false,
      code: 'not_held',
    });
    expect(balance(w)).toBe(7);
  });

  it('an unknown outcome holds the points until an admin refunds: the cost comes back, nothing more is paid', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    w.adapter.unknownAfterPaying = 1;
    const held = await w.shop.buy(1, 'bread');
    expect(held).toMatchObject({ ok: true, code: 'held', balance: 7 });
    expect(w.running.flow.pending().map((e) => [e.id, e.state])).toEqual([
      [`a:shop:${held.ok && held.purchaseId}`, 'needs_admin'],
    ]);
    // The background retry never touches it.
    await w.running.flow.reconcile('claim');
    expect(payouts(w)).toHaveLength(1);
    const id = held.ok ? held.purchaseId : '';
    expect(await w.shop.refund(id)).toMatchObject({ ok: true, code: 'refunded' });
    expect(await w.shop.refund(id)).toEqual({ ok: false, code: 'not_held' });
    expect(balance(w)).toBe(12);
    expect(w.running.flow.pending()).toEqual([]);
    expect(payouts(w)).toHaveLength(1);
  });

  it('votereward drop refuses a held delivery and names the refund: dropping it would keep the points spent', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    w.adapter.unknownAfterPaying = 1;
    const held = await w.shop.buy(1, 'bread');
    const id = held.ok ? held.purchaseId : '';
    expect(w.running.flow.drop(`a:shop:${id}`)).toEqual({
      ok: false,
      message: `a:shop:${id} delivers vote-shop purchase ${id}: decide it with \`votereward purchase refund ${id}\` (the points come back) or \`votereward purchase grant ${id}\` (it was delivered); a drop would keep the points spent for nothing`,
    });
    expect(w.running.flow.pending()).toHaveLength(1);
    expect(w.shop.purchases('license:a').map((p) => p.state)).toEqual(['delivering']);
  });

  it('an unknown outcome granted by an admin is declared delivered: nothing paid again, the points stay spent', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    w.adapter.unknownAfterPaying = 1;
    const held = await w.shop.buy(1, 'bread');
    const id = held.ok ? held.purchaseId : '';
    expect(await w.shop.grant(id)).toMatchObject({ ok: true, code: 'granted', purchase: { state: 'done' } });
    expect(await w.shop.grant(id)).toEqual({ ok: false, code: 'not_held' });
    expect(await w.shop.refund(id)).toEqual({ ok: false, code: 'not_held' });
    await w.running.flow.reconcile('claim');
    expect(payouts(w)).toHaveLength(1);
    expect(w.running.flow.pending()).toEqual([]);
    expect(balance(w)).toBe(7);
    expect(w.heard.filter(([name]) => name === 'purchased')).toHaveLength(1);
  });

  it('points spent by another resource while the framework answers the capacity check: refused, nothing charged', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    const canReceive = w.adapter.canReceive;
    w.adapter.canReceive = async (ctx, rewards) => {
      w.ledger.apply('license:a', { key: 'ext:phone-1', delta: -10, reason: 'phone' });
      return canReceive(ctx, rewards);
    };
    expect(await w.shop.buy(1, 'bread')).toMatchObject({
      ok: false,
      code: 'insufficient_points',
      balance: 2,
    });
    expect(w.shop.purchases('license:a')).toEqual([]);
    expect(payouts(w)).toEqual([]);
  });

  it('two buys in one tick: one is bought, the other is told the first is running; charged once', async () => {
    const w = boot();
    seed(w, 'license:a', 12);
    const both = await Promise.all([w.shop.buy(1, 'bread'), w.shop.buy(1, 'bread')]);
    expect(both.map(code).sort()).toEqual(['busy', 'delivered']);
    expect(balance(w)).toBe(7);
    expect(payouts(w)).toHaveLength(1);
  });
});

describe('vote shop: limits reset in the owner time zone', () => {
  // 2026-11-21 10:00 UTC: Saturday 19:00 in Tokyo (UTC+9), 05:00 in New York (UTC-5).
  it.each([
    { reset: 'daily', timeZone: 'America/New_York', ends: '2026-11-22T05:00:00.000Z' },
    { reset: 'weekly', timeZone: 'Asia/Tokyo', ends: '2026-11-22T15:00:00.000Z' },
    { reset: 'monthly', timeZone: 'Asia/Tokyo', ends: '2026-11-30T15:00:00.000Z' },
  ])(
    '$reset in $timeZone: 2 per period, the third refused until $ends',
    async ({ reset, timeZone, ends }) => {
      const item = {
        id: 'key',
        name: 'Key',
        cost: 1,
        rewards: { type: 'item', item: 'key' },
        limit: { count: 2, reset },
      };
      const w = boot({ timeZone, shop: { enabled: true, items: [item] } });
      seed(w, 'license:a', 10);
      expect(code(await w.shop.buy(1, 'key'))).toBe('delivered');
      const listed = w.shop.list(1);
      expect(listed.ok && listed.items[0]).toMatchObject({ remaining: 1, resetsAt: Date.parse(ends) });
      expect(code(await w.shop.buy(1, 'key'))).toBe('delivered');
      expect(await w.shop.buy(1, 'key')).toMatchObject({
        code: 'limit_reached',
        detail: String(Date.parse(ends)),
      });
      await w.clock.advance(Date.parse(ends) - w.clock.now() - MIN);
      expect(code(await w.shop.buy(1, 'key'))).toBe('limit_reached');
      await w.clock.advance(MIN);
      expect(code(await w.shop.buy(1, 'key'))).toBe('delivered');
      expect(balance(w)).toBe(7);
    },
  );

  it('a refund gives the limit back; a "never" limit never resets', async () => {
    const item = {
      id: 'kit',
      name: 'Kit',
      cost: 1,
      rewards: { type: 'money', amount: 5 },
      limit: { count: 1, reset: 'never' },
    };
    const w = boot({ shop: { enabled: true, items: [item] } });
    seed(w, 'license:a', 10);
    w.adapter.giveProblems.push({ code: 'framework_error', detail: 'refused' });
    expect(code(await w.shop.buy(1, 'kit'))).toBe('refunded');
    expect(code(await w.shop.buy(1, 'kit'))).toBe('delivered');
    w.running.stop();
    await w.clock.advance(400 * 86_400_000);
    expect(code(await w.shop.buy(1, 'kit'))).toBe('limit_reached');
  });
});

describe('vote points: earned', () => {
  it('a claimed vote credits points.perVote once its own reward is paid, keyed by its journal entry', async () => {
    const w = boot();
    w.api.addVote('Ana', w.clock.now() - MIN);
    expect(await w.running.flow.claim(1)).toMatchObject({ code: 'rewarded' });
    expect(payouts(w)).toEqual(['1:{"type":"money","amount":100}']);
    expect(balance(w)).toBe(10);
    const read = w.ledger.read('license:a');
    expect(read.ok && read.entries.map((e) => e.key)).toEqual([expect.stringMatching(/^pay:c[a-z0-9]+#1$/)]);
  });

  it('a milestone that gives points credits them to the ledger, never to the framework', async () => {
    const w = boot({
      ...SHOP,
      points: { perVote: 0 },
      milestones: [{ at: 1, reward: { type: 'points', amount: 25 } }],
    });
    w.api.addVote('Ana', w.clock.now() - MIN);
    await w.running.flow.claim(1);
    expect(payouts(w)).toEqual(['1:{"type":"money","amount":100}']);
    expect(balance(w)).toBe(25);
  });
});
