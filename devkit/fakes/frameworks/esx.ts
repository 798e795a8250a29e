/**
 * Unit fake of es_extended: the shared model (models/esx.ts, derived from the transcripts
 * test/frameworks/transcripts/esx.json, esx-ox.json and esx-ox-stopped.json; see its header for what is recorded and
 * what is a guess) registered as `es_extended` on the unit `FakeHost`, with the levers unit tests pull. A restart
 * kills every closure handed out before it, like a dead function reference.
 */
import type { FakeHost } from './host';
import {
  createEsxModel,
  ESX_OX_ACCOUNTS,
  type EsxAccountDef,
  type EsxItemDef,
  type EsxModel,
} from './models/esx';
import type { OxModel } from './models/ox-inventory';
import { bindExports } from './unit-binding';

/** Options of the fake ESX. */
export interface FakeEsxOptions {
  /** Export `RunStaticPlayerMethod` (ESX >= 1.13). */
  staticMethod?: boolean;
  /** Export `getSharedObject`. */
  sharedObject?: boolean;
  /** Items known to ESX (`ESX.Items`): a weight, or the whole definition. */
  items?: Record<string, number | EsxItemDef>;
  /** Config.MaxWeight. */
  maxWeight?: number;
  /** ESX < 1.11: bad accounts and amounts print instead of raising, canCarryItem answers nil for unknown items. */
  legacy?: boolean;
  /**
   * ox_inventory is installed, so ESX runs its override: `running` forwards to `oxModel`, `stopped` = installed but
   * never started (every credit raises after paying), `stopped-after-start` = it ran, then stopped (cash raises).
   */
  oxInventory?: 'running' | 'stopped' | 'stopped-after-start';
  /** The ox_inventory model ESX forwards to (e.g. `createFakeOxInventory(...).model`). */
  oxModel?: OxModel;
  /** Config.Accounts: names, or definitions in ESX's index order (default black_money, bank, money). */
  accounts?: (string | EsxAccountDef)[];
}

const LABELS: Record<string, string> = { money: 'Cash', bank: 'Bank', black_money: 'Dirty Money' };

/** Creates the fake and registers it as `es_extended` on the host. */
export function createFakeEsx(fake: FakeHost, options: FakeEsxOptions = {}) {
  const items = options.items ?? { bread: 1, water: 1 };
  const calls: { method: string; args: unknown[] }[] = [];
  const printed: string[] = [];
  const oxState = { running: 'running', stopped: 'never-started', 'stopped-after-start': 'stopped' } as const;
  const accounts: EsxAccountDef[] | undefined = options.accounts?.map((account) =>
    typeof account === 'string' ? { name: account, label: LABELS[account] ?? account } : account,
  );
  const model: EsxModel = createEsxModel({
    items: Object.fromEntries(
      Object.entries(items).map(([name, def]) => [
        name,
        typeof def === 'number' ? { label: name, weight: def } : def,
      ]),
    ),
    maxWeight: options.maxWeight ?? 10,
    accounts: accounts ?? (options.oxInventory ? ESX_OX_ACCOUNTS : undefined),
    legacy: options.legacy,
    ox: options.oxInventory ? oxState[options.oxInventory] : 'missing',
    oxInventory: options.oxModel?.exports,
    print: (line) => printed.push(line),
  });
  let generation = 0;
  const PAYING = new Set(['addAccountMoney', 'addInventoryItem']);

  /** The model's xPlayer with the paying calls recorded. */
  const recordedXPlayer = (src: number) => {
    const x = model.xPlayer(src);
    if (!x) return undefined;
    for (const method of PAYING) {
      const fn = x[method] as (...a: unknown[]) => unknown;
      x[method] = (...args: unknown[]) => {
        calls.push({ method, args: method === 'addAccountMoney' ? [args[0], args[1], args[2]] : args });
        return fn(...args);
      };
    }
    return x;
  };

  const register = () => {
    const gen = generation;
    const alive = () => gen === generation;
    const exports: Record<string, (...args: unknown[]) => unknown> = {};
    if (options.staticMethod ?? true) {
      exports.RunStaticPlayerMethod = (src: unknown, method: unknown, ...args: unknown[]) => {
        if (typeof src === 'number' && PAYING.has(String(method)) && model.players.has(src))
          calls.push({
            method: String(method),
            args: method === 'addAccountMoney' ? [args[0], args[1], args[2]] : args,
          });
        return model.exports.RunStaticPlayerMethod(src, method, ...args);
      };
    }
    if (options.sharedObject ?? true) {
      exports.getSharedObject = () => ({
        ...model.exports.getSharedObject(),
        GetPlayerFromId: (src: unknown) => {
          const id = typeof src === 'number' ? src : Number(src);
          return Number.isInteger(id) ? recordedXPlayer(id) : undefined;
        },
      });
    }
    return bindExports(exports, alive, 'es_extended', fake.scriptErrors);
  };

  fake.addResource('es_extended', register());

  return {
    model,
    calls,
    /** Warnings ESX printed instead of raising. */
    printed,
    /** Loads a player character (ESX fires esx:playerLoaded then). */
    load(src: number, identifier = `char1:${src}`, balances: Record<string, number> = {}) {
      model.load(src, { identifier, accounts: balances });
    },
    /** Balance of an account. */
    balance: (src: number, account: string) => model.players.get(src)?.accounts[account],
    /** Moves a balance as another script would. */
    setBalance(src: number, account: string, value: number) {
      model.setBalance(src, account, value);
    },
    /** Count of an item. */
    itemCount: (src: number, item: string) => model.players.get(src)?.inventory.get(item) ?? 0,
    /** Sets the carried weight. */
    setWeight(src: number, weight: number) {
      const player = model.players.get(src);
      if (player) player.weight = weight;
    },
    /** Starts or stops the installed ox_inventory that the override calls into. */
    setOx(state: 'running' | 'stopped') {
      model.setOx(state === 'running' ? 'running' : 'stopped');
    },
    /** Restarts es_extended: old references die, new exports appear. */
    restart() {
      generation++;
      fake.restart('es_extended', register());
    },
  };
}
