/**
 * ox_inventory (overextended/ox_inventory `modules/inventory/server.lua`):
 * `CanCarryItem(inv, item, count, metadata?)` answers true, false, or nil when the item or the inventory is unknown;
 * `AddItem(inv, item, count, metadata?, slot?)` answers Lua `success, response`, which JS receives as an array
 * (`[false, 'invalid_item' | 'invalid_count' | 'negative_count' | 'invalid_inventory' | 'inventory_full']`).
 */
import { callExport, frameworkError, PAID, payingCallFailed, refuse, returnValues } from './call';
import type { FrameworkHost, InventoryBackend, PayoutResult } from './types';

/** Resource name of ox_inventory. */
export const OX_INVENTORY = 'ox_inventory';

/** Exports the adapter calls on ox_inventory. */
export const OX_INVENTORY_EXPORTS = ['CanCarryItem', 'AddItem'] as const;

/** Creates the item backend that talks to ox_inventory through its exports. */
export function createOxInventory(host: FrameworkHost): InventoryBackend {
  return {
    name: OX_INVENTORY,
    async canCarry(source, item, count): Promise<PayoutResult> {
      const outcome = await callExport(host, OX_INVENTORY, 'CanCarryItem', source, item, count);
      if (!outcome.ok) return frameworkError(outcome.detail);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      if (answer === false) return refuse({ code: 'inventory_full', item, count });
      return frameworkError(
        `ox_inventory.CanCarryItem gave no answer for ${count} x ${item}: the item is not defined in ox_inventory or the player's inventory is not loaded`,
      );
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
  };
}
