/**
 * The ND_Core adapter on the fakes calibrated by test/frameworks/transcripts/nd-core.json (ND_Core 2.3.2 with
 * ox_inventory 2.47.7): cash, bank and items paid exactly once and verified, refusals that change nothing, and a
 * payout whose outcome cannot be read parked for an admin by the real claim flow.
 */
import { describe, expect, it } from 'vitest';
import { configFor } from '../../devkit/fakes/compose-kit';
import { createFakeHost, type FakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeNdCore } from '../../devkit/fakes/frameworks/nd-core';
import { createFakeOxInventory } from '../../devkit/fakes/frameworks/ox-inventory';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { composeResource } from '../../src/compose';
import { pendingView } from '../../src/exports';
import { createNdCoreAdapter } from '../../src/rewards/nd-core';
import { selectAdapter } from '../../src/rewards/select';
import type { PayoutContext, Reward } from '../../src/rewards/types';

const ctx: PayoutContext = { source: 3, name: 'Nia', license: 'license:3', voteId: 'vote-5' };

/** ND_Core + ox_inventory on the unit host; `load` makes the character active (ox opens her inventory). */
function world(options: { slots?: number; maxWeight?: number } = {}) {
  const fake = createFakeHost();
  const ox = createFakeOxInventory(fake, {
    items: { money: { weight: 0 }, water: { weight: 500 }, burger: { weight: 220 } },
    slots: options.slots ?? 5,
    maxWeight: options.maxWeight ?? 3000,
  });
  const nd = createFakeNdCore(fake, { ox: ox.model });
  const adapter = createNdCoreAdapter({ host: fake.host });
  return { fake, ox, nd, adapter };
}

describe('ND_Core adapter: payouts', () => {
  it.each([
    ['money', 'cash', 50],
    ['bank', 'bank', 1000],
  ] as const)(
    'pays a %s reward once into %s, read back from a fresh getPlayer',
    async (type, account, start) => {
      const { nd, ox, adapter } = world();
      nd.load(3, { cash: 50, bank: 1000 });
      const reward: Reward = { type, amount: 500 };
      expect(await adapter.canReceive(ctx, [reward])).toEqual({ ok: true });
      let before: number | undefined;
      expect(await adapter.give(ctx, reward, { before: (value) => (before = value) })).toEqual({ ok: true });
      expect(before).toBe(start);
      expect(nd.money(3, account)).toBe(start + 500);
      expect(nd.calls).toEqual([[3, account, 500, 'vote-reward vote-5']]);
      // ox_inventory's ND bridge mirrors cash, not bank, into the money item.
      expect(ox.count(3, 'money')).toBe(account === 'cash' ? 550 : 50);
    },
  );

  it('pays an item once through ox_inventory after its CanCarryItem precheck', async () => {
    const { nd, ox, adapter } = world();
    nd.load(3);
    const reward: Reward = { type: 'item', item: 'water', count: 2 };
    expect(await adapter.canReceive(ctx, [reward])).toEqual({ ok: true });
    expect(await adapter.give(ctx, reward)).toEqual({ ok: true });
    expect(ox.count(3, 'water')).toBe(2);
  });

  it.each([
    ['money', { type: 'money', amount: 500 }, (w: ReturnType<typeof world>) => w.nd.money(3, 'cash')],
    ['bank', { type: 'bank', amount: 500 }, (w: ReturnType<typeof world>) => w.nd.money(3, 'bank')],
    [
      'item',
      { type: 'item', item: 'water', count: 2 },
      (w: ReturnType<typeof world>) => w.ox.count(3, 'water'),
    ],
  ] as const)(
    'confirm() after an interrupted %s payout: paid once it moved, not paid while it did not',
    async (_t, reward, read) => {
      const w = world();
      w.nd.load(3);
      const before = read(w) ?? 0;
      expect(await w.adapter.confirm?.(ctx, reward, before)).toEqual({ code: 'not_paid' });
      await w.adapter.give(ctx, reward);
      expect(await w.adapter.confirm?.(ctx, reward, before)).toEqual({ code: 'paid' });
    },
  );
});

describe('ND_Core adapter: refusals change nothing', () => {
  it('a player without an active character (joined less than 3 s ago) is not ready; 3 s later the same reward pays', async () => {
    const { fake, nd, adapter } = world();
    nd.model.join(3, { name: 'Nia', identifier: 'license:3' });
    const reward: Reward = { type: 'bank', amount: 100 };
    expect(await adapter.isPlayerReady(3)).toBe(false);
    expect(await adapter.canReceive(ctx, [reward])).toEqual({
      ok: false,
      problem: { code: 'player_not_loaded' },
    });
    expect(await adapter.give(ctx, reward)).toEqual({ ok: false, problem: { code: 'player_not_loaded' } });
    expect(nd.calls).toEqual([]);
    fake.advance(3000);
    expect(await adapter.give(ctx, reward)).toEqual({ ok: true });
    expect(nd.money(3, 'bank')).toBe(100);
  });

  it.each([
    [
      'all slots used',
      (w: ReturnType<typeof world>) => w.ox.fillSlots(3),
      { ok: false, problem: { code: 'inventory_full', item: 'burger', count: 1 } },
    ],
    [
      'an item ox_inventory does not define',
      () => undefined,
      {
        ok: false,
        problem: {
          code: 'framework_error',
          detail:
            'the item "breadd" is not defined in ox_inventory (data/items.lua): fix the reward in config.json',
        },
      },
    ],
  ] as const)(
    'an item reward with %s is refused before anything is added',
    async (label, prepare, expected) => {
      const w = world();
      w.nd.load(3);
      prepare(w);
      const item = label.startsWith('all') ? 'burger' : 'breadd';
      const reward: Reward = { type: 'item', item, count: 1 };
      expect(await w.adapter.canReceive(ctx, [reward])).toEqual(expected);
      expect(await w.adapter.give(ctx, reward)).toEqual(expected);
      expect(w.ox.count(3, item)).toBe(0);
    },
  );

  it('an active character without an ox_inventory inventory (ox_inventory started before ND_Core) is refused, naming the start order', async () => {
    const fake = createFakeHost();
    const ox = createFakeOxInventory(fake, { items: { water: { weight: 500 } } });
    const nd = createFakeNdCore(fake);
    nd.load(3);
    const adapter = createNdCoreAdapter({ host: fake.host });
    const reward: Reward = { type: 'item', item: 'water', count: 1 };
    const refused = {
      ok: false,
      problem: {
        code: 'framework_error',
        detail:
          'ox_inventory has no inventory loaded for player 3 yet: on ND_Core, ox_inventory must run its ND bridge: ensure ND_Core before ox_inventory in server.cfg, or add setr inventory:framework "nd"',
      },
    };
    expect(await adapter.canReceive(ctx, [reward])).toEqual(refused);
    expect(await adapter.give(ctx, reward)).toEqual(refused);
    expect(ox.count(3, 'water')).toBe(0);
  });

  it('addMoney answering nothing and leaving the balance alone is "not paid", safe to retry', async () => {
    const fake = createFakeHost();
    fake.addResource('ND_Core', {
      getPlayer: () => ({ cash: 0, bank: 10, addMoney: () => undefined }),
    });
    const adapter = createNdCoreAdapter({ host: fake.host });
    expect(await adapter.give(ctx, { type: 'bank', amount: 5 })).toEqual({
      ok: false,
      problem: { code: 'framework_error', detail: "ND_Core character.addMoney('bank', 5) answered nothing" },
    });
  });

  it('at start: an item reward needs ox_inventory started; fractional amounts never reach ND_Core (it would credit 0.4)', () => {
    const fake = createFakeHost();
    fake.addResource('ND_Core', { getPlayer: () => undefined });
    const selected = selectAdapter({
      framework: 'auto',
      host: fake.host,
      rewards: [
        { type: 'item', item: 'water', count: 1 },
        { type: 'bank', amount: 0.4 },
      ],
    });
    expect(selected).toEqual({
      ok: false,
      problems: [
        'reward[1]: bank reward amount must be a whole number greater than 0, got 0.4',
        'item rewards on ND_Core need ox_inventory, which is not started',
      ],
    });
  });
});

describe('ND_Core adapter: an outcome nobody can read goes to an admin', () => {
  /** The character leaves while addMoney runs: it credited, but no fresh getPlayer can say so. */
  const leavesDuringPayout = (fake: FakeHost, nd: ReturnType<typeof createFakeNdCore>) => {
    const exports = { getPlayer: (src: unknown) => nd.model.exports.getPlayer(src) };
    fake.addResource('ND_Core', {
      getPlayer: (src: unknown) => {
        const character = exports.getPlayer(src);
        if (!character) return undefined;
        return {
          ...character,
          addMoney: (...args: unknown[]) => {
            const answer = character.addMoney(...(args as [unknown, unknown, unknown]));
            nd.drop(3);
            return answer;
          },
        };
      },
    });
  };

  it('the adapter answers outcome_unknown, never paid or not paid', async () => {
    const { fake, nd, adapter } = world();
    nd.load(3, { bank: 40 });
    leavesDuringPayout(fake, nd);
    const result = await adapter.give(ctx, { type: 'bank', amount: 100 });
    expect(result).toMatchObject({ ok: false, problem: { code: 'outcome_unknown' } });
    expect(nd.calls).toHaveLength(1);
  });

  it('the claim flow parks it as needs_admin and pays nothing more on retry or reconcile', async () => {
    const clock = createFakeClock();
    const api = createMockVoteApi({ now: clock.now });
    const { fake, nd, adapter } = world();
    const runtime = createFakeRuntime({ clock });
    const config = configFor({
      apiKey: api.apiKey,
      checkMode: 'unclaimed',
      reward: [{ type: 'bank', amount: 100 }],
      voteUrl: 'https://votes.example/servers/1/vote',
      poll: { enabled: false },
    });
    const { flow } = composeResource(runtime, config, { adapter, transport: api });
    api.addVote('Nia', clock.now() - 60_000);
    runtime.onlinePlayers.set(3, { name: 'Nia', license: 'license:3' });
    nd.load(3, { bank: 40 });
    leavesDuringPayout(fake, nd);
    expect(await flow.claim(3)).toEqual({ code: 'needs_admin' });
    const [view] = flow.pending().map(pendingView);
    expect(view).toMatchObject({ state: 'needs_admin', problem: 'outcome_unknown', given: 0 });
    nd.load(3, { bank: 140 });
    expect(await flow.retry(view?.vote_id ?? '')).toMatchObject({ ok: false });
    await flow.reconcile();
    expect(nd.calls).toHaveLength(1);
    expect(nd.money(3, 'bank')).toBe(140);
  });
});
