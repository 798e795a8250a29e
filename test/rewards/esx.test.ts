import { describe, expect, it } from 'vitest';
import { createEsxAdapter } from '../../src/rewards/esx';
import type { PayoutContext, Reward } from '../../src/rewards/types';
import { createFakeEsx } from '../fakes/frameworks/esx';
import { createFakeHost } from '../fakes/frameworks/host';
import { createFakeOxInventory } from '../fakes/frameworks/ox-inventory';

const ctx: PayoutContext = { source: 1, name: 'Bob', license: 'license:1', voteId: 'vote-1' };

const modes = [
  { label: 'RunStaticPlayerMethod', staticMethod: true, sharedObject: false },
  { label: 'getSharedObject + xPlayer', staticMethod: false, sharedObject: true },
];

describe.each(modes)('ESX adapter through $label', ({ staticMethod, sharedObject }) => {
  const setup = (options: { legacyReturns?: boolean } = {}) => {
    const fake = createFakeHost();
    const esx = createFakeEsx(fake, { staticMethod, sharedObject, ...options });
    const adapter = createEsxAdapter({ host: fake.host });
    return { fake, esx, adapter };
  };

  it('a player without a loaded character is not ready and is not paid', async () => {
    const { adapter, esx } = setup();
    expect(await adapter.isPlayerReady(1)).toBe(false);
    expect(await adapter.give(ctx, { type: 'money', amount: 100 })).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
    expect(esx.calls).toEqual([]);
  });

  it.each([
    { reward: { type: 'money', amount: 100 } as Reward, account: 'money' },
    { reward: { type: 'bank', amount: 250 } as Reward, account: 'bank' },
  ])('pays $reward.type into the $account account with a reason', async ({ reward, account }) => {
    const { adapter, esx } = setup();
    esx.load(1);
    expect(await adapter.isPlayerReady(1)).toBe(true);
    expect(await adapter.give(ctx, reward)).toEqual({ ok: true });
    expect(esx.balance(1, account)).toBe((reward as { amount: number }).amount);
    expect(esx.calls).toEqual([
      {
        method: 'addAccountMoney',
        args: [account, (reward as { amount: number }).amount, 'vote-reward vote-1'],
      },
    ]);
  });

  it('older ESX returning nothing from addAccountMoney still counts as paid', async () => {
    const { adapter, esx } = setup({ legacyReturns: true });
    esx.load(1);
    expect(await adapter.give(ctx, { type: 'bank', amount: 5 })).toEqual({ ok: true });
    expect(esx.balance(1, 'bank')).toBe(5);
  });

  it.each([0, -10, Number.NaN])('never sends amount %s to ESX (which would raise)', async (amount) => {
    const { adapter, esx } = setup();
    esx.load(1);
    const result = await adapter.give(ctx, { type: 'money', amount });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(esx.calls).toEqual([]);
  });

  it('a source given as a string still reaches ESX.Players as a number', async () => {
    const { adapter, esx } = setup();
    esx.load(1);
    const result = await adapter.give(
      { ...ctx, source: '1' as unknown as number },
      { type: 'money', amount: 1 },
    );
    expect(result).toEqual({ ok: true });
    expect(esx.balance(1, 'money')).toBe(1);
  });

  it('items: checks capacity, then adds through the xPlayer when ox_inventory is not running', async () => {
    const { adapter, esx } = setup();
    esx.load(1);
    const reward: Reward = { type: 'item', item: 'bread', count: 3 };
    expect(await adapter.canReceive(ctx, [reward])).toEqual({ ok: true });
    expect(await adapter.give(ctx, reward)).toEqual({ ok: true });
    expect(esx.itemCount(1, 'bread')).toBe(3);
  });

  it('items: a full inventory keeps the reward pending and adds nothing', async () => {
    const { adapter, esx } = setup();
    esx.load(1);
    esx.setWeight(1, 9);
    const reward: Reward = { type: 'item', item: 'bread', count: 3 };
    const full = { ok: false, problem: { code: 'inventory_full', item: 'bread', count: 3 } };
    expect(await adapter.canReceive(ctx, [reward])).toEqual(full);
    expect(await adapter.give(ctx, reward)).toEqual(full);
    expect(esx.itemCount(1, 'bread')).toBe(0);
  });

  it('items: capacity is checked for the sum of every reward of the same item', async () => {
    const { adapter, esx } = setup();
    esx.load(1);
    esx.setWeight(1, 6);
    const rewards: Reward[] = [
      { type: 'item', item: 'bread', count: 2 },
      { type: 'item', item: 'bread', count: 3 },
    ];
    expect(await adapter.canReceive(ctx, rewards)).toMatchObject({
      ok: false,
      problem: { code: 'inventory_full' },
    });
  });

  it('items: an item ESX does not know is a framework error', async () => {
    const { adapter, esx } = setup();
    esx.load(1);
    const result = await adapter.give(ctx, { type: 'item', item: 'unicorn', count: 1 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(JSON.stringify(result)).toContain('unicorn');
  });

  it('items go through ox_inventory when it runs', async () => {
    const { adapter, esx, fake } = setup();
    const ox = createFakeOxInventory(fake);
    esx.load(1);
    ox.open(1);
    expect(await adapter.give(ctx, { type: 'item', item: 'bread', count: 2 })).toEqual({ ok: true });
    expect(ox.count(1, 'bread')).toBe(2);
    expect(esx.itemCount(1, 'bread')).toBe(0);
  });

  it('finds the new es_extended after a restart', async () => {
    const { adapter, esx } = setup();
    esx.load(1);
    expect(await adapter.give(ctx, { type: 'money', amount: 1 })).toEqual({ ok: true });
    esx.restart();
    expect(await adapter.give(ctx, { type: 'money', amount: 2 })).toEqual({ ok: true });
    expect(esx.balance(1, 'money')).toBe(3);
  });
});

describe('ESX adapter failures', () => {
  it('an xPlayer method raising a Lua error becomes a framework error, not a throw', async () => {
    const fake = createFakeHost();
    fake.addResource('es_extended', {
      RunStaticPlayerMethod: (_src: unknown, method: unknown) => {
        if (method === 'getIdentifier') return 'char1:1';
        throw new Error('Tried To Set Add To Invalid Account bank');
      },
    });
    const adapter = createEsxAdapter({ host: fake.host });
    const result = await adapter.give(ctx, { type: 'bank', amount: 5 });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail: 'es_extended.RunStaticPlayerMethod failed: Tried To Set Add To Invalid Account bank',
      },
    });
  });

  it('addAccountMoney answering false (overflow) is a framework error', async () => {
    const fake = createFakeHost();
    fake.addResource('es_extended', {
      RunStaticPlayerMethod: (_src: unknown, method: unknown) =>
        method === 'getIdentifier' ? 'char1:1' : false,
    });
    const adapter = createEsxAdapter({ host: fake.host });
    expect(await adapter.give(ctx, { type: 'money', amount: 5 })).toMatchObject({
      ok: false,
      problem: { code: 'framework_error' },
    });
  });

  it('es_extended stopped: the player is not ready and a payout is refused, never thrown', async () => {
    const fake = createFakeHost();
    const esx = createFakeEsx(fake);
    esx.load(1);
    fake.setState('es_extended', 'stopped');
    const adapter = createEsxAdapter({ host: fake.host });
    expect(await adapter.isPlayerReady(1)).toBe(false);
    expect((await adapter.give(ctx, { type: 'money', amount: 5 })).ok).toBe(false);
  });

  it('inventory "ox_inventory" without ox_inventory running is a framework error', async () => {
    const fake = createFakeHost();
    const esx = createFakeEsx(fake);
    esx.load(1);
    const adapter = createEsxAdapter({ host: fake.host, inventory: 'ox_inventory' });
    const result = await adapter.canReceive(ctx, [{ type: 'item', item: 'bread', count: 1 }]);
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
  });

  it('dispose removes its resource listeners', () => {
    const fake = createFakeHost();
    createFakeEsx(fake);
    const adapter = createEsxAdapter({ host: fake.host });
    expect(fake.listeners('onResourceStop')).toBe(1);
    adapter.dispose();
    expect(fake.listeners('onResourceStop')).toBe(0);
  });
});
