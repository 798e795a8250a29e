/**
 * Every adapter, every reward kind it can pay: nothing is given before the framework itself says the character is
 * loaded, and the same reward is given once it is. The fakes replay the transcripts of test/frameworks/.
 */
import { describe, expect, it } from 'vitest';
import { createFakeEsx } from '../../devkit/fakes/frameworks/esx';
import { createFakeHost, type FakeHost } from '../../devkit/fakes/frameworks/host';
import { createFakeNdCore } from '../../devkit/fakes/frameworks/nd-core';
import { createFakeOxCore } from '../../devkit/fakes/frameworks/ox-core';
import { createFakeOxInventory } from '../../devkit/fakes/frameworks/ox-inventory';
import { createFakeQbcore, createFakeQbox } from '../../devkit/fakes/frameworks/qb';
import { createFakeRsg, RSG_FAKE_ITEMS } from '../../devkit/fakes/frameworks/rsg';
import { createFakeVorp } from '../../devkit/fakes/frameworks/vorp';
import { createFakeVrp } from '../../devkit/fakes/frameworks/vrp';
import { createEsxAdapter } from '../../src/rewards/esx';
import { createNdCoreAdapter } from '../../src/rewards/nd-core';
import { createOxCoreAdapter } from '../../src/rewards/ox-core';
import { createQbcoreAdapter } from '../../src/rewards/qbcore';
import { createQboxAdapter } from '../../src/rewards/qbox';
import { FRAMEWORKS } from '../../src/rewards/registry';
import { createRsgAdapter } from '../../src/rewards/rsg';
import { createStandaloneAdapter } from '../../src/rewards/standalone';
import type { DisposableRewardAdapter, PayoutContext, Reward } from '../../src/rewards/types';
import { createVorpAdapter } from '../../src/rewards/vorp';
import { createVrpAdapter } from '../../src/rewards/vrp';

const SOURCE = 4;
const ctx: PayoutContext = { source: SOURCE, name: 'Ann', license: 'license:4', voteId: 'vote-9' };

const REWARDS: Record<Exclude<Reward['type'], 'points'>, Reward> = {
  money: { type: 'money', amount: 50 },
  bank: { type: 'bank', amount: 60 },
  gold: { type: 'gold', amount: 3 },
  item: { type: 'item', item: 'bread', count: 1 },
  custom: { type: 'custom', event: 'myserver:voteGift', command: 'givecar {source}' },
};

/** What one reward moved: the balance, the item count, or the custom reward's event and command. */
type Held = (reward: Reward) => number;

interface Setup {
  adapter: DisposableRewardAdapter;
  /** Loads the character the way the framework does. */
  load(): void;
  held: Held;
}

/** The custom reward's traces on the host; the framework's own quantity for the others. */
const heldBy =
  (fake: FakeHost, quantity: (reward: Exclude<Reward, { type: 'custom' }>) => number | undefined): Held =>
  (reward) =>
    reward.type === 'custom'
      ? fake.emitted.filter((e) => e.event === 'myserver:voteGift').length + fake.commands.length
      : (quantity(reward) ?? 0);

const SETUPS: Record<string, { kinds: readonly Exclude<Reward['type'], 'points'>[]; setup(): Setup }> = {
  esx: {
    kinds: ['money', 'bank', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const esx = createFakeEsx(fake, { staticMethod: true, sharedObject: true });
      return {
        adapter: createEsxAdapter({ host: fake.host }),
        load: () => esx.load(SOURCE, 'char1:4', { money: 0, bank: 0 }),
        held: heldBy(fake, (r) =>
          r.type === 'item' ? esx.itemCount(SOURCE, r.item) : esx.balance(SOURCE, r.type),
        ),
      };
    },
  },
  qbcore: {
    kinds: ['money', 'bank', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const qb = createFakeQbcore(fake);
      return {
        adapter: createQbcoreAdapter({ host: fake.host }),
        load: () => qb.load(SOURCE),
        held: heldBy(fake, (r) =>
          r.type === 'item'
            ? qb.itemCount(SOURCE, r.item)
            : qb.money(SOURCE, r.type === 'money' ? 'cash' : 'bank'),
        ),
      };
    },
  },
  ndcore: {
    kinds: ['money', 'bank', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const ox = createFakeOxInventory(fake);
      const nd = createFakeNdCore(fake, { ox: ox.model });
      return {
        adapter: createNdCoreAdapter({ host: fake.host }),
        load: () => nd.load(SOURCE),
        held: heldBy(fake, (r) =>
          r.type === 'item'
            ? ox.count(SOURCE, r.item)
            : nd.money(SOURCE, r.type === 'money' ? 'cash' : 'bank'),
        ),
      };
    },
  },
  qbox: {
    kinds: ['money', 'bank', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const ox = createFakeOxInventory(fake, { yields: true });
      const qbx = createFakeQbox(fake, { ox: ox.model });
      return {
        adapter: createQboxAdapter({ host: fake.host }),
        load: () => {
          qbx.load(SOURCE);
          ox.open(SOURCE);
        },
        held: heldBy(fake, (r) =>
          r.type === 'item'
            ? ox.count(SOURCE, r.item)
            : qbx.money(SOURCE, r.type === 'money' ? 'cash' : 'bank'),
        ),
      };
    },
  },
  oxcore: {
    kinds: ['money', 'bank', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const core = createFakeOxCore(fake, { items: { bread: { weight: 100 } } });
      return {
        adapter: createOxCoreAdapter({ host: fake.host }),
        load: () => core.load(SOURCE, { charId: 7 }),
        held: heldBy(fake, (r) =>
          r.type === 'item'
            ? core.ox.count(SOURCE, r.item)
            : r.type === 'money'
              ? core.cash(SOURCE)
              : core.account(7)?.balance,
        ),
      };
    },
  },
  ...Object.fromEntries(
    (['vrp1', 'creative'] as const).map((variant) => [
      `vrp (${variant})`,
      {
        kinds: ['money', 'bank', 'item', 'custom'] as const,
        setup(): Setup {
          const fake = createFakeHost();
          const vrp = createFakeVrp(fake, { variant });
          const user = () => vrp.user(10);
          return {
            adapter: createVrpAdapter({ host: fake.host, variant }),
            load: () => vrp.join(SOURCE, 10),
            held: heldBy(fake, (r) => {
              if (r.type === 'item') return user()?.items[r.item];
              if (r.type === 'bank') return user()?.bank;
              return variant === 'creative' ? user()?.items.dollar : user()?.wallet;
            }),
          };
        },
      },
    ]),
  ),
  rsg: {
    kinds: ['money', 'bank', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const rsg = createFakeRsg(fake, {
        items: { ...RSG_FAKE_ITEMS, bread: { label: 'Bread', weight: 100 } },
      });
      return {
        adapter: createRsgAdapter({ host: fake.host }),
        load: () => void rsg.load(SOURCE),
        held: heldBy(fake, (r) =>
          r.type === 'item'
            ? rsg.itemCount(SOURCE, r.item)
            : rsg.money(SOURCE, r.type === 'money' ? 'cash' : 'bank'),
        ),
      };
    },
  },
  vorp: {
    kinds: ['money', 'gold', 'item', 'custom'],
    setup() {
      const fake = createFakeHost();
      const vorp = createFakeVorp(fake);
      vorp.connect(SOURCE, 'steam:4');
      return {
        adapter: createVorpAdapter({ host: fake.host }),
        load: () => void vorp.select(SOURCE),
        held: heldBy(fake, (r) =>
          r.type === 'item'
            ? vorp.itemCount(SOURCE, r.item)
            : r.type === 'gold'
              ? vorp.gold(SOURCE)
              : vorp.money(SOURCE),
        ),
      };
    },
  },
  'vrp (vrp2)': {
    kinds: ['custom'],
    setup() {
      const fake = createFakeHost();
      const vrp = createFakeVrp(fake, { variant: 'vrp2' });
      return {
        adapter: createVrpAdapter({ host: fake.host, variant: 'vrp2' }),
        load: () => vrp.join(SOURCE, 10),
        held: heldBy(fake, () => 0),
      };
    },
  },
};

const amountOf = (reward: Reward) =>
  reward.type === 'custom' ? 2 : reward.type === 'item' ? reward.count : reward.amount;

const ROWS = Object.entries(SETUPS).flatMap(([framework, { kinds }]) =>
  kinds.flatMap((kind) => [false, true].map((loaded) => ({ framework, kind, loaded }))),
);

describe('a payout of any kind waits for the framework to have loaded the character', () => {
  it.each(ROWS)(
    '$framework, $kind reward, character loaded: $loaded',
    async ({ framework, kind, loaded }) => {
      const { adapter, load, held } = (SETUPS[framework] as (typeof SETUPS)[string]).setup();
      const reward = REWARDS[kind];
      if (loaded) load();
      expect(await adapter.isPlayerReady(SOURCE)).toBe(loaded);
      const expected = loaded ? { ok: true } : { ok: false, problem: { code: 'player_not_loaded' } };
      expect(await adapter.canReceive(ctx, [reward])).toEqual(expected);
      expect(await adapter.give(ctx, reward)).toEqual(expected);
      if (!loaded) load();
      expect(held(reward)).toBe(loaded ? amountOf(reward) : 0);
      adapter.dispose();
    },
  );

  it('covers every framework of the registry and every reward kind it declares', () => {
    for (const descriptor of FRAMEWORKS) {
      const covered = Object.entries(SETUPS)
        .filter(([name]) => name === descriptor.name || name.startsWith(`${descriptor.name} (`))
        .flatMap(([, { kinds }]) => kinds);
      expect(new Set(covered), descriptor.name).toEqual(new Set(descriptor.rewardTypes));
    }
  });

  it('standalone has no character to wait for: a connected player is ready and a custom reward is given', async () => {
    const fake = createFakeHost();
    const adapter = createStandaloneAdapter({ host: fake.host });
    expect(await adapter.give(ctx, REWARDS.custom)).toEqual({ ok: true });
    expect(heldBy(fake, () => 0)(REWARDS.custom)).toBe(2);
  });
});
