/**
 * Replay fixtures of the worlds on ox_inventory recorded from ND_Core (nd-core.json) and from qb-core with
 * ox_inventory 2.41.0 (qbcore-ox.json). What the transcripts do not record is taken from
 * tools/frameworks/worlds/nd-core.ts, nd-common.ts and qbcore-ox.ts and named here.
 */
import { createFakeHost } from '../../../devkit/fakes/frameworks/host';
import { createOxModel, OX_ITEMS, type OxModel } from '../../../devkit/fakes/frameworks/models/ox-inventory';
import { createQbModel } from '../../../devkit/fakes/frameworks/models/qb';
import { createFakeNdCore } from '../../../devkit/fakes/frameworks/nd-core';
import { createFakeOxInventory } from '../../../devkit/fakes/frameworks/ox-inventory';
import { bindExports } from '../../../devkit/fakes/frameworks/unit-binding';
import type { Reward } from '../../../src/rewards/types';
import { ALICE } from '../../../tools/frameworks/adapter';
import type { Transcript, TranscriptScenario } from '../transcript';
import { type AdapterRun, playersIn, type ReplayWorld, rank, type WorldFixture } from './worlds';

const BOB = { ...ALICE, source: 2, name: 'Bob', license: 'license:3333', voteId: 'vote-2' };
const cash500: Reward = { type: 'money', amount: 500 };
const bank750: Reward = { type: 'bank', amount: 750 };
const water2: Reward = { type: 'item', item: 'water', count: 2 };
const breadd: Reward = { type: 'item', item: 'breadd', count: 1 };
const burger: Reward = { type: 'item', item: 'burger', count: 1 };

/** The ox worlds' inventories: 5 slots, 3 kg, the money item mirroring cash. */
const oxModel = (onAccount?: (source: number, total: number) => void): OxModel =>
  createOxModel({
    items: { ...OX_ITEMS },
    maxWeight: 3000,
    slots: 5,
    accounts: ['money'],
    onAccount: onAccount && ((source, _account, total) => onAccount(source, total)),
  });

/** Puts a before state's ox_inventory items in: the money item first (set at load), then tools/frameworks/worlds/ox-fill.ts order. */
function fillOx(ox: OxModel, scenario: TranscriptScenario, open: (source: number) => void): void {
  for (const [source, state] of playersIn(scenario.before, 'ox_inventory')) {
    if (!ox.inventory(source)) open(source);
    const items = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
    ox.setCount(source, 'money', items.money ?? 0);
    const names = Object.keys(items)
      .filter((name) => name !== 'money')
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    for (const name of names) ox.put(source, name, items[name] ?? 0);
  }
}

const oxState = (ox: OxModel) =>
  Object.fromEntries(ox.sources().map((source) => [`player ${source}`, ox.snapshot(source)]));

/** ND_Core's characters in the world's database (nd-common.ts): names, identifier, user id. */
const ND_CHARACTERS: Record<
  number,
  { firstname: string; lastname: string; identifier: string; userId: number }
> = { 1: { firstname: 'Alice', lastname: 'Test', identifier: 'license:1111', userId: 1 } };

/** Scenarios whose `prepare` joined Bob (tools/frameworks/worlds/nd-core.ts); his first character comes 3 s later. */
const BOB_JOINED = new Set(['player-not-loaded', 'character-loads-by-itself', 'adapter-player-not-loaded']);

/** Scenarios whose `prepare` stopped ox_inventory after the character became active (tools/frameworks/worlds/nd-core.ts). */
const ND_OX_STOPPED = new Set(['money-ox-stopped', 'adapter-money-ox-stopped']);

function buildNd(_transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  const ox = oxModel();
  const running = !ND_OX_STOPPED.has(scenario.name);
  if (running) createFakeOxInventory(fake, { model: ox });
  else fake.setState('ox_inventory', 'stopped');
  const nd = createFakeNdCore(fake, { ox });
  for (const [source, state] of playersIn(scenario.before, 'ND_Core')) {
    const who = ND_CHARACTERS[source];
    if (!who) throw new Error(`replay: no ND_Core character for player ${source}`);
    nd.load(source, {
      ...who,
      id: state.id as number,
      cash: state.cash as number,
      bank: state.bank as number,
    });
  }
  fillOx(ox, scenario, (source) => ox.open(source));
  if (BOB_JOINED.has(scenario.name)) nd.model.join(2, { name: 'Bob', identifier: 'license:3333' });
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => ({ ND_Core: nd.model.snapshot(), ...(running ? { ox_inventory: oxState(ox) } : {}) }),
  };
}

/** `startupProblems` (when asked), `canReceive` and `give` for one item reward. */
const item = (reward: Reward, startup = false): AdapterRun => ({
  rewards: [reward],
  async run(adapter, answer) {
    if (startup) answer('startupProblems', await adapter.startupProblems?.([reward]));
    answer('canReceive', await adapter.canReceive(ALICE, [reward]));
    answer('give', await adapter.give(ALICE, reward));
  },
});

const moneyAndBank: AdapterRun = {
  rewards: [cash500, bank750],
  async run(adapter, answer) {
    answer('startupProblems', await adapter.startupProblems?.([cash500, bank750]));
    answer('isPlayerReady 1', await adapter.isPlayerReady(1));
    for (const reward of [cash500, bank750]) answer(`give ${reward.type}`, await adapter.give(ALICE, reward));
  },
};

const bobNotLoaded: AdapterRun = (() => {
  const rewards: Reward[] = [
    { type: 'bank', amount: 100 },
    { type: 'item', item: 'water', count: 1 },
  ];
  return {
    rewards,
    async run(adapter, answer) {
      answer('isPlayerReady 2', await adapter.isPlayerReady(2));
      answer('canReceive', await adapter.canReceive(BOB, rewards));
      for (const r of rewards) answer(`give ${r.type}`, await adapter.give(BOB, r));
    },
  };
})();

/** ND_Core 2.3.2 on ox_inventory 2.47.7. */
export const ND_CORE_FIXTURE: WorldFixture = {
  build: buildNd,
  // character-loads-by-itself: the recording let 3.1 s pass between the two getPlayer(2) calls.
  clock: { 'character-loads-by-itself': { 1: 3100 } },
  adapters: {
    'adapter-money-and-bank': moneyAndBank,
    'adapter-money-ox-stopped': {
      rewards: [cash500],
      async run(adapter, answer) {
        answer('give', await adapter.give(ALICE, cash500));
      },
    },
    'adapter-item': item(water2, true),
    'adapter-unknown-item': item(breadd, true),
    'adapter-full-by-slots': item(burger),
    'adapter-player-not-loaded': bobNotLoaded,
  },
};

/** ND_Core with an ox_inventory that runs another bridge (started first): no character gets an inventory. */
function buildNdOxFirst(_transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  const ox = oxModel();
  createFakeOxInventory(fake, { model: ox });
  const nd = createFakeNdCore(fake);
  for (const [source, state] of playersIn(scenario.before, 'ND_Core')) {
    const who = ND_CHARACTERS[source];
    if (!who) throw new Error(`replay: no ND_Core character for player ${source}`);
    nd.load(source, {
      ...who,
      id: state.id as number,
      cash: state.cash as number,
      bank: state.bank as number,
    });
  }
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => ({ ND_Core: nd.model.snapshot(), ox_inventory: oxState(ox) }),
  };
}

/** ND_Core 2.3.2 with ox_inventory 2.47.7 started before it (its ESX bridge). */
export const ND_CORE_OX_FIRST_FIXTURE: WorldFixture = {
  build: buildNdOxFirst,
  adapters: { 'adapter-item': item({ type: 'item', item: 'water', count: 1 }, true) },
};

/**
 * qb-core (no qb-inventory) with ox_inventory 2.41.0's QBCore bridge as the world records it: a QBCore player's
 * inventory is an ox_inventory one (label "first last", owner the citizenid); QBCore cash moves the money item
 * (QBCore:Server:OnMoneyChange) and the money item moves QBCore cash (syncInventory).
 */
function buildQbOx(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  let qb: ReturnType<typeof createQbModel> | undefined;
  const ox = oxModel((source, total) => {
    const player = qb?.players.get(source);
    if (player) player.money.cash = total;
  });
  qb = createQbModel({
    items: {},
    onPay(source, kind, _name, amount) {
      if (kind === 'money' && ox.inventory(source))
        ox.setCount(source, 'money', ox.count(source, 'money') + amount);
    },
  });
  const core = qb;
  fake.addResource(
    'qb-core',
    bindExports(core.coreExports, () => true, 'qb-core', fake.scriptErrors),
  );
  createFakeOxInventory(fake, { model: ox });
  for (const [source, state] of playersIn(scenario.before, 'qb-core')) {
    const player = transcript.players.find((p) => p.source === source);
    core.load(source, {
      name: player?.name,
      license: player?.identifiers.find((i) => i.startsWith('license:')),
      citizenid: state.citizenid as string,
      money: state.money as Record<string, number>,
    });
  }
  fillOx(ox, scenario, (source) =>
    ox.open(source, { label: 'Alice Test', owner: core.players.get(source)?.citizenid }),
  );
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => ({ 'qb-core': moneyOnly(core.snapshot()), ox_inventory: oxState(ox) }),
  };
}

/** The qbcore-ox world records QBCore's citizenid and money only (its items are ox_inventory's). */
function moneyOnly(snapshot: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(snapshot).map(([key, value]) => {
      const { citizenid, money } = value as { citizenid: unknown; money: unknown };
      return [key, { citizenid, money }];
    }),
  );
}

/** qb-core 1.3.0 with ox_inventory 2.41.0. */
export const QBCORE_OX_FIXTURE: WorldFixture = {
  build: buildQbOx,
  adapters: {
    'adapter-money-and-bank': moneyAndBank,
    'adapter-item': item(water2, true),
    'adapter-item-inventory-framework': {
      ...item(water2, true),
      settings: { inventory: 'framework' },
    },
    'adapter-unknown-item': item(breadd, true),
    'adapter-full-by-slots': item(burger),
    'adapter-player-not-loaded': bobNotLoaded,
  },
};
