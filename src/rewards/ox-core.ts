/**
 * ox_core (overextended/ox_core, a JavaScript resource). `GetPlayer(source)` answers the player object copied across
 * the boundary (fields only): `charId` is set once a character is active, which is also when ox_core emits
 * `ox:playerLoaded`, so that is the loaded gate. Cash is the ox_inventory item `money` (ox_core itself reads and moves
 * it that way), paid and read through ox_inventory. Bank: `GetCharacterAccount(charId)` answers (as a Promise) the
 * character's default account `{ accountId }` or null (no default account: `ox:createDefaultAccount` 0), then
 * `CallAccount(accountId, 'addBalance', { amount, message })` answers `{ success, message? }` and
 * `CallAccount(accountId, 'get', 'balance')` reads the balance the payout is judged by. `depositMoney` is never used:
 * it moves the player's cash item into the account instead of adding money. Items go through ox_inventory.
 *
 * Identity: ox_core offers a per-account `userId` (its users row, keyed by the Rockstar license, license2 first,
 * stored without prefix as `identifier`) and a per-character `charId` (with `stateId`, its public id). The resource's
 * ledger keys on the player's `license:` identifier, as on every framework: vote history, streaks and milestones
 * are per Rockstar account, shared by its characters, and a reward goes to the character loaded when it is paid.
 */
import { createAdapter, type MoneyAccount } from './base';
import {
  callExport,
  characterKey,
  field,
  frameworkError,
  isStarted,
  PAID,
  payingCallFailed,
  returnValues,
} from './call';
import type { FrameworkDescriptor } from './framework';
import { inventoryProblems } from './inventory';
import { createOxInventory, OX_INVENTORY } from './ox-inventory';
import type { DisposableRewardAdapter, FrameworkHost, PayoutResult, Reading } from './types';
import { readNumber } from './verify';

/** Resource name of ox_core. */
export const OX_CORE = 'ox_core';

/** The ox_inventory item ox_core uses as cash. */
export const OX_CORE_CASH_ITEM = 'money';

/** Options of the ox_core adapter. */
export interface OxCoreAdapterOptions {
  host: FrameworkHost;
}

type Found<T> = { ok: true; value: T } | { ok: false; detail: string };

/** Creates the ox_core adapter. */
export function createOxCoreAdapter(options: OxCoreAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const ox = createOxInventory(host);

  /** The active character's id, or why there is none. */
  const charIdOf = async (source: number): Promise<Found<number>> => {
    const player = await callExport(host, OX_CORE, 'GetPlayer', source);
    if (!player.ok) return player;
    const charId = field(returnValues(player.value)[0], 'charId');
    if (typeof charId === 'number' && Number.isInteger(charId) && charId > 0)
      return { ok: true, value: charId };
    return { ok: false, detail: `ox_core has no active character for player ${source}` };
  };

  /** The id of the character's default account, or why there is none. */
  const accountOf = async (source: number): Promise<Found<number>> => {
    const charId = await charIdOf(source);
    if (!charId.ok) return charId;
    const account = await callExport(host, OX_CORE, 'GetCharacterAccount', charId.value);
    if (!account.ok) return account;
    const accountId = field(returnValues(account.value)[0], 'accountId');
    if (typeof accountId === 'number' && Number.isInteger(accountId)) return { ok: true, value: accountId };
    return {
      ok: false,
      detail: `ox_core.GetCharacterAccount(${charId.value}) answered ${JSON.stringify(account.value) ?? 'nothing'}: the character has no default account (is ox:createDefaultAccount 0?)`,
    };
  };

  const giveBank = async (source: number, amount: number, reason: string): Promise<PayoutResult> => {
    const account = await accountOf(source);
    if (!account.ok) return frameworkError(account.detail);
    const outcome = await callExport(host, OX_CORE, 'CallAccount', account.value, 'addBalance', {
      amount,
      message: reason,
    });
    if (!outcome.ok) return payingCallFailed(outcome);
    const answer = returnValues(outcome.value)[0];
    if (field(answer, 'success') === true) return PAID;
    return frameworkError(
      `ox_core CallAccount(${account.value}, 'addBalance', ${amount}) answered ${JSON.stringify(answer) ?? 'nothing'}`,
    );
  };

  return createAdapter({
    name: 'oxcore',
    host,
    async isPlayerReady(source) {
      return (await charIdOf(source)).ok;
    },
    async characterOf(source) {
      const found = await charIdOf(source);
      return found.ok ? characterKey(found.value) : undefined;
    },
    async giveMoney(source, account: MoneyAccount, amount, reason) {
      if (account === 'bank') return giveBank(source, amount, reason);
      const capacity = await ox.canCarry(source, OX_CORE_CASH_ITEM, amount);
      if (!capacity.ok) return capacity;
      return ox.addItem(source, OX_CORE_CASH_ITEM, amount, reason);
    },
    async readMoney(source, account: MoneyAccount): Promise<Reading> {
      if (account === 'money') return ox.count(source, OX_CORE_CASH_ITEM);
      const found = await accountOf(source);
      if (!found.ok) return found;
      const outcome = await callExport(host, OX_CORE, 'CallAccount', found.value, 'get', 'balance');
      if (!outcome.ok) return { ok: false, detail: outcome.detail };
      return readNumber(
        `ox_core CallAccount(${found.value}, 'get', 'balance')`,
        returnValues(outcome.value)[0],
      );
    },
    async startupProblems(rewards) {
      // Cash is an ox_inventory item here: money rewards need ox_inventory as much as item rewards do (checked
      // at selection when there are item rewards).
      const cash = rewards.some((reward) => reward.type === 'money');
      const items = rewards.some((reward) => reward.type === 'item');
      if (!cash || items) return [];
      if (!isStarted(host, OX_INVENTORY)) {
        return [
          `cash rewards on ox_core are ox_inventory's "${OX_CORE_CASH_ITEM}" item, and ox_inventory is not started`,
        ];
      }
      return inventoryProblems(host, OX_CORE_FRAMEWORK).map(
        (problem) => `cash rewards on ox_core (ox_inventory's "${OX_CORE_CASH_ITEM}" item): ${problem}`,
      );
    },
    cashItem: OX_CORE_CASH_ITEM,
    inventory: { framework: OX_CORE_FRAMEWORK, ox },
  });
}

/** ox_core in the framework registry. */
export const OX_CORE_FRAMEWORK: FrameworkDescriptor<'oxcore'> = {
  name: 'oxcore',
  label: 'ox_core',
  resource: OX_CORE,
  requiredExports: { all: ['GetPlayer', 'GetCharacterAccount', 'CallAccount'] },
  items: 'ox',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host }) => createOxCoreAdapter({ host }),
};
