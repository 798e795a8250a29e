/**
 * Unit fake of ox_inventory: the shared model (models/ox-inventory.ts, derived from the transcripts
 * test/frameworks/transcripts/ox-inventory.json and esx-ox.json; see its header for what is recorded and what is a
 * guess) registered as `ox_inventory` on the unit `FakeHost`. With `yields`, answers arrive as Promises, as from a
 * Lua function that yielded (a guess: no transcript records ox yielding on these exports).
 */
import type { FakeHost } from './host';
import { createOxModel, type OxItemDef, type OxModel } from './models/ox-inventory';
import { bindExports } from './unit-binding';

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
  /** Use this model instead of creating one (a world shared with ESX's ox override). */
  model?: OxModel;
  /**
   * False: ox_inventory's start failed after its inventory exports (2.42+ on QBCore, no bridge): the exports
   * registered later in server.lua (`setPlayerInventory`, `forceOpenInventory`) are missing. Default true.
   */
  loaded?: boolean;
}

/**
 * The exports a loaded ox_inventory registers after its bridge (server.lua:74 and :353 in 2.47.7). Read from the source,
 * not recorded; only looked up by the resource, so calling them is not modelled.
 */
export function oxLoadedExports(): Record<string, (...args: unknown[]) => unknown> {
  const notModelled = (name: string) => () => {
    throw new Error(`ox_inventory.${name} is not modelled by the fake`);
  };
  return {
    setPlayerInventory: notModelled('setPlayerInventory'),
    forceOpenInventory: notModelled('forceOpenInventory'),
  };
}

/** Creates the fake and registers it as `ox_inventory`. */
export function createFakeOxInventory(fake: FakeHost, options: FakeOxOptions = {}) {
  const items = options.items ?? { bread: { weight: 100, stack: true }, phone: { weight: 50, stack: false } };
  const model =
    options.model ??
    createOxModel({
      items: Object.fromEntries(
        Object.entries(items).map(([name, def]): [string, OxItemDef] => [name, { label: name, ...def }]),
      ),
      maxWeight: options.maxWeight ?? 1000,
      slots: options.slots ?? 5,
    });
  const exports = {
    ...bindExports(model.exports as Record<string, (...a: unknown[]) => unknown>, () => true, 'ox_inventory'),
    ...(options.loaded === false ? {} : oxLoadedExports()),
  };
  fake.addResource(
    'ox_inventory',
    options.yields
      ? Object.fromEntries(
          Object.entries(exports).map(([name, fn]) => [
            name,
            (...args: unknown[]) => Promise.resolve(fn(...args)),
          ]),
        )
      : exports,
  );

  return {
    model,
    /** Opens a player inventory (ox_inventory does this when the character loads); `weight` pre-loads ballast. */
    open(src: number, weight = 0) {
      model.open(src);
      if (weight > 0) {
        model.catalogue.ballast = { label: 'ballast', weight: 1 };
        model.put(src, 'ballast', weight);
      }
    },
    /** Count of an item in a player inventory. */
    count: (src: number, item: string) => model.count(src, item),
    /** Fills every empty slot with distinct junk (no weight). */
    fillSlots(src: number) {
      const inventory = model.inventory(src);
      if (!inventory) return;
      inventory.slots.forEach((slot, i) => {
        if (slot) return;
        model.catalogue[`junk${i}`] = { label: `junk${i}`, weight: 0 };
        model.put(src, `junk${i}`, 1);
      });
    },
  };
}
