/**
 * Unit fakes of qb-core (+ qb-inventory 2.0.0 or 1.x) and qbx_core: the shared models (models/qb.ts, derived from
 * the transcripts test/frameworks/transcripts/qbcore.json, qbcore-inventory-1.json and qbox.json; see its header for
 * what is recorded and what is a guess) registered on the unit `FakeHost`. A qb-core restart kills every reference
 * handed out before it.
 */
import type { FakeHost } from './host';
import { LuaError } from './models/lua';
import type { OxModel } from './models/ox-inventory';
import { createQbModel, createQbxModel, type QbItemDef } from './models/qb';
import { bindExports } from './unit-binding';

/** Options of the QB fakes. */
export interface FakeQbOptions {
  /** Items in QBCore shared items: a weight (grams) or the whole definition. */
  items?: Record<string, number | QbItemDef>;
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

/** Creates fake qb-core (and qb-inventory unless disabled) on the host. */
export function createFakeQbcore(fake: FakeHost, options: FakeQbOptions = {}) {
  const items = options.items ?? { bread: 100, water: 100 };
  const withInventory = options.qbInventory ?? true;
  const model = createQbModel({
    items: Object.fromEntries(
      Object.entries(items).map(([name, def]) => [
        name,
        typeof def === 'number' ? { label: name, weight: def } : def,
      ]),
    ),
    moneyTypes: options.moneyTypes
      ? Object.fromEntries(options.moneyTypes.map((type) => [type, 0]))
      : undefined,
    inventory: withInventory
      ? {
          version: options.qbInventoryV1 ? 1 : 2,
          maxWeight: options.maxWeight ?? 1000,
          maxSlots: options.maxSlots ?? 5,
        }
      : undefined,
  });
  let generation = 0;
  const coreCalls: unknown[][] = [];

  const register = () => {
    const gen = generation;
    const exports = bindExports(model.coreExports, () => gen === generation, 'qb-core', fake.scriptErrors);
    const getCoreObject = exports.GetCoreObject as (...args: unknown[]) => unknown;
    exports.GetCoreObject = (...args: unknown[]) => {
      coreCalls.push(args);
      return getCoreObject(...args);
    };
    return exports;
  };
  fake.addResource('qb-core', register());
  if (withInventory)
    fake.addResource(
      'qb-inventory',
      bindExports(model.inventoryExports, () => true, 'qb-inventory', fake.scriptErrors),
    );

  return {
    model,
    players: model.players,
    coreCalls,
    /** Loads a character (QBCore.Player.Login). */
    load(src: number, money: Record<string, number> = {}) {
      model.load(src, { money });
    },
    /** Logs a character out. */
    unload(src: number) {
      model.drop(src);
    },
    money: (src: number, type: string) => model.players.get(src)?.money[type],
    itemCount: (src: number, item: string) => model.count(src, item),
    /** Fills a player's free slots with distinct junk items (no weight). */
    fillSlots(src: number) {
      const player = model.players.get(src);
      if (!player) return;
      player.slots.forEach((slot, i) => {
        if (slot) return;
        model.items[`junk${i}`] = { label: `junk${i}`, weight: 0 };
        player.slots[i] = { name: `junk${i}`, amount: 1 };
      });
    },
    /** Restarts qb-core: old references die. */
    restart() {
      generation++;
      fake.restart('qb-core', register());
    },
  };
}

/** Creates fake qbx_core on the host; cash is mirrored into `ox` (ox_inventory) while it is started. */
export function createFakeQbox(fake: FakeHost, options: { ox?: OxModel } = {}) {
  const calls: unknown[][] = [];
  const model = createQbxModel({
    mirrorCash(source, total) {
      if (fake.host.resourceState('ox_inventory') !== 'started')
        throw new LuaError(
          '@qbx_core/server/player.lua:1297: No such export SetItem in resource ox_inventory',
        );
      options.ox?.setCount(source, 'money', total);
    },
    defer: (fn) => fake.host.setTimeout(fn, 0),
  });
  const exports = bindExports(model.exports, () => true, 'qbx_core', fake.scriptErrors);
  const addMoney = exports.AddMoney as (...args: unknown[]) => unknown;
  exports.AddMoney = (...args: unknown[]) => {
    calls.push(args);
    return addMoney(...args);
  };
  fake.addResource('qbx_core', exports);
  return {
    model,
    players: model.players,
    calls,
    /** Loads a character. */
    load(src: number, money: Record<string, number> = {}) {
      model.load(src, { money });
    },
    /** Logs a character out. */
    unload(src: number) {
      model.drop(src);
    },
    money: (src: number, type: string) => model.players.get(src)?.money[type],
  };
}
