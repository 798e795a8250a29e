import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeOxInventory } from '../../devkit/fakes/frameworks/ox-inventory';
import { createFakeQbcore, createFakeQbox } from '../../devkit/fakes/frameworks/qb';
import { createQbcoreAdapter } from '../../src/rewards/qbcore';
import { createQboxAdapter } from '../../src/rewards/qbox';
import type { PayoutContext } from '../../src/rewards/types';

const ctx: PayoutContext = { source: 4, name: 'Ann', license: 'license:4', voteId: 'vote-9' };

describe('QBCore adapter', () => {
  const setup = (options: { qbInventory?: boolean } = {}) => {
    const fake = createFakeHost();
    const qb = createFakeQbcore(fake, options);
    return { fake, qb, adapter: createQbcoreAdapter({ host: fake.host }) };
  };

  it('a player exists only once loaded: before that nothing is paid', async () => {
    const { adapter, qb } = setup();
    expect(await adapter.isPlayerReady(4)).toBe(false);
    expect(await adapter.give(ctx, { type: 'money', amount: 50 })).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
    qb.load(4);
    expect(await adapter.isPlayerReady(4)).toBe(true);
  });

  it.each([
    ['money', 'cash'],
    ['bank', 'bank'],
  ] as const)('pays %s as QBCore money type %s', async (type, moneyType) => {
    const { adapter, qb } = setup();
    qb.load(4);
    expect(await adapter.give(ctx, { type, amount: 75 })).toEqual({ ok: true });
    expect(qb.money(4, moneyType)).toBe(75);
  });

  it('asks GetCoreObject only for Functions and reuses the core object', async () => {
    const { adapter, qb } = setup();
    qb.load(4);
    await adapter.give(ctx, { type: 'money', amount: 1 });
    await adapter.give(ctx, { type: 'money', amount: 1 });
    expect(qb.coreCalls).toEqual([[['Functions']]]);
  });

  it('re-acquires the core object after qb-core restarts', async () => {
    const { adapter, qb } = setup();
    qb.load(4);
    await adapter.give(ctx, { type: 'money', amount: 1 });
    qb.restart();
    expect(await adapter.give(ctx, { type: 'money', amount: 2 })).toEqual({ ok: true });
    expect(qb.money(4, 'cash')).toBe(3);
    expect(qb.coreCalls).toHaveLength(2);
  });

  it('AddMoney answering something other than true keeps the reward pending', async () => {
    const fake = createFakeHost();
    fake.addResource('qb-core', {
      GetCoreObject: () => ({
        Functions: { GetPlayer: () => ({ Functions: { AddMoney: () => false, GetMoney: () => 0 } }) },
      }),
    });
    const adapter = createQbcoreAdapter({ host: fake.host });
    const result = await adapter.give(ctx, { type: 'money', amount: 5 });
    expect(result).toEqual({
      ok: false,
      problem: { code: 'framework_error', detail: "Player.Functions.AddMoney('cash', 5) answered false" },
    });
  });

  it('items through qb-inventory: added when they fit', async () => {
    const { adapter, qb } = setup();
    qb.load(4);
    expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 2 })).toEqual({ ok: true });
    expect(qb.itemCount(4, 'bread')).toBe(2);
  });

  it.each([
    ['weight', (qb: ReturnType<typeof createFakeQbcore>) => qb.load(4), 20],
    [
      'slots',
      (qb: ReturnType<typeof createFakeQbcore>) => {
        qb.load(4);
        qb.fillSlots(4);
      },
      1,
    ],
  ])('items through qb-inventory: [false, %j] is a full inventory', async (_why, prepare, count) => {
    const { adapter, qb } = setup();
    prepare(qb);
    const reward = { type: 'item', item: 'bread', count } as const;
    const full = { ok: false, problem: { code: 'inventory_full', item: 'bread', count } };
    expect(await adapter.canReceive(ctx, [reward])).toEqual(full);
    expect(await adapter.give(ctx, reward)).toEqual(full);
    expect(qb.itemCount(4, 'bread')).toBe(0);
  });

  it('items through qb-inventory: an unknown item (plain false) is a framework error', async () => {
    const { adapter, qb } = setup();
    qb.load(4);
    expect(await adapter.give(ctx, { type: 'item', item: 'unicorn', count: 1 })).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
  });

  describe('qb-inventory 1.x (no CanAddItem: AddItem checks weight and slots itself)', () => {
    const v1 = () => {
      const fake = createFakeHost();
      const qb = createFakeQbcore(fake, { qbInventoryV1: true, maxWeight: 500 });
      qb.load(4);
      return { qb, adapter: createQbcoreAdapter({ host: fake.host }) };
    };

    it('pays an item that fits', async () => {
      const { adapter, qb } = v1();
      expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 2 })).toEqual({ ok: true });
      expect(qb.itemCount(4, 'bread')).toBe(2);
    });

    it('AddItem refusing (too heavy) is a full inventory, not a payment', async () => {
      const { adapter, qb } = v1();
      expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 9 })).toEqual({
        ok: false,
        problem: { code: 'inventory_full', item: 'bread', count: 9 },
      });
      expect(qb.itemCount(4, 'bread')).toBe(0);
    });

    it('an item missing from QBCore.Shared.Items is a framework error naming it', async () => {
      const { adapter } = v1();
      const result = await adapter.canReceive(ctx, [{ type: 'item', item: 'breadd', count: 1 }]);
      expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
      expect(JSON.stringify(result)).toContain('breadd');
    });
  });

  it('items prefer ox_inventory when it runs', async () => {
    const { adapter, qb, fake } = setup();
    const ox = createFakeOxInventory(fake);
    qb.load(4);
    ox.open(4);
    expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 1 })).toEqual({ ok: true });
    expect(ox.count(4, 'bread')).toBe(1);
    expect(qb.itemCount(4, 'bread')).toBe(0);
  });

  it('items without any inventory resource is a framework error naming both', async () => {
    const { adapter, qb } = setup({ qbInventory: false });
    qb.load(4);
    const result = await adapter.canReceive(ctx, [{ type: 'item', item: 'bread', count: 1 }]);
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail: 'item rewards on QBCore need ox_inventory or qb-inventory, and neither is started',
      },
    });
  });
});

describe('Qbox adapter', () => {
  const setup = () => {
    const fake = createFakeHost();
    const qbx = createFakeQbox(fake);
    const ox = createFakeOxInventory(fake, { yields: true });
    return { fake, qbx, ox, adapter: createQboxAdapter({ host: fake.host }) };
  };

  it('pays through the AddMoney export with the source as a number', async () => {
    const { adapter, qbx } = setup();
    qbx.load(4);
    expect(await adapter.give(ctx, { type: 'bank', amount: 300 })).toEqual({ ok: true });
    expect(qbx.money(4, 'bank')).toBe(300);
    expect(qbx.calls).toEqual([[4, 'bank', 300, 'vote-reward vote-9']]);
  });

  it('an unloaded player is not ready and AddMoney is never called', async () => {
    const { adapter, qbx } = setup();
    expect(await adapter.give(ctx, { type: 'money', amount: 1 })).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
    expect(qbx.calls).toEqual([]);
  });

  it('AddMoney answering false is a framework error', async () => {
    const fake = createFakeHost();
    fake.addResource('qbx_core', { GetPlayer: () => ({ PlayerData: {} }), AddMoney: () => false });
    const adapter = createQboxAdapter({ host: fake.host });
    expect(await adapter.give(ctx, { type: 'money', amount: 1 })).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
  });

  it('items go through ox_inventory, awaiting answers that arrive as Promises', async () => {
    const { adapter, qbx, ox } = setup();
    qbx.load(4);
    ox.open(4);
    expect(await adapter.give(ctx, { type: 'item', item: 'phone', count: 2 })).toEqual({ ok: true });
    expect(ox.count(4, 'phone')).toBe(2);
  });

  it('items without ox_inventory are a framework error', async () => {
    const fake = createFakeHost();
    const qbx = createFakeQbox(fake);
    qbx.load(4);
    const adapter = createQboxAdapter({ host: fake.host });
    expect(await adapter.give(ctx, { type: 'item', item: 'phone', count: 1 })).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail: 'item rewards on Qbox need ox_inventory, which is not started',
      },
    });
  });
});
