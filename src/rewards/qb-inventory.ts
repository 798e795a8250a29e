/**
 * qb-inventory (qbcore-framework/qb-inventory `server/functions.lua`, 2.x):
 * `CanAddItem(identifier, item, amount)` answers `true`, `false` (unknown item or inventory) or Lua
 * `false, 'weight' | 'slots'`, which JS receives as `[false, 'weight']`;
 * `AddItem(identifier, item, amount, slot, info, reason)` answers a boolean;
 * `GetItemsByName(source, item)` answers the stacks of that item (each with `amount`), nil for an unknown player.
 * qb-inventory 1.x (before 2024-05) has no `CanAddItem`: its `AddItem` checks weight and slots itself and answers
 * false when the items do not fit, so there the refusal of `AddItem` is the "inventory full" answer.
 */
import { suggestion } from '../domain/suggest';
import { callExport, frameworkError, hasExport, PAID, payingCallFailed, refuse, returnValues } from './call';
import type { FrameworkHost, InventoryBackend, PayoutResult, Reading } from './types';

/** Resource name of qb-inventory. */
export const QB_INVENTORY = 'qb-inventory';

/** Exports the adapter needs on qb-inventory (1.x and 2.x). */
export const QB_INVENTORY_EXPORTS = ['AddItem', 'GetItemsByName'] as const;

/** Options of a qb-inventory-shaped backend. */
export interface QbInventoryOptions {
  /** Item names that exist (the core's `Shared.Items`), or undefined when it cannot tell. */
  itemList?: () => Promise<Record<string, unknown> | undefined>;
  /** The inventory resource (default qb-inventory; rsg-inventory shares its exports). */
  resource?: string;
  /** How messages name the item list (default `QBCore.Shared.Items`). */
  itemListLabel?: string;
}

/** Creates the item backend that talks to qb-inventory (or a fork with its exports, rsg-inventory) through its exports. */
export function createQbInventory(host: FrameworkHost, options: QbInventoryOptions = {}): InventoryBackend {
  const resource = options.resource ?? QB_INVENTORY;
  const listLabel = options.itemListLabel ?? 'QBCore.Shared.Items';
  const hasCanAddItem = () => hasExport(host, resource, 'CanAddItem');
  return {
    name: resource,
    async canCarry(source, item, count): Promise<PayoutResult> {
      if (!hasCanAddItem()) {
        const items = await options.itemList?.();
        if (items !== undefined && !(item.toLowerCase() in items)) {
          return frameworkError(`the item "${item}" is not in ${listLabel}: fix the reward in config.json`);
        }
        return PAID;
      }
      const outcome = await callExport(host, resource, 'CanAddItem', source, item, count);
      if (!outcome.ok) return frameworkError(outcome.detail);
      const [answer, reason] = returnValues(outcome.value);
      if (answer === true) return PAID;
      if (reason === 'weight' || reason === 'slots') return refuse({ code: 'inventory_full', item, count });
      return frameworkError(
        `${resource}.CanAddItem refused ${count} x ${item} without a reason: the item is not in ${options.itemListLabel ?? 'QBCore shared items'} or the player's inventory is not found`,
      );
    },
    async addItem(source, item, count, reason): Promise<PayoutResult> {
      const outcome = await callExport(host, resource, 'AddItem', source, item, count, false, {}, reason);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      if (!hasCanAddItem()) return refuse({ code: 'inventory_full', item, count });
      return frameworkError(
        `${resource}.AddItem refused ${count} x ${item} (answered ${JSON.stringify(answer)})`,
      );
    },
    async count(source, item): Promise<Reading> {
      const outcome = await callExport(host, resource, 'GetItemsByName', source, item);
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      // One Lua table comes back as one value: an array of stacks here, not several return values.
      const stacks = outcome.value;
      if (stacks === undefined || stacks === null) {
        return {
          ok: false,
          detail: `${resource}.GetItemsByName answered nothing: player ${source} is not loaded`,
        };
      }
      if (typeof stacks !== 'object') {
        return { ok: false, detail: `${resource}.GetItemsByName answered ${JSON.stringify(stacks)}` };
      }
      let total = 0;
      for (const stack of Object.values(stacks)) {
        const amount = (stack as { amount?: unknown } | null)?.amount;
        if (typeof amount !== 'number') {
          return { ok: false, detail: `${resource}.GetItemsByName gave a stack without an amount` };
        }
        total += amount;
      }
      return { ok: true, value: total };
    },
    async unknownItems(names): Promise<string[]> {
      const items = await options.itemList?.();
      if (items === undefined) return [];
      return names
        .filter((name) => !(name.toLowerCase() in items))
        .map((name) => `the item "${name}" is not in ${listLabel}${suggestion(name, Object.keys(items))}`);
    },
  };
}
