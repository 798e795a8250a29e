/** An item definition: weight per unit and whether units stack in one slot. */
export interface ItemDef {
  /** Weight of one unit (grams). */
  weight: number;
  /** Units share one slot when true (default true). */
  stack?: boolean;
}

/** Limits of one player inventory. */
export interface InventoryLimits {
  /** Maximum total weight (grams). */
  maxWeight: number;
  /** Number of slots. */
  slots: number;
}

/** Why an item does not fit. */
export type FitProblem = 'invalid_item' | 'weight' | 'slots' | null;

/** A weight- and slot-limited inventory, shared by the inventory fakes. */
export interface FakeInventory {
  /** Item name → count. */
  readonly items: Map<string, number>;
  /** Current total weight. */
  weight(): number;
  /** Number of slots. */
  readonly slots: number;
  /** Slots in use. */
  slotsUsed(): number;
  /** null when count units of item fit, else why not. */
  problem(item: string, count: number): FitProblem;
  /** Adds when it fits; returns the problem otherwise. */
  add(item: string, count: number): FitProblem;
  /** Removes up to count units. */
  remove(item: string, count: number): void;
}

/** Creates an inventory against an item catalogue. */
export function createFakeInventory(
  catalogue: Record<string, ItemDef>,
  limits: InventoryLimits,
): FakeInventory {
  const items = new Map<string, number>();
  const weight = (): number =>
    [...items].reduce((sum, [name, n]) => sum + (catalogue[name]?.weight ?? 0) * n, 0);
  const slotsUsed = (): number =>
    [...items].reduce((sum, [name, n]) => sum + (catalogue[name]?.stack === false ? n : n > 0 ? 1 : 0), 0);
  const problem = (item: string, count: number): FitProblem => {
    const def = catalogue[item];
    if (!def) return 'invalid_item';
    if (weight() + def.weight * count > limits.maxWeight) return 'weight';
    const extraSlots = def.stack === false ? count : (items.get(item) ?? 0) > 0 ? 0 : 1;
    if (slotsUsed() + extraSlots > limits.slots) return 'slots';
    return null;
  };
  return {
    items,
    weight,
    slots: limits.slots,
    slotsUsed,
    problem,
    add(item, count) {
      const p = problem(item, count);
      if (p === null) items.set(item, (items.get(item) ?? 0) + count);
      return p;
    },
    remove(item, count) {
      const left = (items.get(item) ?? 0) - count;
      if (left > 0) items.set(item, left);
      else items.delete(item);
    },
  };
}

/** The default item catalogue used by the fakes (grams). */
export const DEFAULT_ITEMS: Record<string, ItemDef> = {
  bread: { weight: 125 },
  water: { weight: 500 },
  lockpick: { weight: 160 },
  money: { weight: 0 },
  weapon_pistol: { weight: 1500, stack: false },
  gold_bar: { weight: 10000 },
};
