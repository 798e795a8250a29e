/**
 * ESX Legacy (esx-framework/esx_core `es_extended`).
 *
 * Since 1.13 `exports.es_extended.RunStaticPlayerMethod(src, method, ...)` looks the xPlayer up by server id and
 * calls the method in place: nothing is serialised, and it returns nothing when the player is not loaded. Older
 * versions only offer `getSharedObject()` → `ESX.GetPlayerFromId(src)` → an xPlayer snapshot whose methods are
 * live closures. `ESX.Players` is keyed by number, so the id must cross as a number.
 * `addAccountMoney('money' | 'bank', amount, reason)` raises a Lua error on an invalid amount or account, returns
 * `false` on overflow in recent versions and nothing in older ones. Items go through ox_inventory when it runs,
 * otherwise through the xPlayer's `canCarryItem` (true, false, or nil for an unknown item) and `addInventoryItem`.
 */
import { createAdapter, type MoneyAccount } from './base';
import {
  type CallOutcome,
  callExport,
  callFunction,
  createFrameworkObjectCache,
  field,
  frameworkError,
  hasExport,
  isStarted,
  PAID,
  payingCallFailed,
  refuse,
  returnValues,
} from './call';
import { createOxInventory, OX_INVENTORY } from './ox-inventory';
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  InventoryBackend,
  InventoryChoice,
  PayoutResult,
} from './types';

/** Resource name of ESX Legacy. */
export const ES_EXTENDED = 'es_extended';

/** Options of the ESX adapter. */
export interface EsxAdapterOptions {
  /** The FiveM boundary. */
  host: FrameworkHost;
  /** Inventory for item rewards; `auto` = ox_inventory when started, else the xPlayer methods. */
  inventory?: InventoryChoice;
}

type PlayerCall = { loaded: false } | ({ loaded: true } & CallOutcome);

/** Creates the ESX Legacy adapter. */
export function createEsxAdapter(options: EsxAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const choice = options.inventory ?? 'auto';
  const esx = createFrameworkObjectCache(host, ES_EXTENDED, () =>
    callExport(host, ES_EXTENDED, 'getSharedObject'),
  );

  const lookUpXPlayer = async (source: number): Promise<CallOutcome> => {
    const shared = await esx.get();
    if (!shared.ok) return shared;
    return callFunction('ESX.GetPlayerFromId', field(shared.value, 'GetPlayerFromId'), [source]);
  };

  const getXPlayer = async (source: number): Promise<CallOutcome> => {
    const first = await lookUpXPlayer(source);
    if (first.ok) return first;
    // A dead function reference means es_extended restarted: look it up again once (a read, safe to repeat).
    esx.invalidate();
    return lookUpXPlayer(source);
  };

  const callPlayer = async (source: number, method: string, ...args: unknown[]): Promise<PlayerCall> => {
    if (hasExport(host, ES_EXTENDED, 'RunStaticPlayerMethod')) {
      if (method !== 'getIdentifier') {
        const identifier = await callExport(
          host,
          ES_EXTENDED,
          'RunStaticPlayerMethod',
          source,
          'getIdentifier',
        );
        if (identifier.ok && typeof returnValues(identifier.value)[0] !== 'string') return { loaded: false };
      }
      const outcome = await callExport(host, ES_EXTENDED, 'RunStaticPlayerMethod', source, method, ...args);
      return { loaded: true, ...outcome };
    }
    const xPlayer = await getXPlayer(source);
    // A failed look-up never reached the method: whatever it threw, nothing was paid.
    if (!xPlayer.ok) return { loaded: true, ok: false, detail: xPlayer.detail };
    if (xPlayer.value === undefined || xPlayer.value === null) return { loaded: false };
    const outcome = await callFunction(`xPlayer.${method}`, field(xPlayer.value, method), args);
    return { loaded: true, ...outcome };
  };

  const esxInventory: InventoryBackend = {
    name: 'es_extended',
    async canCarry(source, item, count): Promise<PayoutResult> {
      const call = await callPlayer(source, 'canCarryItem', item, count);
      if (!call.loaded) return refuse({ code: 'player_not_loaded' });
      if (!call.ok) return frameworkError(call.detail);
      const [answer] = returnValues(call.value);
      if (answer === true) return PAID;
      if (answer === false) return refuse({ code: 'inventory_full', item, count });
      return frameworkError(
        `xPlayer.canCarryItem gave no answer for ${item}: the item does not exist in ESX`,
      );
    },
    async addItem(source, item, count): Promise<PayoutResult> {
      const call = await callPlayer(source, 'addInventoryItem', item, count);
      if (!call.loaded) return refuse({ code: 'player_not_loaded' });
      if (!call.ok) return payingCallFailed(call);
      if (returnValues(call.value)[0] === false)
        return frameworkError(`xPlayer.addInventoryItem refused ${item}`);
      return PAID;
    },
  };
  const ox = createOxInventory(host);

  return createAdapter({
    name: 'esx',
    host,
    async isPlayerReady(source) {
      const call = await callPlayer(source, 'getIdentifier');
      return call.loaded && call.ok && typeof returnValues(call.value)[0] === 'string';
    },
    async giveMoney(source: number, account: MoneyAccount, amount: number, reason: string) {
      const call = await callPlayer(source, 'addAccountMoney', account, amount, reason);
      if (!call.loaded) return refuse({ code: 'player_not_loaded' });
      // addAccountMoney raises on a bad amount or account before touching the balance, and RunStaticPlayerMethod
      // raises on a missing method before calling it: a raise here means nothing was paid.
      if (!call.ok) return frameworkError(call.detail);
      if (returnValues(call.value)[0] === false) {
        return frameworkError(`xPlayer.addAccountMoney('${account}', ${amount}) returned false`);
      }
      return PAID;
    },
    inventory() {
      if (choice === 'framework') return esxInventory;
      if (isStarted(host, OX_INVENTORY)) return ox;
      if (choice === 'ox_inventory')
        return `inventory is set to ox_inventory but ${OX_INVENTORY} is not started`;
      return esxInventory;
    },
    dispose: () => esx.dispose(),
  });
}
