/**
 * ESX Legacy (esx-framework/esx_core `es_extended`).
 *
 * Since 1.13 `exports.es_extended.RunStaticPlayerMethod(src, method, ...)` looks the xPlayer up by server id and
 * calls the method in place: nothing is serialised, and it returns nothing when the player is not loaded. Older
 * versions only offer `getSharedObject()` → `ESX.GetPlayerFromId(src)` → an xPlayer snapshot whose methods are
 * live closures. `ESX.Players` is keyed by number, so the id must cross as a number.
 * `addAccountMoney('money' | 'bank', amount, reason)` never returns a value. On its own it raises for a bad amount or
 * account; when ox_inventory exists ESX swaps in an override that returns silently for an unknown account or an
 * amount < 1, and credits the account *before* calling into ox_inventory, so it raises after paying whenever
 * ox_inventory is stopped or restarting; ESX < 1.11 prints instead of raising. Its answer therefore proves nothing:
 * `getAccount(name).money` read before and after decides. Items go through ox_inventory when it runs, otherwise
 * through the xPlayer's `canCarryItem` (false for an unknown item since 1.11, nil before), `addInventoryItem`
 * (returns nothing) and `getInventoryItem(name).count`; `ESX.Items` lists the items ESX knows.
 */
import { suggestion } from '../domain/suggest';
import { createAdapter, type MoneyAccount } from './base';
import {
  type CallOutcome,
  callExport,
  callFunction,
  characterKey,
  createFrameworkObjectCache,
  field,
  frameworkError,
  hasExport,
  PAID,
  payingCallFailed,
  refuse,
  returnValues,
} from './call';
import type { FrameworkDescriptor } from './framework';
import { createOxInventory } from './ox-inventory';
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  InventoryBackend,
  InventoryChoice,
  PayoutResult,
  Reading,
} from './types';
import { readNumber } from './verify';

/** Resource name of ESX Legacy. */
export const ES_EXTENDED = 'es_extended';

/** Options of the ESX adapter. */
export interface EsxAdapterOptions {
  host: FrameworkHost;
  /** Inventory for item rewards; `auto` = ox_inventory when started, else the xPlayer methods. */
  inventory?: InventoryChoice;
}

type PlayerCall = { loaded: false } | ({ loaded: true } & CallOutcome);

/** The number in field `key` of what an xPlayer read (`call`, described as `method`) answered; `missing` says why nothing came. */
function readPlayerField(call: PlayerCall, method: string, key: string, missing: string): Reading {
  if (!call.loaded) return { ok: false, detail: 'the player is not loaded' };
  if (!call.ok) return { ok: false, detail: call.detail };
  const [entry] = returnValues(call.value);
  if (entry === undefined || entry === null)
    return { ok: false, detail: `${method} answered nothing: ${missing}` };
  return readNumber(`${method}.${key}`, field(entry, key));
}

/** Creates the ESX Legacy adapter. */
export function createEsxAdapter(options: EsxAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const choice = options.inventory ?? 'auto';
  const esx = createFrameworkObjectCache(host, ES_EXTENDED, () =>
    callExport(host, ES_EXTENDED, 'getSharedObject'),
  );

  const getXPlayer = (source: number): Promise<CallOutcome> =>
    esx.read((shared) => callFunction('ESX.GetPlayerFromId', field(shared, 'GetPlayerFromId'), [source]));

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

  /** `ESX.Items` when es_extended shares it and it is loaded (it fills from the database after start). */
  const itemList = async (): Promise<Record<string, unknown> | undefined> => {
    if (!hasExport(host, ES_EXTENDED, 'getSharedObject')) return undefined;
    const shared = await esx.get();
    const items = shared.ok ? field(shared.value, 'Items') : undefined;
    if (items === null || typeof items !== 'object' || Object.keys(items).length === 0) return undefined;
    return items as Record<string, unknown>;
  };
  const unknownItem = (item: string) =>
    frameworkError(`the item "${item}" does not exist in ESX (ESX.Items): fix the reward in config.json`);

  const esxInventory: InventoryBackend = {
    name: 'es_extended',
    async canCarry(source, item, count): Promise<PayoutResult> {
      const call = await callPlayer(source, 'canCarryItem', item, count);
      if (!call.loaded) return refuse({ code: 'player_not_loaded' });
      if (!call.ok) return frameworkError(call.detail);
      const [answer] = returnValues(call.value);
      if (answer === true) return PAID;
      // ESX >= 1.11 answers false for an unknown item too, older ESX nil: only its item list tells them apart.
      const items = await itemList();
      if (items !== undefined && !(item in items)) return unknownItem(item);
      if (answer === false || items !== undefined) return refuse({ code: 'inventory_full', item, count });
      return frameworkError(
        `xPlayer.canCarryItem gave no answer for ${item}: the item does not exist in ESX`,
      );
    },
    async addItem(source, item, count): Promise<PayoutResult> {
      const call = await callPlayer(source, 'addInventoryItem', item, count);
      if (!call.loaded) return refuse({ code: 'player_not_loaded' });
      if (!call.ok) return payingCallFailed(call);
      const [answer, response] = returnValues(call.value);
      // With ox_inventory, ESX hands back ox's `success, response`; on its own it returns nothing.
      if (answer === false) {
        return response === 'inventory_full'
          ? refuse({ code: 'inventory_full', item, count })
          : frameworkError(
              `xPlayer.addInventoryItem refused ${item}: ${String(response ?? 'no reason given')}`,
            );
      }
      return PAID;
    },
    async count(source, item): Promise<Reading> {
      return readPlayerField(
        await callPlayer(source, 'getInventoryItem', item),
        `xPlayer.getInventoryItem('${item}')`,
        'count',
        'ESX does not know the item',
      );
    },
    async unknownItems(names): Promise<string[]> {
      const items = await itemList();
      if (items === undefined) return [];
      return names
        .filter((name) => !(name in items))
        .map(
          (name) =>
            `the item "${name}" does not exist in ESX (ESX.Items)${suggestion(name, Object.keys(items))}`,
        );
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
    async characterOf(source) {
      // With a multicharacter resource the identifier names the character (`char1:…`).
      const call = await callPlayer(source, 'getIdentifier');
      return call.loaded && call.ok ? characterKey(returnValues(call.value)[0]) : undefined;
    },
    async giveMoney(source: number, account: MoneyAccount, amount: number, reason: string) {
      const call = await callPlayer(source, 'addAccountMoney', account, amount, reason);
      if (!call.loaded) return refuse({ code: 'player_not_loaded' });
      // A raise may follow the credit (ox_inventory override): the balance read after the call decides.
      if (!call.ok) return payingCallFailed(call);
      return PAID;
    },
    async startupProblems(rewards) {
      const accounts = rewards.flatMap((r) => (r.type === 'money' || r.type === 'bank' ? [r.type] : []));
      if (accounts.length === 0 || !hasExport(host, ES_EXTENDED, 'getSharedObject')) return [];
      const shared = await esx.get();
      const config = shared.ok
        ? await callFunction('ESX.GetConfig', field(shared.value, 'GetConfig'), ['Accounts'])
        : undefined;
      const known = config?.ok ? returnValues(config.value)[0] : undefined;
      if (known === null || typeof known !== 'object') return [];
      return [...new Set(accounts)]
        .filter((account) => !(account in known))
        .map(
          (account) => `ESX has no "${account}" account (Config.Accounts): ${account} rewards cannot be paid`,
        );
    },
    async readMoney(source: number, account: MoneyAccount): Promise<Reading> {
      return readPlayerField(
        await callPlayer(source, 'getAccount', account),
        `xPlayer.getAccount('${account}')`,
        'money',
        `ESX has no ${account} account`,
      );
    },
    inventory: { framework: ESX_FRAMEWORK, choice, ox, fallback: esxInventory },
    dispose: () => esx.dispose(),
  });
}

/** ESX Legacy in the framework registry. */
export const ESX_FRAMEWORK: FrameworkDescriptor<'esx'> = {
  name: 'esx',
  label: 'ESX',
  resource: ES_EXTENDED,
  requiredExports: { anyOf: ['RunStaticPlayerMethod', 'getSharedObject'] },
  items: 'ox-or-own',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host, inventory }) => createEsxAdapter({ host, inventory }),
};
