/**
 * Qbox (Qbox-project/qbx_core). Every call is a direct export: `GetPlayer(source)` (nil until the character is
 * loaded) and `AddMoney(identifier, moneyType, amount, reason)` → boolean (false for an unknown player, money
 * type, invalid amount or a hook that vetoed it); `GetMoney(identifier, moneyType)` reads the balance the payout is
 * judged by (it can raise after crediting, when ox_inventory is down). qbx_core also answers `exports['qb-core']` through a bridge,
 * which is why detection looks for qbx_core before qb-core. Items go through ox_inventory.
 */
import { createAdapter } from './base';
import {
  callExport,
  characterKey,
  field,
  frameworkError,
  PAID,
  payingCallFailed,
  returnValues,
} from './call';
import type { FrameworkDescriptor } from './framework';
import { createOxInventory } from './ox-inventory';
import { QBCORE_MONEY_TYPES } from './qbcore';
import type { DisposableRewardAdapter, FrameworkHost, Reading } from './types';
import { readNumber } from './verify';

/** Resource name of Qbox core. */
export const QBX_CORE = 'qbx_core';

/** Options of the Qbox adapter. */
export interface QboxAdapterOptions {
  host: FrameworkHost;
}

/** Creates the Qbox adapter. */
export function createQboxAdapter(options: QboxAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const ox = createOxInventory(host);
  return createAdapter({
    name: 'qbox',
    host,
    async isPlayerReady(source) {
      const player = await callExport(host, QBX_CORE, 'GetPlayer', source);
      return player.ok && player.value !== undefined && player.value !== null;
    },
    async characterOf(source) {
      const player = await callExport(host, QBX_CORE, 'GetPlayer', source);
      return player.ok
        ? characterKey(field(field(returnValues(player.value)[0], 'PlayerData'), 'citizenid'))
        : undefined;
    },
    async giveMoney(source, account, amount, reason) {
      const moneyType = QBCORE_MONEY_TYPES[account];
      const outcome = await callExport(host, QBX_CORE, 'AddMoney', source, moneyType, amount, reason);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      return frameworkError(
        `qbx_core.AddMoney(${source}, '${moneyType}', ${amount}) answered ${JSON.stringify(answer) ?? 'nothing'}`,
      );
    },
    async readMoney(source, account): Promise<Reading> {
      const moneyType = QBCORE_MONEY_TYPES[account];
      const outcome = await callExport(host, QBX_CORE, 'GetMoney', source, moneyType);
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      return readNumber(`qbx_core.GetMoney(${source}, '${moneyType}')`, returnValues(outcome.value)[0]);
    },
    inventory: { framework: QBOX_FRAMEWORK, ox },
  });
}

/** Qbox in the framework registry. */
export const QBOX_FRAMEWORK: FrameworkDescriptor<'qbox'> = {
  name: 'qbox',
  label: 'Qbox',
  resource: QBX_CORE,
  requiredExports: { all: ['GetPlayer', 'AddMoney', 'GetMoney'] },
  items: 'ox',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host }) => createQboxAdapter({ host }),
};
