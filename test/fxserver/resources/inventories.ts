import { valuesOf } from '../../fakes/frameworks/models/lua';
import { createOxModel } from '../../fakes/frameworks/models/ox-inventory';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';
import {
  createFakeInventory,
  DEFAULT_ITEMS,
  type FakeInventory,
  type FitProblem,
  type ItemDef,
} from './inventory-model';

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

/** An inventory fake: definition plus the per-player inventories tests inspect or fill. */
export interface InventoryFake {
  /** Pass to server.addFakeResource(...). */
  definition: FakeResourceDefinition;
  /** Inventory of a player (created on first use, only for players the server knows). */
  inventory(id: number): FakeInventory;
}

function inventories(options: InventoryFakeOptions): {
  catalogue: Record<string, ItemDef>;
  get(id: number): FakeInventory;
} {
  const catalogue = options.items ?? DEFAULT_ITEMS;
  const all = new Map<number, FakeInventory>();
  return {
    catalogue,
    get(id) {
      let inv = all.get(id);
      if (!inv) {
        inv = createFakeInventory(catalogue, {
          maxWeight: options.maxWeight ?? 30000,
          slots: options.slots ?? 50,
        });
        all.set(id, inv);
      }
      return inv;
    },
  };
}

/**
 * ox_inventory for the simulated FXServer: the shared model (test/fakes/frameworks/models/ox-inventory.ts, derived
 * from the transcripts test/frameworks/transcripts/ox-inventory.json and esx-ox.json; its header says what is
 * recorded and what is a guess) bound as a Lua-flavoured resource exporting CanCarryItem, AddItem (with its optional
 * callback), GetItemCount, Search, Items, GetInventory and GetItem; every add is written to the payout ledger. A player
 * has an inventory once `isLoaded` says the framework loaded the character (real ox_inventory: when the framework
 * bridge hands it over).
 */
export function createOxInventoryFake(options: InventoryFakeOptions = {}): InventoryFake {
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
    present: (id) => !g || (g.DoesPlayerExist(id) === true && (options.isLoaded?.(id) ?? true)),
    onAdd(source, item, count) {
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
    },
  };
  return { definition, inventory: view };
}

/**
 * qb-inventory exports (qbcore-framework/qb-inventory server/functions.lua): CanAddItem(identifier, item, amount) →
 * true, or false + 'weight'|'slots' (a JS array); AddItem(identifier, item, amount, slot, info, reason) → boolean;
 * GetItemsByName(source, item) → the stacks of that item. Before the character is loaded (`isLoaded`) the player has
 * no inventory: CanAddItem/AddItem answer false, GetItemsByName nothing.
 */
export function createQbInventoryFake(options: InventoryFakeOptions = {}): InventoryFake {
  const inv = inventories(options);
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, api) {
      const known = (id: unknown): boolean =>
        g.DoesPlayerExist(id) === true && (options.isLoaded?.(Number(id)) ?? true);
      g.exports('CanAddItem', (id: unknown, item: unknown, amount: unknown) => {
        if (!known(id) || !inv.catalogue[String(item)]) return false;
        const p = inv.get(Number(id)).problem(String(item), Number(amount));
        return p === null ? true : api.multi(false, p === 'slots' ? 'slots' : 'weight');
      });
      g.exports(
        'AddItem',
        (id: unknown, item: unknown, amount: unknown, _slot: unknown, _info: unknown, reason: unknown) => {
          const name = String(item);
          const n = Number(amount);
          if (!known(id) || !inv.catalogue[name] || !Number.isFinite(n) || n <= 0) return false;
          if (inv.get(Number(id)).problem(name, n) !== null) return false;
          api.payout({
            framework: 'qb-inventory',
            player: Number(id),
            kind: 'item',
            name,
            amount: n,
            reason: reason == null ? null : String(reason),
          });
          inv.get(Number(id)).add(name, n);
          return true;
        },
      );
      g.exports('GetItemsByName', (id: unknown, item: unknown) => {
        if (!known(id)) return undefined;
        const amount = inv.get(Number(id)).items.get(String(item)) ?? 0;
        return amount > 0 ? [{ name: String(item), amount, slot: 1 }] : [];
      });
    },
  };
  return { definition, inventory: inv.get };
}
