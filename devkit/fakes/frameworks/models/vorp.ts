/**
 * Model of VORP (vorp_core-lua 3.1 + vorp_inventory-lua 4.2), from test/frameworks/transcripts/vorp.json:
 * - `GetCore().getUser(src)`: nothing without Steam (or after the player left), else a snapshot whose
 *   `getUsedCharacter` is `[]` (an empty Lua table) before a character is selected, or the character's fields
 *   (`charIdentifier`, `money`, `gold`, `rol`) taken at that call with `addCurrency(0|1|2, qty)`, which answers
 *   nothing, checks nothing and adds `qty` as Lua would (a numeric string is coerced); an unknown currency changes
 *   nothing.
 * - vorp_inventory: `canCarryItem(src, item, n)` false for an unknown item, over the item's limit, or over the
 *   character's capacity (weight x count, `>`), true whatever the count for an item whose limit is -1; raises for a
 *   player with no character selected (`attempt to compare nil with number`); `addItem(src, item, n)` false for an
 *   unknown item or n <= 0, else adds n as given (fractions too) and answers true, raising (`table index is nil`) for
 *   a player with no character; it answers directly as in the transcript (the harness's MySQL `.await` does not
 *   yield), a Promise with `asyncAddItem` as on a real server; `getItemCount(src, cb, item)` the count, 0 for an
 *   unknown item or player; `getItemDB(item)` the item's row fields or false.
 * Gold as the adapter pays it is the transcript's `adapter-gold` (addCurrency(1, 3): gold 2 → 5, money untouched),
 * recorded on vorp_core-lua at b3ee8560b31c like the rest.
 * Guesses (no transcript covers them): metadata stacks, degradation, weapons.
 * Shared by the unit fake (../vorp.ts) and the simulated FXServer's resources (devkit/fxserver/resources/redm.ts).
 */
import { LuaError } from './lua';

/** A vorp_inventory `items` row as the fake needs it. */
export interface VorpItemDef {
  /** Row id (getItemDB answers it). */
  id?: number;
  label: string;
  /** Per player, -1 = no limit. */
  limit: number;
  weight: number;
}

/** A selected character. */
export interface VorpCharacter {
  charIdentifier: number;
  money: number;
  gold: number;
  rol: number;
}

/** A connected player as VORP sees them. */
export interface VorpPlayer {
  /** `steam:` identifier, or undefined (VORP has no user then). */
  steam?: string;
  character?: VorpCharacter;
  /** Item counts of the selected character. */
  items: Record<string, number>;
  /**
   * The characters not selected now, with their money and items, by `charIdentifier`: VORP keeps an inventory per
   * character (vorp_inventory's `characters_inventories` rows are keyed by charIdentifier), so selecting another
   * character shows another inventory. Multi-character switching is not in the transcript: this follows VORP's data
   * model as its source reads, not a recorded call.
   */
  others?: Map<number, { character: VorpCharacter; items: Record<string, number> }>;
  /** Inventory capacity (character slots). */
  capacity: number;
  /** Left the server (VORP still holds the user for 6 s). */
  left?: boolean;
  /** VORP removed the user (6 s after leaving); vorp_inventory keeps the inventory. */
  forgotten?: boolean;
}

/** The default item list of the fake (vorp.json's world). */
export const VORP_FAKE_ITEMS: Record<string, VorpItemDef> = {
  bread: { id: 1, label: 'Bread', limit: 10, weight: 0.25 },
  water: { id: 2, label: 'Water', limit: 10, weight: 0.5 },
  wood: { id: 3, label: 'Wood', limit: 300, weight: 1 },
  gold_nugget: { id: 4, label: 'Gold nugget', limit: -1, weight: 0.1 },
};

const CURRENCIES = ['money', 'gold', 'rol'] as const;

/** Options of the VORP model. */
export interface VorpModelOptions {
  items?: Record<string, VorpItemDef>;
  /** addItem answers a Promise, as on a real server where its MySQL awaits yield (the harness's do not). */
  asyncAddItem?: boolean;
  /** The host's timer (VORP forgets a user 6 s after they leave). */
  setTimeout(fn: () => void, ms: number): void;
  /** Called before money or items are added (the simulated server records a payout); a throw aborts. */
  onPay?: (source: number, kind: string, name: string, amount: number) => void;
  /**
   * With `asyncAddItem`: how long the answer of one addItem call waits (its MySQL insert), as a promise the host's
   * timer resolves; null answers at once. The items are added when the call starts, to the character selected then.
   */
  addItemWait?: (source: number) => Promise<void> | null;
}

/** Creates the VORP model: vorp_core's `GetCore` and vorp_inventory's exports over shared players. */
export function createVorpModel(options: VorpModelOptions) {
  const items = { ...(options.items ?? VORP_FAKE_ITEMS) };
  const players = new Map<number, VorpPlayer>();

  const weight = (p: VorpPlayer) =>
    Object.entries(p.items).reduce((sum, [name, n]) => sum + (items[name]?.weight ?? 1) * n, 0);

  const snapshot = (src: number) => {
    const p = players.get(src);
    if (!p?.steam || p.left) return undefined;
    const c = p.character;
    const character = c
      ? {
          ...c,
          addCurrency: (currency: unknown, quantity: unknown) => {
            const key = CURRENCIES[Number(currency)];
            if (key === undefined || !Number.isInteger(currency)) return undefined;
            const n = typeof quantity === 'string' ? Number(quantity) : (quantity as number);
            if (typeof n !== 'number' || Number.isNaN(n))
              throw new LuaError('@vorp_core/server/class/character.lua:359: attempt to perform arithmetic');
            options.onPay?.(src, key === 'money' ? 'money' : key, key, n);
            c[key] += n;
            return undefined;
          },
        }
      : [];
    return { source: src, getUsedCharacter: character };
  };

  const connect = (src: number, steam?: string): VorpPlayer => {
    const p: VorpPlayer = { steam, items: {}, capacity: 200 };
    players.set(src, p);
    return p;
  };

  const inventoryExports = {
    canCarryItem(src: unknown, item: unknown, amount: unknown) {
      const p = players.get(Number(src));
      if (!p?.steam || p.left) return false;
      const def = items[String(item)];
      if (!def) return false;
      if (def.limit === -1) return true;
      if (!p.character)
        throw new LuaError(
          '@vorp_inventory/server/services/inventoryApiService.lua:122: attempt to compare nil with number',
        );
      const n = amount as number;
      if ((p.items[String(item)] ?? 0) + n > def.limit) return false;
      return !(weight(p) + def.weight * n > p.capacity);
    },
    addItem(src: unknown, item: unknown, amount: unknown) {
      const def = items[String(item)];
      if (!def) return false;
      const p = players.get(Number(src));
      if (!p?.steam || p.left) return false;
      if (!p.character)
        throw new LuaError('@vorp_inventory/server/services/inventoryApiService.lua:423: table index is nil');
      const n = amount as number;
      if (!(n > 0)) return false;
      options.onPay?.(Number(src), 'item', String(item), n);
      p.items[String(item)] = (p.items[String(item)] ?? 0) + n;
      if (!options.asyncAddItem) return true;
      const wait = options.addItemWait?.(Number(src)) ?? null;
      return wait ? wait.then(() => true) : Promise.resolve(true);
    },
    getItemCount(src: unknown, _cb: unknown, item: unknown) {
      const p = players.get(Number(src));
      if (!items[String(item)] || !p?.character || p.left) return 0;
      return p.items[String(item)] ?? 0;
    },
    getItemDB(item: unknown) {
      const def = items[String(item)];
      if (!def) return false;
      return {
        canRemove: 1,
        canUse: 1,
        desc: def.label,
        group: 1,
        id: def.id ?? 0,
        item: String(item),
        label: def.label,
        limit: def.limit,
        maxDegradation: 0,
        metadata: [],
        type: 'item_standard',
        weight: def.weight,
      };
    },
  };

  return {
    players,
    items,
    /** vorp_core's exports. */
    coreExports: { GetCore: () => ({ getUser: (src: unknown) => snapshot(Number(src)) }) },
    /** vorp_inventory's exports. */
    inventoryExports,
    /** Connects a player (Steam or not); `select` gives them a character. */
    connect,
    /** Selects a character for a connected player. */
    select(src: number, character: Partial<VorpCharacter> = {}): VorpPlayer {
      const p = players.get(src) ?? connect(src, `steam:${src}`);
      const next = { charIdentifier: src, money: 0, gold: 0, rol: 0, ...character };
      // The character selected before keeps its money and items; one selected again gets its own back.
      const others = p.others ?? new Map();
      p.others = others;
      if (p.character) others.set(p.character.charIdentifier, { character: p.character, items: p.items });
      const kept = others.get(next.charIdentifier);
      others.delete(next.charIdentifier);
      p.character = kept && Object.keys(character).length <= 1 ? kept.character : next;
      p.items = kept?.items ?? {};
      return p;
    },
    /**
     * The player leaves: getUser answers nothing at once (a source that left has no Steam id), VORP forgets the user
     * 6 s later.
     */
    drop(src: number) {
      const p = players.get(src);
      if (!p) return;
      p.left = true;
      options.setTimeout(() => {
        p.forgotten = true;
      }, 6000);
    },
    /** The world's state in the transcript's shape (vorp.json `state`: characters and inventories by Steam id). */
    state() {
      const core: Record<string, unknown> = {};
      const inventories: Record<string, unknown> = {};
      for (const p of players.values()) {
        if (!p.steam) continue;
        const c = p.character;
        if (!p.forgotten)
          core[p.steam] = c
            ? { charIdentifier: c.charIdentifier, gold: c.gold, money: c.money, rol: c.rol }
            : { selected: false };
        if (c) {
          const held = Object.fromEntries(Object.entries(p.items).filter(([, n]) => n !== 0));
          inventories[p.steam] = {
            items: Object.keys(held).length > 0 ? held : [],
            weight: weight(p),
          };
        }
      }
      return { vorp_core: core, vorp_inventory: inventories };
    },
    money: (src: number) => players.get(src)?.character?.money,
    gold: (src: number) => players.get(src)?.character?.gold,
    itemCount: (src: number, item: string) => players.get(src)?.items[item] ?? 0,
    weight: (src: number) => {
      const p = players.get(src);
      return p ? weight(p) : 0;
    },
  };
}
