/**
 * qb-inventory (qbcore-framework/qb-inventory `server/functions.lua`):
 * `CanAddItem(identifier, item, amount)` answers `true`, `false` (unknown item or inventory) or Lua
 * `false, 'weight' | 'slots'`, which JS receives as `[false, 'weight']`;
 * `AddItem(identifier, item, amount, slot, info, reason)` answers a boolean.
 */
import { callExport, frameworkError, PAID, payingCallFailed, refuse, returnValues } from './call';
import type { FrameworkHost, InventoryBackend, PayoutResult } from './types';

/** Resource name of qb-inventory. */
export const QB_INVENTORY = 'qb-inventory';

/** Exports the adapter calls on qb-inventory. */
export const QB_INVENTORY_EXPORTS = ['CanAddItem', 'AddItem'] as const;

/** Creates the item backend that talks to qb-inventory through its exports. */
export function createQbInventory(host: FrameworkHost): InventoryBackend {
  return {
    name: QB_INVENTORY,
    async canCarry(source, item, count): Promise<PayoutResult> {
      const outcome = await callExport(host, QB_INVENTORY, 'CanAddItem', source, item, count);
      if (!outcome.ok) return frameworkError(outcome.detail);
      const [answer, reason] = returnValues(outcome.value);
      if (answer === true) return PAID;
      if (reason === 'weight' || reason === 'slots') return refuse({ code: 'inventory_full', item, count });
      return frameworkError(
        `qb-inventory.CanAddItem refused ${count} x ${item} without a reason: the item is not in QBCore shared items or the player's inventory is not found`,
      );
    },
    async addItem(source, item, count, reason): Promise<PayoutResult> {
      const outcome = await callExport(host, QB_INVENTORY, 'AddItem', source, item, count, false, {}, reason);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      return frameworkError(
        `qb-inventory.AddItem refused ${count} x ${item} (answered ${JSON.stringify(answer)})`,
      );
    },
  };
}
