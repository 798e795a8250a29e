/**
 * Model of ND_Core 2.3.2 (ND-Framework/ND_Core 0e6caf79) characters and the exports the adapter calls, on the
 * ox_inventory model; shared by the unit fake (devkit/fakes/frameworks/nd-core.ts) and the simulated FXServer resource
 * (devkit/fxserver/resources/nd-core.ts).
 *
 * Derived from the transcript test/frameworks/transcripts/nd-core.json. Recorded facts it reproduces:
 * - `getPlayer(src)`: the active character table (id, source, identifier, user_id, names, cash, bank, ... and
 *   closures), or nothing: before a character is active, after the player left, and for a string id ('1').
 * - `character.addMoney(account, amount, reason)`: nothing for an account other than 'cash' / 'bank' (case matters)
 *   or when `tonumber(amount)` is not above 0 (0, -5, 'abc'); otherwise adds it as given (0.4, '25' as 25, 1e15)
 *   to the live character and answers true. Cash is then mirrored into ox_inventory's `money` item (its ND bridge,
 *   on `ND:moneyChange`): the item count plus the amount.
 * - Without a multicharacter resource a joining player's first character (or a new one, 0 cash and 0 bank) becomes
 *   active 3 s after `playerJoining`; ox_inventory then opens the inventory (label "first last", owner the charid) and
 *   sets the money item to the cash.
 * - A player who leaves is unloaded: getPlayer answers nothing and ox_inventory drops the inventory.
 * Guesses (no transcript covers them): `deductMoney` (read from player.lua:49-61, mirrored like addMoney); the money
 * item changed through ox_inventory writing back into `cash` (the bridge's syncInventory) is not modelled; a restart of
 * ND_Core (every character unloaded) is not modelled.
 */
import type { OxModel } from './ox-inventory';

/** An ND_Core character as the model keeps it. */
export interface NdCharacter {
  /** charid. */
  id: number;
  /** `license:...` (the `core:characterIdentifier` type). */
  identifier: string;
  /** nd_users row. */
  userId: number;
  /** First name. */
  firstname: string;
  /** Last name. */
  lastname: string;
  /** Cash in hand. */
  cash: number;
  /** Bank balance. */
  bank: number;
}

/** What ox_inventory's ND bridge does for ND_Core (its `ND:characterLoaded`, `ND:moneyChange` and unload handlers). */
export interface NdInventoryBridge {
  /** A character became active: ox_inventory opens the inventory and sets the money item to the cash. */
  opened(source: number, character: NdCharacter): void;
  /** Cash moved by `delta`: the money item follows. */
  cashMoved(source: number, delta: number): void;
  /** The character was unloaded: ox_inventory drops the inventory. */
  closed(source: number): void;
}

/** The bridge over the ox_inventory model while `running()` says ox_inventory is started. */
export function oxBridge(ox: OxModel, running: () => boolean = () => true): NdInventoryBridge {
  return {
    opened(source, c) {
      if (!running()) return;
      ox.open(source, { label: `${c.firstname} ${c.lastname}`, owner: c.id });
      ox.setCount(source, 'money', c.cash);
    },
    cashMoved(source, delta) {
      if (running() && ox.inventory(source)) ox.setCount(source, 'money', ox.count(source, 'money') + delta);
    },
    closed(source) {
      ox.close(source);
    },
  };
}

/** Options of the ND_Core model. */
export interface NdModelOptions {
  /** ox_inventory's ND bridge, when ox_inventory is installed. */
  inventory?: NdInventoryBridge;
  /** Called before money is added (the simulated server records a payout); a throw aborts. */
  onPay?: (source: number, account: string, amount: number, reason: unknown) => void;
  /** Runs a function after `ms` (ND_Core's `Wait(3000)` in its join thread). */
  later?: (fn: () => void, ms: number) => void;
}

/** The ND_Core model. */
export type NdModel = ReturnType<typeof createNdModel>;

/** Lua's `tonumber` for the values a caller passes: a number, or a string that reads as one. */
function luaNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isNaN(n) ? undefined : n;
}

/** Creates the model. */
export function createNdModel(options: NdModelOptions = {}) {
  const players = new Map<number, NdCharacter>();
  const saved = new Map<string, NdCharacter>();
  let nextId = 1;

  const mirrorCash = (source: number, amount: number, sign: 1 | -1) =>
    options.inventory?.cashMoved(source, sign * amount);

  const character = (source: number, c: NdCharacter) => ({
    id: c.id,
    source,
    identifier: c.identifier,
    user_id: c.userId,
    firstname: c.firstname,
    lastname: c.lastname,
    fullname: `${c.firstname} ${c.lastname}`,
    cash: c.cash,
    bank: c.bank,
    addMoney(account: unknown, amount: unknown, reason?: unknown) {
      const n = luaNumber(amount);
      if (n === undefined || n <= 0 || (account !== 'bank' && account !== 'cash')) return undefined;
      options.onPay?.(source, account, n, reason);
      c[account] += n;
      if (account === 'cash' && players.get(source) === c) mirrorCash(source, n, 1);
      return true;
    },
    deductMoney(account: unknown, amount: unknown) {
      const n = luaNumber(amount);
      if (n === undefined || n <= 0 || (account !== 'bank' && account !== 'cash')) return undefined;
      c[account] -= n;
      if (account === 'cash' && players.get(source) === c) mirrorCash(source, n, -1);
      return true;
    },
  });

  /** Makes a character active (ND's `character.active()`): stored, then ox_inventory opens the inventory. */
  const activate = (source: number, c: NdCharacter) => {
    players.set(source, c);
    nextId = Math.max(nextId, c.id + 1);
    options.inventory?.opened(source, c);
  };

  return {
    players,
    exports: {
      getPlayer: (src: unknown) => {
        if (typeof src !== 'number') return undefined;
        const c = players.get(src);
        return c ? character(src, c) : undefined;
      },
    },
    /** Makes `init` the active character of `source` now (ND_Characters' setActiveCharacter, or a test). */
    load(source: number, init: Partial<NdCharacter> = {}): NdCharacter {
      const c: NdCharacter = {
        id: init.id ?? nextId,
        identifier: init.identifier ?? `license:nd${source}`,
        userId: init.userId ?? source,
        firstname: init.firstname ?? `Player${source}`,
        lastname: init.lastname ?? '',
        cash: init.cash ?? 0,
        bank: init.bank ?? 0,
      };
      activate(source, c);
      return c;
    },
    /**
     * A player joins without a multicharacter resource: 3 s later their saved character (by identifier) or a new one
     * (named after the player, 0 cash, 0 bank) becomes active, if they are still there (`present`).
     */
    join(
      source: number,
      who: { name: string; identifier: string },
      present: () => boolean = () => true,
    ): void {
      const run = () => {
        if (!present() || players.has(source)) return;
        const c = saved.get(who.identifier) ?? {
          id: nextId,
          identifier: who.identifier,
          userId: source,
          firstname: who.name,
          lastname: '',
          cash: 0,
          bank: 0,
        };
        activate(source, c);
      };
      (options.later ?? ((fn) => fn()))(run, 3000);
    },
    /** The player left (or the character was unloaded): saved, and ox_inventory drops the inventory. */
    drop(source: number): void {
      const c = players.get(source);
      if (c) saved.set(c.identifier, c);
      players.delete(source);
      options.inventory?.closed(source);
    },
    /** id, cash and bank per active character: the shape the transcripts record. */
    snapshot(): Record<string, unknown> {
      return Object.fromEntries(
        [...players].map(([src, c]) => [`player ${src}`, { bank: c.bank, cash: c.cash, id: c.id }]),
      );
    },
  };
}
