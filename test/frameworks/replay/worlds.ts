/**
 * How the replay builds each recorded world out of the fakes (devkit/fakes/frameworks/, on the unit host), in a
 * scenario's recorded `before` state, and reads its state back in the transcript's shape. What a transcript does not
 * record (item catalogues, identifiers of players added in `prepare`, slot order, which way ox_inventory is stopped)
 * is taken from the world definitions in tools/frameworks/worlds/ and named here.
 */

import { createFakeEsx } from '../../../devkit/fakes/frameworks/esx';
import { createFakeHost } from '../../../devkit/fakes/frameworks/host';
import {
  ESX_ACCOUNTS,
  type EsxAccountDef,
  type EsxOxState,
  esxIdentifier,
} from '../../../devkit/fakes/frameworks/models/esx';
import { createOxModel, OX_ITEMS, type OxModel } from '../../../devkit/fakes/frameworks/models/ox-inventory';
import type { QbItemDef } from '../../../devkit/fakes/frameworks/models/qb';
import { createFakeOxCore } from '../../../devkit/fakes/frameworks/ox-core';
import { createFakeOxInventory } from '../../../devkit/fakes/frameworks/ox-inventory';
import { createFakeQbcore, createFakeQbox } from '../../../devkit/fakes/frameworks/qb';
import { createFakeVrp } from '../../../devkit/fakes/frameworks/vrp';
import type { SelectAdapterOptions } from '../../../src/rewards/select';
import type { FrameworkHost, Reward, RewardAdapter } from '../../../src/rewards/types';
import { ALICE } from '../../../tools/frameworks/adapter';
import { ESX_ITEMS } from '../../../tools/frameworks/worlds/esx-database';
import type { Transcript, TranscriptScenario } from '../transcript';
import { ND_CORE_FIXTURE, ND_CORE_OX_FIRST_FIXTURE, QBCORE_OX_FIXTURE } from './nd-core';
import { RSG_FIXTURE, VORP_FIXTURE } from './redm';

/** A world built for one scenario. */
export interface ReplayWorld {
  /** The boundary the recorded calls (and the adapter) go through. */
  host: FrameworkHost;
  /** The world's state in the transcript's shape. */
  state(): unknown;
  /** Lua error texts of the exports that raised, in order (what the server console prints). */
  scriptErrors: string[];
  /** Moves the fake clock (timers, delayed replies). */
  advance(ms: number): void;
  /**
   * Makes a recorded call whose path is not an export (e.g. a vRP proxy event); undefined = not handled. An answer
   * that did not come during the call is read with `later()` once the replay has let time pass.
   */
  call?(
    path: string,
    args: unknown[],
  ): { async: false; value: unknown } | { async: true; later: () => unknown } | undefined;
  /** A fact a scenario noted besides the adapter's answers; undefined = not modelled. */
  note?(key: string): unknown;
}

/** What an `adapter-*` scenario asked the project's adapter (mirrors the world's scenario). */
export interface AdapterRun {
  /** Configured rewards. */
  rewards: Reward[];
  /** Adapter selection settings (default: framework auto). */
  settings?: Partial<Pick<SelectAdapterOptions, 'framework' | 'inventory' | 'vrp' | 'rsg'>>;
  /** Asks the adapter; each answer becomes the note `adapter <label>`. `host` is the replay world's boundary. */
  run(
    adapter: RewardAdapter,
    answer: (label: string, value: unknown) => void,
    host: FrameworkHost,
  ): Promise<void>;
}

/** How to replay one world. */
export interface WorldFixture {
  /** Builds the world in the scenario's `before` state. */
  build(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld;
  /** Time the recording let pass (not a recorded call): scenario → call index → ms advanced before that call. */
  clock?: Record<string, Record<number, number>>;
  /** The adapter runs of the `adapter-*` scenarios, by scenario name. */
  adapters?: Record<string, AdapterRun>;
}

type PlayerState = Record<string, unknown>;

/** Players recorded in a `before` state of one resource, by source. */
export function playersIn(before: unknown, resource: string): Map<number, PlayerState> {
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

/**
 * ESX numbers Config.Accounts in the order Lua's `pairs` walks them, which depends on the table's hash layout, not on
 * anything a fake can derive: the order is read from the accounts the transcript's answers show.
 */
function accountOrder(transcript: Transcript): EsxAccountDef[] | undefined {
  const found = new Map<number, EsxAccountDef>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (value === null || typeof value !== 'object') return;
    const v = value as Record<string, unknown>;
    if (
      typeof v.index === 'number' &&
      typeof v.name === 'string' &&
      typeof v.label === 'string' &&
      'round' in v
    )
      found.set(v.index, { name: v.name, label: v.label });
    Object.values(v).forEach(visit);
  };
  for (const scenario of transcript.scenarios) for (const call of scenario.calls) visit(call.returned);
  if (found.size === 0) return undefined;
  const known = [...found].sort((a, b) => a[0] - b[0]).map(([, def]) => def);
  const rest = ESX_ACCOUNTS.filter((a) => !known.some((k) => k.name === a.name));
  const total = known.length + rest.length;
  const order: EsxAccountDef[] = [];
  for (let index = 1; index <= total; index++)
    order.push(found.get(index) ?? (rest.shift() as EsxAccountDef));
  return order;
}

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
    accounts: accountOrder(transcript),
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
    advance: (ms) => fake.advance(ms),
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

/** Where tools/frameworks/worlds/ox-fill.ts puts an item among the fillers (others after them). */
export function rank(item: string): number {
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

/** vRP 1.0's cfg/items.lua entries the vRP worlds use (tools/frameworks/worlds/vrp1.ts). */
const VRP1_ITEMS = { water: { name: 'Water bottle', description: '', weight: 0.5 } };

/** The order the vrp-creative scenarios fill slots 6.. in (tools/frameworks/worlds/vrp-creative.ts, full-by-slots). */
const CREATIVE_SLOT_ORDER = ['bread', 'banana', 'lighter', 'brush', 'domino'];

/** vRP in a scenario's before state; every `vRP:proxy` call is emitted and its `proxy_res` awaited on the fake clock. */
function buildVrp(
  scenario: TranscriptScenario,
  variant: 'vrp1' | 'vrp2' | 'creative',
  settings: Parameters<typeof createFakeVrp>[1] = {},
): ReplayWorld {
  const fake = createFakeHost();
  fake.addResource('vrp', {});
  const vrp = createFakeVrp(fake, { variant, items: VRP1_ITEMS, maxWeight: 30, ...settings });
  const before = scenario.before as Record<string, Record<string, unknown>> | unknown[];
  if (variant === 'creative' && !Array.isArray(before)) {
    for (const [key, character] of Object.entries(before.vrp ?? {})) {
      const user = character as Record<string, unknown>;
      const items = user.items && !Array.isArray(user.items) ? (user.items as Record<string, number>) : {};
      const joined = vrp.model.join(Number(key.slice(7)), user.passport as number, {
        bank: user.bank as number,
        items,
      });
      const slots = (user.slots as string[]).map(Number).sort((a, b) => a - b);
      const order = (name: string) => CREATIVE_SLOT_ORDER.indexOf(name) >>> 0;
      Object.keys(items)
        .sort((a, b) => order(a) - order(b))
        .forEach((name, i) => {
          joined.slots[name] = slots[i] ?? 6 + i;
        });
    }
  } else if (variant === 'vrp2' && !Array.isArray(before)) {
    for (const [key, user] of Object.entries(before)) {
      const joined = vrp.model.join(Number(key.slice(7)), user.user as number, {
        character: user.character as number,
      });
      joined.loading = user.ready !== true;
    }
  } else if (!Array.isArray(before)) {
    for (const [key, user] of Object.entries(before)) {
      if (!key.startsWith('user ')) continue;
      const items = user.items && !Array.isArray(user.items) ? (user.items as Record<string, number>) : {};
      vrp.model.join(user.source as number, Number(key.slice(5)), {
        wallet: user.wallet as number,
        bank: user.bank as number,
        items,
      });
    }
  }
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => vrp.model.snapshot(),
    call(path, args) {
      const iface = path.match(/^([\w-]+):proxy /)?.[1];
      if (iface === undefined) return undefined;
      const [member, memberArgs, identifier, rid] = args as [string, unknown[], string, number];
      let answer: { rid: unknown; rets: unknown } | undefined;
      const off = fake.host.on(`${iface}:${identifier}:proxy_res`, (replyRid, rets) => {
        if (replyRid !== rid || answer) return;
        answer = { rid: replyRid, rets };
        off();
      });
      fake.host.emit(`${iface}:proxy`, member, memberArgs, identifier, rid);
      if (answer) return { async: false, value: answer };
      return { async: true, later: () => answer };
    },
    note(key) {
      const heard = key.match(/^answers heard on (.+)$/);
      if (!heard) return undefined;
      return fake.emitted
        .filter((e) => e.event === heard[1])
        .map((e) => ({ rid: e.args[0], rets: e.args[1] }));
    },
  };
}

const vrpAdapter = (
  variant: 'vrp1' | 'vrp2' | 'creative',
  rewards: Reward[],
  run: AdapterRun['run'],
  vrp: Record<string, unknown> = {},
): AdapterRun => ({
  rewards,
  settings: { framework: 'vrp', vrp: { variant, nonce: 'rec', timeoutMs: 2000, ...vrp } },
  run,
});

const BOB = { ...ALICE, source: 2, name: 'Bob', license: 'license:3333' };
const money: Reward = { type: 'money', amount: 500 };
const water2: Reward = { type: 'item', item: 'water', count: 2 };

FIXTURES.vrp1 = {
  build: (_t, s) => buildVrp(s, 'vrp1'),
  adapters: {
    'adapter-startup': vrpAdapter(
      'vrp1',
      [money, { type: 'bank', amount: 750 }, water2],
      async (adapter, answer) => {
        answer(
          'startupProblems',
          await adapter.startupProblems?.([money, { type: 'bank', amount: 750 }, water2]),
        );
        answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
        answer('isPlayerReady(2)', await adapter.isPlayerReady(2));
      },
    ),
    'adapter-money': vrpAdapter('vrp1', [money, { type: 'bank', amount: 750 }], async (adapter, answer) => {
      for (const reward of [money, { type: 'bank', amount: 750 } as Reward])
        answer(`give ${reward.type}`, await adapter.give(ALICE, reward));
    }),
    'adapter-item': vrpAdapter('vrp1', [water2], async (adapter, answer) => {
      answer('canReceive', await adapter.canReceive(ALICE, [water2]));
      answer('give', await adapter.give(ALICE, water2));
    }),
    'adapter-unknown-item': (() => {
      const reward: Reward = { type: 'item', item: 'waterr', count: 1 };
      return vrpAdapter('vrp1', [reward], async (adapter, answer) => {
        answer('startupProblems', await adapter.startupProblems?.([reward]));
        answer('canReceive', await adapter.canReceive(ALICE, [reward]));
        answer('give', await adapter.give(ALICE, reward));
      });
    })(),
    'adapter-full-by-weight': (() => {
      const reward: Reward = { type: 'item', item: 'water', count: 61 };
      return vrpAdapter('vrp1', [reward], async (adapter, answer) => {
        answer('canReceive', await adapter.canReceive(ALICE, [reward]));
      });
    })(),
    'adapter-renamed-member': vrpAdapter(
      'vrp1',
      [money, { type: 'bank', amount: 750 }],
      async (adapter, answer) => {
        answer('startupProblems', await adapter.startupProblems?.([money, { type: 'bank', amount: 750 }]));
        answer('give', await adapter.give(ALICE, money));
      },
      { members: { giveMoney: 'giveMoneyy' } },
    ),
    'adapter-player-not-loaded': vrpAdapter('vrp1', [money], async (adapter, answer) => {
      answer('give', await adapter.give(BOB, money));
    }),
    'adapter-player-left': vrpAdapter('vrp1', [{ type: 'bank', amount: 750 }], async (adapter, answer) => {
      answer('give', await adapter.give(ALICE, { type: 'bank', amount: 750 }));
    }),
    'adapter-delayed-reply': vrpAdapter('vrp1', [money], async (adapter, answer) => {
      answer('give', await adapter.give(ALICE, money));
    }),
  },
};

FIXTURES['vrp1-current-fxserver'] = {
  build: (_t, s) => buildVrp(s, 'vrp1', { clientUpdatesRaise: true }),
  adapters: {
    'adapter-money': vrpAdapter(
      'vrp1',
      [money],
      async (adapter, answer) => {
        answer('give', await adapter.give(ALICE, money));
      },
      { timeoutMs: 300 },
    ),
  },
};

/** The recorded vRP 2 scenarios' custom reward, and what its event listener heard (mirrors tools/frameworks/worlds/vrp2.ts). */
const voteGift: Reward = { type: 'custom', event: 'myserver:voteGift' };
const customRun = (player: typeof ALICE): AdapterRun['run'] => {
  return async (adapter, answer, host) => {
    const heard: unknown[] = [];
    const off = host.on('myserver:voteGift', (...args) => heard.push(args));
    answer('canReceive', await adapter.canReceive(player, [voteGift]));
    answer('give', await adapter.give(player, voteGift));
    answer('heard myserver:voteGift', heard);
    off();
  };
};

FIXTURES.vrp2 = {
  build: (_t, s) => buildVrp(s, 'vrp2'),
  adapters: {
    'adapter-variant-vrp2': vrpAdapter('vrp2', [voteGift], async (adapter, answer) => {
      answer('startupProblems money', await adapter.startupProblems?.([money]));
      answer('startupProblems custom', await adapter.startupProblems?.([voteGift]));
      answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
      answer('isPlayerReady(2)', await adapter.isPlayerReady(2));
    }),
    'adapter-custom-not-loaded': vrpAdapter('vrp2', [voteGift], customRun(BOB)),
    'adapter-custom-loaded': vrpAdapter('vrp2', [voteGift], customRun(ALICE)),
    'adapter-variant-vrp1': vrpAdapter('vrp1', [money], async (adapter, answer) => {
      answer('startupProblems', await adapter.startupProblems?.([money]));
      answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
      answer('give', await adapter.give(ALICE, money));
    }),
  },
};

/** Fantastic-Network/base's config/Item.lua weights (kg) of the items its world uses; `dollar` is not an item there. */
const CREATIVE_ITEMS = Object.fromEntries(
  Object.entries({
    banana: 0.25,
    bread: 0.25,
    brush: 0.25,
    domino: 0.15,
    lighter: 0.55,
    water: 0.25,
    dollars: 0,
  }).map(([name, weight]) => [name, { name, weight }]),
);
/** Scenarios of vrp-creative whose `prepare` made the bank resource take 200 ms (tools/frameworks/worlds/vrp-creative.ts). */
const SLOW_BANK = new Set(['delayed-reply', 'adapter-delayed-reply']);
const creative = (rewards: Reward[], run: AdapterRun['run'], cashItem = true) =>
  vrpAdapter('creative', rewards, run, cashItem ? { cashItem: 'dollars' } : {});
const bank750: Reward = { type: 'bank', amount: 750 };

FIXTURES['vrp-creative'] = {
  build: (_t, s) =>
    buildVrp(s, 'creative', {
      items: CREATIVE_ITEMS,
      maxWeight: 10,
      checkWeight: false,
      dbDelayMs: SLOW_BANK.has(s.name) ? 200 : undefined,
    }),
  // delayed-reply: the recording advanced the clock 300 ms before the last GetBank; adapter-delayed-reply: the
  // adapter waited for GiveBank's late answer (200 ms) before reading the bank.
  clock: { 'delayed-reply': { 2: 300 }, 'adapter-delayed-reply': { 4: 200 } },
  adapters: {
    'adapter-startup': creative([money, bank750, water2], async (adapter, answer) => {
      answer('startupProblems', await adapter.startupProblems?.([money, bank750, water2]));
      answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
      answer('isPlayerReady(2)', await adapter.isPlayerReady(2));
    }),
    'adapter-money': creative([money, bank750], async (adapter, answer) => {
      for (const reward of [money, bank750]) answer(`give ${reward.type}`, await adapter.give(ALICE, reward));
    }),
    'adapter-item': creative([water2], async (adapter, answer) => {
      answer('canReceive', await adapter.canReceive(ALICE, [water2]));
      answer('give', await adapter.give(ALICE, water2));
    }),
    'adapter-full-by-slots': (() => {
      const reward: Reward = { type: 'item', item: 'water', count: 1 };
      return creative([reward], async (adapter, answer) => {
        answer('canReceive', await adapter.canReceive(ALICE, [reward]));
        answer('give', await adapter.give(ALICE, reward));
      });
    })(),
    'adapter-full-by-weight': (() => {
      const reward: Reward = { type: 'item', item: 'water', count: 200 };
      return creative([reward], async (adapter, answer) => {
        answer('canReceive', await adapter.canReceive(ALICE, [reward]));
        answer('give', await adapter.give(ALICE, reward));
      });
    })(),
    'adapter-default-cash-item': creative(
      [money],
      async (adapter, answer) => {
        answer('startupProblems', await adapter.startupProblems?.([money]));
        answer('give', await adapter.give(ALICE, money));
      },
      false,
    ),
    'adapter-player-not-loaded': creative([bank750], async (adapter, answer) => {
      answer('give', await adapter.give(BOB, bank750));
    }),
    'adapter-delayed-reply': creative([bank750], async (adapter, answer) => {
      answer('give', await adapter.give(ALICE, bank750));
    }),
  },
};

/** qb-core 1.3.0 shared/items.lua entries the QB worlds use; the fillers of full-by-slots are added weightless. */
const QB_ITEMS: Record<string, QbItemDef> = {
  sandwich: { label: 'Sandwich', weight: 200, description: 'Nice bread for your stomach' },
  water_bottle: { label: 'Bottle of Water', weight: 500, description: 'For all the thirsty out there' },
};

/** qb-core + qb-inventory in a scenario's before state; items the catalogue lacks are weightless, the rest of the recorded weight is ballast. */
function buildQb(transcript: Transcript, scenario: TranscriptScenario, version: 1 | 2): ReplayWorld {
  const fake = createFakeHost();
  const items: Record<string, QbItemDef> = { ...QB_ITEMS };
  const qb = createFakeQbcore(fake, {
    items,
    maxWeight: 120000,
    maxSlots: version === 2 ? 40 : 41,
    qbInventoryV1: version === 1,
  });
  for (const [source, state] of playersIn(scenario.before, 'qb-core')) {
    const held = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
    for (const name of Object.keys(held)) qb.model.items[name] ??= { label: name, weight: 0 };
    const { name, identifiers } = identity(transcript, source);
    const player = qb.model.load(source, {
      name,
      license: identifiers.find((i) => i.startsWith('license:')),
      citizenid: state.citizenid as string,
      money: state.money as Record<string, number>,
      items: held,
    });
    player.ballast = (state.weight as number) - qb.model.weight(player);
  }
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state: () => ({ 'qb-core': qb.model.snapshot() }),
  };
}

const qbAdapters = (): Record<string, AdapterRun> => {
  const cash: Reward = { type: 'money', amount: 500 };
  const sandwich2: Reward = { type: 'item', item: 'sandwich', count: 2 };
  const breadd: Reward = { type: 'item', item: 'breadd', count: 1 };
  const water300: Reward = { type: 'item', item: 'water_bottle', count: 300 };
  const sandwich1: Reward = { type: 'item', item: 'sandwich', count: 1 };
  const item = (reward: Reward, startup = false): AdapterRun => ({
    rewards: [reward],
    async run(adapter, answer) {
      if (startup) answer('startupProblems', await adapter.startupProblems?.([reward]));
      answer('canReceive', await adapter.canReceive(ALICE, [reward]));
      answer('give', await adapter.give(ALICE, reward));
    },
  });
  return {
    'adapter-money-and-bank': {
      rewards: [cash, bank750],
      async run(adapter, answer) {
        answer('startupProblems', await adapter.startupProblems?.([cash, bank750]));
        answer('isPlayerReady 1', await adapter.isPlayerReady(1));
        answer('give money', await adapter.give(ALICE, cash));
        answer('give bank', await adapter.give(ALICE, bank750));
      },
    },
    'adapter-item': item(sandwich2, true),
    'adapter-unknown-item': item(breadd, true),
    'adapter-full-by-weight': item(water300),
    'adapter-full-by-slots': item(sandwich1),
    'adapter-player-not-loaded': notLoaded(sandwich1),
  };
};

/** The adapter-player-not-loaded scenarios of the QB worlds: Bob, never loaded, and 100 bank plus one item. */
const notLoaded = (reward: Reward): AdapterRun => {
  const rewards: Reward[] = [{ type: 'bank', amount: 100 }, reward];
  return {
    rewards,
    async run(adapter, answer) {
      answer('isPlayerReady 2', await adapter.isPlayerReady(2));
      answer('canReceive', await adapter.canReceive(BOB, rewards));
      for (const r of rewards) answer(`give ${r.type}`, await adapter.give(BOB, r));
    },
  };
};

FIXTURES.qbcore = { build: (t, s) => buildQb(t, s, 2), adapters: qbAdapters() };
FIXTURES['qbcore-inventory-1'] = { build: (t, s) => buildQb(t, s, 1), adapters: qbAdapters() };

/** Scenarios of qbox whose `prepare` stopped ox_inventory (tools/frameworks/worlds/qbox.ts). */
const QBOX_OX_STOPPED = new Set(['money-ox-stopped', 'adapter-money-ox-stopped']);

/** qbx_core on ox_inventory in a scenario's before state (cash mirrored as ox's money item, in slot 1). */
function buildQbox(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  const running = !QBOX_OX_STOPPED.has(scenario.name);
  const ox = createOxModel({ items: { ...OX_ITEMS }, maxWeight: 3000, slots: 5, accounts: ['money'] });
  if (running) createFakeOxInventory(fake, { model: ox });
  else fake.setState('ox_inventory', 'stopped');
  const qbx = createFakeQbox(fake, { ox });
  const loaded = playersIn(scenario.before, 'qbx_core');
  for (const [source, state] of loaded) {
    const { name, identifiers } = identity(transcript, source);
    qbx.model.load(source, {
      name,
      license: identifiers.find((i) => i.startsWith('license:')),
      citizenid: state.citizenid as string,
      money: state.money as Record<string, number>,
    });
  }
  // A player the world loaded who is not in the before state left in `prepare`: her character is saved, offline.
  for (const player of transcript.players) {
    if (!player.loaded || loaded.has(player.source)) continue;
    qbx.model.load(player.source, {
      citizenid: QBOX_CITIZENS[player.source],
      money: { bank: 1000, cash: 50, crypto: 0 },
    });
    qbx.model.drop(player.source);
  }
  for (const [source, state] of playersIn(scenario.before, 'ox_inventory')) {
    const citizen = loaded.get(source);
    ox.open(source, {
      maxWeight: state.maxWeight as number,
      label: QBOX_LABELS[source],
      owner: citizen?.citizenid as string | undefined,
    });
    const items = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
    const names = Object.keys(items).sort((a, b) => rankQbox(a) - rankQbox(b) || a.localeCompare(b));
    for (const name of names) ox.put(source, name, items[name] ?? 0);
  }
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state() {
      const out: Record<string, unknown> = {};
      if (running)
        out.ox_inventory = Object.fromEntries(
          ox.sources().map((source) => [`player ${source}`, ox.snapshot(source)]),
        );
      out.qbx_core = qbx.model.snapshot();
      return out;
    },
  };
}

/** Citizen ids and balances of the qbox world's database rows (tools/frameworks/worlds/qbox-common.ts), for players who left. */
const QBOX_CITIZENS: Record<number, string> = { 1: 'ALC00001' };
/** ox_inventory labels a Qbox player's inventory with the character's first and last name (the world's charinfo). */
const QBOX_LABELS: Record<number, string> = { 1: 'Alice Test' };

/** qbx_core gives the money item the first slot at login; the fillers follow in ox-fill.ts order. */
const rankQbox = (item: string) => (item === 'money' ? -1 : rank(item));

FIXTURES.qbox = {
  build: (t, s) => buildQbox(t, s),
  // player-left: the recording let 100 ms pass before the last read (qbx_core saves an offline character in a thread).
  clock: { 'player-left': { 6: 100 } },
  adapters: {
    'adapter-money-and-bank': {
      rewards: [money, bank750],
      async run(adapter, answer) {
        answer('startupProblems', await adapter.startupProblems?.([money, bank750]));
        answer('isPlayerReady 1', await adapter.isPlayerReady(1));
        for (const reward of [money, bank750])
          answer(`give ${reward.type}`, await adapter.give(ALICE, reward));
      },
    },
    'adapter-money-ox-stopped': {
      rewards: [money],
      async run(adapter, answer) {
        answer('give', await adapter.give(ALICE, money));
      },
    },
    'adapter-item': (() => {
      const reward: Reward = { type: 'item', item: 'water', count: 2 };
      return {
        rewards: [reward],
        async run(adapter, answer) {
          answer('startupProblems', await adapter.startupProblems?.([reward]));
          answer('canReceive', await adapter.canReceive(ALICE, [reward]));
          answer('give', await adapter.give(ALICE, reward));
        },
      };
    })(),
    'adapter-unknown-item': (() => {
      const reward: Reward = { type: 'item', item: 'breadd', count: 1 };
      return {
        rewards: [reward],
        async run(adapter, answer) {
          answer('startupProblems', await adapter.startupProblems?.([reward]));
          answer('canReceive', await adapter.canReceive(ALICE, [reward]));
        },
      };
    })(),
    'adapter-full-by-slots': canReceive({ type: 'item', item: 'burger', count: 1 }),
    'adapter-player-not-loaded': notLoaded({ type: 'item', item: 'water', count: 1 }),
  },
};

FIXTURES['nd-core'] = ND_CORE_FIXTURE;
FIXTURES['nd-core-ox-first'] = ND_CORE_OX_FIRST_FIXTURE;
FIXTURES['qbcore-ox'] = QBCORE_OX_FIXTURE;
/** Scenarios of ox-core whose `prepare` stopped ox_inventory (tools/frameworks/worlds/ox-core.ts). */
const OX_CORE_OX_STOPPED = new Set(['ox-inventory-stopped', 'adapter-ox-inventory-stopped']);
/** Alice's character in the ox-core world's database (tools/frameworks/worlds/ox-core/database.ts). */
const OX_CORE_CHARACTERS: Record<number, { charId: number; stateId: string; name: string }> = {
  1: { charId: 1, stateId: 'AB1234', name: 'Alice Voter' },
};

/** ox_core on ox_inventory in a scenario's before state: account rows, players (joined or with a character), items. */
function buildOxCore(transcript: Transcript, scenario: TranscriptScenario): ReplayWorld {
  const fake = createFakeHost();
  const core = createFakeOxCore(fake);
  const before = scenario.before as Record<string, unknown>;
  for (const row of (before.accounts ?? []) as Record<string, number>[]) {
    core.model.addAccount({
      id: row.id as number,
      owner: row.owner as number,
      balance: row.balance as number,
      isDefault: row.isDefault as number,
    });
  }
  const players = playersIn(scenario.before, 'ox_core');
  for (const player of transcript.players) {
    const state = players.get(player.source);
    if (state) {
      core.model.join(player.source, {
        userId: state.userId as number,
        username: player.name,
        identifier: state.identifier as string,
      });
      if (typeof state.charId === 'number')
        core.model.setActive(
          player.source,
          state.charId,
          state.stateId as string,
          OX_CORE_CHARACTERS[player.source]?.name,
        );
    } else if (player.loaded) {
      // Loaded at boot, gone in the before state: left in `prepare`; the character and its account stay.
      const character = OX_CORE_CHARACTERS[player.source] as {
        charId: number;
        stateId: string;
        name: string;
      };
      core.model.join(player.source, { userId: player.source, username: player.name, identifier: '' });
      core.model.setActive(player.source, character.charId, character.stateId);
      core.model.drop(player.source);
    }
  }
  const running = !OX_CORE_OX_STOPPED.has(scenario.name);
  for (const [source, state] of playersIn(scenario.before, 'ox_inventory')) {
    const items = state.items && !Array.isArray(state.items) ? (state.items as Record<string, number>) : {};
    const inventory = core.ox.model.inventory(source);
    if (inventory) inventory.maxWeight = state.maxWeight as number;
    else core.ox.model.open(source, { maxWeight: state.maxWeight as number });
    const names = Object.keys(items).sort((a, b) => rankQbox(a) - rankQbox(b) || a.localeCompare(b));
    for (const name of names) core.ox.model.put(source, name, items[name] ?? 0);
  }
  if (!running) fake.setState('ox_inventory', 'stopped');
  return {
    host: fake.host,
    scriptErrors: fake.scriptErrors,
    advance: (ms) => fake.advance(ms),
    state() {
      const out: Record<string, unknown> = {
        accounts: [...core.model.accounts.values()].map(({ id, owner, balance, isDefault }) => ({
          id,
          owner,
          balance,
          isDefault,
        })),
        transactions: core.model.transactions(),
        ox_core: Object.fromEntries(
          transcript.players.map((player) => {
            const p = core.model.players.get(player.source);
            const fields = p
              ? {
                  userId: p.userId,
                  identifier: p.identifier,
                  ...(p.charId ? { charId: p.charId, stateId: p.stateId } : {}),
                }
              : null;
            return [`player ${player.source}`, fields];
          }),
        ),
      };
      if (running)
        out.ox_inventory = Object.fromEntries(
          core.ox.model.sources().map((source) => [`player ${source}`, core.ox.model.snapshot(source)]),
        );
      return out;
    },
  };
}

/** The adapter runs of the ox-core world (mirrors tools/frameworks/worlds/ox-core.ts): each step it made, in order. */
function oxCoreAdapter(
  rewards: Reward[],
  steps: { startupProblems?: boolean; isPlayerReady?: boolean; canReceive?: boolean; give?: boolean },
  player = ALICE,
): AdapterRun {
  return {
    rewards,
    async run(adapter, answer) {
      if (steps.startupProblems) answer('startupProblems', await adapter.startupProblems?.(rewards));
      if (steps.isPlayerReady)
        answer(`isPlayerReady ${player.source}`, await adapter.isPlayerReady(player.source));
      if (steps.canReceive) answer('canReceive', await adapter.canReceive(player, rewards));
      if (steps.give)
        for (const reward of rewards)
          answer(rewards.length === 1 ? 'give' : `give ${reward.type}`, await adapter.give(player, reward));
    },
  };
}

const OX_CORE_ALL = { isPlayerReady: true, canReceive: true, give: true };
const OX_CORE_BOB = { ...ALICE, source: 2, name: 'Bob', license: 'license:2222', voteId: 'vote-2' };

FIXTURES['ox-core'] = {
  build: (t, s) => buildOxCore(t, s),
  adapters: {
    'adapter-money': oxCoreAdapter([{ type: 'money', amount: 500 }], OX_CORE_ALL),
    'adapter-bank': oxCoreAdapter([{ type: 'bank', amount: 750 }], OX_CORE_ALL),
    'adapter-item': oxCoreAdapter([{ type: 'item', item: 'burger', count: 2 }], {
      startupProblems: true,
      ...OX_CORE_ALL,
    }),
    'adapter-not-loaded': oxCoreAdapter(
      [
        { type: 'money', amount: 500 },
        { type: 'bank', amount: 750 },
      ],
      OX_CORE_ALL,
      OX_CORE_BOB,
    ),
    'adapter-full-inventory': oxCoreAdapter(
      [
        { type: 'item', item: 'burger', count: 1 },
        { type: 'money', amount: 50 },
      ],
      { canReceive: true, give: true },
    ),
    'adapter-unknown-item': oxCoreAdapter([{ type: 'item', item: 'breadd', count: 1 }], {
      startupProblems: true,
      canReceive: true,
      give: true,
    }),
    'adapter-ox-inventory-stopped': oxCoreAdapter(
      [
        { type: 'money', amount: 100 },
        { type: 'bank', amount: 100 },
      ],
      { startupProblems: true, give: true },
    ),
  },
};
FIXTURES.vorp = VORP_FIXTURE;
FIXTURES.rsg = RSG_FIXTURE;
