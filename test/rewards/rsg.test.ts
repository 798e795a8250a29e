import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeRsg, type FakeRsgOptions } from '../../devkit/fakes/frameworks/rsg';
import { configSchema } from '../../src/config/schema';
import { createRsgAdapter, type RsgBank } from '../../src/rewards/rsg';
import type { PayoutContext, Reward } from '../../src/rewards/types';

const ann: PayoutContext = { source: 4, name: 'Ann', license: 'license:4', voteId: 'vote-9' };

function setup(options: FakeRsgOptions & { bank?: RsgBank } = {}) {
  const fake = createFakeHost();
  const rsg = createFakeRsg(fake, options);
  return { fake, rsg, adapter: createRsgAdapter({ host: fake.host, bank: options.bank }) };
}

describe('RSG adapter', () => {
  it('pays cash once: AddMoney adds the dollar items and GetMoney reads them back', async () => {
    const { rsg, adapter } = setup();
    rsg.load(4, { money: { cash: 50 }, items: { dollar: 50 } });
    expect(await adapter.give(ann, { type: 'money', amount: 500 })).toEqual({ ok: true });
    expect(rsg.money(4, 'cash')).toBe(550);
    expect(rsg.itemCount(4, 'dollar')).toBe(550);
  });

  it.each([
    [undefined, 'bank'],
    ['valbank', 'valbank'],
    ['armbank', 'armbank'],
  ] as const)('pays bank rewards into the bank the owner chose (%s → %s), once', async (bank, moneyType) => {
    const { rsg, adapter } = setup({ bank });
    rsg.load(4, { money: { bank: 10, valbank: 10, armbank: 10 } });
    expect(await adapter.give(ann, { type: 'bank', amount: 75 })).toEqual({ ok: true });
    expect(rsg.money(4, moneyType)).toBe(85);
    const others = ['bank', 'valbank', 'armbank'].filter((t) => t !== moneyType);
    for (const other of others) expect(rsg.money(4, other)).toBe(10);
  });

  it('gives an item once after CanAddItem, counted through GetItemsByName', async () => {
    const { rsg, adapter } = setup();
    rsg.load(4);
    const water: Reward = { type: 'item', item: 'water', count: 2 };
    expect(await adapter.canReceive(ann, [water])).toEqual({ ok: true });
    expect(await adapter.give(ann, water)).toEqual({ ok: true });
    expect(rsg.itemCount(4, 'water')).toBe(2);
  });

  it('refuses an item that does not fit before AddItem, which would drop it on the ground', async () => {
    const { rsg, adapter } = setup();
    rsg.load(4);
    const water: Reward = { type: 'item', item: 'water', count: 351 };
    expect(await adapter.give(ann, water)).toEqual({
      ok: false,
      problem: { code: 'inventory_full', item: 'water', count: 351 },
    });
    expect(rsg.itemCount(4, 'water')).toBe(0);
  });

  it('refuses cash whose dollar items would not fit (AddMoney answers true, the dollars would be dropped)', async () => {
    const { rsg, adapter } = setup();
    rsg.load(4, { money: { cash: 50 }, items: { dollar: 50, water: 345 } });
    const cash: Reward = { type: 'money', amount: 500 };
    const refused = { ok: false, problem: { code: 'inventory_full', item: 'dollar', count: 500 } };
    expect(await adapter.canReceive(ann, [cash])).toEqual(refused);
    expect(await adapter.give(ann, cash)).toEqual(refused);
    expect(rsg.money(4, 'cash')).toBe(50);
  });

  it('fetches the whole core (RSG takes no filter) once for players and once for its config, not per payout', async () => {
    const { rsg, fake } = setup();
    rsg.load(4, { money: { cash: 0 } });
    const real = fake.host.exportsOf('rsg-core').GetCoreObject as (...a: unknown[]) => unknown;
    let calls = 0;
    fake.restart('rsg-core', {
      GetCoreObject: (...a: unknown[]) => {
        calls += 1;
        return real(...a);
      },
    });
    const adapter = createRsgAdapter({ host: fake.host });
    for (const voteId of ['v1', 'v2', 'v3'])
      expect(await adapter.give({ ...ann, voteId }, { type: 'money', amount: 10 })).toEqual({ ok: true });
    expect(rsg.money(4, 'cash')).toBe(30);
    expect(calls).toBe(2);
  });

  it('AddMoney raising after crediting the bank, then GetMoney raising: outcome unknown (an admin decides)', async () => {
    const { rsg, fake } = setup();
    rsg.load(4, { money: { bank: 10 } });
    const real = fake.host.exportsOf('rsg-core').GetCoreObject as () => {
      Functions: { GetPlayer(src: number): { Functions: Record<string, (...a: unknown[]) => unknown> } };
    };
    let credited = false;
    fake.restart('rsg-core', {
      GetCoreObject: () => {
        const core = real();
        return {
          ...core,
          Functions: {
            GetPlayer: (src: number) => {
              const player = core.Functions.GetPlayer(src);
              return {
                ...player,
                Functions: {
                  ...player.Functions,
                  AddMoney: (...a: unknown[]) => {
                    player.Functions.AddMoney?.(...a);
                    credited = true;
                    throw new Error('Error in nested ref call.');
                  },
                  GetMoney: (...a: unknown[]) => {
                    if (credited) throw new Error('Error in nested ref call.');
                    return player.Functions.GetMoney?.(...a);
                  },
                },
              };
            },
          },
        };
      },
    });
    const adapter = createRsgAdapter({ host: fake.host });
    const result = await adapter.give(ann, { type: 'bank', amount: 5 });
    expect(result.ok ? undefined : result.problem.code).toBe('outcome_unknown');
    expect(rsg.money(4, 'bank')).toBe(15);
  });

  it('pays cash without an item check when money items are off', async () => {
    const { rsg, adapter } = setup({ moneyItems: false });
    rsg.load(4, { money: { cash: 0 }, items: { water: 350 } });
    expect(await adapter.give(ann, { type: 'money', amount: 500 })).toEqual({ ok: true });
    expect(rsg.money(4, 'cash')).toBe(500);
  });

  it('a player without a character is not loaded, although CanAddItem answers true for them', async () => {
    const { adapter } = setup();
    expect(await adapter.isPlayerReady(4)).toBe(false);
    expect(await adapter.canReceive(ann, [{ type: 'item', item: 'water', count: 1 }])).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
  });

  it('a money type rsg-core lacks is named at start', async () => {
    const { adapter } = setup();
    const fake = createFakeHost();
    createFakeRsg(fake);
    expect(await adapter.startupProblems?.([{ type: 'bank', amount: 1 }])).toEqual([]);
    const odd = createRsgAdapter({ host: fake.host, bank: 'nobank' as RsgBank });
    expect(await odd.startupProblems?.([{ type: 'bank', amount: 1 }])).toEqual([
      'RSGCore has no "nobank" money type (RSGCore.Config.Money.MoneyTypes)',
    ]);
  });

  it('names an unknown item at start', async () => {
    const { adapter } = setup();
    expect(await adapter.startupProblems?.([{ type: 'item', item: 'breadd', count: 1 }])).toEqual([
      'the item "breadd" is not in RSGCore.Shared.Items',
    ]);
  });

  it.each([
    ['valbank', true],
    ['rhobank', true],
    ['bloodmoney', false],
    ['Bank', false],
  ])('config rsg.bank %s is accepted: %s, and a refusal names the allowed values', (bank, ok) => {
    const parsed = configSchema.safeParse({ rsg: { bank } });
    expect(parsed.success).toBe(ok);
    if (!parsed.success)
      expect(parsed.error.issues[0]?.message).toMatch(/bank.*valbank.*rhobank.*blkbank.*armbank/);
  });
});
