import type { CfxGlobals, FakeApi, FakeResourceDefinition } from '../server';

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

const newState = (id: number, init: Partial<QbPlayerState>): QbPlayerState => ({
  citizenid: init.citizenid ?? `CID${id}`,
  license: init.license ?? `license:qb${id}`,
  name: init.name ?? `Player ${id}`,
  money: { cash: 0, bank: 0, crypto: 0, ...(init.money ?? {}) },
});

// Player.Functions.AddMoney (qbcore-framework/qb-core server/player.lua): nil for a bad amount, false for an unknown
// money type, true when added.
function addMoney(
  api: FakeApi | null,
  framework: string,
  id: number,
  p: QbPlayerState,
  moneytype: unknown,
  amount: unknown,
  reason: unknown,
): boolean | undefined {
  const type = String(moneytype).toLowerCase();
  const n = typeof amount === 'number' ? amount : Number(amount);
  if (!Number.isFinite(n) || n < 0) return undefined;
  if (!(type in p.money)) return false;
  api?.payout({
    framework,
    player: id,
    kind: type === 'cash' ? 'money' : type,
    name: type,
    amount: n,
    reason: reason == null ? null : String(reason),
  });
  p.money[type] = (p.money[type] ?? 0) + n;
  return true;
}

/**
 * qb-core server surface (qbcore-framework/qb-core shared/main.lua, server/functions.lua, server/player.lua):
 * export GetCoreObject → QBCore with Functions.GetPlayer(source) (nil until the player is loaded) and Player
 * objects whose Functions.AddMoney / RemoveMoney / GetMoney / AddItem are closures. AddItem forwards to
 * exports['qb-inventory'].AddItem like the method qb-inventory injects.
 */
export function createQbCoreFake(): QbFake {
  const players = new Map<number, QbPlayerState>();
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;

  const playerObject = (id: number): Record<string, unknown> | undefined => {
    const p = players.get(id);
    if (!p) return undefined;
    return {
      PlayerData: {
        source: id,
        citizenid: p.citizenid,
        license: p.license,
        name: p.name,
        money: { ...p.money },
      },
      Functions: {
        AddMoney: (t: unknown, a: unknown, r: unknown) => addMoney(api, 'qb-core', id, p, t, a, r),
        RemoveMoney: (t: unknown, a: unknown) => {
          const type = String(t).toLowerCase();
          const n = Number(a);
          if (!Number.isFinite(n) || n < 0) return undefined;
          if (!(type in p.money)) return false;
          p.money[type] = (p.money[type] ?? 0) - n;
          return true;
        },
        GetMoney: (t: unknown) => p.money[String(t).toLowerCase()] ?? false,
        AddItem: (item: unknown, amount: unknown, slot: unknown, info: unknown, reason: unknown) => {
          if (g?.GetResourceState('qb-inventory') !== 'started') {
            throw new Error("attempt to call a nil value (field 'AddItem')");
          }
          return g.exports['qb-inventory'].AddItem(id, item, amount, slot, info, reason);
        },
        Notify: (text: unknown, type: unknown) => g?.emitNet('QBCore:Notify', id, text, type),
      },
    };
  };

  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      const QBCore = {
        Functions: {
          GetPlayer: (src: unknown) => playerObject(Number(src)),
          GetPlayers: () => [...players.keys()],
          GetPlayerByCitizenId: (cid: unknown) => {
            for (const [id, p] of players) if (p.citizenid === cid) return playerObject(id);
            return undefined;
          },
          Notify: (src: unknown, text: unknown, type: unknown) =>
            globals.emitNet('QBCore:Notify', src, text, type),
        },
        Shared: { Items: {} },
      };
      globals.exports('GetCoreObject', () => QBCore);
      globals.exports('GetPlayer', (src: unknown) => playerObject(Number(src)));
      globals.AddEventHandler('playerDropped', () => {
        players.delete(Number(globals.source));
      });
    },
  };

  return {
    definition,
    players,
    loadPlayer(id, init = {}) {
      const state = newState(id, init);
      players.set(id, state);
      g?.TriggerEvent('QBCore:Server:PlayerLoaded', playerObject(id));
      g?.TriggerEvent('QBCore:Server:OnPlayerLoaded');
      return state;
    },
    unloadPlayer(id) {
      players.delete(id);
      g?.TriggerEvent('QBCore:Server:OnPlayerUnload', id);
    },
  };
}

/**
 * qbx_core server surface (Qbox-project/qbx_core server/player.lua, server/functions.lua): exports GetPlayer(source),
 * AddMoney(identifier, moneyType, amount, reason) → boolean, GetMoney, Notify(source, text, type, duration) which
 * sends ox_lib:notify. Players exist only after they are loaded.
 */
export function createQbxCoreFake(): QbFake {
  const players = new Map<number, QbPlayerState>();
  let g: CfxGlobals | null = null;
  let api: FakeApi | null = null;
  // resolvePlayer (server/player.lua): any string is a citizenid, even one of digits; a number is a source.
  const resolve = (identifier: unknown): [number, QbPlayerState] | undefined => {
    if (typeof identifier === 'string') {
      for (const [id, p] of players) if (p.citizenid === identifier) return [id, p];
      return undefined;
    }
    const id = Number(identifier);
    const p = players.get(id);
    return p ? [id, p] : undefined;
  };

  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    metadata: { provide: ['qb-core'] },
    setup(globals, fakeApi) {
      g = globals;
      api = fakeApi;
      globals.exports('GetPlayer', (src: unknown) => {
        const found = resolve(Number(src));
        if (!found) return undefined;
        const [id, p] = found;
        return {
          PlayerData: {
            source: id,
            citizenid: p.citizenid,
            license: p.license,
            name: p.name,
            money: { ...p.money },
          },
        };
      });
      globals.exports(
        'AddMoney',
        (identifier: unknown, moneyType: unknown, amount: unknown, reason: unknown) => {
          const found = resolve(identifier);
          if (!found) return false;
          // qbx_core rounds the amount (server/player.lua) where qb-core adds it as given.
          const rounded = typeof amount === 'number' ? Math.round(amount) : amount;
          return addMoney(api, 'qbx_core', found[0], found[1], moneyType, rounded, reason) === true;
        },
      );
      globals.exports('GetMoney', (identifier: unknown, moneyType: unknown) => {
        const found = resolve(identifier);
        return found ? (found[1].money[String(moneyType)] ?? false) : false;
      });
      globals.exports('Notify', (src: unknown, text: unknown, type: unknown, duration: unknown) => {
        globals.emitNet('ox_lib:notify', src, {
          description: text,
          type: type ?? 'inform',
          duration: duration ?? 5000,
        });
      });
      globals.AddEventHandler('playerDropped', () => {
        players.delete(Number(globals.source));
      });
    },
  };
  return {
    definition,
    players,
    loadPlayer(id, init = {}) {
      const state = newState(id, init);
      players.set(id, state);
      g?.TriggerEvent('QBCore:Server:PlayerLoaded', {
        PlayerData: { source: id, citizenid: state.citizenid },
      });
      return state;
    },
    unloadPlayer(id) {
      players.delete(id);
    },
  };
}
