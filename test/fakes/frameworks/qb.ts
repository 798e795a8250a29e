/**
 * Fakes of qb-core, qb-inventory and qbx_core built from their sources: players exist only once loaded;
 * `GetCoreObject(filters)` keeps only the listed keys (`Functions`, `Shared` with `Items`); QBCore `AddMoney`
 * answers nothing for a negative amount and false for an unknown money type, `GetMoney` reads the live balance;
 * qb-inventory `CanAddItem` answers false (unknown item), `false, 'weight'` or `false, 'slots'` (a JS array, slots
 * only when the item cannot stack onto a held one), `AddItem` refuses what does not fit, `GetItemsByName` lists the
 * stacks; 1.x has no `CanAddItem`. Qbox `AddMoney` answers false for an unknown player, type or invalid amount,
 * `GetMoney` reads a balance, and any string identifier is a citizenid. A qb-core restart kills old references.
 */
import type { FakeHost } from './host';

interface QbPlayer {
  money: Record<string, number>;
  items: Record<string, number>;
}

/** Options of the QB fakes. */
export interface FakeQbOptions {
  /** Item weights in QBCore shared items. */
  items?: Record<string, number>;
  /** qb-inventory max weight. */
  maxWeight?: number;
  /** qb-inventory max slots. */
  maxSlots?: number;
  /** Register qb-inventory. */
  qbInventory?: boolean;
  /** qb-inventory 1.x: no `CanAddItem` export. */
  qbInventoryV1?: boolean;
  /** QBCore.Config.Money.MoneyTypes (default cash, bank, crypto). */
  moneyTypes?: string[];
}

function createPlayers() {
  const players = new Map<number, QbPlayer>();
  return {
    players,
    load(src: number, money: Record<string, number> = {}) {
      players.set(src, { money: { cash: 0, bank: 0, crypto: 0, ...money }, items: {} });
    },
    unload(src: number) {
      players.delete(src);
    },
    money: (src: number, type: string) => players.get(src)?.money[type],
    itemCount: (src: number, item: string) => players.get(src)?.items[item] ?? 0,
  };
}

/** Creates fake qb-core (and qb-inventory unless disabled) on the host. */
export function createFakeQbcore(fake: FakeHost, options: FakeQbOptions = {}) {
  const base = createPlayers();
  const items = options.items ?? { bread: 100, water: 100 };
  const moneyTypes = options.moneyTypes ?? ['cash', 'bank', 'crypto'];
  const maxWeight = options.maxWeight ?? 1000;
  const maxSlots = options.maxSlots ?? 5;
  let generation = 0;
  const coreCalls: unknown[][] = [];

  const live = (gen: number) => {
    if (gen !== generation) throw new Error('function reference is no longer valid (qb-core restarted)');
  };

  const register = () => {
    const gen = generation;
    return {
      GetCoreObject: (...args: unknown[]) => {
        coreCalls.push(args);
        const filters = Array.isArray(args[0]) ? (args[0] as string[]) : undefined;
        const core: Record<string, unknown> = {
          Config: { Money: { MoneyTypes: Object.fromEntries(moneyTypes.map((type) => [type, 0])) } },
          Shared: {
            Items: Object.fromEntries(
              Object.entries(items).map(([name, weight]) => [name, { name, weight }]),
            ),
          },
          Functions: {
            GetPlayer: (src: unknown) => {
              live(gen);
              const player = base.players.get(src as number);
              if (!player) return undefined;
              return {
                PlayerData: { source: src, money: { ...player.money } },
                Functions: {
                  AddMoney: (moneytype: string, amount: unknown, _reason?: string) => {
                    live(gen);
                    const n = Number(amount);
                    if (n < 0) return undefined;
                    if (!(moneytype in player.money)) return false;
                    player.money[moneytype] = (player.money[moneytype] ?? 0) + n;
                    return true;
                  },
                  GetMoney: (moneytype: string) => {
                    live(gen);
                    return moneytype ? player.money[moneytype.toLowerCase()] : false;
                  },
                },
              };
            },
          },
        };
        return filters ? Object.fromEntries(filters.filter((k) => k in core).map((k) => [k, core[k]])) : core;
      },
    };
  };
  fake.addResource('qb-core', register());

  const weightOf = (player: QbPlayer) =>
    Object.entries(player.items).reduce((sum, [name, count]) => sum + (items[name] ?? 0) * count, 0);

  const fits = (player: QbPlayer, name: string, amount: number): 'weight' | 'slots' | null => {
    if (weightOf(player) + (items[name] ?? 0) * amount > maxWeight) return 'weight';
    if (!(name in player.items) && Object.keys(player.items).length >= maxSlots) return 'slots';
    return null;
  };

  if (options.qbInventory ?? true) {
    const exports: Record<string, (...args: unknown[]) => unknown> = {
      AddItem: (identifier: unknown, item: unknown, amount: unknown) => {
        const player = base.players.get(identifier as number);
        const name = String(item).toLowerCase();
        if (!player || items[name] === undefined) return false;
        if (fits(player, name, Number(amount)) !== null) return false;
        player.items[name] = (player.items[name] ?? 0) + Number(amount);
        return true;
      },
      GetItemsByName: (identifier: unknown, item: unknown) => {
        const player = base.players.get(identifier as number);
        if (!player) return undefined;
        const name = String(item).toLowerCase();
        return name in player.items ? [{ name, amount: player.items[name], slot: 1 }] : [];
      },
    };
    if (!options.qbInventoryV1) {
      exports.CanAddItem = (identifier: unknown, item: unknown, amount: unknown) => {
        const player = base.players.get(identifier as number);
        const name = String(item).toLowerCase();
        if (items[name] === undefined || !player) return false;
        const problem = fits(player, name, Number(amount));
        return problem === null ? true : [false, problem];
      };
    }
    fake.addResource('qb-inventory', exports);
  }

  return {
    ...base,
    coreCalls,
    /** Fills a player's slots with distinct junk items. */
    fillSlots(src: number) {
      const player = base.players.get(src);
      if (player) for (let i = 0; i < maxSlots; i++) player.items[`junk${i}`] = 1;
    },
    /** Restarts qb-core: old references die. */
    restart() {
      generation++;
      fake.restart('qb-core', register());
    },
  };
}

/** Creates fake qbx_core on the host. */
export function createFakeQbox(fake: FakeHost) {
  const base = createPlayers();
  const calls: unknown[][] = [];
  // resolvePlayer: a number is a source, any string a citizenid (this fake gives players none).
  const resolve = (identifier: unknown) =>
    typeof identifier === 'number' ? base.players.get(identifier) : undefined;
  fake.addResource('qbx_core', {
    GetPlayer: (src: unknown) => {
      const player = base.players.get(src as number);
      return player ? { PlayerData: { source: src, money: { ...player.money } } } : undefined;
    },
    AddMoney: (identifier: unknown, moneyType: unknown, amount: unknown, reason: unknown) => {
      calls.push([identifier, moneyType, amount, reason]);
      const player = resolve(identifier);
      if (!player) return false;
      const n = Math.round(Number(amount));
      if (!Number.isFinite(n) || n < 0 || !(String(moneyType) in player.money)) return false;
      player.money[String(moneyType)] = (player.money[String(moneyType)] ?? 0) + n;
      return true;
    },
    GetMoney: (identifier: unknown, moneyType: unknown) => {
      if (!moneyType) return false;
      const player = resolve(identifier);
      return player ? player.money[String(moneyType)] : false;
    },
  });
  return { ...base, calls };
}
