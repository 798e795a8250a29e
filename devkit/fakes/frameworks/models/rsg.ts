/**
 * Model of rsg-core 2.3.12 + rsg-inventory 2.8.5 (RedM), from test/frameworks/transcripts/rsg.json:
 * - `GetCoreObject()` the whole core (any argument ignored): `Config.Money` (`MoneyTypes`, `EnableMoneyItems`),
 *   `Shared.Items`, `Functions.GetPlayer(src)` (nothing until the character is loaded).
 * - player `Functions.AddMoney(type, n)`: false for a non-number, nothing for n < 0, false for a fractional `gold` or
 *   an unknown type, else true. With money items on (rsg-core's default), cash is the `dollar` (and `cent`) items:
 *   AddMoney('cash') adds them, and when they do not fit the balance stays where the items say (it still answers
 *   true; on a real server rsg-inventory drops the items on the ground); any item change re-reads cash from the
 *   items. `GetMoney(type)` the balance, nothing for an unknown type.
 * - rsg-inventory: `CanAddItem(src, item, n)` false for an unknown item, `false, 'weight'`, `false, 'slots'` (every
 *   slot used, even when the item would stack), true, and **true for a player who is not loaded**; `AddItem` false
 *   for an unknown item or player or n <= 0, else stacks or takes the first free slot; too heavy or no slot, a
 *   Promise of false (ForceDropItem waits for the bag it spawns; the harness cannot spawn it, a real server drops the
 *   items on the ground); `GetItemsByName` the stacks (nothing for a player who is not
 *   loaded); `GetItemCount` the exact name's total (nothing likewise).
 * Guesses (no transcript covers them): unique items, decay, cents from fractional cash, stashes.
 * Shared by the unit fake (../rsg.ts) and the simulated FXServer's resources (devkit/fxserver/resources/redm.ts).
 */
import { luaValues } from './lua';

/** An RSGCore shared item. */
export interface RsgItemDef {
  label: string;
  /** Grams per unit. */
  weight: number;
  description?: string;
  useable?: boolean;
  shouldClose?: boolean;
}

/** A loaded RSG character. */
export interface RsgPlayer {
  citizenid: string;
  money: Record<string, number>;
  /** Slots (index 0 = slot 1). */
  slots: ({ name: string; amount: number } | undefined)[];
  /** Weight carried besides modelled items (grams; replay ballast). */
  ballast: number;
}

/** rsg-core's default money types. */
export const RSG_MONEY_TYPES = [
  'cash',
  'gold',
  'bank',
  'valbank',
  'rhobank',
  'blkbank',
  'armbank',
  'bloodmoney',
];

/** Items of the fake by default (rsg-core shared/items.lua values). */
export const RSG_FAKE_ITEMS: Record<string, RsgItemDef> = {
  dollar: {
    label: 'Dollars',
    weight: 1,
    description: 'Standard currency used for everyday transactions',
    useable: false,
    shouldClose: false,
  },
  cent: {
    label: 'Cents',
    weight: 3,
    description: 'Small denomination of currency, commonly used for change',
    useable: false,
    shouldClose: false,
  },
  water: { label: 'Water', weight: 100, description: 'Drinkable Water' },
};

/** Options of the RSG model. */
export interface RsgModelOptions {
  items?: Record<string, RsgItemDef>;
  /** rsg-core `EnableMoneyItems` (default true, as shipped). */
  moneyItems?: boolean;
  maxWeight?: number;
  maxSlots?: number;
  /** The host's timer (ForceDropItem's wait). */
  setTimeout(fn: () => void, ms: number): void;
  /** Called before money or items are added (the simulated server records a payout); a throw aborts. */
  onPay?: (source: number, kind: string, name: string, amount: number) => void;
}

/** Creates the RSG model: rsg-core's `GetCoreObject` and rsg-inventory's exports over shared players. */
export function createRsgModel(options: RsgModelOptions) {
  const items: Record<string, RsgItemDef> = { ...(options.items ?? RSG_FAKE_ITEMS) };
  const moneyItems = options.moneyItems ?? true;
  const maxWeight = options.maxWeight ?? 35000;
  const maxSlots = options.maxSlots ?? 25;
  const players = new Map<number, RsgPlayer>();
  const sourceOf = (p: RsgPlayer) => [...players].find(([, q]) => q === p)?.[0] ?? 0;

  const player = (src: unknown) => players.get(typeof src === 'number' ? src : Number(src));
  const weightOf = (p: RsgPlayer) =>
    p.slots.reduce((sum, s) => sum + (s ? (items[s.name]?.weight ?? 0) * s.amount : 0), p.ballast);
  const count = (p: RsgPlayer, name: string) =>
    p.slots.reduce((sum, s) => sum + (s?.name === name ? s.amount : 0), 0);
  const syncCash = (p: RsgPlayer) => {
    if (moneyItems) p.money.cash = count(p, 'dollar') + count(p, 'cent') / 100;
  };
  const sharedItem = (name: string, def: RsgItemDef) => ({
    description: def.description ?? '',
    image: `${name}.png`,
    label: def.label,
    name,
    shouldClose: def.shouldClose ?? true,
    type: 'item',
    unique: false,
    useable: def.useable ?? true,
    weight: def.weight,
  });
  const problem = (p: RsgPlayer, name: string, n: number): 'weight' | 'slots' | null => {
    const def = items[name.toLowerCase()] as RsgItemDef;
    if (weightOf(p) + def.weight * n > maxWeight) return 'weight';
    if (!p.slots.includes(undefined)) return 'slots';
    return null;
  };
  /** rsg-inventory's AddItem: true when added. */
  const addItem = (p: RsgPlayer, item: string, n: number, pay = true): boolean => {
    if (!(n > 0) || !items[item.toLowerCase()]) return false;
    const def = items[item.toLowerCase()] as RsgItemDef;
    if (weightOf(p) + def.weight * n > maxWeight) return false;
    const at = p.slots.findIndex((s) => s?.name === item);
    const index = at >= 0 ? at : p.slots.indexOf(undefined);
    if (index < 0) return false;
    if (pay) options.onPay?.(sourceOf(p), 'item', item, n);
    p.slots[index] = { name: item, amount: (p.slots[index]?.amount ?? 0) + n };
    syncCash(p);
    return true;
  };

  const playerObject = (src: number, p: RsgPlayer) => ({
    PlayerData: { source: src, citizenid: p.citizenid, money: { ...p.money } },
    Functions: {
      AddMoney: (moneytype: unknown, amount: unknown) => {
        const type = String(moneytype).toLowerCase();
        const n = typeof amount === 'number' ? amount : Number(amount);
        if (Number.isNaN(n)) return false;
        if (n < 0) return undefined;
        if (type === 'gold' && n % 1 !== 0) return false;
        if (!(type in p.money)) return false;
        if (moneyItems && type === 'cash') {
          const dollars = Math.trunc(n);
          const cents = Math.floor((n - dollars) * 100);
          const fits = (name: string, count: number) => count <= 0 || problem(p, name, count) !== 'weight';
          if (fits('dollar', dollars) && fits('cent', cents)) options.onPay?.(src, 'money', 'cash', n);
          if (dollars > 0) addItem(p, 'dollar', dollars, false);
          if (cents > 0) addItem(p, 'cent', cents, false);
          return true;
        }
        options.onPay?.(src, type === 'cash' ? 'money' : type, type, n);
        p.money[type] = (p.money[type] ?? 0) + n;
        return true;
      },
      GetMoney: (moneytype: unknown) => {
        if (typeof moneytype !== 'string') return false;
        return p.money[moneytype.toLowerCase()];
      },
    },
  });

  const core = () => ({
    Config: {
      Money: {
        // Starting amounts of rsg-core's config.lua.
        MoneyTypes: Object.fromEntries(RSG_MONEY_TYPES.map((t) => [t, t === 'cash' ? 50 : 0])),
        EnableMoneyItems: moneyItems,
      },
    },
    Shared: {
      Items: Object.fromEntries(Object.entries(items).map(([name, def]) => [name, sharedItem(name, def)])),
    },
    Functions: {
      GetPlayer: (src: unknown) => {
        const p = player(src);
        return p ? playerObject(Number(src), p) : undefined;
      },
    },
  });

  const inventoryExports: Record<string, (...args: unknown[]) => unknown> = {
    CanAddItem(src, item, amount) {
      const p = player(src);
      if (!p) return true;
      const name = String(item);
      if (!items[name.toLowerCase()]) return false;
      const why = problem(p, name, Number(amount));
      return why ? luaValues(false, why) : true;
    },
    AddItem(src, item, amount) {
      const p = player(src);
      if (!p) return false;
      const name = String(item);
      const n = typeof amount === 'number' ? amount : Number(amount);
      if (!(n > 0) || !items[name.toLowerCase()]) return false;
      if (addItem(p, name, n)) return true;
      // Too heavy or no slot: ForceDropItem spawns a bag and waits for it (Wait in a loop), so JS gets a Promise; the
      // harness has no entities, so its 5 s of polling end without a drop and AddItem answers false.
      return new Promise((resolve) => options.setTimeout(() => resolve(false), 5000));
    },
    GetItemsByName(src, item) {
      const p = player(src);
      if (!p) return undefined;
      const wanted = String(item).toLowerCase();
      return p.slots.flatMap((s, i) =>
        s?.name.toLowerCase() === wanted
          ? [{ ...sharedItem(s.name, items[s.name] as RsgItemDef), amount: s.amount, info: [], slot: i + 1 }]
          : [],
      );
    },
    GetItemCount(src, item) {
      const p = player(src);
      return p ? count(p, String(item)) : undefined;
    },
  };

  return {
    players,
    items,
    /** rsg-core's exports. */
    coreExports: { GetCoreObject: () => core() },
    /** rsg-inventory's exports. */
    inventoryExports,
    /** Loads a character; `items` go into the first slots in order; cash follows the dollar items when they are on. */
    load(
      src: number,
      init: {
        citizenid?: string;
        money?: Record<string, number>;
        items?: Record<string, number>;
        ballast?: number;
      } = {},
    ): RsgPlayer {
      const p: RsgPlayer = {
        citizenid: init.citizenid ?? `RSG${src}`,
        money: { ...Object.fromEntries(RSG_MONEY_TYPES.map((t) => [t, 0])), ...(init.money ?? {}) },
        slots: Array.from({ length: maxSlots }, () => undefined),
        ballast: init.ballast ?? 0,
      };
      Object.entries(init.items ?? {}).forEach(([name, amount], i) => {
        items[name] ??= { label: name, weight: 0 };
        p.slots[i] = { name, amount };
      });
      players.set(src, p);
      return p;
    },
    /** The character leaves. */
    unload(src: number) {
      players.delete(src);
    },
    money: (src: number, type: string) => players.get(src)?.money[type],
    itemCount: (src: number, item: string) => {
      const p = players.get(src);
      return p ? count(p, item) : 0;
    },
    weight: (src: number) => {
      const p = players.get(src);
      return p ? weightOf(p) : 0;
    },
    /** The world's state in rsg.json's shape. */
    state() {
      const out: Record<string, unknown> = {};
      for (const [src, p] of players) {
        const held: Record<string, number> = {};
        let used = 0;
        for (const s of p.slots) {
          if (!s) continue;
          held[s.name] = (held[s.name] ?? 0) + s.amount;
          used += 1;
        }
        out[`player ${src}`] = {
          citizenid: p.citizenid,
          money: { ...p.money },
          items: used > 0 ? held : [],
          weight: weightOf(p),
          slotsUsed: used,
        };
      }
      return { 'rsg-core': out };
    },
  };
}
