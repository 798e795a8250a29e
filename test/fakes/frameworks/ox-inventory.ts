/**
 * Fake ox_inventory from `modules/inventory/server.lua` (2.47.7): `CanCarryItem` answers nil for an unknown item or
 * inventory and also when no slot is free and the item is not already held as a stack, false when the weight or the
 * empty slots of a non-stacking item do not allow it; `AddItem` checks item, then count, then inventory
 * (`[false, 'invalid_item' | 'invalid_count' | 'negative_count' | 'invalid_inventory' | 'inventory_full']`), checks
 * no weight and fills as many empty slots as there are for a non-stacking item, still answering `[true, slots]`;
 * `GetItemCount` answers 0 for an unknown inventory or item; `Items(name)` the definition or nil; `GetInventory`.
 * With `yields`, answers arrive as Promises, as from a Lua function that yielded.
 */
import type { FakeHost } from './host';

/** Options of the fake ox_inventory. */
export interface FakeOxOptions {
  /** Item definitions: weight and whether they stack. */
  items?: Record<string, { weight: number; stack?: boolean }>;
  /** Max weight of every player inventory. */
  maxWeight?: number;
  /** Slots of every player inventory. */
  slots?: number;
  /** Answer through Promises. */
  yields?: boolean;
}

interface Inv {
  weight: number;
  slots: ({ name: string; count: number } | undefined)[];
}

/** Creates the fake and registers it as `ox_inventory`. */
export function createFakeOxInventory(fake: FakeHost, options: FakeOxOptions = {}) {
  const items = options.items ?? { bread: { weight: 100, stack: true }, phone: { weight: 50, stack: false } };
  const maxWeight = options.maxWeight ?? 1000;
  const slots = options.slots ?? 5;
  const inventories = new Map<number, Inv>();
  const answer = <T>(value: T) => (options.yields ? Promise.resolve(value) : value);
  const countOf = (inv: Inv, name: string) =>
    inv.slots.reduce((sum, slot) => sum + (slot?.name === name ? slot.count : 0), 0);

  const canCarry = (inv: Inv, name: string, count: number): boolean | undefined => {
    const item = items[name];
    if (!item) return undefined;
    const empty = inv.slots.filter((s) => s === undefined).length;
    const held = inv.slots.some((s) => s?.name === name);
    if (!(item.stack && held) && empty === 0) return undefined;
    if (!item.stack && empty < count) return false;
    return inv.weight + item.weight * count <= maxWeight;
  };

  fake.addResource('ox_inventory', {
    CanCarryItem: (inv: unknown, item: unknown, count: unknown) => {
      const inventory = inventories.get(inv as number);
      if (!items[String(item)] || !inventory) return answer(undefined);
      return answer(canCarry(inventory, String(item), Number(count ?? 1)));
    },
    AddItem: (inv: unknown, item: unknown, count: unknown) => {
      const name = String(item);
      const def = items[name];
      if (!def) return answer([false, 'invalid_item']);
      if (typeof count !== 'number') return answer([false, 'invalid_count']);
      let n = Math.floor(count + 0.5);
      if (n <= 0) return answer([false, 'negative_count']);
      const inventory = inventories.get(inv as number);
      if (!inventory) return answer([false, 'invalid_inventory']);
      const added: number[] = [];
      if (def.stack) {
        const at = inventory.slots.findIndex((s) => s?.name === name);
        const free = at >= 0 ? at : inventory.slots.indexOf(undefined);
        if (free < 0) return answer([false, 'inventory_full']);
        inventory.slots[free] = { name, count: (inventory.slots[free]?.count ?? 0) + n };
        added.push(free + 1);
      } else {
        for (let i = 0; i < inventory.slots.length && n > 0; i++) {
          if (inventory.slots[i] !== undefined) continue;
          inventory.slots[i] = { name, count: 1 };
          added.push(i + 1);
          n -= 1;
        }
        if (added.length === 0) return answer([false, 'inventory_full']);
      }
      const units = def.stack ? Math.floor(count + 0.5) : added.length;
      inventory.weight += def.weight * units;
      return answer([true, added.map((slot) => ({ slot, name }))]);
    },
    GetItemCount: (inv: unknown, item: unknown) => {
      const inventory = inventories.get(inv as number);
      return answer(inventory && items[String(item)] ? countOf(inventory, String(item)) : 0);
    },
    Items: (name: unknown) => answer(name === undefined ? items : items[String(name)]),
    GetInventory: (inv: unknown) => {
      const inventory = inventories.get(inv as number);
      return answer(inventory ? { id: inv, weight: inventory.weight, maxWeight, slots } : undefined);
    },
  });

  return {
    /** Opens a player inventory (ox_inventory does this when the character loads). */
    open(src: number, weight = 0) {
      inventories.set(src, { weight, slots: Array.from({ length: slots }, () => undefined) });
    },
    /** Count of an item in a player inventory. */
    count: (src: number, item: string) => {
      const inventory = inventories.get(src);
      return inventory ? countOf(inventory, item) : 0;
    },
    /** Fills every empty slot with distinct junk (no weight). */
    fillSlots(src: number) {
      const inventory = inventories.get(src);
      if (!inventory) return;
      inventory.slots = inventory.slots.map((slot, i) => slot ?? { name: `junk${i}`, count: 1 });
    },
  };
}
