/**
 * ox_inventory (overextended/ox_inventory `modules/inventory/server.lua`):
 * `CanCarryItem(inv, item, count, metadata?)` answers true, false (too heavy, or too few empty slots for an item
 * that does not stack), or nil: unknown item, inventory not loaded, or no free slot and no stack of the item yet;
 * `AddItem(inv, item, count, metadata?, slot?)` answers Lua `success, response`, which JS receives as an array
 * (`[false, 'invalid_item' | 'invalid_count' | 'negative_count' | 'invalid_inventory' | 'inventory_full']`). AddItem
 * checks no weight and may add part of a non-stacking item, answering true: the count read after it decides.
 * `GetItemCount(inv, item)` answers a number (0 when the inventory or the item is unknown); `Items(name)` the item
 * definition or nil; `GetInventory(inv)` the inventory or nil.
 */
import { callExport, frameworkError, hasExport, PAID, payingCallFailed, refuse, returnValues } from './call';
import type { FrameworkHost, InventoryBackend, PayoutResult, Reading } from './types';
import { readNumber } from './verify';

/** Resource name of ox_inventory. */
export const OX_INVENTORY = 'ox_inventory';

/** Exports the adapter calls on ox_inventory. */
export const OX_INVENTORY_EXPORTS = ['CanCarryItem', 'AddItem', 'GetItemCount'] as const;

/**
 * Exports ox_inventory's `server.lua` registers only after its framework bridge loaded (`setPlayerInventory` at
 * server.lua:74, `forceOpenInventory` at :353 in 2.47.7; both there since 2.28.0). When the bridge fails to load,
 * `modules/bridge/server.lua:64-69` sets `lib = nil` and raises (2.43+), or returns and the next `lib` call raises
 * (2.42): server.lua stops before them while the inventory and item exports, registered earlier, still answer and
 * the resource stays `started`. Looking them up (never calling them) tells a loaded ox_inventory from a failed one.
 */
export const OX_LOADED_EXPORTS = ['setPlayerInventory', 'forceOpenInventory'] as const;

/**
 * Why ox_inventory cannot pay although it is started, or nothing. ox_inventory 2.42.0 removed its QBCore bridge
 * (commit 34a3e9bf deleted `modules/bridge/qb/`): with `inventory:framework "qb"` it fails like above and never
 * loads a QBCore player's inventory. `framework` is the descriptor's name (`qbcore`, `esx`, ...).
 */
export function oxLoadProblems(host: FrameworkHost, framework: string): string[] {
  const missing = OX_LOADED_EXPORTS.filter((name) => !hasExport(host, OX_INVENTORY, name));
  if (missing.length === 0) return [];
  const failed = `${OX_INVENTORY} is started but did not finish loading (it does not export ${missing.join(' or ')}, which a loaded ${OX_INVENTORY} 2.28 or later does); its own errors are earlier in the server console`;
  if (framework !== 'qbcore') return [failed];
  return [
    `${failed}. On QBCore the usual cause: ${OX_INVENTORY} 2.42 and later has no QBCore bridge (removed upstream), so it cannot load QBCore players' inventories. Install ${OX_INVENTORY} 2.41.0, or use qb-inventory (stop ${OX_INVENTORY}), or move to Qbox`,
  ];
}

/** Options of the ox_inventory backend. */
export interface OxInventoryOptions {
  /** Added to the refusal when a loaded player has no ox_inventory inventory (what the framework's owner should check). */
  noInventoryHint?: string;
}

/** Creates the item backend that talks to ox_inventory through its exports. */
export function createOxInventory(host: FrameworkHost, options: OxInventoryOptions = {}): InventoryBackend {
  const defined = async (item: string): Promise<boolean | string> => {
    const outcome = await callExport(host, OX_INVENTORY, 'Items', item);
    if (!outcome.ok) return outcome.detail;
    const [definition] = returnValues(outcome.value);
    return definition !== undefined && definition !== null;
  };

  return {
    name: OX_INVENTORY,
    async canCarry(source, item, count): Promise<PayoutResult> {
      const outcome = await callExport(host, OX_INVENTORY, 'CanCarryItem', source, item, count);
      if (!outcome.ok) return frameworkError(outcome.detail);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      if (answer === false) return refuse({ code: 'inventory_full', item, count });
      // nil has three causes; tell them apart, since only one of them is the player's to fix.
      const known = await defined(item);
      if (known === false) {
        return frameworkError(
          `the item "${item}" is not defined in ox_inventory (data/items.lua): fix the reward in config.json`,
        );
      }
      if (typeof known === 'string') return frameworkError(known);
      const inventory = await callExport(host, OX_INVENTORY, 'GetInventory', source);
      if (!inventory.ok) return frameworkError(inventory.detail);
      const [loaded] = returnValues(inventory.value);
      if (loaded === undefined || loaded === null || loaded === false) {
        const hint = options.noInventoryHint ? `: ${options.noInventoryHint}` : '';
        return frameworkError(`ox_inventory has no inventory loaded for player ${source} yet${hint}`);
      }
      return refuse({ code: 'inventory_full', item, count });
    },
    async addItem(source, item, count): Promise<PayoutResult> {
      const outcome = await callExport(host, OX_INVENTORY, 'AddItem', source, item, count);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [success, response] = returnValues(outcome.value);
      if (success === true) return PAID;
      if (response === 'inventory_full') return refuse({ code: 'inventory_full', item, count });
      const why = typeof response === 'string' ? response : 'no reason given';
      return frameworkError(`ox_inventory.AddItem refused ${count} x ${item}: ${why}`);
    },
    async count(source, item): Promise<Reading> {
      const outcome = await callExport(host, OX_INVENTORY, 'GetItemCount', source, item);
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      return readNumber('ox_inventory.GetItemCount', returnValues(outcome.value)[0]);
    },
    async unknownItems(items): Promise<string[]> {
      const problems: string[] = [];
      for (const item of items) {
        if ((await defined(item)) === false) {
          problems.push(`the item "${item}" is not defined in ox_inventory (data/items.lua)`);
        }
      }
      return problems;
    },
  };
}
