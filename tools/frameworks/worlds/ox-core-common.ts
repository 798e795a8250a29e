/**
 * What the ox-core world is made of: ox_core's real server build (ox-core/build.ts) run as a JS resource over an
 * in-memory stand-in of its `mariadb` driver (ox-core/database.ts), with ox_lib and ox_inventory's real Lua (`ox`
 * bridge); the oxmysql router ox_inventory's Lua queries; how a character loads; what the state probes read.
 */
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import type { ScenarioContext } from '../world';
import { attempt, OX_PROBE } from './esx-common';
import { buildOxCore } from './ox-core/build';
import { createOxCoreDatabase } from './ox-core/database';

/**
 * ox_inventory's size as in the other ox worlds (5 slots, 3 kg); ox_core itself sets `inventory:framework` to ox. A
 * connection string naming a database: ox_core's default (`mysql://root@localhost`) has none and its pool start
 * raises on it (parseUri reads the missing path).
 */
export const OX_CORE_CONVARS = {
  mysql_connection_string: 'mysql://root@localhost/overextended',
  'inventory:slots': '5',
  'inventory:weight': '3000',
  sv_stateBagStrictMode: 'true',
};

/** Alice (loaded as character 1 at boot) and Bob (connected; joins and stays at character selection when asked). */
export const OX_CORE_PLAYERS: SimPlayer[] = [
  { source: 1, name: 'Alice', identifiers: ['license:1111', 'fivem:11', 'ip:127.0.0.1'] },
  { source: 2, name: 'Bob', identifiers: ['license:2222', 'ip:127.0.0.1'] },
];

/** Bob, who joins in a scenario's `prepare` and stays at character selection. */
export const BOB = OX_CORE_PLAYERS[1] as SimPlayer;

/** Bob's client says it joined: ox_core loads his user and sends the character list; he picks none. */
export async function joinBob(ctx: ScenarioContext): Promise<void> {
  ctx.server.emitNet('ox:playerJoined', BOB.source);
  await ctx.server.pump(300);
}

/** Alice's character and her default account (ox-core/database.ts). */
export const ALICE_CHAR_ID = 1;
export const ALICE_ACCOUNT_ID = 231100001;

/** Alice's ox_inventory at load: 100 money in slot 1. */
const ALICE_INVENTORY = JSON.stringify([{ slot: 1, name: 'money', count: 100 }]);

let database: ReturnType<typeof createOxCoreDatabase> | undefined;

/** A fresh ox_core database for one boot, handed to the build as its `mariadb` driver. */
export function oxCoreGlobals(log: (line: string) => void): Record<string, Record<string, unknown>> {
  database = createOxCoreDatabase(log);
  return { ox_core: { __vrMariadb: database } };
}

/** The oxmysql queries of ox_inventory's Lua (its `ox` tables); others are printed and answer nothing. */
export function oxCoreInventoryDatabase(log: (line: string) => void): MysqlRouter {
  return (method, query, params) => {
    const p = (Array.isArray(params) ? params : []) as unknown[];
    const q = query.trim();
    if (/^SELECT inventory FROM `character_inventory` WHERE `charid` = \?$/i.test(q))
      return p[0] === ALICE_CHAR_ID ? ALICE_INVENTORY : undefined;
    if (/^SHOW COLUMNS FROM/i.test(q)) return [{ Field: 'glovebox' }, { Field: 'trunk' }];
    if (/^(UPDATE|INSERT INTO) `?character_inventory/i.test(q)) return 1;
    log(`unrouted ${method}: ${query}`);
    return undefined;
  };
}

/**
 * Loads a player as ox_core's client does: `ox:playerJoined` (ox_core loads the user and sends the character list),
 * then, for Alice, `ox:setActiveCharacter` with her charId (ox_core loads the character and emits
 * `ox:playerLoaded`; its ox_inventory bridge calls `setPlayerInventory`).
 */
export async function loadOxCorePlayer(server: SimServer, player: SimPlayer): Promise<void> {
  server.emitNet('ox:playerJoined', player.source);
  await server.pump(300);
  if (player.source !== 1) return;
  server.emitNet('ox:setActiveCharacter', player.source, ALICE_CHAR_ID);
  await server.pump(500);
}

/** The world's build step. */
export const buildOxCoreWorld = buildOxCore;

const PLAYER_PROBE = (src: number) => `
local p = exports.ox_core:GetPlayer(${src})
if not p then return nil end
return { userId = p.userId, charId = p.charId, stateId = p.stateId, identifier = p.identifier }`;

/** ox_core's player fields and account rows, ox_inventory's items per player. */
export function oxCoreState(server: SimServer): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  const tables = database?.tables();
  if (tables) {
    state.accounts = tables.accounts.map(({ id, owner, balance, isDefault }) => ({
      id,
      owner,
      balance,
      isDefault,
    }));
    state.transactions = tables.accounts_transactions.length;
  }
  if (server.resourceState('ox_core') === 'started' && server.resourceState('ox_lib') === 'started') {
    const players: Record<string, unknown> = {};
    for (const player of OX_CORE_PLAYERS)
      players[`player ${player.source}`] = server.probe('ox_lib', PLAYER_PROBE(player.source)) ?? null;
    state.ox_core = players;
  }
  if (server.resourceState('ox_inventory') === 'started')
    state.ox_inventory = server.probe('ox_inventory', OX_PROBE);
  return state;
}

/**
 * Waits for `promise`, letting real work finish first (microtasks, a module the adapter loads): the virtual clock
 * moves (50 ms steps, at most `maxMs`) only when spinning the event loop did not settle it, so how far it moves never
 * depends on how fast the machine is. Its value, or undefined when it failed or never settled.
 */
export async function pumpUntil<T>(
  server: SimServer,
  promise: Promise<T>,
  maxMs = 10_000,
): Promise<T | undefined> {
  let settled = false;
  const guarded = promise.then(
    (value) => {
      settled = true;
      return value;
    },
    () => {
      settled = true;
      return undefined;
    },
  );
  const spin = () => new Promise<void>((resolve) => setImmediate(resolve));
  for (let waited = 0; !settled && waited < maxMs; waited += 50) {
    for (let spins = 0; !settled && spins < 500; spins += 1) await spin();
    if (!settled) await server.pump(50);
  }
  return settled ? guarded : undefined;
}

/** `exports.ox_core.<name>(...args)`, recorded, awaited when it answers a Promise; a throw is swallowed. */
export async function oxCore(ctx: ScenarioContext, name: string, ...args: unknown[]): Promise<unknown> {
  const answer = attempt(() => ctx.exports('ox_core')[name]?.(...args));
  return answer instanceof Promise ? pumpUntil(ctx.server, answer) : answer;
}
