import { describe, expect, it } from 'vitest';
import { configFor } from '../../devkit/fakes/compose-kit';
import { createFakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeOxCore } from '../../devkit/fakes/frameworks/ox-core';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { composeResource } from '../../src/compose';
import { pendingView } from '../../src/exports';
import { createOxCoreAdapter } from '../../src/rewards/ox-core';
import { selectAdapter } from '../../src/rewards/select';
import type { PayoutContext, Reward } from '../../src/rewards/types';

const ctx: PayoutContext = { source: 4, name: 'Ann', license: 'license:4', voteId: 'vote-9' };

/** The fake's ox_core exports, looked up now (a later addResource replacing ox_core does not reach them). */
const ownExports = (fake: ReturnType<typeof createFakeHost>) => {
  const { GetPlayer, GetCharacterAccount, CallAccount } = fake.host.exportsOf('ox_core');
  return { GetPlayer, GetCharacterAccount, CallAccount };
};

const setup = () => {
  const fake = createFakeHost();
  const core = createFakeOxCore(fake);
  return { fake, core, adapter: createOxCoreAdapter({ host: fake.host }) };
};

describe('ox_core adapter', () => {
  it('pays only once a character is active: joined at character selection is not loaded', async () => {
    const { adapter, core } = setup();
    expect(await adapter.isPlayerReady(4)).toBe(false);
    core.join(4);
    expect(await adapter.isPlayerReady(4)).toBe(false);
    for (const reward of [
      { type: 'money', amount: 5 },
      { type: 'bank', amount: 5 },
      { type: 'item', item: 'burger', count: 1 },
    ] as Reward[]) {
      expect(await adapter.give(ctx, reward)).toEqual({ ok: false, problem: { code: 'player_not_loaded' } });
    }
    expect(core.calls).toEqual([]);
    core.load(4, { charId: 7 });
    expect(await adapter.isPlayerReady(4)).toBe(true);
  });

  it.each([
    ['money', (core: ReturnType<typeof createFakeOxCore>) => core.cash(4)],
    ['bank', (core: ReturnType<typeof createFakeOxCore>) => core.account(7)?.balance],
  ] as const)('pays %s exactly once, verified by the balance read back', async (type, balance) => {
    const { adapter, core } = setup();
    core.load(4, { charId: 7, bank: 1000, cash: 20 });
    const before = balance(core) as number;
    expect(await adapter.give(ctx, { type, amount: 75 })).toEqual({ ok: true });
    expect(balance(core)).toBe(before + 75);
  });

  it('bank goes through addBalance on the character default account, never depositMoney', async () => {
    const { adapter, core } = setup();
    core.load(4, { charId: 7, bank: 10, cash: 50 });
    await adapter.give(ctx, { type: 'bank', amount: 30 });
    const paying = core.calls.filter(([, method]) => method !== 'get');
    expect(paying).toEqual([[1007, 'addBalance', { amount: 30, message: 'vote-reward vote-9' }]]);
    expect(core.cash(4)).toBe(50);
  });

  it('cash is the ox_inventory money item: the count moves, the bank does not', async () => {
    const { adapter, core } = setup();
    core.load(4, { charId: 7, bank: 10 });
    expect(await adapter.give(ctx, { type: 'money', amount: 40 })).toEqual({ ok: true });
    expect(core.cash(4)).toBe(40);
    expect(core.account(7)?.balance).toBe(10);
  });

  it('items through ox_inventory, counted before and after', async () => {
    const { adapter, core } = setup();
    core.load(4);
    expect(await adapter.give(ctx, { type: 'item', item: 'burger', count: 2 })).toEqual({ ok: true });
    expect(core.ox.count(4, 'burger')).toBe(2);
  });

  it.each([
    [
      { type: 'item', item: 'burger', count: 1 },
      { code: 'inventory_full', item: 'burger', count: 1 },
    ],
    [
      { type: 'item', item: 'breadd', count: 1 },
      {
        code: 'framework_error',
        detail:
          'the item "breadd" is not defined in ox_inventory (data/items.lua): fix the reward in config.json',
      },
    ],
  ] as const)('refuses %o before anything pays: %o', async (reward, problem) => {
    const { adapter, core } = setup();
    core.load(4, { cash: 5 });
    core.ox.fillSlots(4);
    expect(await adapter.give(ctx, reward as Reward)).toEqual({ ok: false, problem });
    expect(core.ox.count(4, reward.item)).toBe(0);
  });

  it('checks room for cash with the items: a full inventory without a money stack refuses before anything pays', async () => {
    const { adapter, core } = setup();
    core.load(4, { charId: 7, bank: 0 });
    core.ox.fillSlots(4);
    const rewards: Reward[] = [
      { type: 'bank', amount: 10 },
      { type: 'money', amount: 10 },
    ];
    expect(await adapter.canReceive(ctx, rewards)).toEqual({
      ok: false,
      problem: { code: 'inventory_full', item: 'money', count: 10 },
    });
    expect(await adapter.give(ctx, { type: 'money', amount: 10 })).toEqual({
      ok: false,
      problem: { code: 'inventory_full', item: 'money', count: 10 },
    });
    expect(core.cash(4)).toBe(0);
    expect(core.calls).toEqual([]);
  });

  it('money still pays into a full inventory: it stacks onto the money slot', async () => {
    const { adapter, core } = setup();
    core.load(4, { cash: 5 });
    core.ox.fillSlots(4);
    expect(await adapter.give(ctx, { type: 'money', amount: 10 })).toEqual({ ok: true });
    expect(core.cash(4)).toBe(15);
  });

  it('a character without a default account is a framework error naming the convar; nothing is called', async () => {
    const { adapter, core } = setup();
    core.load(4, { charId: 7 });
    core.model.accounts.clear();
    const result = await adapter.give(ctx, { type: 'bank', amount: 5 });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem.code).toBe('framework_error');
    expect(!result.ok && result.problem.code === 'framework_error' && result.problem.detail).toMatch(
      /no default account \(is ox:createDefaultAccount 0\?\)/,
    );
    expect(core.calls).toEqual([]);
  });

  it('addBalance answering { success: false } with the balance unchanged keeps the reward owed (framework_error)', async () => {
    const fake = createFakeHost();
    const core = createFakeOxCore(fake);
    core.load(4, { charId: 7, bank: 100 });
    const real = ownExports(fake);
    fake.addResource('ox_core', {
      GetPlayer: (src) => real.GetPlayer?.(src),
      GetCharacterAccount: (id) => real.GetCharacterAccount?.(id),
      CallAccount: async (id, method, ...args) =>
        method === 'addBalance'
          ? { success: false, message: 'something_went_wrong' }
          : real.CallAccount?.(id, method, ...args),
    });
    const adapter = createOxCoreAdapter({ host: fake.host });
    expect(await adapter.give(ctx, { type: 'bank', amount: 5 })).toEqual({
      ok: false,
      problem: {
        code: 'framework_error',
        detail: `ox_core CallAccount(1007, 'addBalance', 5) answered {"success":false,"message":"something_went_wrong"}`,
      },
    });
    expect(core.account(7)?.balance).toBe(100);
  });

  it('addBalance rejecting after it credited is paid, once: the balance read back decides', async () => {
    const fake = createFakeHost();
    const core = createFakeOxCore(fake);
    core.load(4, { charId: 7, bank: 100 });
    const real = ownExports(fake);
    fake.addResource('ox_core', {
      GetPlayer: (src) => real.GetPlayer?.(src),
      GetCharacterAccount: (id) => real.GetCharacterAccount?.(id),
      CallAccount: async (id, method, ...args) => {
        const answer = await real.CallAccount?.(id, method, ...args);
        if (method === 'addBalance') throw new Error('ox:updatedBalance listener failed');
        return answer;
      },
    });
    const adapter = createOxCoreAdapter({ host: fake.host });
    expect(await adapter.give(ctx, { type: 'bank', amount: 5 })).toEqual({ ok: true });
    expect(core.account(7)?.balance).toBe(105);
  });

  it('an addBalance whose balance cannot be read afterwards is outcome_unknown: an admin decides', async () => {
    const fake = createFakeHost();
    const core = createFakeOxCore(fake);
    core.load(4, { charId: 7, bank: 100 });
    const real = ownExports(fake);
    let reads = 0;
    fake.addResource('ox_core', {
      GetPlayer: (src) => real.GetPlayer?.(src),
      GetCharacterAccount: (id) => real.GetCharacterAccount?.(id),
      CallAccount: async (id, method, ...args) => {
        if (method === 'get' && ++reads > 1) throw new Error('database gone');
        return real.CallAccount?.(id, method, ...args);
      },
    });
    const adapter = createOxCoreAdapter({ host: fake.host });
    const result = await adapter.give(ctx, { type: 'bank', amount: 5 });
    expect(!result.ok && result.problem.code).toBe('outcome_unknown');
    expect(core.account(7)?.balance).toBe(105);
  });

  it('with ox_inventory stopped, cash is not paid and nothing is called; the bank still pays', async () => {
    const { adapter, core, fake } = setup();
    core.load(4, { charId: 7, bank: 0, cash: 5 });
    fake.setState('ox_inventory', 'stopped');
    const cash = await adapter.give(ctx, { type: 'money', amount: 10 });
    expect(!cash.ok && cash.problem.code).toBe('framework_error');
    expect(await adapter.give(ctx, { type: 'bank', amount: 10 })).toEqual({ ok: true });
    expect(core.account(7)?.balance).toBe(10);
  });

  it('is detected before the other frameworks, and names ox_inventory at start for cash rewards when it is stopped', async () => {
    const fake = createFakeHost();
    createFakeOxCore(fake);
    fake.addResource('es_extended', {});
    fake.setState('ox_inventory', 'stopped');
    const selected = selectAdapter({
      framework: 'auto',
      host: fake.host,
      rewards: [{ type: 'money', amount: 1 }],
    });
    expect(selected.ok && selected.framework).toBe('oxcore');
    if (!selected.ok) return;
    expect(await selected.adapter.startupProblems?.([{ type: 'money', amount: 1 }])).toEqual([
      `cash rewards on ox_core are ox_inventory's "money" item, and ox_inventory is not started`,
    ]);
    expect(await selected.adapter.startupProblems?.([{ type: 'bank', amount: 1 }])).toEqual([]);
  });
});

describe('ox_core adapter in the claim flow', () => {
  const ANA = { name: 'Ana', license: 'license:aaa' };

  /** The production composition over the real ox_core adapter on the fake, Ana online with character 7. */
  const flowWorld = (rewards: Reward[], failingReads: boolean) => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now, checkMode: 'unclaimed' });
    const fake = createFakeHost();
    const core = createFakeOxCore(fake);
    core.load(1, { charId: 7, bank: 100 });
    if (failingReads) {
      const real = ownExports(fake);
      let reads = 0;
      fake.addResource('ox_core', {
        GetPlayer: (src) => real.GetPlayer?.(src),
        GetCharacterAccount: (id) => real.GetCharacterAccount?.(id),
        CallAccount: async (id, method, ...args) => {
          if (method === 'get' && ++reads > 1) throw new Error('database gone');
          return real.CallAccount?.(id, method, ...args);
        },
      });
    }
    const runtime = createFakeRuntime({ clock });
    const config = configFor({ apiKey: api.apiKey, reward: rewards, poll: { enabled: false } });
    const { flow } = composeResource(runtime, config, {
      adapter: createOxCoreAdapter({ host: fake.host }),
      transport: api,
    });
    api.addVote('Ana', clock.now() - 60_000);
    runtime.onlinePlayers.set(1, ANA);
    return { flow, core, api };
  };

  it('a vote pays cash and bank once, verified; a second /vote pays nothing', async () => {
    const w = flowWorld(
      [
        { type: 'money', amount: 500 },
        { type: 'bank', amount: 750 },
      ],
      false,
    );
    expect((await w.flow.claim(1)).code).toBe('rewarded');
    expect(w.core.cash(1)).toBe(500);
    expect(w.core.account(7)?.balance).toBe(850);
    expect((await w.flow.claim(1)).code).not.toBe('rewarded');
    expect(w.core.cash(1)).toBe(500);
    expect(w.core.account(7)?.balance).toBe(850);
    expect(w.api.unclaimed('Ana')).toEqual([]);
  });

  it('an addBalance whose outcome cannot be read goes to an admin (needs_admin) and is never retried by itself', async () => {
    const w = flowWorld([{ type: 'bank', amount: 750 }], true);
    expect(await w.flow.claim(1)).toEqual({ code: 'needs_admin' });
    const [entry] = w.flow.pending().map(pendingView);
    expect(entry).toMatchObject({ state: 'needs_admin', problem: 'outcome_unknown', given: 0 });
    expect(await w.flow.retry(entry?.vote_id ?? '')).toMatchObject({ ok: false });
    await w.flow.reconcile();
    // Paid once by the call that could not be confirmed; nothing more until an admin decides.
    expect(w.core.account(7)?.balance).toBe(850);
    expect(w.core.calls.filter(([, method]) => method === 'addBalance')).toHaveLength(1);
  });
});
