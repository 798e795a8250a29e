import { describe, expect, it } from 'vitest';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeVorp } from '../../devkit/fakes/frameworks/vorp';
import { rewardProblems, selectAdapter } from '../../src/rewards/select';
import type { PayoutContext, Reward } from '../../src/rewards/types';
import { createVorpAdapter } from '../../src/rewards/vorp';

const ann: PayoutContext = { source: 4, name: 'Ann', license: 'license:4', voteId: 'vote-9' };

function setup() {
  const fake = createFakeHost();
  const vorp = createFakeVorp(fake);
  const warnings: string[] = [];
  const host = { ...fake.host, log: { ...fake.host.log, warn: (line: string) => warnings.push(line) } };
  return { fake, vorp, warnings, adapter: createVorpAdapter({ host }) };
}

describe('VORP adapter', () => {
  it('pays money once through addCurrency(0) and proves it from a fresh getUser', async () => {
    const { vorp, adapter } = setup();
    vorp.select(4, { money: 50 });
    expect(await adapter.give(ann, { type: 'money', amount: 500 })).toEqual({ ok: true });
    expect(vorp.money(4)).toBe(550);
  });

  it('gives an item once after canCarryItem, counted with getItemCount', async () => {
    const { vorp, adapter } = setup();
    vorp.select(4);
    const bread: Reward = { type: 'item', item: 'bread', count: 2 };
    expect(await adapter.canReceive(ann, [bread])).toEqual({ ok: true });
    expect(await adapter.give(ann, bread)).toEqual({ ok: true });
    expect(vorp.itemCount(4, 'bread')).toBe(2);
  });

  it.each([
    [
      'over the item limit',
      { type: 'item', item: 'bread', count: 11 },
      { code: 'inventory_full', item: 'bread', count: 11 },
    ],
    ['an unknown item', { type: 'item', item: 'breadd', count: 1 }, { code: 'framework_error' }],
  ] as const)('refuses %s before calling addItem (which checks neither)', async (_, reward, problem) => {
    const { vorp, adapter } = setup();
    vorp.select(4);
    const result = await adapter.give(ann, reward);
    expect(result.ok).toBe(false);
    expect(result.ok ? undefined : result.problem).toMatchObject(problem);
    expect(vorp.itemCount(4, reward.item)).toBe(0);
  });

  it('refuses the capacity VORP would exceed: 196 wood of 200, then 10 water (weight 5)', async () => {
    const { vorp, adapter } = setup();
    vorp.select(4).items.wood = 196;
    const result = await adapter.canReceive(ann, [{ type: 'item', item: 'water', count: 10 }]);
    expect(result).toEqual({ ok: false, problem: { code: 'inventory_full', item: 'water', count: 10 } });
  });

  it.each([
    [
      'connected with no character selected',
      (v: ReturnType<typeof setup>['vorp']) => v.connect(4, 'steam:4'),
    ],
    ['without Steam', (v: ReturnType<typeof setup>['vorp']) => v.connect(4)],
  ])('a player %s is not loaded: nothing is called', async (_, arrange) => {
    const { vorp, adapter } = setup();
    arrange(vorp);
    expect(await adapter.isPlayerReady(4)).toBe(false);
    expect(await adapter.give(ann, { type: 'money', amount: 5 })).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
  });

  it('names the Steam requirement once per player VORP has no user for', async () => {
    const { vorp, adapter, warnings } = setup();
    vorp.connect(4);
    await adapter.isPlayerReady(4);
    await adapter.isPlayerReady(4);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('Steam');
  });

  it.each([0.5, -20, 2 ** 53])('refuses money %s that addCurrency would take as given', async (amount) => {
    const { vorp, adapter } = setup();
    vorp.select(4, { money: 50 });
    const result = await adapter.give(ann, { type: 'money', amount });
    expect(result.ok).toBe(false);
    expect(vorp.money(4)).toBe(50);
  });

  it('a raise after addCurrency paid is judged by the balance: one payment, never a retry', async () => {
    const { vorp, adapter, fake } = setup();
    vorp.select(4, { money: 10 });
    const core = fake.host.exportsOf('vorp_core');
    const real = core.GetCore as () => {
      getUser(src: number): { getUsedCharacter: Record<string, unknown> };
    };
    fake.restart('vorp_core', {
      GetCore: () => {
        const c = real();
        return {
          getUser: (src: number) => {
            const user = c.getUser(src);
            const add = user.getUsedCharacter.addCurrency as (...a: unknown[]) => unknown;
            user.getUsedCharacter.addCurrency = (...a: unknown[]) => {
              add(...a);
              throw new Error('Error in nested ref call.');
            };
            return user;
          },
        };
      },
    });
    expect(await adapter.give(ann, { type: 'money', amount: 7 })).toEqual({ ok: true });
    expect(vorp.money(4)).toBe(17);
  });

  it.each([
    ['the money moved by another amount too', 5, 'went from 10 to 22'],
    ['the money cannot be read any more', undefined, 'could not be read'],
  ])(
    'addCurrency raising, then %s: outcome unknown (an admin decides), never retried',
    async (_, extra, detail) => {
      const { vorp, adapter, fake } = setup();
      vorp.select(4, { money: 10 });
      const real = fake.host.exportsOf('vorp_core').GetCore as () => {
        getUser(src: number): { getUsedCharacter: Record<string, unknown> } | undefined;
      };
      let paid = false;
      fake.restart('vorp_core', {
        GetCore: () => ({
          getUser: (src: number) => {
            if (paid && extra === undefined)
              throw new Error('An error occurred while calling export GetCore');
            const user = real().getUser(src);
            if (!user) return user;
            const add = user.getUsedCharacter.addCurrency as (...a: unknown[]) => unknown;
            user.getUsedCharacter.addCurrency = (...a: unknown[]) => {
              add(...a);
              if (extra !== undefined) add(0, extra);
              paid = true;
              throw new Error('Error in nested ref call.');
            };
            return user;
          },
        }),
      });
      const result = await adapter.give(ann, { type: 'money', amount: 7 });
      expect(result.ok ? undefined : result.problem.code).toBe('outcome_unknown');
      expect(result.ok ? '' : (result.problem as { detail: string }).detail).toContain(detail);
    },
  );

  it('addItem answering a Promise (a real server, where its database await yields) is awaited and verified', async () => {
    const fake = createFakeHost();
    const vorp = createFakeVorp(fake, { asyncAddItem: true });
    vorp.select(4);
    const adapter = createVorpAdapter({ host: fake.host });
    expect(await adapter.give(ann, { type: 'item', item: 'water', count: 3 })).toEqual({ ok: true });
    expect(vorp.itemCount(4, 'water')).toBe(3);
  });

  it('refuses bank rewards at start, naming what VORP pays instead (VORP has no bank in its core)', () => {
    const { fake } = setup();
    const selected = selectAdapter({
      framework: 'vorp',
      host: fake.host,
      rewards: [
        { type: 'money', amount: 500 },
        { type: 'bank', amount: 100 },
      ],
    });
    expect(selected.ok ? [] : selected.problems).toEqual([
      'reward[1]: type "bank": VORP has no bank account; use money, gold, item, custom, points',
    ]);
  });

  it('pays gold once through addCurrency(1), read before and after from a fresh getUser (money untouched)', async () => {
    const { vorp, adapter, fake } = setup();
    vorp.select(4, { money: 50, gold: 2 });
    const gold: Reward = { type: 'gold', amount: 3 };
    const readings: number[] = [];
    expect(await adapter.canReceive(ann, [gold])).toEqual({ ok: true });
    expect(await adapter.give(ann, gold, { before: (value) => readings.push(value) })).toEqual({ ok: true });
    expect(readings).toEqual([2]);
    expect([vorp.gold(4), vorp.money(4)]).toEqual([5, 50]);
    expect(await adapter.confirm?.(ann, gold, 2)).toEqual({ code: 'paid' });
    expect(await adapter.confirm?.(ann, gold, 5)).toEqual({ code: 'not_paid' });
    expect(fake.scriptErrors).toEqual([]);
  });

  it('gold that addCurrency did not add (an unknown currency id, as VORP ignores) is judged unpaid, not paid', async () => {
    const { vorp, adapter, fake } = setup();
    vorp.select(4, { gold: 2 });
    const real = fake.host.exportsOf('vorp_core').GetCore as () => {
      getUser(src: number): { getUsedCharacter: Record<string, unknown> };
    };
    fake.restart('vorp_core', {
      GetCore: () => ({
        getUser: (src: number) => {
          const user = real().getUser(src);
          const add = user.getUsedCharacter.addCurrency as (...a: unknown[]) => unknown;
          user.getUsedCharacter.addCurrency = (_currency: unknown, qty: unknown) => add(3, qty);
          return user;
        },
      }),
    });
    const result = await adapter.give(ann, { type: 'gold', amount: 3 });
    expect(result.ok).toBe(false);
    expect(vorp.gold(4)).toBe(2);
  });

  it('refuses gold on every other framework at start, naming VORP', () => {
    expect(rewardProblems('esx', [{ type: 'gold', amount: 5 }])).toEqual([
      `reward[0]: type "gold": gold is VORP's currency, ESX has none; use money, bank, item, custom, points`,
    ]);
    expect(rewardProblems('rsg', [{ type: 'gold', amount: 5 }])[0]).toContain("gold is VORP's currency");
  });

  it('names an unknown item at start', async () => {
    const { adapter } = setup();
    expect(await adapter.startupProblems?.([{ type: 'item', item: 'breadd', count: 1 }])).toEqual([
      `the item "breadd" is not in vorp_inventory's items table`,
    ]);
  });
});
