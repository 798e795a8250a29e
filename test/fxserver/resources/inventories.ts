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
 * ox_inventory exports (overextended/ox_inventory modules/inventory/server.lua): AddItem(inv, item, count, metadata,
 * slot, cb) → success, response (two Lua values → a JS array); CanCarryItem(inv, item, count) → boolean, nil for an
 * unknown inventory or item. `count` must be a number.
 */
export function createOxInventoryFake(options: InventoryFakeOptions = {}): InventoryFake {
  const inv = inventories(options);
  let api: FakeApi | null = null;
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, fakeApi) {
      api = fakeApi;
      const known = (id: unknown): boolean => typeof id === 'number' && g.DoesPlayerExist(id) === true;
      g.exports(
        'AddItem',
        (id: unknown, item: unknown, count: unknown, _metadata: unknown, _slot: unknown, cb: unknown) => {
          const finish = (ok: boolean, response: unknown) => {
            if (typeof cb === 'function') cb(ok, response);
            return fakeApi.multi(ok, response);
          };
          if (!known(id)) return finish(false, 'invalid_inventory');
          const name = String(item);
          if (!inv.catalogue[name]) return finish(false, 'invalid_item');
          if (typeof count !== 'number' || !Number.isFinite(count)) return finish(false, 'invalid_count');
          if (count <= 0) return finish(false, 'invalid_count');
          const problem = inv.get(id as number).problem(name, count);
          if (problem !== null) return finish(false, 'inventory_full');
          api?.payout({ framework: 'ox_inventory', player: id as number, kind: 'item', name, amount: count });
          inv.get(id as number).add(name, count);
          return finish(true, [{ name, count, slot: 1 }]);
        },
      );
      g.exports('CanCarryItem', (id: unknown, item: unknown, count: unknown) => {
        if (!known(id) || !inv.catalogue[String(item)]) return undefined;
        return inv.get(id as number).problem(String(item), Number(count)) === null;
      });
      g.exports('GetItemCount', (id: unknown, item: unknown) =>
        known(id) ? (inv.get(id as number).items.get(String(item)) ?? 0) : 0,
      );
    },
  };
  return { definition, inventory: inv.get };
}

/**
 * qb-inventory exports (qbcore-framework/qb-inventory server/functions.lua): CanAddItem(identifier, item, amount) →
 * true, or false + 'weight'|'slots' (a JS array); AddItem(identifier, item, amount, slot, info, reason) → boolean.
 */
export function createQbInventoryFake(options: InventoryFakeOptions = {}): InventoryFake {
  const inv = inventories(options);
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g, api) {
      const known = (id: unknown): boolean => g.DoesPlayerExist(id) === true;
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
    },
  };
  return { definition, inventory: inv.get };
}
