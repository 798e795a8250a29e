import { describe, expect, it } from 'vitest';
import { createFakeEsx } from '../../devkit/fakes/frameworks/esx';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeOxInventory } from '../../devkit/fakes/frameworks/ox-inventory';
import { createEsxAdapter } from '../../src/rewards/esx';
import type { PayoutContext, Reward } from '../../src/rewards/types';

const ctx: PayoutContext = { source: 1, name: 'Bob', license: 'license:1', voteId: 'vote-1' };

const modes = [
  { label: 'RunStaticPlayerMethod (ESX >= 1.13)', staticMethod: true, sharedObject: true },
  { label: 'getSharedObject + xPlayer', staticMethod: false, sharedObject: true },
];

describe.each(modes)('ESX adapter through $label', ({ staticMethod, sharedObject }) => {
  const setup = (options: { legacy?: boolean; oxInventory?: 'running' | 'stopped' } = {}) => {
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

  it('addAccountMoney returns nothing on every ESX: the balance that moved by the amount proves the payment', async () => {
    const { adapter, esx } = setup({ legacy: true });
    esx.load(1, 'char1:1', { bank: 1000 });
    expect(await adapter.give(ctx, { type: 'bank', amount: 5 })).toEqual({ ok: true });
    expect(esx.balance(1, 'bank')).toBe(1005);
  });

  it.each(['bank', 'money'] as const)(
    'ox_inventory installed but stopped: addAccountMoney(%s) credits then raises, and that is one payment, paid',
    async (type) => {
      const { adapter, esx } = setup({ oxInventory: 'stopped' });
      esx.load(1, 'char1:1', { bank: 1000, money: 1000 });
      expect(await adapter.give(ctx, { type, amount: 750 })).toEqual({ ok: true });
      expect(esx.balance(1, type)).toBe(1750);
      expect(esx.calls.filter((c) => c.method === 'addAccountMoney')).toHaveLength(1);
    },
  );

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

  it.each([
    { label: 'ESX >= 1.11 (canCarryItem false)', legacy: false },
    { label: 'ESX < 1.11 (canCarryItem nil)', legacy: true },
  ])(
    'items: an item ESX does not know is a framework error for the admin, never "inventory full" ($label)',
    async ({ legacy }) => {
      const { adapter, esx } = setup({ legacy });
      esx.load(1);
      for (const result of [
        await adapter.canReceive(ctx, [{ type: 'item', item: 'unicorn', count: 1 }]),
        await adapter.give(ctx, { type: 'item', item: 'unicorn', count: 1 }),
      ]) {
        expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
        expect(JSON.stringify(result)).toContain('unicorn');
      }
      expect(esx.calls.filter((c) => c.method === 'addInventoryItem')).toEqual([]);
    },
  );

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
  it('an account that cannot be read (a Lua error) is a framework error and addAccountMoney is never called', async () => {
    const fake = createFakeHost();
    const called: unknown[] = [];
    fake.addResource('es_extended', {
      RunStaticPlayerMethod: (_src: unknown, method: unknown, ...args: unknown[]) => {
        if (method === 'getIdentifier') return 'char1:1';
        if (method === 'addAccountMoney') called.push(args);
        throw new Error('Tried To Set Add To Invalid Account bank');
      },
    });
    const adapter = createEsxAdapter({ host: fake.host });
    const result = await adapter.give(ctx, { type: 'bank', amount: 5 });
    expect(result).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail:
          'the bank balance (esx) could not be read before paying (es_extended.RunStaticPlayerMethod failed: An error occurred while calling export RunStaticPlayerMethod of resource es_extended - see above for details); nothing was called',
      },
    });
    expect(called).toEqual([]);
  });

  it.each([
    { label: 'ESX < 1.11 printing instead of raising', account: 'bank' },
    {
      label: 'the ox_inventory override returning for an amount < 1 or an unknown account',
      account: 'money',
    },
  ])('addAccountMoney returning without paying ($label) is not counted as paid', async ({ account }) => {
    const fake = createFakeHost();
    fake.addResource('es_extended', {
      RunStaticPlayerMethod: (_src: unknown, method: unknown, name: unknown) => {
        if (method === 'getIdentifier') return 'char1:1';
        if (method === 'getAccount') return { name, money: 40 };
        return undefined;
      },
    });
    const adapter = createEsxAdapter({ host: fake.host });
    const result = await adapter.give(ctx, { type: account as 'bank' | 'money', amount: 5 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'framework_error' } });
    expect(JSON.stringify(result)).toContain('did not change (40): nothing was paid');
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
