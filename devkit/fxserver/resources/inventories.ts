/**
 * ox_inventory and qb-inventory for the simulated FXServer: bindings of the models in devkit/fakes/frameworks/models/
 * (ox-inventory.ts, derived from ox-inventory.json and esx-ox.json; qb.ts, derived from qbcore.json and
 * qbcore-inventory-1.json). The models' headers say what is recorded and what is a guess.
 */
import { valuesOf } from '../../fakes/frameworks/models/lua';
import { createOxModel, type OxModel } from '../../fakes/frameworks/models/ox-inventory';
import type { QbInventoryVersion } from '../../fakes/frameworks/models/qb';
import { oxLoadedExports } from '../../fakes/frameworks/ox-inventory';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';
import { DEFAULT_ITEMS, type FakeInventory, type FitProblem, type ItemDef } from './inventory-model';
import type { QbCoreFake } from './qb-core';

/** Options of the inventory fakes. */
export interface InventoryFakeOptions {
  /** Item catalogue. */
  items?: Record<string, ItemDef>;
  /** Max weight per player (grams). */
  maxWeight?: number;
  /** Slots per player. */
  slots?: number;
  /** Whether the framework has loaded this player's character (and handed the inventory over); default: connected. */
  isLoaded?: (id: number) => boolean;
}

/** Options of the ox_inventory fake. */
export interface OxInventoryFakeOptions extends InventoryFakeOptions {
  /**
   * `no-qb-bridge`: ox_inventory 2.42+ on QBCore (`setr inventory:framework "qb"`). Facts from overextended/ox_inventory
   * (commit 34a3e9bf deleted modules/bridge/qb/; 2.47.7 modules/bridge/server.lua:53-69, server.lua:3,74,353): the
   * inventory and item exports were registered before the bridge failed and still answer, the exports server.lua
   * registers later (`setPlayerInventory`, `forceOpenInventory`) are missing, the resource stays `started`, and no
   * player inventory is ever loaded (the bridge is what hands QBCore players over). A guess: the console text of its
   * error, which this fake does not print. Default `loaded`.
   */
  state?: 'loaded' | 'no-qb-bridge';
  /**
   * The framework whose cash the `money` item is (ox_core): its adds are written to the ledger as that framework's
   * `money` payouts. Otherwise `money` mirrors the framework's cash account, already written by the framework.
   */
  cashOf?: string;
}

/** An inventory fake: definition plus the per-player inventories tests inspect or fill. */
export interface InventoryFake {
  /** Pass to server.addFakeResource(...). */
  definition: FakeResourceDefinition;
  /** ox_inventory's model (ox_core's fake moves cash and checks inventories on it); absent for qb-inventory. */
  model?: OxModel;
  /** Inventory of a player (created on first use, only for players the server knows). */
  inventory(id: number): FakeInventory;
}

/**
 * ox_inventory for the simulated FXServer: the shared model (devkit/fakes/frameworks/models/ox-inventory.ts, derived
 * from the transcripts test/frameworks/transcripts/ox-inventory.json and esx-ox.json; its header says what is
 * recorded and what is a guess) bound as a Lua-flavoured resource exporting CanCarryItem, AddItem (with its optional
 * callback), GetItemCount, Search, Items, GetInventory and GetItem; every add is written to the payout ledger. A player
 * has an inventory once `isLoaded` says the framework loaded the character (real ox_inventory: when the framework
 * bridge hands it over).
 */
export function createOxInventoryFake(options: OxInventoryFakeOptions = {}): InventoryFake {
  const loaded = options.state !== 'no-qb-bridge';
  const catalogue = options.items ?? DEFAULT_ITEMS;
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const model = createOxModel({
    items: Object.fromEntries(
      Object.entries(catalogue).map(([name, def]) => [
        name,
        { label: name, weight: def.weight, stack: def.stack },
      ]),
    ),
    maxWeight: options.maxWeight ?? 30000,
    slots: options.slots ?? 50,
    accounts: ['money'],
    present: (id) => loaded && (!g || (g.DoesPlayerExist(id) === true && (options.isLoaded?.(id) ?? true))),
    onAdd(source, item, count) {
      if (item === 'money' && options.cashOf) {
        api?.payout({
          framework: options.cashOf,
          player: source,
          kind: 'money',
          name: 'money',
          amount: count,
        });
        return;
      }
      // The `money` item mirrors ESX's cash account: the credit was already written by the framework.
      if (item === 'money') return;
      api?.payout({ framework: 'ox_inventory', player: source, kind: 'item', name: item, amount: count });
    },
  });
  const view = (id: number): FakeInventory => {
    const open = () => model.inventory(id) ?? model.open(id);
    const problem = (item: string, count: number): FitProblem => {
      const fits = model.exports.CanCarryItem(id, item, count);
      if (!catalogue[item]) return 'invalid_item';
      if (fits === true) return null;
      const inv = open();
      return model.weight(id) + (catalogue[item]?.weight ?? 0) * count > inv.maxWeight ? 'weight' : 'slots';
    };
    return {
      get items() {
        const inv = open();
        const counts = new Map<string, number>();
        for (const slot of inv.slots)
          if (slot) counts.set(slot.name, (counts.get(slot.name) ?? 0) + slot.count);
        return counts;
      },
      weight: () => model.weight(id),
      slots: options.slots ?? 50,
      slotsUsed: () => open().slots.filter((s) => s !== undefined).length,
      problem,
      add(item, count) {
        open();
        const p = problem(item, count);
        if (p === null) model.put(id, item, count);
        return p;
      },
      remove(item, count) {
        model.remove(id, item, count);
      },
    };
  };
  const lua =
    (fn: (...args: unknown[]) => unknown) =>
    (...args: unknown[]): unknown => {
      const values = valuesOf(fn(...args));
      return api && values.length > 1 ? api.multi(...values) : values[0];
    };
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      for (const [name, fn] of Object.entries(model.exports)) {
        if (name === 'AddItem') continue;
        globals.exports(name, lua(fn as (...args: unknown[]) => unknown));
      }
      globals.exports('AddItem', (...args: unknown[]) => {
        const [inv, item, count, , , cb] = args;
        const result = model.exports.AddItem(inv, item, count);
        if (typeof cb === 'function') return cb(...valuesOf(result));
        return lua(() => result)();
      });
      if (loaded) for (const [name, fn] of Object.entries(oxLoadedExports())) globals.exports(name, fn);
    },
  };
  return { definition, inventory: view, model };
}

/**
 * qb-inventory for the simulated FXServer: the qb-inventory half of the qb-core model (devkit/fakes/frameworks/models/qb.ts,
 * derived from the transcripts test/frameworks/transcripts/qbcore.json and qbcore-inventory-1.json; its header says
 * what is recorded and what is a guess), bound as a Lua-flavoured resource on the same model as `core` (qb-inventory
 * keeps a player's items in the QBCore player): CanAddItem (2.0.0), AddItem, GetItemCount (2.0.0), GetItemByName,
 * GetItemsByName, HasItem. A player has an inventory once qb-core loaded the character.
 */
export function createQbInventoryFake(
  options: InventoryFakeOptions & { core: QbCoreFake; version?: QbInventoryVersion },
): InventoryFake {
  const model = options.core.model;
  const catalogue = options.items ?? DEFAULT_ITEMS;
  for (const [name, def] of Object.entries(catalogue))
    model.items[name] = { label: name, weight: def.weight, unique: def.stack === false };
  model.setInventory({
    version: options.version ?? 2,
    maxWeight: options.maxWeight ?? 30000,
    maxSlots: options.slots ?? 50,
  });
  const maxWeight = options.maxWeight ?? 30000;
  const view = (id: number): FakeInventory => {
    const player = () => model.players.get(id);
    const problem = (item: string, count: number): FitProblem => {
      const p = player();
      const def = model.items[item];
      if (!def) return 'invalid_item';
      if (!p) return 'slots';
      if (model.weight(p) + def.weight * count > maxWeight) return 'weight';
      const stack = !def.unique && p.slots.some((s) => s?.name === item);
      return stack || p.slots.includes(undefined) ? null : 'slots';
    };
    return {
      get items() {
        const counts = new Map<string, number>();
        for (const s of player()?.slots ?? [])
          if (s) counts.set(s.name, (counts.get(s.name) ?? 0) + s.amount);
        return counts;
      },
      weight: () => {
        const p = player();
        return p ? model.weight(p) : 0;
      },
      slots: options.slots ?? 50,
      slotsUsed: () => player()?.slots.filter((s) => s !== undefined).length ?? 0,
      problem,
      add(item, count) {
        const p = player();
        const why = problem(item, count);
        if (why !== null || !p) return why;
        const at = p.slots.findIndex((s) => s?.name === item);
        const index = at >= 0 ? at : p.slots.indexOf(undefined);
        p.slots[index] = { name: item, amount: (p.slots[index]?.amount ?? 0) + count };
        return null;
      },
      remove(item, count) {
        const p = player();
        if (!p) return;
        let left = count;
        p.slots.forEach((s, i) => {
          if (!s || s.name !== item || left <= 0) return;
          const taken = Math.min(left, s.amount);
          left -= taken;
          p.slots[i] = s.amount - taken > 0 ? { name: item, amount: s.amount - taken } : undefined;
        });
      },
    };
  };
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, api) {
      for (const [name, fn] of Object.entries(model.inventoryExports)) {
        g.exports(name, (...args: unknown[]) => {
          const values = valuesOf((fn as (...a: unknown[]) => unknown)(...args));
          return values.length > 1 ? api.multi(...values) : values[0];
        });
      }
    },
  };
  return { definition, inventory: view };
}
