/**
 * qb-core and qbx_core for the simulated FXServer: the shared models (devkit/fakes/frameworks/models/qb.ts, derived
 * from the transcripts test/frameworks/transcripts/qbcore.json, qbcore-inventory-1.json and qbox.json; its header
 * says what is recorded and what is a guess) bound as Lua-flavoured resources. qb-core exports `GetCoreObject`
 * (QBCore with Functions.GetPlayer / GetPlayers / GetPlayerByCitizenId / Notify, Shared.Items), `GetShared` and
 * `GetPlayer`; a player's `Functions.AddItem` forwards to `exports['qb-inventory'].AddItem` like the method qb-inventory
 * injects. qbx_core exports GetPlayer, AddMoney, GetMoney and Notify (ox_lib:notify) and mirrors cash into
 * ox_inventory with its `SetItem` export. Credits are written to the payout ledger; players leave on `playerDropped`.
 */
import { LuaError, valuesOf } from '../../fakes/frameworks/models/lua';
import { createQbModel, createQbxModel, type QbModel, type QbPlayer } from '../../fakes/frameworks/models/qb';
import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';
import { DEFAULT_ITEMS } from './inventory-model';

/** A loaded QBCore / Qbox player. */
export interface QbPlayerState {
  /** citizenid. */
  citizenid: string;
  /** license identifier. */
  license: string;
  /** Character name. */
  name: string;
  /** cash, bank, crypto. */
  money: Record<string, number>;
}

/** A QBCore-family fake: definition plus controls. */
export interface QbFake {
  /** Pass to server.addFakeResource(...). */
  definition: FakeResourceDefinition;
  /** Loaded players by server id (a player exists for the framework only after load). */
  players: Map<number, QbPlayerState>;
  /** Loads a player (QBCore:Server:PlayerLoaded / QBCore:Server:OnPlayerLoaded). */
  loadPlayer(id: number, init?: Partial<QbPlayerState>): QbPlayerState;
  /** Logs a player out. */
  unloadPlayer(id: number): void;
}

/** The qb-core fake, with the model qb-inventory shares. */
export interface QbCoreFake extends QbFake {
  /** The qb-core model (qb-inventory's fake binds the same one). */
  model: QbModel;
  /** Loaded players, with their inventories. */
  players: Map<number, QbPlayer>;
}

/** Lua conventions for a JS caller: several values become an array. */
export const luaCall =
  (fn: (...args: unknown[]) => unknown) =>
  (...args: unknown[]): unknown => {
    const values = valuesOf(fn(...args));
    return values.length <= 1 ? values[0] : values;
  };

/** Creates the qb-core fake (install qb-inventory with createQbInventoryFake({ core })). */
export function createQbCoreFake(): QbCoreFake {
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const model = createQbModel({
    items: Object.fromEntries(
      Object.entries(DEFAULT_ITEMS).map(([name, def]) => [
        name,
        { label: name, weight: def.weight, unique: def.stack === false },
      ]),
    ),
    onPay(source, kind, name, amount, reason) {
      api?.payout({
        framework: kind === 'item' ? 'qb-inventory' : 'qb-core',
        player: source,
        kind,
        name,
        amount,
        reason: reason == null ? null : String(reason),
      });
    },
  });

  const playerObject = (src: unknown) => {
    const base = model.coreExports.GetPlayer(src) as
      | { PlayerData: Record<string, unknown>; Functions: Record<string, (...a: unknown[]) => unknown> }
      | undefined;
    if (!base) return undefined;
    const id = Number(src);
    const functions: Record<string, unknown> = {};
    for (const [key, fn] of Object.entries(base.Functions)) functions[key] = luaCall(fn);
    functions.AddItem = (item: unknown, amount: unknown, slot: unknown, info: unknown, reason: unknown) => {
      if (g?.GetResourceState('qb-inventory') !== 'started')
        throw new LuaError("attempt to call a nil value (field 'AddItem')");
      return g.exports['qb-inventory'].AddItem(id, item, amount, slot, info, reason);
    };
    functions.Notify = (text: unknown, type: unknown) => g?.emitNet('QBCore:Notify', id, text, type);
    return { PlayerData: base.PlayerData, Functions: functions };
  };

  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      const QBCore = {
        ...(model.coreExports.GetCoreObject() as Record<string, unknown>),
        Functions: {
          GetPlayer: (src: unknown) => playerObject(src),
          GetPlayers: () => [...model.players.keys()],
          GetPlayerByCitizenId: (cid: unknown) => {
            for (const [id, p] of model.players) if (p.citizenid === cid) return playerObject(id);
            return undefined;
          },
          Notify: (src: unknown, text: unknown, type: unknown) =>
            globals.emitNet('QBCore:Notify', src, text, type),
        },
      };
      globals.exports('GetCoreObject', (filters?: unknown) =>
        Array.isArray(filters)
          ? Object.fromEntries(
              filters.filter((k) => k in QBCore).map((k) => [k, QBCore[k as keyof typeof QBCore]]),
            )
          : QBCore,
      );
      globals.exports('GetShared', luaCall(model.coreExports.GetShared as (...a: unknown[]) => unknown));
      globals.exports('GetPlayer', (src: unknown) => playerObject(src));
      globals.AddEventHandler('playerDropped', () => model.drop(Number(globals.source)));
    },
  };

  return {
    definition,
    model,
    players: model.players,
    loadPlayer(id, init = {}) {
      const state = model.load(id, { ...init, money: init.money });
      g?.TriggerEvent('QBCore:Server:PlayerLoaded', playerObject(id));
      g?.TriggerEvent('QBCore:Server:OnPlayerLoaded');
      return state;
    },
    unloadPlayer(id) {
      model.drop(id);
      g?.TriggerEvent('QBCore:Server:OnPlayerUnload', id);
    },
  };
}

/** Creates the qbx_core fake (ox_inventory is installed separately; cash is mirrored with its SetItem export). */
export function createQbxCoreFake(): QbFake {
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  const model = createQbxModel({
    mirrorCash(source, total) {
      if (g?.GetResourceState('ox_inventory') !== 'started')
        throw new LuaError(
          '@qbx_core/server/player.lua:1297: No such export SetItem in resource ox_inventory',
        );
      g.exports.ox_inventory.SetItem(source, 'money', total);
    },
    defer: (fn) => g?.setTimeout(fn, 0),
    onPay(source, kind, name, amount, reason) {
      api?.payout({
        framework: 'qbx_core',
        player: source,
        kind,
        name,
        amount,
        reason: reason == null ? null : String(reason),
      });
    },
  });
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    metadata: { provide: ['qb-core'] },
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      globals.exports('GetPlayer', luaCall(model.exports.GetPlayer));
      globals.exports('AddMoney', luaCall(model.exports.AddMoney as (...a: unknown[]) => unknown));
      globals.exports('GetMoney', luaCall(model.exports.GetMoney as (...a: unknown[]) => unknown));
      globals.exports('Notify', (src: unknown, text: unknown, type: unknown, duration: unknown) => {
        globals.emitNet('ox_lib:notify', src, {
          description: text,
          type: type ?? 'inform',
          duration: duration ?? 5000,
        });
      });
      globals.AddEventHandler('playerDropped', () => model.drop(Number(globals.source)));
    },
  };
  return {
    definition,
    players: model.players,
    loadPlayer(id, init = {}) {
      const state = model.load(id, init);
      g?.TriggerEvent('QBCore:Server:PlayerLoaded', {
        PlayerData: { source: id, citizenid: state.citizenid },
      });
      return state;
    },
    unloadPlayer(id) {
      model.drop(id);
    },
  };
}
