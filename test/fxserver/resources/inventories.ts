import type { FakeApi, FakeResourceDefinition } from '../server';
import { createFakeInventory, DEFAULT_ITEMS, type FakeInventory, type ItemDef } from './inventory-model';

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
 * ox_inventory exports (overextended/ox_inventory 2.47.7 modules/inventory/server.lua): AddItem(inv, item, count,
 * metadata, slot, cb) → success, response (two Lua values → a JS array), checking item, count, then inventory, and
 * only slots: no weight check, and a non-stacking item fills as many empty slots as there are, still answering
 * true; CanCarryItem(inv, item, count) → true, false (weight, or too few slots for a non-stacking item), nil for an
 * unknown inventory or item and when no slot is free for an item not already held; GetItemCount; Items(name).
 * A player has an inventory once `isLoaded` says the framework loaded the character (real ox_inventory: when the
 * framework bridge hands it over; before that `invalid_inventory` / nil).
 */
export function createOxInventoryFake(options: InventoryFakeOptions = {}): InventoryFake {
  const inv = inventories(options);
  let api: FakeApi | null = null;
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, fakeApi) {
      api = fakeApi;
      const known = (id: unknown): boolean =>
        typeof id === 'number' && g.DoesPlayerExist(id) === true && (options.isLoaded?.(id) ?? true);
      g.exports(
        'AddItem',
        (id: unknown, item: unknown, count: unknown, _metadata: unknown, _slot: unknown, cb: unknown) => {
          const finish = (ok: boolean, response: unknown) => {
            if (typeof cb === 'function') cb(ok, response);
            return fakeApi.multi(ok, response);
          };
          const name = String(item);
          const def = inv.catalogue[name];
          if (!def) return finish(false, 'invalid_item');
          if (typeof count !== 'number' || !Number.isFinite(count)) return finish(false, 'invalid_count');
          const n = Math.floor(count + 0.5);
          if (n <= 0) return finish(false, 'negative_count');
          if (!known(id)) return finish(false, 'invalid_inventory');
          const inventory = inv.get(id as number);
          const stack = def.stack !== false;
          const freeSlots = Math.max(0, inventory.slots - inventory.slotsUsed());
          const held = (inventory.items.get(name) ?? 0) > 0;
          const added = stack ? (held || freeSlots > 0 ? n : 0) : Math.min(n, freeSlots);
          if (added === 0) return finish(false, 'inventory_full');
          api?.payout({ framework: 'ox_inventory', player: id as number, kind: 'item', name, amount: added });
          inventory.items.set(name, (inventory.items.get(name) ?? 0) + added);
          return finish(true, [{ name, count: added, slot: 1 }]);
        },
      );
      g.exports('CanCarryItem', (id: unknown, item: unknown, count: unknown) => {
        const def = inv.catalogue[String(item)];
        if (!known(id) || !def) return undefined;
        const problem = inv.get(id as number).problem(String(item), Number(count));
        if (problem === 'slots' && def.stack !== false) return undefined;
        return problem === null;
      });
      g.exports('Items', (name: unknown) => (name == null ? inv.catalogue : inv.catalogue[String(name)]));
      g.exports('GetItemCount', (id: unknown, item: unknown) =>
        known(id) ? (inv.get(id as number).items.get(String(item)) ?? 0) : 0,
      );
    },
  };
  return { definition, inventory: inv.get };
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
