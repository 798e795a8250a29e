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
import { type AdapterParts, createAdapter, type MoneyAccount } from './base';
import {
  type CallOutcome,
  callExport,
  callFunction,
  characterKey,
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
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  FrameworkName,
  InventoryChoice,
  Reading,
} from './types';
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

/** What differs between QBCore and its forks (RSG): names, money types, which inventories pay items. */
export interface QbStyleSpec {
  host: FrameworkHost;
  /** Adapter name. */
  name: FrameworkName;
  /** How messages name the framework (`QBCore`, `RSGCore`). */
  label: string;
  /** The core resource (`qb-core`, `rsg-core`). */
  resource: string;
  /** Argument of `GetCoreObject` that keeps only these keys (QBCore 1.3+; ignored by forks that take none). */
  filter: (key: string) => unknown[];
  /** Money type of each account. */
  moneyTypes: Record<MoneyAccount, string>;
  /** The inventories item rewards can use; `itemList` reads the core's `Shared.Items` for them. */
  inventory(
    itemList: () => Promise<Record<string, unknown> | undefined>,
  ): NonNullable<AdapterParts['inventory']>;
}

/**
 * Builds an adapter for QBCore or a fork that kept its player object: `GetCoreObject().Functions.GetPlayer(source)`,
 * `Player.Functions.AddMoney(type, amount, reason)` answering true, and `GetMoney(type)` for the reading.
 */
export function createQbStyleAdapter(spec: QbStyleSpec): DisposableRewardAdapter {
  const { host, resource, label } = spec;
  const core = createFrameworkObjectCache(host, resource, () =>
    callExport(host, resource, 'GetCoreObject', ...spec.filter('Functions')),
  );

  const getPlayer = (source: number): Promise<CallOutcome> =>
    core.read((qb) =>
      callFunction(`${label}.Functions.GetPlayer`, field(field(qb, 'Functions'), 'GetPlayer'), [source]),
    );

  const itemList = async (): Promise<Record<string, unknown> | undefined> => {
    const shared = await callExport(host, resource, 'GetCoreObject', ...spec.filter('Shared'));
    const items = shared.ok ? field(field(shared.value, 'Shared'), 'Items') : undefined;
    if (items === null || typeof items !== 'object' || Object.keys(items).length === 0) return undefined;
    return items as Record<string, unknown>;
  };

  return createAdapter({
    name: spec.name,
    host,
    async isPlayerReady(source) {
      const player = await getPlayer(source);
      return player.ok && player.value !== undefined && player.value !== null;
    },
    async characterOf(source) {
      const player = await getPlayer(source);
      return player.ok ? characterKey(field(field(player.value, 'PlayerData'), 'citizenid')) : undefined;
    },
    async giveMoney(source, account, amount, reason) {
      const player = await getPlayer(source);
      if (!player.ok) return frameworkError(player.detail);
      if (player.value === undefined || player.value === null) return refuse({ code: 'player_not_loaded' });
      const moneyType = spec.moneyTypes[account];
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
        r.type === 'money' || r.type === 'bank' ? [spec.moneyTypes[r.type]] : [],
      );
      if (types.length === 0) return [];
      const config = await callExport(host, resource, 'GetCoreObject', ...spec.filter('Config'));
      const known = config.ok
        ? field(field(field(config.value, 'Config'), 'Money'), 'MoneyTypes')
        : undefined;
      if (known === undefined || known === null || typeof known !== 'object') return [];
      return [...new Set(types)]
        .filter((type) => !(type in known))
        .map((type) => `${label} has no "${type}" money type (${label}.Config.Money.MoneyTypes)`);
    },
    async readMoney(source, account): Promise<Reading> {
      const player = await getPlayer(source);
      if (!player.ok) return { ok: false, detail: player.detail };
      if (player.value === undefined || player.value === null)
        return { ok: false, detail: 'the player is not loaded' };
      const moneyType = spec.moneyTypes[account];
      const getMoney = field(field(player.value, 'Functions'), 'GetMoney');
      const outcome = await callFunction('Player.Functions.GetMoney', getMoney, [moneyType]);
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      return readNumber(`Player.Functions.GetMoney('${moneyType}')`, returnValues(outcome.value)[0]);
    },
    inventory: spec.inventory(itemList),
    dispose: () => core.dispose(),
  });
}

/** Creates the QBCore adapter. */
export function createQbcoreAdapter(options: QbcoreAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  return createQbStyleAdapter({
    host,
    name: 'qbcore',
    label: 'QBCore',
    resource: QB_CORE,
    filter: (key) => [[key]],
    moneyTypes: QBCORE_MONEY_TYPES,
    inventory: (itemList) => ({
      framework: QBCORE_FRAMEWORK,
      choice: options.inventory ?? 'auto',
      ox: createOxInventory(host),
      fallback: createQbInventory(host, { itemList }),
    }),
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
