/**
 * The inventory model of a Creative-style vRP base, as vote-reward must check it before paying: `GenerateItem` adds
 * any name and checks no weight, and drops the items silently when none of slots 6..min(GetWeight, 100) is empty or
 * holds the same item. So an item is checked to be listed, to find a slot and to fit by weight first.
 */
import { frameworkError, PAID, refuse } from '../call';
import type { InventoryBackend, PayoutResult } from '../types';
import type { VrpCalls } from './calls';

/** Cash item names Creative-style bases use, named when the configured one is not an item. */
const CASH_ITEM_NAMES = ['dollars', 'dollar', 'money', 'cash', 'dinheiro'];

/** Members the checks need; each answers for anyone, so an empty answer means it is missing. */
const CREATIVE_CHECKS: readonly (readonly [string, readonly unknown[]])[] = [
  ['Inventory', [0]],
  ['GetWeight', [0]],
  ['InventoryWeight', [0]],
  ['ChestWeight', [[]]],
];

/** The checks of a Creative inventory. */
export interface CreativeInventory {
  /** Whether `count` x `item` would be kept by GenerateItem for this passport. */
  canCarry(id: number | string, item: string, count: number, fix?: string): Promise<PayoutResult>;
  /** Members the checks need that this base lacks (asked once). */
  checkProblems(): Promise<string[]>;
  /** Why the configured cash item cannot pay cash, if it cannot. */
  cashItemProblem(): Promise<string | undefined>;
  /** The inventory item rewards use when ox_inventory does not pay them. */
  backend: InventoryBackend;
}

/** What a slot of `Inventory(passport)` holds (slots are string keys; a full 1..n run arrives as an array). */
function slotAt(inventory: unknown, slot: number): unknown {
  if (Array.isArray(inventory)) return inventory[slot - 1];
  return inventory !== null && typeof inventory === 'object'
    ? (inventory as Record<string, unknown>)[String(slot)]
    : undefined;
}

/** Creates the inventory checks of a Creative base. */
export function createCreativeInventory(calls: VrpCalls, cashItem: string): CreativeInventory {
  const { proxy, names, query } = calls;

  /**
   * Whether the base's item list has `item`. ChestWeight(data) adds weight × amount only for listed items; an
   * infinite amount makes any listed item count (Infinity, or NaN for a weightless one such as the cash item).
   */
  const itemListed = async (item: string): Promise<boolean | string> => {
    const outcome = await proxy.call('ChestWeight', [{ item, amount: Number.POSITIVE_INFINITY }]);
    if (!outcome.ok) return outcome.detail;
    if (typeof outcome.value !== 'number') {
      return `vRP.ChestWeight answered ${JSON.stringify(outcome.value) ?? 'nothing'}, not a weight`;
    }
    return outcome.value !== 0;
  };

  const canCarry = async (
    id: number | string,
    item: string,
    count: number,
    fix = 'fix the reward in config.json',
  ): Promise<PayoutResult> => {
    const listed = await itemListed(item);
    if (typeof listed === 'string') return frameworkError(listed);
    if (!listed) return frameworkError(`the item "${item}" is not in this vRP base's item list: ${fix}`);
    const [inventory, max] = await Promise.all([proxy.call('Inventory', id), query('GetWeight', id)]);
    if (!inventory.ok) return frameworkError(inventory.detail);
    if (!max.ok) return frameworkError(max.detail);
    if (inventory.value === null || typeof inventory.value !== 'object') {
      return frameworkError(
        `vRP.Inventory answered ${JSON.stringify(inventory.value) ?? 'nothing'}, not an inventory`,
      );
    }
    let slotFree = false;
    for (let slot = 6; slot <= Math.min(max.value, 100) && !slotFree; slot++) {
      const held = slotAt(inventory.value, slot) as { item?: unknown } | undefined;
      slotFree = held === undefined || held === null || held.item === item;
    }
    if (!slotFree) return refuse({ code: 'inventory_full', item, count });
    const fits = await proxy.call('CheckWeight', id, item, count);
    if (!fits.ok) return frameworkError(fits.detail);
    if ((fits.values ?? []).length > 0) {
      return fits.value === true ? PAID : refuse({ code: 'inventory_full', item, count });
    }
    const [carried, adding] = await Promise.all([
      query('InventoryWeight', id),
      query('ChestWeight', [{ item, amount: count }]),
    ]);
    if (!carried.ok) return frameworkError(carried.detail);
    if (!adding.ok) return frameworkError(adding.detail);
    return adding.value === 0 || carried.value + adding.value <= max.value
      ? PAID
      : refuse({ code: 'inventory_full', item, count });
  };

  let checks: Promise<string[]> | undefined;
  const checkProblems = (): Promise<string[]> => {
    checks ??= calls.probeMembers(
      CREATIVE_CHECKS,
      (member) =>
        `this vRP base has no ${member}, which vote-reward needs to check an item exists and fits before GenerateItem (it drops what does not fit and creates unknown names)`,
    );
    return checks;
  };

  return {
    canCarry,
    checkProblems,
    async cashItemProblem() {
      const listed = await itemListed(cashItem);
      if (listed === true) return undefined;
      if (typeof listed === 'string') return `the cash item "${cashItem}" could not be checked: ${listed}`;
      const existing: string[] = [];
      for (const name of CASH_ITEM_NAMES)
        if (name !== cashItem && (await itemListed(name)) === true) existing.push(name);
      return `the cash item "${cashItem}" (setting vrp.cashItem) is not in this vRP base's item list, so cash would be paid as a ghost item; ${
        existing.length > 0
          ? `this base has ${existing.map((name) => `"${name}"`).join(', ')}: set "vrp": { "cashItem": "${existing[0]}" } in config.json`
          : `none of ${CASH_ITEM_NAMES.join(', ')} is an item either: set "vrp": { "cashItem": ... } to the name your base's item list gives cash`
      }`;
    },
    backend: {
      name: 'vRP (Creative)',
      canCarry: (source, item, count) => calls.payAs(source, (id) => canCarry(id, item, count)),
      addItem: (source, item, count) =>
        calls.payAs(source, async (id) =>
          calls.sent(await proxy.call(names.giveItem, id, item, count, true)),
        ),
      count: (source, item) => calls.readAs(source, (id) => query(names.itemAmount, id, item)),
      async unknownItems(items) {
        const problems = calls.missingPayingMembers(['giveItem']);
        const missing = await checkProblems();
        if (missing.length > 0) return [...problems, ...missing];
        for (const item of items) {
          const listed = await itemListed(item);
          if (listed === false) {
            problems.push(
              `the item "${item}" is not in this vRP base's item list (vRP.ChestWeight gives it no weight entry), so GenerateItem would create a ghost item`,
            );
          } else if (typeof listed === 'string')
            problems.push(`the item "${item}" could not be checked: ${listed}`);
        }
        return problems;
      },
    },
  };
}
