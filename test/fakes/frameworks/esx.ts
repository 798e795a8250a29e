/**
 * Fake es_extended built from esx_core's signatures: `ESX.Players` keyed by number, `RunStaticPlayerMethod`
 * returning nothing for an unloaded player and raising for an unknown method, xPlayer closures where
 * `addAccountMoney` raises on a non-number, an amount <= 0 or an unknown account, and `canCarryItem` answering nil
 * for an item ESX does not know. A restart kills every closure handed out before it, like a dead funcref.
 */
import type { FakeHost } from './host';

/** Options of the fake ESX. */
export interface FakeEsxOptions {
  /** Export `RunStaticPlayerMethod` (ESX >= 1.13). */
  staticMethod?: boolean;
  /** Export `getSharedObject`. */
  sharedObject?: boolean;
  /** Item weights known to ESX. */
  items?: Record<string, number>;
  /** Max carry weight of each player. */
  maxWeight?: number;
  /** Older ESX: `addAccountMoney` returns nothing instead of true. */
  legacyReturns?: boolean;
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
  const players = new Map<number, PlayerState>();
  const calls: { method: string; args: unknown[] }[] = [];
  let generation = 0;

  const live = (gen: number) => {
    if (gen !== generation)
      throw new Error('SCRIPT ERROR: function reference is no longer valid (es_extended restarted)');
  };

  const xPlayer = (state: PlayerState, gen: number): Record<string, (...args: never[]) => unknown> => ({
    getIdentifier: () => {
      live(gen);
      return state.identifier;
    },
    addAccountMoney: (account: string, money: unknown, reason?: string) => {
      live(gen);
      calls.push({ method: 'addAccountMoney', args: [account, money, reason] });
      if (typeof money !== 'number' || Number.isNaN(money))
        throw new Error(`Tried To Set Account ${account} To An Invalid Number -> ${String(money)}`);
      if (money <= 0) throw new Error(`Tried To Set Account ${account} To An Invalid Number -> ${money}`);
      if (!(account in state.accounts)) throw new Error(`Tried To Set Add To Invalid Account ${account}`);
      state.accounts[account] = (state.accounts[account] ?? 0) + money;
      return options.legacyReturns ? undefined : true;
    },
    canCarryItem: (item: string, count: number) => {
      live(gen);
      const weight = items[item];
      if (weight === undefined) return undefined;
      return state.weight + weight * count <= maxWeight;
    },
    addInventoryItem: (item: string, count: number) => {
      live(gen);
      calls.push({ method: 'addInventoryItem', args: [item, count] });
      const weight = items[item];
      if (weight === undefined) return undefined;
      state.inventory[item] = (state.inventory[item] ?? 0) + count;
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
    /** Loads a player character (ESX fires esx:playerLoaded then). */
    load(src: number, identifier = `char1:${src}`, accounts: Record<string, number> = {}) {
      players.set(src, {
        identifier,
        accounts: { money: 0, bank: 0, black_money: 0, ...accounts },
        inventory: {},
        weight: 0,
      });
    },
    /** Balance of an account. */
    balance: (src: number, account: string) => players.get(src)?.accounts[account],
    /** Count of an item. */
    itemCount: (src: number, item: string) => players.get(src)?.inventory[item] ?? 0,
    /** Sets the carried weight. */
    setWeight(src: number, weight: number) {
      const state = players.get(src);
      if (state) state.weight = weight;
    },
    /** Restarts es_extended: old references die, new exports appear. */
    restart() {
      generation++;
      fake.restart('es_extended', register());
    },
  };
}
