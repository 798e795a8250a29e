/**
 * Model of ox_inventory 2.47.7 player inventories and the exports the adapters call, shared by the unit fake
 * (devkit/fakes/frameworks/ox-inventory.ts) and the simulated FXServer resource (devkit/fxserver/resources/inventories.ts).
 *
 * Derived from the transcripts test/frameworks/transcripts/ox-inventory.json (every export below), esx-ox.json (ESX's
 * ox override forwarding to it; the `money` item mirrored as ESX's cash account) and adapter-full-by-slots.
 * Recorded facts it reproduces:
 * - `CanCarryItem(inv, item, count)`: nil for an unknown item or inventory (a string id, a player not loaded or
 *   gone) and when no slot is free and the item is not held at all; false when too heavy or too few empty slots for
 *   a non-stacking item (so a held phone with no free slot is false); true otherwise (weight 0 items always fit).
 * - `AddItem(inv, item, count)`: checks item (`invalid_item`), count (`invalid_count` for a non-number,
 *   `negative_count` for <= 0 after rounding half up), then inventory (`invalid_inventory`); no weight check; a
 *   stackable item goes onto its stack or the first empty slot (`inventory_full` when neither exists) and answers
 *   `true, slotData`; a non-stacking item fills as many empty slots as there are, one unit each, and answers
 *   `true, [slotData...]` even when fewer than asked were added.
 * - `GetItemCount` 0 for an unknown inventory or item; `Search(inv, 'count', item)`; `Items(name)`;
 *   `GetInventory(inv)` (id, items by slot, weight, maxWeight, slots, label, owner, type), false for a player without
 *   an inventory (nd-core-ox-first.json).
 * Guesses (no transcript covers them): `invalid_count` for a non-number count (read from server.lua:1130, not
 * recorded); `Search` with anything but `'count'` answers nil; `GetItem(inv, name)` (ESX's `getInventoryItem` in ox
 * mode) answers nil for an unknown item.
 */
import { luaValues, roundHalfUp } from './lua';

/** An ox_inventory item definition (data/items.lua). */
export interface OxItemDef {
  /** Display label. */
  label: string;
  /** Grams per unit (default 0). */
  weight?: number;
  /** Units share one slot (default true). */
  stack?: boolean;
  /** Closes the inventory on use (default true). */
  close?: boolean;
  /** Consumed per use (ox sets 1 for stackable items unless given). */
  consume?: number;
}

/** One used slot. */
interface Slot {
  name: string;
  count: number;
}

/** One player inventory. */
export interface OxInventory {
  /** Slot 1..n (index 0 = slot 1); undefined = empty. */
  slots: (Slot | undefined)[];
  /** Maximum weight (grams). */
  maxWeight: number;
  /** Inventory label (the character name). */
  label: string;
  /** Owner identifier (a citizenid; ND_Core's and ox_core's charid are numbers). */
  owner: string | number;
}

/** Options of the model. */
export interface OxModelOptions {
  /** Item catalogue. */
  items: Record<string, OxItemDef>;
  /** Default max weight of a player inventory (grams). */
  maxWeight: number;
  /** Default number of slots. */
  slots: number;
  /** Items that mirror a framework account (ESX: `money`); told after every change of their count. */
  accounts?: string[];
  /** Called with an account item's new total (ox's framework bridge writes it into the account). */
  onAccount?: (source: number, account: string, total: number) => void;
  /** Called before items are added (the simulated server records a payout there; a throw aborts the add). */
  onAdd?: (source: number, item: string, count: number) => void;
  /**
   * When given, a player's inventory exists exactly while this answers true (the framework loaded the character
   * and handed the inventory over); it is opened on first use. Without it, only `open` creates inventories.
   */
  present?: (source: number) => boolean;
}

/** The ox_inventory model. */
export type OxModel = ReturnType<typeof createOxModel>;

/** Full definition as `Items(name)` answers it. */
function definition(name: string, def: OxItemDef) {
  const stack = def.stack ?? true;
  return {
    close: def.close ?? true,
    consume: def.consume ?? (stack ? 1 : 0),
    label: def.label,
    name,
    stack,
    weight: def.weight ?? 0,
  };
}

/** Creates the model. */
export function createOxModel(options: OxModelOptions) {
  const inventories = new Map<number, OxInventory>();
  const catalogue = options.items;

  const create = (source: number, init: Partial<Pick<OxInventory, 'maxWeight' | 'label' | 'owner'>> = {}) => {
    const inv: OxInventory = {
      slots: Array.from({ length: options.slots }, () => undefined),
      maxWeight: init.maxWeight ?? options.maxWeight,
      label: init.label ?? `Player ${source}`,
      owner: init.owner ?? String(source),
    };
    inventories.set(source, inv);
    return inv;
  };

  /** `Inventory(inv)` for a player id: numbers only (a string is a stash id, never a player). */
  const resolve = (inv: unknown): OxInventory | undefined => {
    if (typeof inv !== 'number') return undefined;
    if (options.present) {
      if (!options.present(inv)) {
        inventories.delete(inv);
        return undefined;
      }
      return inventories.get(inv) ?? create(inv);
    }
    return inventories.get(inv);
  };

  const weightOf = (inv: OxInventory) =>
    inv.slots.reduce((sum, slot) => sum + (slot ? (catalogue[slot.name]?.weight ?? 0) * slot.count : 0), 0);
  const countOf = (inv: OxInventory, name: string) =>
    inv.slots.reduce((sum, slot) => sum + (slot?.name === name ? slot.count : 0), 0);
  const slotData = (inv: OxInventory, index: number) => {
    const slot = inv.slots[index] as Slot;
    const def = catalogue[slot.name] as OxItemDef;
    return {
      close: def.close ?? true,
      count: slot.count,
      label: def.label,
      metadata: [],
      name: slot.name,
      slot: index + 1,
      stack: def.stack ?? true,
      weight: (def.weight ?? 0) * slot.count,
    };
  };
  const setCountIn = (inventory: OxInventory, name: string, count: number) => {
    const at = inventory.slots.findIndex((s) => s?.name === name);
    if (at >= 0) inventory.slots[at] = count > 0 ? { name, count } : undefined;
    else if (count > 0) {
      const free = inventory.slots.indexOf(undefined);
      if (free >= 0) inventory.slots[free] = { name, count };
    }
  };
  const accountChanged = (source: number, name: string, inv: OxInventory) => {
    if (options.accounts?.includes(name)) options.onAccount?.(source, name, countOf(inv, name));
  };

  const exports = {
    CanCarryItem(inv: unknown, item: unknown, count?: unknown): boolean | undefined {
      const def = catalogue[String(item)];
      if (!def) return undefined;
      const inventory = resolve(inv);
      if (!inventory) return undefined;
      const n = typeof count === 'number' ? count : 1;
      const stack = def.stack ?? true;
      // GetItemSlots counts the slots holding the item, stackable or not.
      const held = inventory.slots.some((s) => s?.name === item);
      const empty = inventory.slots.filter((s) => s === undefined).length;
      if (!held && empty === 0) return undefined;
      if (!stack && empty < n) return false;
      const weight = def.weight ?? 0;
      if (weight === 0) return true;
      return weightOf(inventory) + weight * n <= inventory.maxWeight;
    },

    AddItem(inv: unknown, item: unknown, count: unknown) {
      const name = String(item);
      const def = catalogue[name];
      if (!def) return luaValues(false, 'invalid_item');
      if (typeof count !== 'number') return luaValues(false, 'invalid_count');
      const n = roundHalfUp(count);
      if (n <= 0) return luaValues(false, 'negative_count');
      const inventory = resolve(inv);
      if (!inventory) return luaValues(false, 'invalid_inventory');
      const source = inv as number;
      if (def.stack ?? true) {
        const stackAt = inventory.slots.findIndex((s) => s?.name === name);
        const at = stackAt >= 0 ? stackAt : inventory.slots.indexOf(undefined);
        if (at < 0) return luaValues(false, 'inventory_full');
        options.onAdd?.(source, name, n);
        inventory.slots[at] = { name, count: (inventory.slots[at]?.count ?? 0) + n };
        accountChanged(source, name, inventory);
        return luaValues(true, slotData(inventory, at));
      }
      const free = inventory.slots.flatMap((s, i) => (s === undefined ? [i] : [])).slice(0, n);
      if (free.length === 0) return luaValues(false, 'inventory_full');
      options.onAdd?.(source, name, free.length);
      for (const at of free) inventory.slots[at] = { name, count: 1 };
      accountChanged(source, name, inventory);
      return luaValues(
        true,
        free.map((at) => slotData(inventory, at)),
      );
    },

    GetItemCount(inv: unknown, item: unknown): number {
      const inventory = resolve(inv);
      return inventory ? countOf(inventory, String(item)) : 0;
    },

    Search(inv: unknown, search: unknown, item: unknown): number | undefined {
      const inventory = resolve(inv);
      if (!inventory || (search !== 'count' && search !== 2)) return undefined;
      return countOf(inventory, String(item));
    },

    Items(name?: unknown) {
      if (name === undefined || name === null)
        return Object.fromEntries(Object.entries(catalogue).map(([n, d]) => [n, definition(n, d)]));
      const def = catalogue[String(name)];
      return def ? definition(String(name), def) : undefined;
    },

    GetInventory(inv: unknown) {
      const inventory = resolve(inv);
      if (!inventory) return false;
      return {
        id: inv,
        label: inventory.label,
        owner: inventory.owner,
        type: 'player',
        slots: inventory.slots.length,
        maxWeight: inventory.maxWeight,
        weight: weightOf(inventory),
        items: inventory.slots.flatMap((s, i) => (s ? [slotData(inventory, i)] : [])),
      };
    },

    /** `SetItem(inv, item, count)`: sets the count (qbx_core mirrors cash with it). A guess: not recorded directly. */
    SetItem(inv: unknown, item: unknown, count: unknown): boolean {
      const inventory = resolve(inv);
      if (!inventory || typeof count !== 'number') return false;
      setCountIn(inventory, String(item), count);
      return true;
    },

    /** `Inventory.GetItem(inv, name)`: the definition with the count held (ESX's getInventoryItem in ox mode). */
    GetItem(inv: unknown, item: unknown) {
      const inventory = resolve(inv);
      const def = catalogue[String(item)];
      if (!inventory || !def) return undefined;
      const { close, consume, label, name, stack, weight } = definition(String(item), def);
      return { close, consume, count: countOf(inventory, String(item)), label, name, stack, weight };
    },
  };

  return {
    catalogue,
    exports,
    /** Opens a player's inventory (ox does when the framework hands the character over). */
    open(source: number, init?: Partial<Pick<OxInventory, 'maxWeight' | 'label' | 'owner'>>): OxInventory {
      return create(source, init);
    },
    /** Unloads a player's inventory (the player left). */
    close(source: number): void {
      inventories.delete(source);
    },
    /** A player's inventory, if open. */
    inventory: (source: number): OxInventory | undefined => resolve(source),
    /** Puts `count` units of an item into slots, as ox would (stack or one slot per unit); no checks. */
    put(source: number, name: string, count: number): void {
      const inventory = resolve(source);
      if (!inventory || count <= 0) return;
      const stack = catalogue[name]?.stack ?? true;
      if (stack) {
        const stackAt = inventory.slots.findIndex((s) => s?.name === name);
        const at = stackAt >= 0 ? stackAt : inventory.slots.indexOf(undefined);
        if (at >= 0) inventory.slots[at] = { name, count: (inventory.slots[at]?.count ?? 0) + count };
      } else {
        for (let left = count; left > 0; left--) {
          const at = inventory.slots.indexOf(undefined);
          if (at < 0) break;
          inventory.slots[at] = { name, count: 1 };
        }
      }
    },
    /** Sets an account item's count (the framework bridge mirroring a balance into ox). */
    setCount(source: number, name: string, count: number): void {
      const inventory = resolve(source);
      if (inventory) setCountIn(inventory, name, count);
    },
    /** Removes up to `count` units of an item. */
    remove(source: number, name: string, count: number): void {
      const inventory = resolve(source);
      if (!inventory) return;
      let left = count;
      for (let i = inventory.slots.length - 1; i >= 0 && left > 0; i--) {
        const slot = inventory.slots[i];
        if (slot?.name !== name) continue;
        const taken = Math.min(left, slot.count);
        left -= taken;
        inventory.slots[i] = slot.count - taken > 0 ? { name, count: slot.count - taken } : undefined;
      }
    },
    /** Total units of an item. */
    count(source: number, name: string): number {
      const inventory = resolve(source);
      return inventory ? countOf(inventory, name) : 0;
    },
    /** Item totals, weight, slots of a player (the shape the transcripts record). */
    snapshot(source: number) {
      const inventory = inventories.get(source);
      if (!inventory) return undefined;
      const items: Record<string, number> = {};
      for (const slot of inventory.slots) if (slot) items[slot.name] = (items[slot.name] ?? 0) + slot.count;
      return {
        items,
        maxWeight: inventory.maxWeight,
        slots: inventory.slots.length,
        slotsUsed: inventory.slots.filter((s) => s !== undefined).length,
        weight: weightOf(inventory),
      };
    },
    /** Players with an open inventory. */
    sources: (): number[] => [...inventories.keys()],
    /** Weight carried by a player. */
    weight(source: number): number {
      const inventory = resolve(source);
      return inventory ? weightOf(inventory) : 0;
    },
  };
}

/** Items of ox_inventory 2.47.7's data/items.lua that the recorded worlds use (label, grams, stacking). */
export const OX_ITEMS: Record<string, OxItemDef> = {
  bandage: { label: 'Bandage', weight: 115 },
  burger: { label: 'Burger', weight: 220 },
  lockpick: { label: 'Lockpick', weight: 160 },
  money: { label: 'Money' },
  mustard: { label: 'Mustard', weight: 500 },
  phone: { label: 'Phone', weight: 190, stack: false, consume: 0 },
  radio: { label: 'Radio', weight: 1000, stack: false },
  sprunk: { label: 'Sprunk', weight: 350 },
  water: { label: 'Water', weight: 500 },
};
