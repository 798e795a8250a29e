/**
 * es_extended for the simulated FXServer: the shared model (devkit/fakes/frameworks/models/esx.ts, derived from the
 * transcripts test/frameworks/transcripts/esx.json, esx-ox.json and esx-ox-stopped.json; its header says what is
 * recorded and what is a guess) bound as a Lua-flavoured resource: exports `getSharedObject` and
 * `RunStaticPlayerMethod`, the `esx:getSharedObject` event, players removed on `playerDropped`, every credit and item
 * written to the simulator's payout ledger. When ox_inventory is installed (any state but missing at start), ESX runs
 * its ox_inventory override and reaches ox_inventory through its exports; whether ox "stopped after a start" or
 * "never started" is told apart by whether this resource saw it started (a guess about a restart the simulator does
 * not report otherwise).
 */
import {
  createEsxModel,
  type EsxModel,
  type EsxOxState,
  type EsxPlayer,
} from '../../fakes/frameworks/models/esx';
import { LuaError, valuesOf } from '../../fakes/frameworks/models/lua';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';
import { DEFAULT_ITEMS, type FakeInventory, type ItemDef } from './inventory-model';

/** A loaded ESX player. */
export interface EsxPlayerState {
  /** ESX identifier (license hash without prefix in ESX Legacy). */
  identifier: string;
  /** Character name. */
  name: string;
  /** money (cash), bank, black_money. */
  accounts: Record<string, number>;
  /** The player's inventory. */
  inventory: FakeInventory;
}

/** Options of the ESX fake. */
export interface EsxFakeOptions {
  /** Item catalogue (ESX.Items). */
  items?: Record<string, ItemDef>;
  /** Config.MaxWeight in grams (ESX default 24000). */
  maxWeight?: number;
  /** The database: accounts by identifier, kept across server restarts (ESX saves every change here). */
  database?: Map<string, Record<string, number>>;
}

/** The ESX fake: a resource definition plus the controls tests use. */
export interface EsxFake {
  /** Pass to server.addFakeResource('es_extended', ...). */
  definition: FakeResourceDefinition;
  /** Loaded players by server id. */
  players: Map<number, EsxPlayerState>;
  /** Loads a player (ESX would on character selection) and triggers esx:playerLoaded. */
  loadPlayer(id: number, init?: Partial<Omit<EsxPlayerState, 'inventory'>>): EsxPlayerState;
  /** Unloads a player (esx:playerDropped). */
  unloadPlayer(id: number): void;
}

/** ESX's own inventory of a player, as the FakeInventory tests fill and read. */
function inventoryView(
  player: EsxPlayer,
  catalogue: Record<string, ItemDef>,
  maxWeight: number,
): FakeInventory {
  const problem = (item: string, count: number) => {
    const def = catalogue[item];
    if (!def) return 'invalid_item' as const;
    return player.weight + def.weight * count > maxWeight ? ('weight' as const) : null;
  };
  return {
    items: player.inventory,
    weight: () => player.weight,
    slots: Number.MAX_SAFE_INTEGER,
    slotsUsed: () => [...player.inventory.values()].filter((n) => n > 0).length,
    problem,
    add(item, count) {
      const p = problem(item, count);
      if (p !== null) return p;
      player.inventory.set(item, (player.inventory.get(item) ?? 0) + count);
      player.weight += (catalogue[item]?.weight ?? 0) * count;
      return null;
    },
    remove(item, count) {
      const held = player.inventory.get(item) ?? 0;
      const taken = Math.min(held, count);
      if (held - taken > 0) player.inventory.set(item, held - taken);
      else player.inventory.delete(item);
      player.weight -= (catalogue[item]?.weight ?? 0) * taken;
    },
  };
}

/** Lua conventions for a JS caller: several values become an array, a Lua error a thrown Error. */
function lua<T extends unknown[]>(fn: (...args: T) => unknown) {
  return (...args: T): unknown => {
    const values = valuesOf(fn(...args));
    return values.length <= 1 ? values[0] : values;
  };
}

/** Creates the ESX fake. */
export function createEsxFake(options: EsxFakeOptions = {}): EsxFake {
  const catalogue = options.items ?? DEFAULT_ITEMS;
  const maxWeight = options.maxWeight ?? 24000;
  const players = new Map<number, EsxPlayerState>();
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  let oxInstalled = false;
  let oxSeenStarted = false;

  const oxState = (): EsxOxState => {
    if (!oxInstalled || !g) return 'missing';
    if (g.GetResourceState('ox_inventory') === 'started') {
      oxSeenStarted = true;
      return 'running';
    }
    return oxSeenStarted ? 'stopped' : 'never-started';
  };
  const ox =
    (name: string) =>
    (...args: unknown[]) => {
      const fn = g?.exports.ox_inventory[name] as ((...a: unknown[]) => unknown) | undefined;
      if (!fn) throw new LuaError(`attempt to call a nil value (field '${name}')`);
      return fn(...args);
    };

  const model: EsxModel = createEsxModel({
    items: Object.fromEntries(
      Object.entries(catalogue).map(([name, def]) => [name, { label: name, weight: def.weight }]),
    ),
    maxWeight,
    oxState,
    oxInventory: { CanCarryItem: ox('CanCarryItem'), AddItem: ox('AddItem'), GetItem: ox('GetItem') },
    // The ledger entry is the moment of payment: a server killed right after it keeps the credit.
    pay(entry, apply) {
      if (!api) return apply();
      const recorded = api.server.ledger.length;
      try {
        api.payout({
          framework: 'es_extended',
          player: entry.player,
          kind: entry.kind === 'item' ? 'item' : entry.name === 'money' ? 'money' : entry.name,
          name: entry.name,
          amount: entry.amount,
          ...(entry.kind === 'item' ? {} : { reason: entry.reason ?? null }),
        });
      } finally {
        if (api.server.ledger.length > recorded) apply();
      }
    },
  });

  const xPlayerOf = (id: number) => {
    const x = model.xPlayer(id);
    if (!x) return undefined;
    const bound: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(x)) {
      bound[key] = typeof value === 'function' ? lua(value as (...a: unknown[]) => unknown) : value;
    }
    bound.showNotification = (msg: unknown) => g?.emitNet('esx:showNotification', id, msg);
    return bound;
  };

  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      oxInstalled = globals.GetResourceState('ox_inventory') !== 'missing';
      const shared = model.exports.getSharedObject();
      const ESX = {
        ...shared,
        GetPlayerFromId: (src: unknown) => xPlayerOf(Number(src)),
        GetExtendedPlayers: () => [...players.keys()].map((id) => xPlayerOf(id)),
      };
      globals.exports('getSharedObject', () => ESX);
      globals.exports('RunStaticPlayerMethod', lua(model.exports.RunStaticPlayerMethod));
      globals.AddEventHandler('esx:getSharedObject', (cb: (esx: unknown) => void) => cb(ESX));
      globals.AddEventHandler('playerDropped', () => {
        const id = Number(globals.source);
        model.drop(id);
        players.delete(id);
      });
    },
  };

  return {
    definition,
    players,
    loadPlayer(id, init = {}) {
      const identifier = init.identifier ?? `esx${id}`;
      const stored = options.database?.get(identifier);
      const player = model.load(id, {
        identifier,
        name: init.name ?? `Player ${id}`,
        accounts: stored ?? { money: 0, bank: 0, black_money: 0, ...(init.accounts ?? {}) },
      });
      // The model's balances are the database row: a kill and a new boot keep them.
      if (stored) player.accounts = stored;
      options.database?.set(identifier, player.accounts);
      const state: EsxPlayerState = {
        identifier,
        name: player.name,
        accounts: player.accounts,
        inventory: inventoryView(player, catalogue, maxWeight),
      };
      players.set(id, state);
      g?.TriggerEvent('esx:playerLoaded', id, xPlayerOf(id), false);
      return state;
    },
    unloadPlayer(id) {
      model.drop(id);
      players.delete(id);
    },
  };
}
