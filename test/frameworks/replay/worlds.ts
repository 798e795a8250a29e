/**
 * How the replay builds each recorded world out of the fakes (test/fakes/frameworks/, on the unit host), in a
 * scenario's recorded `before` state, and reads its state back in the transcript's shape. What a transcript does not
 * record (item catalogues, identifiers of players added in `prepare`, slot order, which way ox_inventory is stopped)
 * is taken from the world definitions in tools/frameworks/worlds/ and named here.
 */
import type { FrameworkHost, Reward, RewardAdapter } from '../../../src/rewards/types';
import { ALICE } from '../../../tools/frameworks/adapter';
import { ESX_ITEMS } from '../../../tools/frameworks/worlds/esx-database';
import { createFakeEsx } from '../../fakes/frameworks/esx';
import { createFakeHost } from '../../fakes/frameworks/host';
import { type EsxOxState, esxIdentifier } from '../../fakes/frameworks/models/esx';
import { createOxModel, OX_ITEMS, type OxModel } from '../../fakes/frameworks/models/ox-inventory';
import { createFakeOxInventory } from '../../fakes/frameworks/ox-inventory';
import type { Transcript, TranscriptScenario } from '../transcript';

/** A world built for one scenario. */
export interface ReplayWorld {
  /** The boundary the recorded calls (and the adapter) go through. */
  host: FrameworkHost;
  /** The world's state in the transcript's shape. */
  state(): unknown;
  /** Lua error texts of the exports that raised, in order (what the server console prints). */
  scriptErrors: string[];
}

/** What an `adapter-*` scenario asked the project's adapter (mirrors the world's scenario). */
export interface AdapterRun {
  /** Configured rewards. */
  rewards: Reward[];
  /** Asks the adapter; each answer becomes the note `adapter <label>`. */
  run(adapter: RewardAdapter, answer: (label: string, value: unknown) => void): Promise<void>;
}

/** How to replay one world. */
export interface WorldFixture {
  /** Builds the world in the scenario's `before` state. */
  build(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld;
  /** The adapter runs of the `adapter-*` scenarios, by scenario name. */
  adapters?: Record<string, AdapterRun>;
}

type PlayerState = Record<string, unknown>;

/** Players recorded in a `before` state of one resource, by source. */
function playersIn(before: unknown, resource: string): Map<number, PlayerState> {
  const section = (before as Record<string, unknown> | null)?.[resource];
  const out = new Map<number, PlayerState>();
  if (section && typeof section === 'object' && !Array.isArray(section)) {
    for (const [key, value] of Object.entries(section)) {
      const source = Number(key.replace(/^player /, ''));
      out.set(source, value as PlayerState);
    }
  }
  return out;
}

/** Identifiers of players a scenario's `prepare` connected (not in the transcript's player list). */
const EXTRA_PLAYERS: Record<number, { name: string; identifiers: string[] }> = {
  // tools/frameworks/worlds/esx.ts, scenario license2-listed-first.
  3: { name: 'Carol', identifiers: ['license2:4444', 'license:5555'] },
};

function identity(transcript: Transcript, source: number) {
  const player = transcript.players.find((p) => p.source === source) ?? EXTRA_PLAYERS[source];
  if (!player) throw new Error(`replay: no identifiers for player ${source} of ${transcript.world}`);
  return { name: player.name, identifiers: player.identifiers };
}

/** Order tools/frameworks/worlds/ox-fill.ts fills slots in; the `before` state records counts, not slots. */
const FILL_ORDER = ['phone', 'radio', 'lockpick', 'bandage', 'sprunk', 'mustard'];

const esxItems = Object.fromEntries(
  ESX_ITEMS.map((i) => [i.name, { label: i.label, weight: i.weight, rare: i.rare, canRemove: i.can_remove }]),
);

/** ESX (with or without ox_inventory) in a scenario's before state. */
function buildEsx(transcript: Transcript, scenario: TranscriptScenario, ox: EsxOxState): ReplayWorld {
  const fake = createFakeHost();
  let oxModel: OxModel | undefined;
  let esx: ReturnType<typeof createFakeEsx> | undefined;
  if (ox !== 'missing') {
    oxModel = createOxModel({
      items: { ...OX_ITEMS },
      maxWeight: 24000,
      slots: 5,
      accounts: ['money'],
      onAccount: (source, account, total) => esx?.model.setBalance(source, account, total),
    });
    if (ox === 'running') createFakeOxInventory(fake, { model: oxModel });
    else fake.setState('ox_inventory', 'stopped');
  }
  esx = createFakeEsx(fake, {
    items: esxItems,
    maxWeight: 24,
    oxModel,
    oxInventory:
      ox === 'missing'
        ? undefined
        : ox === 'running'
          ? 'running'
          : ox === 'stopped'
            ? 'stopped-after-start'
            : 'stopped',
  });
  for (const [source, state] of playersIn(scenario.before, 'es_extended')) {
    const { name, identifiers } = identity(transcript, source);
    const items = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
    esx.model.load(source, {
      identifier: esxIdentifier(identifiers) ?? String(source),
      name,
      license: identifiers.find((i) => i.startsWith('license:')),
      accounts: state.accounts as Record<string, number>,
      items,
    });
  }
  if (oxModel) {
    for (const [source, state] of playersIn(scenario.before, 'ox_inventory')) {
      const player = esx.model.players.get(source);
      oxModel.open(source, {
        maxWeight: state.maxWeight as number,
        label: player?.name,
        owner: player?.identifier,
      });
      const items = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
      const names = Object.keys(items).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
      for (const name of names) oxModel.put(source, name, items[name] ?? 0);
    }
  }
  const model = esx.model;
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    state() {
      const out: Record<string, unknown> = { es_extended: model.snapshot() };
      if (oxModel && model.ox() === 'running') {
        out.ox_inventory = Object.fromEntries(
          oxModel.sources().map((source) => [`player ${source}`, oxModel.snapshot(source)]),
        );
      }
      return out;
    },
  };
}

function rank(item: string): number {
  const at = FILL_ORDER.indexOf(item);
  return at < 0 ? FILL_ORDER.length : at;
}

/** Scenarios of esx-ox-stopped whose `prepare` started ox_inventory and stopped it again (tools/frameworks/worlds/esx-ox-stopped.ts). */
const OX_STOPPED_AFTER_START = new Set(['money-ox-stopped-after-start', 'bank-ox-stopped-after-start']);

const give = (reward: Reward, times: number): AdapterRun => ({
  rewards: [reward],
  async run(adapter, answer) {
    for (let i = 1; i <= times; i++) answer(`give ${i}`, await adapter.give(ALICE, reward));
  },
});
const canReceive = (reward: Reward): AdapterRun => ({
  rewards: [reward],
  async run(adapter, answer) {
    answer('canReceive', await adapter.canReceive(ALICE, [reward]));
  },
});

/** Every world the replay knows, by transcript `world`. */
export const FIXTURES: Record<string, WorldFixture> = {
  esx: {
    build: (t, s) => buildEsx(t, s, 'missing'),
    adapters: { 'adapter-unknown-item': canReceive({ type: 'item', item: 'breadd', count: 1 }) },
  },
  'esx-ox': { build: (t, s) => buildEsx(t, s, 'running') },
  'esx-ox-stopped': {
    build: (t, s) => buildEsx(t, s, OX_STOPPED_AFTER_START.has(s.name) ? 'stopped' : 'never-started'),
    adapters: { 'adapter-bank-ox-never-started': give({ type: 'bank', amount: 750 }, 3) },
  },
  'ox-inventory': {
    build: (t, s) => buildEsx(t, s, 'running'),
    adapters: { 'adapter-full-by-slots': canReceive({ type: 'item', item: 'burger', count: 1 }) },
  },
};
