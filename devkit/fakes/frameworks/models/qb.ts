/**
 * Models of qb-core 1.3.0 with qb-inventory (2.0.0 and 1.x) and of qbx_core 1.23.0 (on the ox_inventory model),
 * shared by the unit fakes (devkit/fakes/frameworks/qb.ts) and the simulated FXServer resources
 * (devkit/fxserver/resources/qb-core.ts, inventories.ts).
 *
 * Derived from the transcripts test/frameworks/transcripts/qbcore.json (qb-inventory 2.0.0), qbcore-inventory-1.json
 * (qb-inventory 1.x) and qbox.json. Recorded facts they reproduce:
 * - qb-core: `GetCoreObject(filters)` keeps only the listed keys; `GetShared('Items', name)` the item, or the whole
 *   table for a name it lacks; `Functions.GetPlayer(src)` (numbers and numeric strings) nothing until the character
 *   is loaded; player `Functions.AddMoney(type, n)`: raises for a nil type, nothing for n < 0, false for an unknown
 *   type, else adds n as given (0 and fractions too) and answers true; `GetMoney(type)` nothing for an unknown type.
 * - qb-inventory 2.0.0: `CanAddItem` false (unknown item, no inventory), `false, 'weight'`, `false, 'slots'` or true;
 *   `AddItem` false for an unknown item, no inventory, too heavy or no slot, else adds the amount as given (fractions,
 *   0 and negatives too) under the name as given and answers true; `GetItemCount` counts that exact name;
 *   `GetItemByName` / `GetItemsByName` match names case-insensitively; `HasItem` exact name, count >= amount; a player
 *   without inventory: nothing from the reads.
 * - qb-inventory 1.x: no `CanAddItem` nor `GetItemCount`; item names lowercased; reads of a player without inventory
 *   raise.
 * - qbx_core: `AddMoney(id, type, n)` resolves a string as a citizenid first (online, then saved), else as a source
 *   ('1' is Alice); rounds n half up, false for n < 0, an
 *   unknown type or player; cash is mirrored into ox_inventory's `money` item after crediting, so with ox_inventory
 *   stopped the call raises after paying; `GetMoney` false without a type or player, nothing for an unknown type.
 *   An offline citizenid's `AddMoney` answers true and is saved a tick later: `GetMoney` right after reads the old
 *   balance, one a tick later the new one.
 * Guesses (no transcript covers them): qb-inventory stacking only onto the same exact name; 1.x printing nothing;
 * `RemoveMoney`.
 */
import { LuaError, luaValues, roundHalfUp } from './lua';

/** A QBCore shared item (shared/items.lua). */
export interface QbItemDef {
  /** Display label. */
  label: string;
  /** Grams per unit. */
  weight: number;
  /** One unit per slot. */
  unique?: boolean;
  /** Description. */
  description?: string;
  /** Image file. */
  image?: string;
}

/** qb-inventory version. */
export type QbInventoryVersion = 2 | 1;

/** `Player.PlayerData` as QBCore and Qbox hand it out: a copy, so callers cannot change the balances. */
function playerData(src: number, p: Pick<QbPlayer, 'citizenid' | 'license' | 'name' | 'money'>) {
  return { source: src, citizenid: p.citizenid, license: p.license, name: p.name, money: { ...p.money } };
}

/** A loaded QBCore character. */
export interface QbPlayer {
  /** Citizen id. */
  citizenid: string;
  /** License identifier. */
  license: string;
  /** Character name. */
  name: string;
  /** Balances by money type. */
  money: Record<string, number>;
  /** Inventory slots (index 0 = slot 1). */
  slots: ({ name: string; amount: number } | undefined)[];
  /** Weight carried besides the items (grams; a test lever). */
  ballast: number;
}

/** Options of the qb-core model. */
export interface QbModelOptions {
  /** QBCore.Shared.Items. */
  items: Record<string, QbItemDef>;
  /** QBCore.Config.Money.MoneyTypes (type → starting amount). */
  moneyTypes?: Record<string, number>;
  /** qb-inventory installed: its version and limits. */
  inventory?: { version: QbInventoryVersion; maxWeight: number; maxSlots: number };
  /** Receives what the resources print. */
  print?: (line: string) => void;
  /** Called before money or items are added (the simulated server records a payout); a throw aborts. */
  onPay?: (source: number, kind: string, name: string, amount: number, reason: unknown) => void;
}

/** The qb-core (+ qb-inventory) model. */
export type QbModel = ReturnType<typeof createQbModel>;

const sharedItem = (name: string, def: QbItemDef) => ({
  description: def.description ?? '',
  image: def.image ?? `${name}.png`,
  label: def.label,
  name,
  shouldClose: true,
  type: 'item',
  unique: def.unique ?? false,
  useable: true,
  weight: def.weight,
});

/** Creates the qb-core model (with qb-inventory when `inventory` is given). */
export function createQbModel(options: QbModelOptions) {
  const players = new Map<number, QbPlayer>();
  const moneyTypes = options.moneyTypes ?? { cash: 500, bank: 5000, crypto: 0 };
  let inv = options.inventory;
  const print = (line: string) => options.print?.(line);
  const player = (src: unknown) => {
    const id = typeof src === 'number' ? src : Number(src);
    return Number.isInteger(id) ? players.get(id) : undefined;
  };
  const weightOf = (p: QbPlayer) =>
    p.slots.reduce(
      (sum, s) => sum + (s ? (options.items[s.name.toLowerCase()]?.weight ?? 0) * s.amount : 0),
      p.ballast,
    );

  const playerObject = (src: number, p: QbPlayer) => ({
    PlayerData: playerData(src, p),
    Functions: {
      AddMoney: (moneytype: unknown, amount: unknown, reason?: unknown) => {
        if (typeof moneytype !== 'string')
          throw new LuaError(
            `@qb-core/server/player.lua:187: attempt to index a nil value (local 'moneytype')`,
          );
        const type = moneytype.toLowerCase();
        const n = typeof amount === 'number' ? amount : Number(amount);
        if (n < 0) return undefined;
        if (!(type in p.money)) return false;
        options.onPay?.(src, type === 'cash' ? 'money' : type, type, n, reason);
        p.money[type] = (p.money[type] ?? 0) + n;
        return true;
      },
      RemoveMoney: (moneytype: unknown, amount: unknown) => {
        const type = String(moneytype).toLowerCase();
        const n = Number(amount);
        if (n < 0) return undefined;
        if (!(type in p.money)) return false;
        p.money[type] = (p.money[type] ?? 0) - n;
        return true;
      },
      GetMoney: (moneytype: unknown) => {
        if (typeof moneytype !== 'string') return false;
        return p.money[moneytype.toLowerCase()];
      },
    },
  });

  const sharedItems = () =>
    Object.fromEntries(Object.entries(options.items).map(([name, def]) => [name, sharedItem(name, def)]));
  const core = () => ({
    Config: { Money: { MoneyTypes: { ...moneyTypes } } },
    Shared: { Items: sharedItems() },
    Functions: {
      GetPlayer: (src: unknown) => {
        const p = player(src);
        return p ? playerObject(Number(src), p) : undefined;
      },
      GetPlayers: () => [...players.keys()],
    },
  });

  const itemName = (item: unknown) => (inv?.version === 1 ? String(item).toLowerCase() : String(item));
  const slotData = (p: QbPlayer, index: number) => {
    const slot = p.slots[index] as { name: string; amount: number };
    const def = options.items[slot.name.toLowerCase()] as QbItemDef;
    return {
      amount: slot.amount,
      ...sharedItem(slot.name.toLowerCase(), def),
      name: slot.name,
      info: [],
      slot: index + 1,
    };
  };
  const problem = (p: QbPlayer, name: string, amount: number): 'weight' | 'slots' | null => {
    const def = options.items[name.toLowerCase()] as QbItemDef;
    if (!inv) return null;
    if (weightOf(p) + def.weight * amount > inv.maxWeight) return 'weight';
    const stack = !def.unique && p.slots.some((s) => s?.name === name);
    if (!stack && !p.slots.includes(undefined)) return 'slots';
    return null;
  };
  const noInventory = (line: number) => {
    if (inv?.version === 1)
      throw new LuaError(
        `@qb-inventory/server/main.lua:${line}: attempt to index a nil value (local 'Player')`,
      );
    return undefined;
  };

  const allInventoryExports: Record<string, (...args: unknown[]) => unknown> = {
    AddItem(id, item, amount, _slot, _info, reason) {
      const p = player(id);
      if (!p) {
        if (inv?.version === 2) print('AddItem: Inventory not found');
        return false;
      }
      const name = itemName(item);
      const def = options.items[name.toLowerCase()];
      if (!def) {
        if (inv?.version === 2) print('AddItem: Invalid item');
        return false;
      }
      const n = typeof amount === 'number' ? amount : Number(amount);
      const why = problem(p, name, n);
      if (why) {
        if (inv?.version === 2)
          print(
            why === 'weight' ? 'AddItem: Not enough weight available' : 'AddItem: No free slot available',
          );
        return false;
      }
      options.onPay?.(Number(id), 'item', name, n, reason);
      const at = def.unique ? -1 : p.slots.findIndex((s) => s?.name === name);
      const index = at >= 0 ? at : p.slots.indexOf(undefined);
      p.slots[index] = { name, amount: (p.slots[index]?.amount ?? 0) + n };
      return true;
    },
    GetItemByName(id, item) {
      const p = player(id);
      if (!p) return noInventory(320);
      const wanted = String(item).toLowerCase();
      const at = p.slots.findIndex((s) => s?.name.toLowerCase() === wanted);
      return at >= 0 ? slotData(p, at) : undefined;
    },
    GetItemsByName(id, item) {
      const p = player(id);
      if (!p) return noInventory(334);
      const wanted = String(item).toLowerCase();
      return p.slots.flatMap((s, i) => (s?.name.toLowerCase() === wanted ? [slotData(p, i)] : []));
    },
    HasItem(id, item, amount) {
      const p = player(id);
      if (!p) return false;
      const name = itemName(item);
      const held = p.slots.reduce((sum, s) => sum + (s?.name === name ? s.amount : 0), 0);
      return held >= (typeof amount === 'number' ? amount : 1);
    },
  };
  allInventoryExports.CanAddItem = (id, item, amount) => {
    const p = player(id);
    if (!p) {
      print('CanAddItem: Inventory not found');
      return false;
    }
    const name = String(item);
    if (!options.items[name.toLowerCase()]) return false;
    const why = problem(p, name, Number(amount));
    return why ? luaValues(false, why) : true;
  };
  allInventoryExports.GetItemCount = (id, item) => {
    const p = player(id);
    if (!p) return undefined;
    return p.slots.reduce((sum, s) => sum + (s?.name === String(item) ? s.amount : 0), 0);
  };

  /** qb-inventory's exports for the installed version (1.x has no CanAddItem nor GetItemCount). */
  const inventoryExports = () =>
    Object.fromEntries(
      Object.entries(allInventoryExports).filter(
        ([name]) => inv?.version !== 1 || (name !== 'CanAddItem' && name !== 'GetItemCount'),
      ),
    );

  return {
    players,
    /** Installs qb-inventory (before characters load: their slots are made at load). */
    setInventory(config: { version: QbInventoryVersion; maxWeight: number; maxSlots: number }): void {
      inv = config;
    },
    /** QBCore.Shared.Items (tests may add items). */
    items: options.items,
    coreExports: {
      GetCoreObject: (filters?: unknown) => {
        const all = core();
        if (!Array.isArray(filters)) return all;
        return Object.fromEntries(
          filters.filter((k) => k in all).map((k) => [k, all[k as keyof typeof all]]),
        );
      },
      GetShared: (key: unknown, sub?: unknown) => {
        if (key !== 'Items') return undefined;
        const items = sharedItems();
        return sub !== undefined && String(sub) in items ? items[String(sub)] : items;
      },
      GetPlayer: (src: unknown) => core().Functions.GetPlayer(src),
    },
    /** qb-inventory's exports for the installed version. */
    get inventoryExports() {
      return inventoryExports();
    },
    /** Loads a character (QBCore.Player.Login). */
    load(
      src: number,
      init: Partial<Pick<QbPlayer, 'citizenid' | 'license' | 'name'>> & {
        money?: Record<string, number>;
        items?: Record<string, number>;
      } = {},
    ): QbPlayer {
      const p: QbPlayer = {
        citizenid: init.citizenid ?? `CID${src}`,
        license: init.license ?? `license:qb${src}`,
        name: init.name ?? `Player ${src}`,
        money: { ...Object.fromEntries(Object.keys(moneyTypes).map((t) => [t, 0])), ...(init.money ?? {}) },
        slots: Array.from({ length: inv?.maxSlots ?? 0 }, () => undefined),
        ballast: 0,
      };
      Object.entries(init.items ?? {}).forEach(([name, amount], i) => {
        if (i < p.slots.length) p.slots[i] = { name, amount };
      });
      players.set(src, p);
      return p;
    },
    /** Logs a character out / the player left. */
    drop(src: number): void {
      players.delete(src);
    },
    /** Total weight a player carries (grams). */
    weight: (p: QbPlayer) => weightOf(p),
    /** Units of an item (exact name). */
    count: (src: number, name: string) =>
      player(src)?.slots.reduce((sum, s) => sum + (s?.name === name ? s.amount : 0), 0) ?? 0,
    /** Money, items, slots and weight per loaded player: the shape the transcripts record. */
    snapshot(): Record<string, unknown> {
      return Object.fromEntries(
        [...players].map(([src, p]) => {
          const items: Record<string, number> = {};
          for (const s of p.slots) if (s) items[s.name] = (items[s.name] ?? 0) + s.amount;
          return [
            `player ${src}`,
            {
              citizenid: p.citizenid,
              items,
              money: { ...p.money },
              slotsUsed: p.slots.filter((s) => s !== undefined).length,
              weight: weightOf(p),
            },
          ];
        }),
      );
    },
  };
}

/** Options of the qbx_core model. */
export interface QbxModelOptions {
  /** Money types (default cash, bank, crypto). */
  moneyTypes?: string[];
  /**
   * Mirrors a player's cash into ox_inventory's `money` item (`exports.ox_inventory:SetItem`), after crediting; raises
   * (a LuaError) when ox_inventory is not started. Default: raises, as without ox_inventory.
   */
  mirrorCash?: (source: number, total: number) => void;
  /** Called before money is added (a throw aborts). */
  onPay?: (source: number, kind: string, name: string, amount: number, reason: unknown) => void;
  /** Runs a function on the next tick (qbx_core saves an offline character in a thread); default: at once. */
  defer?: (fn: () => void) => void;
}

/** A loaded Qbox character. */
export interface QbxPlayer {
  /** Citizen id. */
  citizenid: string;
  /** License identifier. */
  license: string;
  /** Character name. */
  name: string;
  /** Balances. */
  money: Record<string, number>;
}

/** The qbx_core model. */
export type QbxModel = ReturnType<typeof createQbxModel>;

/** Creates the qbx_core model. */
export function createQbxModel(options: QbxModelOptions = {}) {
  const players = new Map<number, QbxPlayer>();
  const offline = new Map<string, QbxPlayer>();
  const types = options.moneyTypes ?? ['cash', 'bank', 'crypto'];
  const noSetItem = () => {
    throw new LuaError('@qbx_core/server/player.lua:1297: No such export SetItem in resource ox_inventory');
  };
  // resolvePlayer: a string is a citizenid first (online, then saved); a number, or a string no character has, a source.
  const resolve = (id: unknown): { src?: number; p: QbxPlayer; online: boolean } | undefined => {
    if (typeof id === 'string') {
      for (const [src, p] of players) if (p.citizenid === id) return { src, p, online: true };
      const saved = offline.get(id);
      if (saved) return { p: saved, online: false };
    }
    const src = typeof id === 'number' ? id : Number(id);
    const p = Number.isInteger(src) ? players.get(src) : undefined;
    return p ? { src, p, online: true } : undefined;
  };
  const playerObject = (src: number, p: QbxPlayer) => ({
    PlayerData: playerData(src, p),
  });

  return {
    players,
    exports: {
      GetPlayer: (src: unknown) => {
        const found = resolve(src);
        return found?.online && found.src !== undefined ? playerObject(found.src, found.p) : undefined;
      },
      AddMoney: (identifier: unknown, moneyType: unknown, amount: unknown, reason: unknown) => {
        const found = resolve(identifier);
        if (!found) return false;
        const n = Number(amount);
        const type = String(moneyType);
        if (!Number.isFinite(n) || n < 0 || !types.includes(type)) return false;
        const rounded = roundHalfUp(n);
        if (!found.online || found.src === undefined) {
          const saved = found.p;
          (options.defer ?? ((fn: () => void) => fn()))(() => {
            saved.money[type] = (saved.money[type] ?? 0) + rounded;
          });
          return true;
        }
        options.onPay?.(found.src, type === 'cash' ? 'money' : type, type, rounded, reason);
        found.p.money[type] = (found.p.money[type] ?? 0) + rounded;
        if (type === 'cash') (options.mirrorCash ?? noSetItem)(found.src, found.p.money.cash ?? 0);
        return true;
      },
      GetMoney: (identifier: unknown, moneyType: unknown) => {
        if (!moneyType) return false;
        const found = resolve(identifier);
        return found ? found.p.money[String(moneyType)] : false;
      },
    },
    /** Loads a character (qbx_core Login); cash is mirrored into ox_inventory. */
    load(src: number, init: Partial<QbxPlayer> = {}): QbxPlayer {
      const p: QbxPlayer = {
        citizenid: init.citizenid ?? `CID${src}`,
        license: init.license ?? `license:qb${src}`,
        name: init.name ?? `Player ${src}`,
        money: { ...Object.fromEntries(types.map((t) => [t, 0])), ...(init.money ?? {}) },
      };
      players.set(src, p);
      offline.delete(p.citizenid);
      return p;
    },
    /** Logs a character out / the player left (the row stays, offline). */
    drop(src: number): void {
      const p = players.get(src);
      if (p) offline.set(p.citizenid, p);
      players.delete(src);
    },
    /** citizenid and money per loaded player: the shape the transcripts record. */
    snapshot(): Record<string, unknown> {
      return Object.fromEntries(
        [...players].map(([src, p]) => [`player ${src}`, { citizenid: p.citizenid, money: { ...p.money } }]),
      );
    },
  };
}
