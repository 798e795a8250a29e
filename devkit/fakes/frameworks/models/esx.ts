/**
 * Model of es_extended 1.13.5 (players, accounts, its own inventory, and its ox_inventory override), shared by the
 * unit fake (devkit/fakes/frameworks/esx.ts) and the simulated FXServer resource (devkit/fxserver/resources/es-extended.ts).
 *
 * Derived from the transcripts test/frameworks/transcripts/esx.json (ESX alone), esx-ox.json (ox_inventory running),
 * esx-ox-stopped.json (ox_inventory installed but never started, or stopped after start) and ox-inventory.json.
 * Recorded facts it reproduces:
 * - `RunStaticPlayerMethod(src, method, ...)` answers nothing for a player not loaded, gone, or a string source, and
 *   raises for a method the xPlayer lacks; `getSharedObject().GetPlayerFromId(src)` takes numbers and numeric strings.
 * - `addAccountMoney` never returns a value. Without ox: raises for a non-number or an amount <= 0 and for an unknown
 *   account; rounds after the `> 0` check (0.4 credits 0, 2.5 credits 3); huge amounts are added as they are.
 * - With ox_inventory installed, ESX's override: returns silently for an amount < 1 or an unknown account, credits,
 *   then calls into ox_inventory: raises after crediting when ox never started (any account) or, for the `money`
 *   account (mirrored as ox's `money` item), when ox stopped after start; item methods forward to ox_inventory
 *   (`addInventoryItem` answers ox's pair) and raise while it is not running.
 * - `canCarryItem` answers false (and prints a warning) for an item ESX does not know; `addInventoryItem` ignores
 *   it; it checks no weight. `getAccount` / `getInventoryItem` answer ESX's tables.
 * - The ESX identifier is the first identifier matching the prefix `license` with `license:` removed, so a
 *   `license2:` listed first becomes the identifier as it is.
 * Guesses (no transcript covers them): the ESX < 1.11 mode (`legacy`: prints instead of raising, canCarryItem nil for
 * an unknown item); item methods while ox stopped after start raise like the cash credit; a non-number amount in ox
 * mode raises Lua's comparison error; `removeAccountMoney`, `getMoney`, `addMoney`, `showNotification`.
 */
import { LuaError, roundHalfUp } from './lua';

/** An ESX item (the `items` table). */
export interface EsxItemDef {
  /** Display label. */
  label: string;
  /** Weight per unit, in Config.MaxWeight units. */
  weight: number;
  /** `rare` column (default 0). */
  rare?: number;
  /** `can_remove` column (default 1). */
  canRemove?: number;
}

/** An ESX account definition. */
export interface EsxAccountDef {
  /** Account name. */
  name: string;
  /** Display label. */
  label: string;
}

/** ox_inventory as ESX sees it: not installed, running, installed but never started, or stopped after a start. */
export type EsxOxState = 'missing' | 'running' | 'never-started' | 'stopped';

/** One payout, as the model tells its host before applying it. */
export interface EsxPayEntry {
  /** Player source. */
  player: number;
  /** `money` (cash account), another account name, or `item`. */
  kind: string;
  /** Account or item name. */
  name: string;
  /** Amount credited or units added. */
  amount: number;
  /** Reason given by the caller. */
  reason?: string | null;
}

/** What ESX's ox override calls on ox_inventory (its module; the same functions as the exports). */
export interface EsxOxBridge {
  /** `Inventory.CanCarryItem(src, item, count)`. */
  CanCarryItem(inv: unknown, item: unknown, count?: unknown): unknown;
  /** `Inventory.AddItem(src, item, count)`. */
  AddItem(inv: unknown, item: unknown, count: unknown): unknown;
  /** `Inventory.GetItem(src, item)`. */
  GetItem(inv: unknown, item: unknown): unknown;
}

/** Options of the model. */
export interface EsxModelOptions {
  /** ESX.Items. */
  items: Record<string, EsxItemDef>;
  /** Config.MaxWeight. */
  maxWeight: number;
  /** Config.Accounts, in the order ESX indexes them (1-based `index`). */
  accounts?: EsxAccountDef[];
  /** ESX < 1.11 (guess, see the header). */
  legacy?: boolean;
  /** ox_inventory's state (default missing). */
  ox?: EsxOxState;
  /** ox_inventory as ESX's override reaches it while `ox` is running. */
  oxInventory?: EsxOxBridge;
  /** ox_inventory's state read at every call (the simulated server's live resource state); overrides `ox`. */
  oxState?: () => EsxOxState;
  /** The host records a payout, then calls `apply` (or not, when the payout failed before it happened). */
  pay?: (entry: EsxPayEntry, apply: () => void) => void;
  /** Receives what ESX prints. */
  print?: (line: string) => void;
}

/** A loaded player. */
export interface EsxPlayer {
  /** ESX identifier. */
  identifier: string;
  /** Character name. */
  name: string;
  /** License identifier. */
  license: string;
  /** Balances by account name. */
  accounts: Record<string, number>;
  /** ESX's own inventory: item → count (unused in ox mode). */
  inventory: Map<string, number>;
  /** Carried weight of ESX's own inventory (ESX keeps it as a number next to the items). */
  weight: number;
}

/** Default Config.Accounts order as ESX 1.13.5 indexes it without ox_inventory (esx.json). */
export const ESX_ACCOUNTS: EsxAccountDef[] = [
  { name: 'black_money', label: 'Dirty Money' },
  { name: 'bank', label: 'Bank' },
  { name: 'money', label: 'Cash' },
];

/** Config.Accounts order as recorded with ox_inventory installed (esx-ox.json, esx-ox-stopped.json). */
export const ESX_OX_ACCOUNTS: EsxAccountDef[] = [
  { name: 'black_money', label: 'Dirty Money' },
  { name: 'money', label: 'Cash' },
  { name: 'bank', label: 'Bank' },
];

/** ESX's identifier from a player's identifiers: `GetPlayerIdentifierByType(src, 'license')` (a prefix match), `license:` removed. */
export function esxIdentifier(identifiers: string[]): string | undefined {
  const license = identifiers.find((id) => id.startsWith('license'));
  return license?.replaceAll('license:', '');
}

/** The ESX model. */
export type EsxModel = ReturnType<typeof createEsxModel>;

/** Creates the model. */
export function createEsxModel(options: EsxModelOptions) {
  const accountDefs = options.accounts ?? ESX_ACCOUNTS;
  const players = new Map<number, EsxPlayer>();
  let oxSetting: EsxOxState = options.ox ?? 'missing';
  const oxNow = (): EsxOxState => options.oxState?.() ?? oxSetting;
  const print = (line: string) => options.print?.(line);
  const pay = (entry: EsxPayEntry, apply: () => void) => (options.pay ? options.pay(entry, apply) : apply());
  const OX_FILE = '@es_extended/server/classes/overrides/oxinventory.lua';
  const PLAYER_FILE = '@es_extended/server/classes/player.lua';

  const oxRunning = (line: number): EsxOxBridge => {
    const ox = oxNow();
    if (ox === 'never-started' || !options.oxInventory)
      throw new LuaError(`${OX_FILE}:${line}: attempt to index a nil value (upvalue 'Inventory')`);
    if (ox === 'stopped') throw new LuaError(`${OX_FILE}:${line + 1}: Error in nested ref call.`);
    return options.oxInventory;
  };

  const account = (p: EsxPlayer, name: string) => {
    const index = accountDefs.findIndex((a) => a.name === name);
    if (index < 0 || !(name in p.accounts)) return undefined;
    return {
      index: index + 1,
      label: accountDefs[index]?.label ?? name,
      money: p.accounts[name],
      name,
      round: true,
    };
  };

  const credit = (src: number, p: EsxPlayer, name: string, amount: number, reason: unknown) => {
    pay(
      {
        player: src,
        kind: name,
        name,
        amount,
        reason: reason == null ? null : String(reason),
      },
      () => {
        p.accounts[name] = (p.accounts[name] ?? 0) + amount;
      },
    );
  };

  const addAccountMoney = (
    src: number,
    p: EsxPlayer,
    accountName: unknown,
    money: unknown,
    reason?: unknown,
  ) => {
    const name = String(accountName);
    const ox = oxNow();
    if (ox !== 'missing') {
      if (typeof money !== 'number')
        throw new LuaError(
          `${OX_FILE}:67: attempt to compare ${money == null ? 'nil' : typeof money} with number`,
        );
      if (money < 1 || !account(p, name)) return undefined;
      const amount = roundHalfUp(money);
      credit(src, p, name, amount, reason);
      if (ox === 'never-started') oxRunning(76);
      // Only `money` is an ox_inventory account (mirrored as its `money` item).
      if (name === 'money') oxRunning(76).AddItem(src, 'money', amount);
      return undefined;
    }
    const invalidNumber = (line: number) =>
      `${PLAYER_FILE}:${line}: Tried To Set Account ^5${name}^1 For Player ^5${src}^1 To An Invalid Number -> ^5${String(money)}^1`;
    const refuse = (message: string) => {
      if (options.legacy) print(message);
      else throw new LuaError(message);
    };
    if (typeof money !== 'number' || Number.isNaN(money)) return refuse(invalidNumber(413));
    if (!(money > 0)) return refuse(invalidNumber(428));
    if (!account(p, name))
      return refuse(
        `${PLAYER_FILE}:425: Tried To Set Add To Invalid Account ^5${name}^1 For Player ^5${src}^1!`,
      );
    credit(src, p, name, roundHalfUp(money), reason);
    return undefined;
  };

  const esxItem = (p: EsxPlayer, name: string) => {
    const def = options.items[name];
    if (!def) return undefined;
    return {
      canRemove: def.canRemove ?? 1,
      count: p.inventory.get(name) ?? 0,
      label: def.label,
      name,
      rare: def.rare ?? 0,
      usable: false,
      weight: def.weight,
    };
  };

  /** The xPlayer closures (dot-called, bound to the player). */
  const xPlayer = (src: number): Record<string, unknown> | undefined => {
    const p = players.get(src);
    if (!p) return undefined;
    return {
      source: src,
      playerId: src,
      identifier: p.identifier,
      license: p.license,
      name: p.name,
      maxWeight: options.maxWeight,
      weight: p.weight,
      accounts: accountDefs.flatMap((a) => {
        const found = account(p, a.name);
        return found ? [found] : [];
      }),
      getIdentifier: () => p.identifier,
      getName: () => p.name,
      getMoney: () => p.accounts.money ?? 0,
      getWeight: () => p.weight,
      getMaxWeight: () => options.maxWeight,
      getAccount: (name: unknown) => account(p, String(name)),
      addMoney: (money: unknown, reason?: unknown) => addAccountMoney(src, p, 'money', money, reason),
      addAccountMoney: (name: unknown, money: unknown, reason?: unknown) =>
        addAccountMoney(src, p, name, money, reason),
      removeAccountMoney: (name: unknown, money: unknown) => {
        const key = String(name);
        if (typeof money !== 'number' || !(money > 0))
          throw new LuaError(
            `${PLAYER_FILE}:455: Tried To Set Account ^5${key}^1 For Player ^5${src}^1 To An Invalid Number -> ^5${String(money)}^1`,
          );
        if (!account(p, key))
          throw new LuaError(
            `${PLAYER_FILE}:452: Tried To Set Add To Invalid Account ^5${key}^1 For Player ^5${src}^1!`,
          );
        p.accounts[key] = (p.accounts[key] ?? 0) - roundHalfUp(money);
        return undefined;
      },
      canCarryItem: (name: unknown, count: unknown) => {
        if (oxNow() !== 'missing') return oxRunning(126).CanCarryItem(src, name, count);
        const def = options.items[String(name)];
        if (!def) {
          print(`[^3WARNING^7] Item ^5"${String(name)}"^7 was used but does not exist!`);
          return options.legacy ? undefined : false;
        }
        return p.weight + def.weight * Number(count) <= options.maxWeight;
      },
      getInventoryItem: (name: unknown) => {
        if (oxNow() !== 'missing') return oxRunning(102).GetItem(src, name);
        return esxItem(p, String(name));
      },
      addInventoryItem: (name: unknown, count: unknown) => {
        if (oxNow() !== 'missing') return oxRunning(108).AddItem(src, name, count ?? 1);
        const item = String(name);
        const def = options.items[item];
        if (!def) return undefined;
        const n = roundHalfUp(Number(count));
        pay({ player: src, kind: 'item', name: item, amount: n }, () => {
          p.inventory.set(item, (p.inventory.get(item) ?? 0) + n);
          p.weight += def.weight * n;
        });
        return undefined;
      },
      showNotification: () => undefined,
    };
  };

  const runStaticPlayerMethod = (src: unknown, method: unknown, ...args: unknown[]) => {
    if (typeof src !== 'number') return undefined;
    const x = xPlayer(src);
    if (!x) return undefined;
    const fn = x[String(method)];
    if (typeof fn !== 'function')
      throw new LuaError(
        `${PLAYER_FILE}:964: Attempted to call invalid method on playerId ${src}: ${String(method)}`,
      );
    return (fn as (...a: unknown[]) => unknown)(...args);
  };

  const sharedObject = () => ({
    Items: Object.fromEntries(
      Object.entries(options.items).map(([name, def]) => [
        name,
        { canRemove: def.canRemove ?? 1, label: def.label, rare: def.rare ?? 0, weight: def.weight },
      ]),
    ),
    GetConfig: (key?: unknown) =>
      key === 'Accounts'
        ? Object.fromEntries(
            accountDefs.map((a, i) => [a.name, { label: a.label, round: true, index: i + 1 }]),
          )
        : undefined,
    GetPlayerFromId: (src: unknown) => {
      const id = typeof src === 'number' ? src : Number(src);
      return Number.isInteger(id) ? xPlayer(id) : undefined;
    },
    GetPlayers: () => [...players.keys()],
    GetExtendedPlayers: () => [...players.keys()].map((id) => xPlayer(id)),
  });

  return {
    players,
    exports: {
      RunStaticPlayerMethod: runStaticPlayerMethod,
      getSharedObject: sharedObject,
    },
    xPlayer,
    /** Loads a character (ESX's playerLoaded); accounts missing from `init` start at 0. */
    load(
      src: number,
      init: {
        identifier: string;
        name?: string;
        license?: string;
        accounts?: Record<string, number>;
        items?: Record<string, number>;
      },
    ): EsxPlayer {
      const player: EsxPlayer = {
        identifier: init.identifier,
        name: init.name ?? `Player ${src}`,
        license: init.license ?? `license:${init.identifier}`,
        accounts: { ...Object.fromEntries(accountDefs.map((a) => [a.name, 0])), ...(init.accounts ?? {}) },
        inventory: new Map(Object.entries(init.items ?? {})),
        weight: 0,
      };
      for (const [name, count] of player.inventory)
        player.weight += (options.items[name]?.weight ?? 0) * count;
      players.set(src, player);
      return player;
    },
    /** The player left (ESX saves and removes the xPlayer). */
    drop(src: number): void {
      players.delete(src);
    },
    /** ox_inventory's state as ESX sees it. */
    ox: (): EsxOxState => oxNow(),
    /** Changes ox_inventory's state (started, stopped, restarted). */
    setOx(state: EsxOxState): void {
      oxSetting = state;
    },
    /** Accounts (and ESX's own inventory when ox is not in use) per loaded player: the shape the transcripts record. */
    snapshot(): Record<string, unknown> {
      const out: Record<string, unknown> = {};
      for (const [src, p] of players) {
        const entry: Record<string, unknown> = { accounts: { ...p.accounts } };
        if (oxNow() === 'missing') {
          entry.items = Object.fromEntries([...p.inventory].filter(([, n]) => n > 0));
          entry.weight = p.weight;
          entry.maxWeight = options.maxWeight;
        }
        out[`player ${src}`] = entry;
      }
      return out;
    },
    /** Sets the balance of an account as another script would. */
    setBalance(src: number, name: string, value: number): void {
      const p = players.get(src);
      if (p) p.accounts[name] = value;
    },
  };
}
