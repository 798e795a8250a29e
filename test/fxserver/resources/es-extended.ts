import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';
import { createFakeInventory, DEFAULT_ITEMS, type FakeInventory, type ItemDef } from './inventory-model';

/** A loaded ESX player. */
export interface EsxPlayerState {
  /** ESX identifier (license hash without prefix in ESX Legacy). */
  identifier: string;
  /** Character name. */
  name: string;
  /** money (cash), bank, black_money. */
  accounts: Record<string, number>;
  /** The player's inventory. */
  inventory: FakeInventory;
}

/** Options of the ESX fake. */
export interface EsxFakeOptions {
  /** Item catalogue (ESX.Items). */
  items?: Record<string, ItemDef>;
  /** Config.MaxWeight in grams (ESX default 24000). */
  maxWeight?: number;
  /** The database: accounts by identifier, kept across server restarts (ESX saves every change here). */
  database?: Map<string, Record<string, number>>;
}

/** The ESX fake: a resource definition plus the controls tests use. */
export interface EsxFake {
  /** Pass to server.addFakeResource('es_extended', ...). */
  definition: FakeResourceDefinition;
  /** Loaded players by server id. */
  players: Map<number, EsxPlayerState>;
  /** Loads a player (ESX would on character selection) and triggers esx:playerLoaded. */
  loadPlayer(id: number, init?: Partial<Omit<EsxPlayerState, 'inventory'>>): EsxPlayerState;
  /** Unloads a player (esx:playerDropped). */
  unloadPlayer(id: number): void;
}

/**
 * es_extended (ESX Legacy 1.13) server surface, from esx-framework/esx_core `[core]/es_extended`:
 * export getSharedObject → ESX with GetPlayerFromId / GetPlayers / Items; export RunStaticPlayerMethod(src, method,
 * ...); xPlayer closures addMoney, addAccountMoney, removeAccountMoney, getAccount, getMoney, addInventoryItem,
 * canCarryItem, getInventoryItem, getIdentifier, getName, showNotification. Money methods return nothing and raise
 * a Lua error for amounts <= 0 or unknown accounts (rounding after that check); item methods never raise on counts.
 * When ox_inventory exists at start (any state but missing), ESX uses its ox_inventory override instead:
 * addAccountMoney returns silently for an amount < 1 or an unknown account, and credits before calling into
 * ox_inventory, so it raises after paying while ox_inventory is not started. (Mirroring cash into ox_inventory's
 * `money` item while ox runs is not modelled.)
 */
export function createEsxFake(options: EsxFakeOptions = {}): EsxFake {
  const catalogue = options.items ?? DEFAULT_ITEMS;
  const maxWeight = options.maxWeight ?? 24000;
  const players = new Map<number, EsxPlayerState>();
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  let oxMode = false;

  const checkAmount = (fn: string, id: number, account: string, money: unknown): number => {
    if (typeof money !== 'number' || !Number.isFinite(money) || money <= 0) {
      throw new Error(
        `@es_extended/server/classes/player.lua: xPlayer.${fn}: invalid amount ${String(money)} for account ${account} of player ${id}`,
      );
    }
    return Math.round(money);
  };

  const xPlayerOf = (id: number): Record<string, unknown> | undefined => {
    const p = players.get(id);
    if (!p) return undefined;
    // The ledger entry is the moment of payment: a server killed right after it keeps the credit.
    const credit = (account: string, amount: number, reason?: unknown) => {
      const recorded = api?.server.ledger.length ?? 0;
      try {
        api?.payout({
          framework: 'es_extended',
          player: id,
          kind: account === 'money' ? 'money' : account,
          name: account,
          amount,
          reason: reason == null ? null : String(reason),
        });
      } finally {
        if ((api?.server.ledger.length ?? 0) > recorded || !api) {
          p.accounts[account] = (p.accounts[account] ?? 0) + amount;
        }
      }
    };
    const addAccountMoney = (accountName: unknown, money: unknown, reason?: unknown): void => {
      const account = String(accountName);
      if (oxMode) {
        if (typeof money !== 'number' || money < 1 || !(account in p.accounts)) return;
        credit(account, Math.round(money), reason);
        if (g?.GetResourceState('ox_inventory') !== 'started') {
          throw new Error(
            "@es_extended/server/classes/overrides/oxinventory.lua:76: attempt to index a nil value (upvalue 'Inventory')",
          );
        }
        return;
      }
      if (!(account in p.accounts))
        throw new Error(
          `@es_extended/server/classes/player.lua: xPlayer.addAccountMoney: invalid account ${account} for player ${id}`,
        );
      const amount = checkAmount('addAccountMoney', id, account, money);
      credit(account, amount, reason);
    };
    return {
      source: id,
      playerId: id,
      identifier: p.identifier,
      name: p.name,
      accounts: Object.entries(p.accounts).map(([name, money]) => ({ name, money })),
      getIdentifier: () => p.identifier,
      getName: () => p.name,
      getMoney: () => p.accounts.money ?? 0,
      getAccount: (name: unknown) => {
        const key = String(name);
        return key in p.accounts ? { name: key, money: p.accounts[key], label: key } : undefined;
      },
      addMoney: (money: unknown, reason?: unknown) => addAccountMoney('money', money, reason),
      addAccountMoney,
      removeAccountMoney: (accountName: unknown, money: unknown) => {
        const account = String(accountName);
        if (!(account in p.accounts))
          throw new Error(`xPlayer.removeAccountMoney: invalid account ${account}`);
        p.accounts[account] =
          (p.accounts[account] ?? 0) - checkAmount('removeAccountMoney', id, account, money);
      },
      getInventoryItem: (name: unknown) => {
        const item = String(name);
        return catalogue[item] ? { name: item, count: p.inventory.items.get(item) ?? 0 } : undefined;
      },
      addInventoryItem: (name: unknown, count: unknown) => {
        const item = String(name);
        const n = Math.round(Number(count));
        if (!catalogue[item]) return;
        api?.payout({ framework: 'es_extended', player: id, kind: 'item', name: item, amount: n });
        p.inventory.items.set(item, (p.inventory.items.get(item) ?? 0) + n);
      },
      canCarryItem: (name: unknown, count: unknown) => {
        const item = String(name);
        if (!catalogue[item]) return false;
        return p.inventory.problem(item, Number(count)) === null;
      },
      showNotification: (msg: unknown) => g?.emitNet('esx:showNotification', id, msg),
    };
  };

  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      oxMode = globals.GetResourceState('ox_inventory') !== 'missing';
      const ESX = {
        GetPlayerFromId: (src: unknown) => xPlayerOf(Number(src)),
        GetPlayers: () => [...players.keys()],
        GetExtendedPlayers: () => [...players.keys()].map((id) => xPlayerOf(id)),
        Items: catalogue,
      };
      globals.exports('getSharedObject', () => ESX);
      globals.exports('RunStaticPlayerMethod', (src: unknown, method: unknown, ...args: unknown[]) => {
        if (typeof src !== 'number') return undefined;
        const xPlayer = xPlayerOf(src);
        if (!xPlayer) return undefined;
        const fn = xPlayer[String(method)];
        if (typeof fn !== 'function')
          throw new Error(`Attempted to call invalid method ${String(method)} on xPlayer`);
        return (fn as (...a: unknown[]) => unknown)(...args);
      });
      globals.AddEventHandler('esx:getSharedObject', (cb: (esx: unknown) => void) => cb(ESX));
      globals.AddEventHandler('playerDropped', () => {
        players.delete(Number(globals.source));
      });
    },
  };

  return {
    definition,
    players,
    loadPlayer(id, init = {}) {
      const identifier = init.identifier ?? `esx${id}`;
      const accounts = options.database?.get(identifier) ?? {
        money: 0,
        bank: 0,
        black_money: 0,
        ...(init.accounts ?? {}),
      };
      options.database?.set(identifier, accounts);
      const state: EsxPlayerState = {
        identifier,
        name: init.name ?? `Player ${id}`,
        accounts,
        inventory: createFakeInventory(catalogue, { maxWeight, slots: Number.MAX_SAFE_INTEGER }),
      };
      players.set(id, state);
      g?.TriggerEvent('esx:playerLoaded', id, xPlayerOf(id), false);
      return state;
    },
    unloadPlayer(id) {
      players.delete(id);
    },
  };
}
