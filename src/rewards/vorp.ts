/**
 * VORP (VORPCORE/vorp_core-lua, RedM). `exports.vorp_core.GetCore()` gives the core; `Core.getUser(source)` finds the
 * user by the player's **Steam** identifier (nothing without Steam: VORP refuses such connections, and a source that
 * left has no Steam id any more); `user.getUsedCharacter` is a snapshot of the selected character taken by that
 * `getUser` call, an empty table before a character is selected, so a loaded player is one whose snapshot has a
 * `charIdentifier` and every balance is read from a fresh `getUser`. Money: `addCurrency(0, qty)` (0 = money, 1 =
 * gold, 2 = rol) answers nothing and checks nothing (fractions, negatives, strings all change the balance), so the
 * amount is checked here first. Gold is paid the same way, `addCurrency(1, qty)`, and read from a fresh snapshot's
 * `gold` (the transcript's `gold` scenario: 2 + addCurrency(1, 3) reads 5). VORP has no bank in its core: bank
 * rewards are refused at start. Items go through
 * vorp_inventory: `canCarryItem(source, item, n)` (false for an unknown item, the item's limit or the capacity;
 * true whatever the count for an item without limit), then `addItem(source, item, n)` (checks neither: a Promise from
 * JS, it awaits the database), read with `getItemCount(source, nil, item)`; `getItemDB(item)` is false for an
 * unknown item.
 */
import { createAdapter } from './base';
import {
  type CallOutcome,
  callExport,
  callFunction,
  characterKey,
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
import type { FrameworkDescriptor } from './framework';
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  InventoryBackend,
  PayoutResult,
  Reading,
} from './types';
import { readNumber } from './verify';

/** Resource name of VORP core. */
export const VORP_CORE = 'vorp_core';

/** Resource name of vorp_inventory. */
export const VORP_INVENTORY = 'vorp_inventory';

/** `addCurrency` currencies: money (cash) and gold, with the character field each one changes. */
const CURRENCIES = { money: { id: 0, field: 'money' }, gold: { id: 1, field: 'gold' } } as const;

/** Options of the VORP adapter. */
export interface VorpAdapterOptions {
  host: FrameworkHost;
}

/** The item backend over vorp_inventory's exports. */
export function createVorpInventory(host: FrameworkHost): InventoryBackend {
  const known = async (item: string): Promise<boolean | string> => {
    const outcome = await callExport(host, VORP_INVENTORY, 'getItemDB', item);
    if (!outcome.ok) return outcome.detail;
    const [definition] = returnValues(outcome.value);
    return definition !== undefined && definition !== null && definition !== false;
  };
  return {
    name: VORP_INVENTORY,
    async canCarry(source, item, count): Promise<PayoutResult> {
      const outcome = await callExport(host, VORP_INVENTORY, 'canCarryItem', source, item, count);
      if (!outcome.ok) return frameworkError(outcome.detail);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      const exists = await known(item);
      if (typeof exists === 'string') return frameworkError(exists);
      if (!exists) {
        return frameworkError(
          `the item "${item}" is not in vorp_inventory's items table: fix the reward in config.json`,
        );
      }
      return refuse({ code: 'inventory_full', item, count });
    },
    async addItem(source, item, count): Promise<PayoutResult> {
      const outcome = await callExport(host, VORP_INVENTORY, 'addItem', source, item, count);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      return frameworkError(
        `vorp_inventory.addItem refused ${count} x ${item} (answered ${JSON.stringify(answer)})`,
      );
    },
    async count(source, item): Promise<Reading> {
      const outcome = await callExport(host, VORP_INVENTORY, 'getItemCount', source, null, item);
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      return readNumber('vorp_inventory.getItemCount', returnValues(outcome.value)[0]);
    },
    async unknownItems(items): Promise<string[]> {
      const problems: string[] = [];
      for (const item of items) {
        if ((await known(item)) === false)
          problems.push(`the item "${item}" is not in vorp_inventory's items table`);
      }
      return problems;
    },
  };
}

/** The selected character of a `getUser` answer, or undefined before one is selected. */
function usedCharacter(user: unknown): unknown {
  const character = field(user, 'getUsedCharacter');
  const id = field(character, 'charIdentifier');
  return id === undefined || id === null ? undefined : character;
}

/** Creates the VORP adapter. */
export function createVorpAdapter(options: VorpAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const core = createFrameworkObjectCache(host, VORP_CORE, () => callExport(host, VORP_CORE, 'GetCore'));
  const warned = new Set<number>();

  const getUser = (source: number): Promise<CallOutcome> =>
    core.read((vorp) => callFunction('Core.getUser', field(vorp, 'getUser'), [source]));

  /** The selected character now, `null` when the player has none, or why VORP could not be asked. */
  const character = async (
    source: number,
  ): Promise<{ ok: true; value: unknown } | { ok: false; detail: string }> => {
    const user = await getUser(source);
    if (!user.ok) return user;
    if (user.value === undefined || user.value === null) {
      if (!warned.has(source)) {
        warned.add(source);
        host.log.warn(
          `VORP has no user for player ${source} yet: VORP loads users by their Steam identifier, so a player connected without Steam is never paid (the reward stays owed)`,
        );
      }
      return { ok: true, value: null };
    }
    return { ok: true, value: usedCharacter(user.value) ?? null };
  };

  /** Adds `amount` of a currency to the selected character (`addCurrency` answers nothing: the reading decides). */
  const addCurrency = async (
    source: number,
    currency: keyof typeof CURRENCIES,
    amount: number,
  ): Promise<PayoutResult> => {
    // addCurrency adds whatever it is given; the amount was checked as a whole number > 0 before this point.
    if (!Number.isSafeInteger(amount))
      return frameworkError(`${currency} amount ${amount} is not a safe whole number`);
    const found = await character(source);
    if (!found.ok) return frameworkError(found.detail);
    if (found.value === null) return refuse({ code: 'player_not_loaded' });
    const add = field(found.value, 'addCurrency');
    const outcome = await callFunction('getUsedCharacter.addCurrency', add, [
      CURRENCIES[currency].id,
      amount,
    ]);
    return outcome.ok ? PAID : payingCallFailed(outcome);
  };

  /** A currency's balance of the selected character, from a fresh `getUser` snapshot. */
  const readCurrency = async (source: number, currency: keyof typeof CURRENCIES): Promise<Reading> => {
    const found = await character(source);
    if (!found.ok) return { ok: false, detail: found.detail };
    if (found.value === null) return { ok: false, detail: 'the player has no VORP character selected' };
    const name = CURRENCIES[currency].field;
    return readNumber(`getUser().getUsedCharacter.${name}`, field(found.value, name));
  };

  const inventory = createVorpInventory(host);

  return createAdapter({
    name: 'vorp',
    host,
    async isPlayerReady(source) {
      const found = await character(source);
      return found.ok && found.value !== null;
    },
    async characterOf(source) {
      const found = await character(source);
      return found.ok && found.value !== null
        ? characterKey(field(found.value, 'charIdentifier'))
        : undefined;
    },
    async giveMoney(source, account, amount) {
      if (account !== 'money') return frameworkError(`VORP has no ${account} account`);
      return addCurrency(source, 'money', amount);
    },
    async readMoney(source, account): Promise<Reading> {
      if (account !== 'money') return { ok: false, detail: `VORP has no ${account} account` };
      return readCurrency(source, 'money');
    },
    giveGold: (source, amount) => addCurrency(source, 'gold', amount),
    readGold: (source) => readCurrency(source, 'gold'),
    async startupProblems(rewards) {
      if (!rewards.some((r) => r.type === 'item')) return [];
      if (!isStarted(host, VORP_INVENTORY))
        return [`item rewards on VORP need ${VORP_INVENTORY}, which is not started`];
      const missing = ['canCarryItem', 'addItem', 'getItemCount', 'getItemDB'].filter(
        (name) => !hasExport(host, VORP_INVENTORY, name),
      );
      return missing.length > 0
        ? [`${VORP_INVENTORY} is started but does not export ${missing.join(', ')}`]
        : [];
    },
    inventory: { framework: VORP_FRAMEWORK, ox: inventory, fallback: inventory },
    dispose: () => core.dispose(),
  });
}

/** VORP in the framework registry. */
export const VORP_FRAMEWORK: FrameworkDescriptor<'vorp'> = {
  name: 'vorp',
  label: 'VORP',
  resource: VORP_CORE,
  requiredExports: { all: ['GetCore'] },
  items: 'own',
  rewardTypes: ['money', 'gold', 'item', 'custom'],
  startupNotes: [
    'VORP finds players by their Steam identifier: a player without Steam (VORP refuses such connections) is never paid, the reward stays owed',
  ],
  create: ({ host }) => createVorpAdapter({ host }),
};
