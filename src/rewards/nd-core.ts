/**
 * ND_Core (ND-Framework/ND_Core 2.3.2, commit 0e6caf79; recorded in test/frameworks/transcripts/nd-core.json).
 *
 * Every `NDCore` function is an export (server/functions.lua:118-122). `getPlayer(src)` answers the active character,
 * `NDCore.players[src]` (functions.lua:10-12): nothing until a character is active, and the table is keyed by number,
 * so a string id finds nobody. The character (server/player.lua:21-43) carries `cash`, `bank` and Lua closures;
 * `addMoney(account, amount, reason)` (player.lua:67-79) adds to `self[account]` in place and answers true, or nothing
 * for an amount that is not a number above 0 or an account other than `cash` / `bank` (fractions are credited as
 * they are). The balance a payout is judged by is read from a fresh `getPlayer`. A character is active once
 * `character.active()` stored it and fired `ND:characterLoaded` (player.lua:348-399); without a multicharacter
 * resource the first character becomes active about 3 s after joining (server/main.lua:136-151). ND_Core has no
 * inventory: ox_inventory's ND bridge mirrors cash into its `money` item, and items go through ox_inventory.
 */
import { createAdapter, type MoneyAccount } from './base';
import {
  type CallOutcome,
  callExport,
  callFunction,
  characterKey,
  field,
  frameworkError,
  PAID,
  payingCallFailed,
  refuse,
  returnValues,
} from './call';
import type { FrameworkDescriptor } from './framework';
import { createOxInventory } from './ox-inventory';
import type { DisposableRewardAdapter, FrameworkHost, Reading } from './types';
import { readNumber } from './verify';

/** Resource name of ND_Core. */
export const ND_CORE = 'ND_Core';

/** ND_Core's account names for our accounts. */
export const ND_ACCOUNTS: Record<MoneyAccount, string> = { money: 'cash', bank: 'bank' };

/**
 * ox_inventory opens a character's inventory in its ND bridge, on `ND:characterLoaded`, as the character becomes
 * active; a character getPlayer answers without one means ox_inventory runs another bridge. ND_Core sets
 * `inventory:framework` to `nd` when it starts (server/main.lua:39), so an ox_inventory started before it keeps the
 * default `esx` (recorded: test/frameworks/transcripts/nd-core-ox-first.json).
 */
const NO_ND_BRIDGE =
  'on ND_Core, ox_inventory must run its ND bridge: ensure ND_Core before ox_inventory in server.cfg, or add setr inventory:framework "nd"';

/** Options of the ND_Core adapter. */
export interface NdCoreAdapterOptions {
  host: FrameworkHost;
}

/** Creates the ND_Core adapter. */
export function createNdCoreAdapter(options: NdCoreAdapterOptions): DisposableRewardAdapter {
  const { host } = options;
  const getPlayer = (source: number): Promise<CallOutcome> => callExport(host, ND_CORE, 'getPlayer', source);
  const loaded = (player: CallOutcome): player is { ok: true; value: unknown } =>
    player.ok && player.value !== undefined && player.value !== null;

  return createAdapter({
    name: 'ndcore',
    host,
    async isPlayerReady(source) {
      return loaded(await getPlayer(source));
    },
    async characterOf(source) {
      const player = await getPlayer(source);
      return loaded(player) ? characterKey(field(player.value, 'id')) : undefined;
    },
    async giveMoney(source, account, amount, reason) {
      const player = await getPlayer(source);
      if (!player.ok) return frameworkError(player.detail);
      if (!loaded(player)) return refuse({ code: 'player_not_loaded' });
      const name = ND_ACCOUNTS[account];
      const outcome = await callFunction('character.addMoney', field(player.value, 'addMoney'), [
        name,
        amount,
        reason,
      ]);
      if (!outcome.ok) return payingCallFailed(outcome);
      const [answer] = returnValues(outcome.value);
      if (answer === true) return PAID;
      return frameworkError(
        `ND_Core character.addMoney('${name}', ${amount}) answered ${JSON.stringify(answer) ?? 'nothing'}`,
      );
    },
    async readMoney(source, account): Promise<Reading> {
      const player = await getPlayer(source);
      if (!player.ok) return { ok: false, detail: player.detail };
      if (!loaded(player)) return { ok: false, detail: 'the player has no active ND_Core character' };
      const name = ND_ACCOUNTS[account];
      return readNumber(`ND_Core getPlayer(${source}).${name}`, field(player.value, name));
    },
    inventory: {
      framework: ND_CORE_FRAMEWORK,
      ox: createOxInventory(host, { noInventoryHint: NO_ND_BRIDGE }),
    },
  });
}

/** ND_Core in the framework registry. */
export const ND_CORE_FRAMEWORK: FrameworkDescriptor<'ndcore'> = {
  name: 'ndcore',
  label: 'ND_Core',
  resource: ND_CORE,
  requiredExports: { all: ['getPlayer'] },
  items: 'ox',
  rewardTypes: ['money', 'bank', 'item', 'custom'],
  create: ({ host }) => createNdCoreAdapter({ host }),
};
