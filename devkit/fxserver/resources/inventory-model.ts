/** An item definition: weight per unit and whether units stack in one slot. */
export interface ItemDef {
  /** Weight of one unit (grams). */
  weight: number;
  /** Units share one slot when true (default true). */
  stack?: boolean;
}

/** Why an item does not fit. */
export type FitProblem = 'invalid_item' | 'weight' | 'slots' | null;

/** A player's inventory as e2e tests fill and read it (a view of a model in devkit/fakes/frameworks/models/). */
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
  /** Adds when it fits (a test's set-up, not a framework call); returns the problem otherwise. */
  add(item: string, count: number): FitProblem;
  /** Removes up to count units. */
  remove(item: string, count: number): void;
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
