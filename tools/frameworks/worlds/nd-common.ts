/** What the ND_Core world shares: players, database, how a player connects and loads, state probes and call helpers. */
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import type { ScenarioContext } from '../world';
import { attempt, OX_PROBE } from './esx-common';

/** Alice (source 1) has a character (charid 1) that ND_Core makes active by itself; Bob joins only in some scenarios. */
export const ND_ALICE: SimPlayer = {
  source: 1,
  name: 'Alice',
  identifiers: ['license:1111', 'license2:2222', 'discord:1'],
};

/** Bob: no character yet; ND_Core creates and activates one about 3 s after he joins. */
export const ND_BOB: SimPlayer = { source: 2, name: 'Bob', identifiers: ['license:3333'] };

/** ox_inventory on ND_Core: 5 slots and 3 kg, so "full" is reachable in a few calls (ND_Core sets the framework). */
export const ND_CONVARS = {
  'inventory:slots': '5',
  'inventory:weight': '3000',
  sv_stateBagStrictMode: 'true',
};

/** Whether `SELECT COUNT(*) FROM nd_groups` answers 1 (groups seeded) or 0 (a fresh install); reset at every boot. */
let groupsSeeded = true;

/** Makes the next ND_Core start see an empty `nd_groups` table (a scenario's `prepare`). */
export function emptyGroups(): void {
  groupsSeeded = false;
}

interface CharacterRow {
  charid: number;
  identifier: string;
  user_id: number;
  name: string;
  firstname: string;
  lastname: string;
  dob: string;
  gender: string;
  cash: number;
  bank: number;
  phonenumber: string | null;
  groups: string;
  metadata: string;
  inventory: string;
  deleted_at: null;
}

/** Query parameters as a list: a Lua list with a nil in it (a character without a phone number) arrives keyed by index. */
function positional(params: unknown): unknown[] {
  if (Array.isArray(params)) return params;
  if (params === null || typeof params !== 'object') return [];
  const out: unknown[] = [];
  for (const [key, value] of Object.entries(params)) out[Number(key) - 1] = value;
  return out;
}

/**
 * Database of the ND_Core world, by query text: `nd_users` (Alice is user 1, a new user gets the next id),
 * `nd_characters` (Alice's charid 1: 50 cash, 1000 bank; rows ND_Core inserts are kept; saves keep cash and bank),
 * `nd_groups` (empty, counted as seeded unless `emptyGroups` ran). Other queries are logged and answer nothing.
 */
export function ndDatabase(log: (line: string) => void): MysqlRouter {
  groupsSeeded = true;
  const users: Record<string, number> = { '1111': 1, '2222': 1 };
  let nextUser = 2;
  const characters: CharacterRow[] = [
    {
      charid: 1,
      identifier: 'license:1111',
      user_id: 1,
      name: 'Alice',
      firstname: 'Alice',
      lastname: 'Test',
      dob: '2000-01-01',
      gender: 'female',
      cash: 50,
      bank: 1000,
      phonenumber: null,
      groups: '{}',
      metadata: '{}',
      inventory: '[]',
      deleted_at: null,
    },
  ];
  return (method, query, params) => {
    const p = positional(params);
    const q = query.trim();
    if (/^(CREATE TABLE|ALTER TABLE)/i.test(q) || /^--/.test(q)) return [];
    if (/^SELECT COUNT\(\*\) FROM nd_groups$/.test(q)) return groupsSeeded ? 1 : 0;
    if (/^SELECT \* FROM nd_groups$/.test(q)) return [];
    if (/^SELECT \* FROM nd_group_ranks/.test(q)) return [];
    if (/^SELECT user_id FROM nd_users WHERE /.test(q)) {
      const found = p.map((id) => users[String(id)]).find((id) => id !== undefined);
      return found === undefined ? [] : [{ user_id: found }];
    }
    if (/^UPDATE nd_users SET /.test(q)) return 1;
    if (/^SELECT \* FROM nd_vehicles WHERE owner = \?$/.test(q)) return [];
    if (/^INSERT INTO nd_users /.test(q)) {
      const id = nextUser++;
      for (const value of p) users[String(value)] = id;
      return id;
    }
    if (
      /^SELECT \* FROM nd_characters WHERE \(identifier = \? OR user_id = \?\) AND deleted_at IS NULL$/.test(
        q,
      )
    )
      return characters.filter((c) => c.identifier === p[0] || c.user_id === p[1]).map((c) => ({ ...c }));
    if (/^SELECT \* FROM nd_characters WHERE charid = \?/.test(q))
      return characters.filter((c) => c.charid === p[0]).map((c) => ({ ...c }));
    if (/^INSERT INTO nd_characters /.test(q)) {
      const [
        identifier,
        userId,
        name,
        firstname,
        lastname,
        dob,
        gender,
        cash,
        bank,
        phone,
        groups,
        meta,
        inv,
      ] = p;
      const row: CharacterRow = {
        charid: characters.length + 1,
        identifier: String(identifier),
        user_id: Number(userId),
        name: String(name),
        firstname: String(firstname),
        lastname: String(lastname),
        dob: String(dob),
        gender: String(gender),
        cash: Number(cash),
        bank: Number(bank),
        phonenumber: phone === null || phone === undefined ? null : String(phone),
        groups: String(groups),
        metadata: String(meta),
        inventory: String(inv),
        deleted_at: null,
      };
      characters.push(row);
      return row.charid;
    }
    if (/^UPDATE nd_characters SET user_id = \?, name = \?/.test(q)) {
      const row = characters.find((c) => c.charid === p[11]);
      if (row) {
        row.cash = Number(p[6]);
        row.bank = Number(p[7]);
      }
      return row ? 1 : 0;
    }
    if (/^UPDATE nd_characters SET /.test(q) || /^UPDATE `nd_characters` SET/.test(q)) return 1;
    log(`unrouted ${method}: ${q.slice(0, 160)}`);
    return undefined;
  };
}

/**
 * FXServer's `playerConnecting` with deferrals (ND_Core keeps the identifiers it finds there for `playerJoining`),
 * then, in ND_Core's state, two pieces of FiveM the harness lacks: `Citizen.ResultAsString`, which `addMoney`'s money
 * log passes to `FORMAT_STACK_TRACE` (the harness's InvokeNative answers nil, so ND_Core logs nothing; money is
 * unaffected), and `GetAllVehicles` answering an empty list (the harness has no entities; ND_Core's vehicle module
 * lists them on `ND:characterLoaded`).
 */
export function connectNdPlayer(server: SimServer, player: SimPlayer): void {
  const deferrals = {
    defer: () => undefined,
    update: () => undefined,
    done: () => undefined,
    presentCard: () => undefined,
  };
  server.emitNet('playerConnecting', player.source, player.name, () => undefined, deferrals);
  server.probe(
    'ND_Core',
    'Citizen.ResultAsString = Citizen.ResultAsString or function() return nil end; GetAllVehicles = function() return {} end',
  );
}

/** Joins a player during a scenario (connecting, then joining); ND_Core activates a character 3 s later. */
export function joinNdPlayer(server: SimServer, player: SimPlayer): void {
  server.connect(player, () => connectNdPlayer(server, player));
}

/** Lets ND_Core's join thread reach its `Wait(3000)` end: the first character becomes active by itself. */
export function loadNdPlayer(server: SimServer): void {
  server.advance(3100);
}

const ND_PROBE = `
local out = {}
for src, c in pairs(NDCore.players) do
  out['player ' .. src] = { id = c.id, cash = c.cash, bank = c.bank }
end
return out`;

/** ND_Core cash and bank per active character, and ox_inventory items per player inventory. */
export function ndState(server: SimServer): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (server.resourceState('ND_Core') === 'started') state.ND_Core = server.probe('ND_Core', ND_PROBE);
  if (server.resourceState('ox_inventory') === 'started')
    state.ox_inventory = server.probe('ox_inventory', OX_PROBE);
  return state;
}

type Character = Record<string, unknown> & Record<'addMoney', (...a: unknown[]) => unknown>;

/** `exports.ND_Core.getPlayer(source)`, recorded; a throw is swallowed. */
export function ndPlayer(ctx: ScenarioContext, source: unknown): Character | undefined {
  return attempt(() => ctx.exports('ND_Core').getPlayer?.(source)) as Character | undefined;
}

/** Calls a closure of the character table (dot syntax, as from JS), recorded; a throw is swallowed. */
export function characterFn(character: Character | undefined, name: string, ...args: unknown[]): unknown {
  return attempt(() => (character?.[name] as ((...a: unknown[]) => unknown) | undefined)?.(...args));
}
