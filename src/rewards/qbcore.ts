/**
 * QBCore (qbcore-framework/qb-core).
 *
 * `exports['qb-core'].GetCoreObject()` gives the core table (recent versions accept a filter list, older ones
 * ignore it); `QBCore.Functions.GetPlayer(source)` gives a player only once the character is loaded;
 * `Player.Functions.AddMoney('cash' | 'bank', amount, reason)` answers `true`, `false` for an unknown money type,
 * or nothing for a negative amount; `Player.Functions.GetMoney(type)` reads the live balance the payout is judged
 * by. Items moved out of the core in 2022: they go through ox_inventory when it runs, otherwise through
 * qb-inventory's exports; `QBCore.Shared.Items` lists the items that exist.
 */
import { createAdapter, type MoneyAccount } from './base';
import {
  type CallOutcome,
  callExport,
  callFunction,
  createFrameworkObjectCache,
  field,
  frameworkError,
  PAID,
  payingCallFailed,
  refuse,
  returnValues,
} from './call';
import type { FrameworkDescriptor } from './framework';
import { createOxInventory } from './ox-inventory';
import { createQbInventory } from './qb-inventory';
import type { DisposableRewardAdapter, FrameworkHost, InventoryChoice, Reading } from './types';
import { readNumber } from './verify';

/** Resource name of QBCore. */
export const QB_CORE = 'qb-core';

/** QBCore money types for our accounts. */
export const QBCORE_MONEY_TYPES: Record<MoneyAccount, string> = { money: 'cash', bank: 'bank' };

/** Options of the QBCore adapter. */
export interface QbcoreAdapterOptions {
  host: FrameworkHost;
  /** Inventory for item rewards; `auto` = ox_inventory when started, else qb-inventory. */
  inventory?: InventoryChoice;
}

/** Creates the QBCore adapter. */
export function createQbcoreAdapter(options: QbcoreAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const choice = options.inventory ?? 'auto';
  const core = createFrameworkObjectCache(host, QB_CORE, () =>
    callExport(host, QB_CORE, 'GetCoreObject', ['Functions']),
  );

  const lookUp = async (source: number): Promise<CallOutcome> => {
    const qb = await core.get();
    if (!qb.ok) return qb;
    return callFunction('QBCore.Functions.GetPlayer', field(field(qb.value, 'Functions'), 'GetPlayer'), [
      source,
    ]);
  };

  const getPlayer = async (source: number): Promise<CallOutcome> => {
    const first = await lookUp(source);
    if (first.ok) return first;
    // A dead function reference means qb-core restarted: fetch the core object again once (a read, safe to repeat).
    core.invalidate();
    return lookUp(source);
  };

  const itemList = async (): Promise<Record<string, unknown> | undefined> => {
    const shared = await callExport(host, QB_CORE, 'GetCoreObject', ['Shared']);
    const items = shared.ok ? field(field(shared.value, 'Shared'), 'Items') : undefined;
    if (items === null || typeof items !== 'object' || Object.keys(items).length === 0) return undefined;
    return items as Record<string, unknown>;
  };

  const ox = createOxInventory(host);
  const qbInventory = createQbInventory(host, { itemList });

  return createAdapter({
    name: 'qbcore',
    host,
    async isPlayerReady(source) {
      const player = await getPlayer(source);
      return player.ok && player.value !== undefined && player.value !== null;
    },
    async giveMoney(source, account, amount, reason) {
      const player = await getPlayer(source);
      if (!player.ok) return frameworkError(player.detail);
      if (player.value === undefined || player.value === null) return refuse({ code: 'player_not_loaded' });
      const moneyType = QBCORE_MONEY_TYPES[account];
      const addMoney = field(field(player.value, 'Functions'), 'AddMoney');
      const outcome = await callFunction('Player.Functions.AddMoney', addMoney, [moneyType, amount, reason]);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      return frameworkError(
        `Player.Functions.AddMoney('${moneyType}', ${amount}) answered ${JSON.stringify(answer) ?? 'nothing'}`,
      );
    },
    async startupProblems(rewards) {
      const types = rewards.flatMap((r) =>
        r.type === 'money' || r.type === 'bank' ? [QBCORE_MONEY_TYPES[r.type]] : [],
      );
      if (types.length === 0) return [];
      const core = await callExport(host, QB_CORE, 'GetCoreObject', ['Config']);
      const known = core.ok ? field(field(field(core.value, 'Config'), 'Money'), 'MoneyTypes') : undefined;
      if (known === undefined || known === null || typeof known !== 'object') return [];
      return [...new Set(types)]
        .filter((type) => !(type in known))
        .map((type) => `QBCore has no "${type}" money type (QBCore.Config.Money.MoneyTypes)`);
    },
    async readMoney(source, account): Promise<Reading> {
      const player = await getPlayer(source);
      if (!player.ok) return { ok: false, detail: player.detail };
      if (player.value === undefined || player.value === null)
        return { ok: false, detail: 'the player is not loaded' };
      const moneyType = QBCORE_MONEY_TYPES[account];
      const getMoney = field(field(player.value, 'Functions'), 'GetMoney');
      const outcome = await callFunction('Player.Functions.GetMoney', getMoney, [moneyType]);
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      return readNumber(`Player.Functions.GetMoney('${moneyType}')`, returnValues(outcome.value)[0]);
    },
    inventory: { framework: QBCORE_FRAMEWORK, choice, ox, fallback: qbInventory },
    dispose: () => core.dispose(),
  });
}

/** QBCore in the framework registry. */
export const QBCORE_FRAMEWORK: FrameworkDescriptor<'qbcore'> = {
  name: 'qbcore',
  label: 'QBCore',
  resource: QB_CORE,
  requiredExports: { all: ['GetCoreObject'] },
  items: 'ox-or-qb',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host, inventory }) => createQbcoreAdapter({ host, inventory }),
};
