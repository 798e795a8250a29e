/**
 * RSG Core (Rexshack-RedM/rsg-core, RedM), a QBCore fork: `exports['rsg-core'].GetCoreObject()` (no filter: the whole
 * core), `RSGCore.Functions.GetPlayer(source)` (nil until the character is loaded), `Player.Functions.AddMoney(type,
 * amount, reason)` → true, false for an unknown type (or a fractional `gold`), nothing for a negative amount;
 * `GetMoney(type)` reads the balance the payout is judged by. Money types include several town banks (`bank`,
 * `valbank`, `rhobank`, `blkbank`, `armbank`): which one a bank reward pays is the owner's `rsg.bank`. Cash can be
 * `dollar`/`cent` items (`EnableMoneyItems`, on by default): AddMoney then adds the items too, which rsg-inventory
 * drops on the ground when they do not fit, so a cash reward first asks whether the dollars fit. Items go through
 * rsg-inventory (`CanAddItem`, then `AddItem`; a full inventory makes AddItem drop the items, hence the check).
 */
import { callExport, createFrameworkObjectCache, field, hasExport, isStarted } from './call';
import type { FrameworkDescriptor } from './framework';
import { createQbInventory } from './qb-inventory';
import { createQbStyleAdapter } from './qbcore';
import type { DisposableRewardAdapter, FrameworkHost, InventoryBackend, PayoutResult } from './types';

/** Resource name of RSG Core. */
export const RSG_CORE = 'rsg-core';

/** Resource name of rsg-inventory. */
export const RSG_INVENTORY = 'rsg-inventory';

/** The banks of rsg-core's default money types (config.lua): the owner picks which one bank rewards pay. */
export const RSG_BANKS = ['bank', 'valbank', 'rhobank', 'blkbank', 'armbank'] as const;

/** One of rsg-core's banks. */
export type RsgBank = (typeof RSG_BANKS)[number];

/** RSG settings from config.json. */
export interface RsgSettings {
  /** Money type bank rewards pay (default `bank`). */
  bank?: RsgBank;
}

/** Options of the RSG adapter. */
export interface RsgAdapterOptions extends RsgSettings {
  host: FrameworkHost;
}

/** The cash item AddMoney('cash') adds when rsg-core's `EnableMoneyItems` is on. */
const DOLLAR_ITEM = 'dollar';

/** Creates the RSG Core adapter. */
export function createRsgAdapter(options: RsgAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const bank = options.bank ?? 'bank';
  let items: InventoryBackend | undefined;
  // The whole core crosses the boundary on every GetCoreObject (RSG takes no filter): its config is read once per
  // rsg-core start.
  const config = createFrameworkObjectCache(host, RSG_CORE, () =>
    callExport(host, RSG_CORE, 'GetCoreObject'),
  );
  const moneyItems = async (): Promise<boolean> => {
    const core = await config.get();
    return core.ok && field(field(field(core.value, 'Config'), 'Money'), 'EnableMoneyItems') === true;
  };
  const inner = createQbStyleAdapter({
    host,
    name: 'rsg',
    label: 'RSGCore',
    resource: RSG_CORE,
    filter: () => [],
    moneyTypes: { money: 'cash', bank },
    inventory: (itemList) => {
      items = createQbInventory(host, {
        itemList,
        resource: RSG_INVENTORY,
        itemListLabel: 'RSGCore.Shared.Items',
      });
      return { framework: RSG_FRAMEWORK, ox: items, fallback: items };
    },
  });
  const dollarsFit = async (source: number, amount: number): Promise<PayoutResult | undefined> => {
    if (!items || !isStarted(host, RSG_INVENTORY) || !(await moneyItems())) return undefined;
    const room = await items.canCarry(source, DOLLAR_ITEM, amount);
    return room.ok ? undefined : room;
  };
  return {
    ...inner,
    async canReceive(ctx, rewards) {
      const result = await inner.canReceive(ctx, rewards);
      if (!result.ok) return result;
      const cash = rewards.reduce((sum, r) => sum + (r.type === 'money' ? r.amount : 0), 0);
      return cash > 0 ? ((await dollarsFit(ctx.source, cash)) ?? result) : result;
    },
    async give(ctx, reward, hooks) {
      if (reward.type === 'money' && Number.isInteger(reward.amount) && reward.amount > 0) {
        const full = await dollarsFit(ctx.source, reward.amount);
        if (full) return full;
      }
      return inner.give(ctx, reward, hooks);
    },
    dispose() {
      config.dispose();
      inner.dispose();
    },
    async startupProblems(rewards) {
      const problems = (await inner.startupProblems?.(rewards)) ?? [];
      if (rewards.some((r) => r.type === 'item') && !hasExport(host, RSG_INVENTORY, 'CanAddItem')) {
        problems.push(`item rewards on RSG need ${RSG_INVENTORY} started (with its CanAddItem export)`);
      }
      return problems;
    },
  };
}

/** RSG Core in the framework registry. */
export const RSG_FRAMEWORK: FrameworkDescriptor<'rsg'> = {
  name: 'rsg',
  label: 'RSG Core',
  resource: RSG_CORE,
  requiredExports: { all: ['GetCoreObject'] },
  items: 'own',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host, rsg }) => createRsgAdapter({ host, ...rsg }),
};
