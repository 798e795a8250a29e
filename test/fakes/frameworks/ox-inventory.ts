/**
 * Fake ox_inventory from `modules/inventory/server.lua`: `CanCarryItem` answers nil for an unknown item or
 * inventory, false when weight or slots do not allow it; `AddItem` answers `[false, 'invalid_item' |
 * 'invalid_count' | 'negative_count' | 'invalid_inventory' | 'inventory_full']` or `[true, slotData]`.
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

/** Creates the fake and registers it as `ox_inventory`. */
export function createFakeOxInventory(fake: FakeHost, options: FakeOxOptions = {}) {
  const items = options.items ?? { bread: { weight: 100, stack: true }, phone: { weight: 50, stack: false } };
  const maxWeight = options.maxWeight ?? 1000;
  const slots = options.slots ?? 5;
  const inventories = new Map<
    number,
    { weight: number; slots: (string | undefined)[]; counts: Record<string, number> }
  >();
  const answer = <T>(value: T) => (options.yields ? Promise.resolve(value) : value);

  const fits = (inv: { weight: number; slots: (string | undefined)[] }, name: string, count: number) => {
    const item = items[name];
    if (!item) return false;
    const empty = inv.slots.filter((s) => s === undefined).length;
    const stackSlot = item.stack && inv.slots.includes(name);
    if (!stackSlot && empty === 0) return false;
    if (!item.stack && empty < count) return false;
    return inv.weight + item.weight * count <= maxWeight;
  };

  fake.addResource('ox_inventory', {
    CanCarryItem: (inv: unknown, item: unknown, count: unknown) => {
      const inventory = inventories.get(inv as number);
      if (!items[String(item)] || !inventory) return answer(undefined);
      return answer(fits(inventory, String(item), Number(count ?? 1)));
    },
    AddItem: (inv: unknown, item: unknown, count: unknown) => {
      const name = String(item);
      if (!items[name]) return answer([false, 'invalid_item']);
      if (typeof count !== 'number') return answer([false, 'invalid_count']);
      const n = Math.floor(count + 0.5);
      if (n <= 0) return answer([false, 'negative_count']);
      const inventory = inventories.get(inv as number);
      if (!inventory) return answer([false, 'invalid_inventory']);
      if (!fits(inventory, name, n)) return answer([false, 'inventory_full']);
      const def = items[name];
      const copies = def?.stack ? 1 : n;
      for (let i = 0; i < copies; i++) {
        if (def?.stack && inventory.slots.includes(name)) break;
        const free = inventory.slots.indexOf(undefined);
        inventory.slots[free] = name;
      }
      inventory.weight += (def?.weight ?? 0) * n;
      inventory.counts[name] = (inventory.counts[name] ?? 0) + n;
      return answer([true, { name, count: n }]);
    },
  });

  return {
    /** Opens a player inventory (ox_inventory does this when the character loads). */
    open(src: number, weight = 0) {
      inventories.set(src, { weight, slots: Array.from({ length: slots }, () => undefined), counts: {} });
    },
    /** Count of an item in a player inventory. */
    count: (src: number, item: string) => inventories.get(src)?.counts[item] ?? 0,
  };
}
