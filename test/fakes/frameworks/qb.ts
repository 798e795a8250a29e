/**
 * Fakes of qb-core, qb-inventory and qbx_core built from their sources: players exist only once loaded;
 * QBCore `AddMoney` answers nothing for a negative amount and false for an unknown money type; qb-inventory
 * `CanAddItem` answers false (unknown item), `false, 'weight'` or `false, 'slots'` (a JS array); Qbox `AddMoney`
 * answers false for an unknown player, type or invalid amount. A qb-core restart kills old function references.
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
        return {
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
                },
              };
            },
          },
        };
      },
    };
  };
  fake.addResource('qb-core', register());

  const weightOf = (player: QbPlayer) =>
    Object.entries(player.items).reduce((sum, [name, count]) => sum + (items[name] ?? 0) * count, 0);

  if (options.qbInventory ?? true) {
    fake.addResource('qb-inventory', {
      CanAddItem: (identifier: unknown, item: unknown, amount: unknown) => {
        const player = base.players.get(identifier as number);
        const weight = items[String(item).toLowerCase()];
        if (weight === undefined || !player) return false;
        if (weightOf(player) + weight * Number(amount) > maxWeight) return [false, 'weight'];
        const slotsUsed = Object.keys(player.items).length;
        if (slotsUsed >= maxSlots) return [false, 'slots'];
        return true;
      },
      AddItem: (identifier: unknown, item: unknown, amount: unknown) => {
        const player = base.players.get(identifier as number);
        const name = String(item);
        if (!player || items[name] === undefined) return false;
        player.items[name] = (player.items[name] ?? 0) + Number(amount);
        return true;
      },
    });
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
  fake.addResource('qbx_core', {
    GetPlayer: (src: unknown) => {
      const player = base.players.get(src as number);
      return player ? { PlayerData: { source: src, money: { ...player.money } } } : undefined;
    },
    AddMoney: (identifier: unknown, moneyType: unknown, amount: unknown, reason: unknown) => {
      calls.push([identifier, moneyType, amount, reason]);
      const player = base.players.get(identifier as number);
      if (!player) return false;
      if (typeof amount !== 'number' || amount < 0 || !(String(moneyType) in player.money)) return false;
      player.money[String(moneyType)] = (player.money[String(moneyType)] ?? 0) + amount;
      return true;
    },
  });
  return { ...base, calls };
}
