/**
 * Fake es_extended built from esx_core 1.13.5 (`server/classes/player.lua`, `overrides/oxinventory.lua`):
 * `ESX.Players` keyed by number, `RunStaticPlayerMethod` returning nothing for an unloaded player and raising for an
 * unknown method, xPlayer closures where `addAccountMoney` returns nothing and raises on a non-number, an amount
 * <= 0 or an unknown account (rounding after the `> 0` check, so 0.4 credits 0), `canCarryItem` answering false for
 * an item ESX does not know (nil before 1.11), `getAccount(name)` and `getInventoryItem(name)` tables, and
 * `getSharedObject().Items` and `.GetConfig('Accounts')`. With `oxInventory` set, ESX runs its ox_inventory override: `addAccountMoney` returns
 * silently for an unknown account or an amount < 1, and credits before touching ox_inventory, so it raises after
 * paying while ox_inventory is stopped. A restart kills every closure handed out before it, like a dead funcref.
 */
import type { FakeHost } from './host';

/** Options of the fake ESX. */
export interface FakeEsxOptions {
  /** Export `RunStaticPlayerMethod` (ESX >= 1.13). */
  staticMethod?: boolean;
  /** Export `getSharedObject`. */
  sharedObject?: boolean;
  /** Item weights known to ESX (`ESX.Items`). */
  items?: Record<string, number>;
  /** Max carry weight of each player. */
  maxWeight?: number;
  /** ESX < 1.11: bad accounts and amounts print instead of raising, canCarryItem answers nil for unknown items. */
  legacy?: boolean;
  /** ox_inventory is installed (ESX swaps in its override); `stopped` = not running now. */
  oxInventory?: 'running' | 'stopped';
  /** Config.Accounts (default money, bank, black_money). */
  accounts?: string[];
}

interface PlayerState {
  identifier: string;
  accounts: Record<string, number>;
  inventory: Record<string, number>;
  weight: number;
}

/** Creates the fake and registers it as `es_extended` on the host. */
export function createFakeEsx(fake: FakeHost, options: FakeEsxOptions = {}) {
  const items = options.items ?? { bread: 1, water: 1 };
  const maxWeight = options.maxWeight ?? 10;
  const accountNames = options.accounts ?? ['money', 'bank', 'black_money'];
  const players = new Map<number, PlayerState>();
  const calls: { method: string; args: unknown[] }[] = [];
  const printed: string[] = [];
  let ox = options.oxInventory;
  let generation = 0;

  const live = (gen: number) => {
    if (gen !== generation)
      throw new Error('SCRIPT ERROR: function reference is no longer valid (es_extended restarted)');
  };
  const invalid = (message: string) => {
    if (options.legacy) printed.push(message);
    else throw new Error(message);
  };

  const addAccountMoney = (state: PlayerState, account: string, money: unknown): void => {
    if (ox !== undefined) {
      if (typeof money !== 'number' || money < 1 || !(account in state.accounts)) return;
      state.accounts[account] = (state.accounts[account] ?? 0) + Math.round(money);
      if (ox === 'stopped') throw new Error("attempt to index a nil value (upvalue 'Inventory')");
      return;
    }
    if (typeof money !== 'number' || Number.isNaN(money) || money <= 0) {
      invalid(`Tried To Set Account ${account} To An Invalid Number -> ${String(money)}`);
      return;
    }
    if (!(account in state.accounts)) {
      invalid(`Tried To Set Add To Invalid Account ${account}`);
      return;
    }
    state.accounts[account] = (state.accounts[account] ?? 0) + Math.round(money);
  };

  const xPlayer = (state: PlayerState, gen: number): Record<string, (...args: never[]) => unknown> => ({
    getIdentifier: () => {
      live(gen);
      return state.identifier;
    },
    getAccount: (account: string) => {
      live(gen);
      return account in state.accounts
        ? { name: account, money: state.accounts[account], label: account }
        : undefined;
    },
    addAccountMoney: (account: string, money: unknown, reason?: string) => {
      live(gen);
      calls.push({ method: 'addAccountMoney', args: [account, money, reason] });
      addAccountMoney(state, account, money);
    },
    canCarryItem: (item: string, count: number) => {
      live(gen);
      const weight = items[item];
      if (weight === undefined) {
        printed.push(`[WARNING] Item "${item}" was used but does not exist!`);
        return options.legacy ? undefined : false;
      }
      return state.weight + weight * count <= maxWeight;
    },
    getInventoryItem: (item: string) => {
      live(gen);
      return item in items
        ? { name: item, count: state.inventory[item] ?? 0, weight: items[item] }
        : undefined;
    },
    addInventoryItem: (item: string, count: number) => {
      live(gen);
      calls.push({ method: 'addInventoryItem', args: [item, count] });
      const weight = items[item];
      if (weight === undefined) return undefined;
      state.inventory[item] = (state.inventory[item] ?? 0) + Math.round(count);
      state.weight += weight * count;
      return undefined;
    },
  });

  const register = () => {
    const gen = generation;
    const exports: Record<string, (...args: unknown[]) => unknown> = {};
    if (options.staticMethod ?? true) {
      exports.RunStaticPlayerMethod = (src: unknown, method: unknown, ...args: unknown[]) => {
        const state = players.get(src as number);
        if (!state) return undefined;
        const fn = xPlayer(state, gen)[method as string];
        if (typeof fn !== 'function')
          throw new Error(`Attempted to call invalid method on playerId ${String(src)}: ${String(method)}`);
        return (fn as (...a: unknown[]) => unknown)(...args);
      };
    }
    if (options.sharedObject ?? true) {
      exports.getSharedObject = () => ({
        GetConfig: (key?: unknown) =>
          key === 'Accounts' ? Object.fromEntries(accountNames.map((a) => [a, {}])) : {},
        Items: Object.fromEntries(
          Object.entries(items).map(([name, weight]) => [name, { label: name, weight }]),
        ),
        GetPlayerFromId: (src: unknown) => {
          live(gen);
          const state = players.get(src as number);
          return state ? { ...xPlayer(state, gen), source: src } : undefined;
        },
      });
    }
    return exports;
  };

  fake.addResource('es_extended', register());

  return {
    calls,
    /** Warnings ESX printed instead of raising. */
    printed,
    /** Loads a player character (ESX fires esx:playerLoaded then). */
    load(src: number, identifier = `char1:${src}`, accounts: Record<string, number> = {}) {
      players.set(src, {
        identifier,
        accounts: { ...Object.fromEntries(accountNames.map((a) => [a, 0])), ...accounts },
        inventory: {},
        weight: 0,
      });
    },
    /** Balance of an account. */
    balance: (src: number, account: string) => players.get(src)?.accounts[account],
    /** Moves a balance as another script would. */
    setBalance(src: number, account: string, value: number) {
      const state = players.get(src);
      if (state) state.accounts[account] = value;
    },
    /** Count of an item. */
    itemCount: (src: number, item: string) => players.get(src)?.inventory[item] ?? 0,
    /** Sets the carried weight. */
    setWeight(src: number, weight: number) {
      const state = players.get(src);
      if (state) state.weight = weight;
    },
    /** Starts or stops the installed ox_inventory that the override calls into. */
    setOx(state: 'running' | 'stopped') {
      ox = state;
    },
    /** Restarts es_extended: old references die, new exports appear. */
    restart() {
      generation++;
      fake.restart('es_extended', register());
    },
  };
}
