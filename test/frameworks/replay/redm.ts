/**
 * Replay fixtures of the RedM worlds (tools/frameworks/worlds/vorp.ts, rsg.ts): the VORP and RSG fakes
 * (devkit/fakes/frameworks/vorp.ts, rsg.ts) built in a scenario's recorded `before` state. What the transcripts do
 * not record is taken from the worlds: the item rows (vorp), who left (player-left), the item catalogue (rsg; items
 * the catalogue lacks are weightless and the rest of the recorded weight is ballast).
 */
import { createFakeHost } from '../../../devkit/fakes/frameworks/host';
import { createFakeRsg, RSG_FAKE_ITEMS } from '../../../devkit/fakes/frameworks/rsg';
import { createFakeVorp, type VorpItemDef } from '../../../devkit/fakes/frameworks/vorp';
import type { PayoutContext, Reward } from '../../../src/rewards/types';
import { ALICE } from '../../../tools/frameworks/adapter';
import { VORP_ITEMS } from '../../../tools/frameworks/worlds/vorp';
import type { Transcript, TranscriptScenario } from '../transcript';
import type { AdapterRun, ReplayWorld, WorldFixture } from './worlds';

const section = (before: unknown, key: string): Record<string, Record<string, unknown>> =>
  ((before as Record<string, unknown> | null)?.[key] ?? {}) as Record<string, Record<string, unknown>>;

const VORP_ITEM_DEFS: Record<string, VorpItemDef> = Object.fromEntries(
  VORP_ITEMS.map((i) => [i.item, { id: i.id, label: i.label, limit: i.limit, weight: i.weight }]),
);

function buildVorp(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  const vorp = createFakeVorp(fake, { items: VORP_ITEM_DEFS });
  const inventories = section(scenario.before, 'vorp_inventory');
  for (const player of transcript.players) {
    const steam = player.identifiers.find((id) => id.startsWith('steam:'));
    vorp.connect(player.source, steam);
    const character = steam ? section(scenario.before, 'vorp_core')[steam] : undefined;
    if (!steam || !character || character.selected === false) continue;
    const p = vorp.select(player.source, character as never);
    const held = inventories[steam]?.items;
    if (held && !Array.isArray(held)) Object.assign(p.items, held);
  }
  // tools/frameworks/worlds/vorp.ts, scenario player-left: Alice dropped in `prepare`.
  if (scenario.name === 'player-left') vorp.drop(1);
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => vorp.state(),
  };
}

const BOB: PayoutContext = { ...ALICE, source: 2, name: 'Bob', license: 'license:3333', voteId: 'vote-2' };
const CAROL: PayoutContext = {
  ...ALICE,
  source: 3,
  name: 'Carol',
  license: 'license:5555',
  voteId: 'vote-3',
};

/** An adapter run of `steps` (in the order tools/frameworks/adapter.ts makes them) for `player`. */
function steps(
  rewards: Reward[],
  which: { startupProblems?: boolean; isPlayerReady?: boolean; canReceive?: boolean; give?: boolean },
  player: PayoutContext = ALICE,
  settings?: AdapterRun['settings'],
): AdapterRun {
  return {
    rewards,
    settings,
    async run(adapter, answer) {
      if (which.startupProblems) answer('startupProblems', await adapter.startupProblems?.(rewards));
      if (which.isPlayerReady)
        answer(`isPlayerReady ${player.source}`, await adapter.isPlayerReady(player.source));
      if (which.canReceive) answer('canReceive', await adapter.canReceive(player, rewards));
      if (which.give)
        for (const reward of rewards)
          answer(rewards.length === 1 ? 'give' : `give ${reward.type}`, await adapter.give(player, reward));
    },
  };
}

const money = (amount: number): Reward => ({ type: 'money', amount });
const item = (name: string, count: number): Reward => ({ type: 'item', item: name, count });

/** VORP: vorp_core-lua 3.1 + vorp_inventory-lua 4.2. */
export const VORP_FIXTURE: WorldFixture = {
  build: buildVorp,
  clock: { 'player-left': { 1: 7000 } },
  adapters: {
    'adapter-money': steps([money(500)], { startupProblems: true, isPlayerReady: true, give: true }),
    'adapter-gold': steps([{ type: 'gold', amount: 3 }], {
      startupProblems: true,
      isPlayerReady: true,
      give: true,
    }),
    'adapter-item': steps([item('bread', 2)], { startupProblems: true, canReceive: true, give: true }),
    'adapter-unknown-item': steps([item('breadd', 1)], {
      startupProblems: true,
      canReceive: true,
      give: true,
    }),
    'adapter-full': steps([item('bread', 11)], { canReceive: true, give: true }),
    'adapter-player-not-loaded': steps(
      [money(100), item('bread', 1)],
      { isPlayerReady: true, canReceive: true, give: true },
      BOB,
    ),
    'adapter-no-steam': steps([money(100)], { isPlayerReady: true, give: true }, CAROL),
  },
};

function buildRsg(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  const rsg = createFakeRsg(fake, { items: { ...RSG_FAKE_ITEMS } });
  for (const [key, state] of Object.entries(section(scenario.before, 'rsg-core'))) {
    const source = Number(key.replace(/^player /, ''));
    if (!transcript.players.some((p) => p.source === source)) continue;
    const held = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
    const p = rsg.load(source, {
      citizenid: state.citizenid as string,
      money: state.money as Record<string, number>,
      items: held,
    });
    p.ballast = (state.weight as number) - rsg.weight(source);
  }
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => rsg.state(),
  };
}

/** RSG: rsg-core 2.3.12 + rsg-inventory 2.8.5. */
export const RSG_FIXTURE: WorldFixture = {
  build: buildRsg,
  adapters: {
    'adapter-money-and-bank': steps([money(500), { type: 'bank', amount: 750 }], {
      startupProblems: true,
      isPlayerReady: true,
      canReceive: true,
      give: true,
    }),
    'adapter-valbank': steps([{ type: 'bank', amount: 100 }], { startupProblems: true, give: true }, ALICE, {
      rsg: { bank: 'valbank' },
    }),
    'adapter-item': steps([item('water', 2)], { startupProblems: true, canReceive: true, give: true }),
    'adapter-unknown-item': steps([item('breadd', 1)], {
      startupProblems: true,
      canReceive: true,
      give: true,
    }),
    'adapter-full-by-weight': steps([item('water', 351)], { canReceive: true, give: true }),
    'adapter-cash-inventory-full': steps([money(500)], { canReceive: true, give: true }),
    'adapter-player-not-loaded': steps(
      [{ type: 'bank', amount: 100 }, item('water', 1)],
      { isPlayerReady: true, canReceive: true, give: true },
      BOB,
    ),
  },
};
