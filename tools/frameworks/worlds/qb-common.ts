/** What the QBCore worlds share: players, database, how a character loads, state probes and call helpers. */
import type { PayoutContext, Reward } from '../../../src/rewards/types';
import { adapterRun } from '../adapter';
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import type { Scenario, ScenarioContext } from '../world';
import { attempt } from './esx-common';

/** Alice (source 1) has a character (citizenid ALC00001) loaded at boot; Bob (source 2) is connected, no character. */
export const QB_PLAYERS: SimPlayer[] = [
  { source: 1, name: 'Alice', identifiers: ['license:1111', 'license2:2222', 'discord:1'] },
  { source: 2, name: 'Bob', identifiers: ['license:3333'] },
];

/** Alice's citizenid. */
export const ALICE_CITIZENID = 'ALC00001';

/** A `players` row as qb-core and qbx_core read it (JSON columns as text). */
export interface QbCharacter {
  citizenid: string;
  license: string;
  money: Record<string, number>;
  inventory?: unknown[];
}

/** Alice's character: 50 cash, 1000 bank, no items. */
export const ALICE_CHARACTER: QbCharacter = {
  citizenid: ALICE_CITIZENID,
  license: 'license:1111',
  money: { cash: 50, bank: 1000, crypto: 0 },
  inventory: [],
};

/** The `players` row of a character, as `SELECT * FROM players` answers it. */
export function playerRow(c: QbCharacter): Record<string, unknown> {
  return {
    id: 1,
    citizenid: c.citizenid,
    cid: 1,
    license: c.license,
    name: 'Alice',
    money: JSON.stringify(c.money),
    charinfo: JSON.stringify({
      firstname: 'Alice',
      lastname: 'Test',
      birthdate: '2000-01-01',
      gender: 1,
      nationality: 'USA',
      phone: '5550001',
      account: 'US01QB0000000001',
    }),
    job: JSON.stringify({ name: 'unemployed', grade: { level: 0 } }),
    gang: JSON.stringify({ name: 'none', grade: { level: 0 } }),
    position: JSON.stringify({ x: 0, y: 0, z: 0, w: 0 }),
    metadata: JSON.stringify({}),
    inventory: JSON.stringify(c.inventory ?? []),
    last_updated: '2026-01-01 00:00:00',
  };
}

/** Keeps the money column of a `players` upsert (Save, SaveOffline: named parameters) for Alice's row. */
export function saveMoney(row: Record<string, unknown>, params: unknown): void {
  const named = params as { citizenid?: unknown; money?: unknown } | null;
  if (named?.citizenid === ALICE_CITIZENID && typeof named.money === 'string') row.money = named.money;
}

/** Database of the qb-core worlds: Alice's `players` row (money kept on save); other queries are logged and answer nothing. */
export function qbDatabase(log: (line: string) => void): MysqlRouter {
  const row = playerRow(ALICE_CHARACTER);
  return (method, query, params) => {
    const p = (Array.isArray(params) ? params : []) as unknown[];
    const q = query.trim();
    if (/^SELECT \* FROM players where citizenid = \?/i.test(q))
      return p[0] === ALICE_CITIZENID ? { ...row } : undefined;
    if (/^SELECT inventory FROM players WHERE citizenid = \?/i.test(q))
      return p[0] === ALICE_CITIZENID ? row.inventory : undefined;
    if (/^SELECT \* FROM inventories/i.test(q)) return [];
    if (/AS uniqueCheck$/i.test(q)) return 0;
    if (/^INSERT INTO players /i.test(q)) {
      saveMoney(row, params);
      return 1;
    }
    if (/^UPDATE players SET inventory/i.test(q)) return 1;
    log(`unrouted ${method}: ${query}`);
    return undefined;
  };
}

/** Loads a character the way qb-multicharacter does: `QBCore.Player.Login(source, citizenid)` in a thread. */
export function loadQbPlayer(server: SimServer, player: SimPlayer): void {
  if (player.source !== 1) return;
  server.probe('qb-core', `CreateThread(function() QBCore.Player.Login(1, '${ALICE_CITIZENID}') end)`);
  server.settle();
}

const QB_PROBE = `
local out = {}
for src, p in pairs(QBCore.Players) do
  local items, weight, used = {}, 0, 0
  for _, it in pairs(p.PlayerData.items or {}) do
    items[it.name] = (items[it.name] or 0) + it.amount
    weight = weight + (it.weight or 0) * it.amount
    used = used + 1
  end
  out['player ' .. src] = { citizenid = p.PlayerData.citizenid, money = p.PlayerData.money, items = items, weight = weight, slotsUsed = used }
end
return out`;

/** QBCore money and qb-inventory items per loaded player. */
export function qbState(server: SimServer): Record<string, unknown> {
  if (server.resourceState('qb-core') !== 'started') return {};
  return { 'qb-core': server.probe('qb-core', QB_PROBE) };
}

type Fns = Record<string, (...a: unknown[]) => unknown>;

/** `exports['qb-core'].GetCoreObject(filter)`, recorded; a throw is swallowed. */
export function coreObject(ctx: ScenarioContext, filter?: string[]): Record<string, unknown> | undefined {
  return attempt(() =>
    filter ? ctx.exports('qb-core').GetCoreObject?.(filter) : ctx.exports('qb-core').GetCoreObject?.(),
  ) as Record<string, unknown> | undefined;
}

/** `GetCoreObject(['Functions']).Functions.GetPlayer(source)`, as the adapter reaches a player; recorded. */
export function qbPlayer(
  ctx: ScenarioContext,
  source: unknown,
): { Functions?: Fns; PlayerData?: Record<string, unknown> } | undefined {
  const core = coreObject(ctx, ['Functions']) as { Functions?: Fns } | undefined;
  return attempt(() => core?.Functions?.GetPlayer?.(source)) as
    | { Functions?: Fns; PlayerData?: Record<string, unknown> }
    | undefined;
}

/** Calls one of the player's `Functions` (dot syntax, as from JS), recorded; a throw is swallowed. */
export function playerFn(player: { Functions?: Fns } | undefined, name: string, ...args: unknown[]): unknown {
  return attempt(() => player?.Functions?.[name]?.(...args));
}

/** `exports['qb-inventory'].<name>(...args)`, recorded; a throw is swallowed. */
export function qbInv(ctx: ScenarioContext, name: string, ...args: unknown[]): unknown {
  return attempt(() => ctx.exports('qb-inventory')[name]?.(...args));
}

/**
 * Uses `count` slots of Alice's inventory with one each of different light items (sorted by name), through
 * qb-inventory's own AddItem export; a set-up for `prepare`, not recorded.
 */
export function fillQbSlots(server: SimServer, count: number): void {
  server.probe(
    'qb-core',
    `local names = {}
for name, item in pairs(QBCore.Shared.Items) do
  if item.type == 'item' and not item.unique and item.weight <= 500 and name ~= 'sandwich' and name ~= 'water_bottle' then
    names[#names + 1] = name
  end
end
table.sort(names)
for i = 1, ${count} do exports['qb-inventory']:AddItem(1, names[i], 1) end`,
  );
}

/**
 * Shortens what the transcript keeps of `GetCoreObject([... 'Shared' ...])` answers (about 480 kB: vehicles, weapons,
 * locations): `Shared.Items` keeps every item name with its entry marked `$truncated` (the adapters only test names),
 * the other Shared tables are marked `$truncated` whole; `GetShared` answers that are a whole namespace keep only the
 * names. The JS side received the full tables; only the record is cut.
 */
export function trimSharedAnswers(server: SimServer): void {
  const marker = (v: unknown) => ({
    $truncated: `${v !== null && typeof v === 'object' ? Object.keys(v).length : 0} keys`,
  });
  for (const call of server.recorded) {
    const answer = call.returned as Record<string, unknown> | undefined;
    // GetShared(namespace, name) answers the whole namespace when the name is unknown.
    if (
      call.path.endsWith('GetShared') &&
      answer !== null &&
      typeof answer === 'object' &&
      !('name' in answer)
    ) {
      call.returned = Object.fromEntries(
        Object.entries(answer).map(([name, entry]) => [name, marker(entry)]),
      );
      continue;
    }
    const shared = (call.returned as { Shared?: Record<string, unknown> } | undefined)?.Shared;
    if (!call.path.endsWith('GetCoreObject') || shared === null || typeof shared !== 'object') continue;
    const trimmed: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(shared)) {
      if (key === 'Items' && value !== null && typeof value === 'object') {
        trimmed.Items = Object.fromEntries(Object.entries(value).map(([name, item]) => [name, marker(item)]));
      } else trimmed[key] = value !== null && typeof value === 'object' ? marker(value) : value;
    }
    call.returned = { ...(call.returned as object), Shared: trimmed };
  }
}

/** Bob as the claim flow would describe him (connected, no character). */
export const QB_BOB: PayoutContext = { source: 2, name: 'Bob', license: 'license:3333', voteId: 'vote-2' };

/** An item reward of `count` x `name`. */
export const itemReward = (name: string, count: number): Reward => ({ type: 'item', item: name, count });

/** The adapter's start-up check, Alice's readiness, then cash 500 and bank 750 paid to her. */
export const ADAPTER_MONEY_AND_BANK: Scenario = {
  name: 'adapter-money-and-bank',
  description:
    "The project's adapter pays cash 500 and bank 750 to Alice (each read before and after through GetMoney).",
  run: adapterRun(
    [
      { type: 'money', amount: 500 },
      { type: 'bank', amount: 750 },
    ],
    { startupProblems: true, isPlayerReady: true, give: true },
  ),
};

/** The adapter asked to pay Bob (no character) bank 100 and 1 `item`: readiness, room, then each payout. */
export function adapterPlayerNotLoaded(item: string): Scenario {
  return {
    name: 'adapter-player-not-loaded',
    description: `The project's adapter asked to pay Bob (connected, no character) bank 100 and 1 ${item}.`,
    run: adapterRun(
      [{ type: 'bank', amount: 100 }, itemReward(item, 1)],
      { isPlayerReady: true, canReceive: true, give: true },
      QB_BOB,
    ),
  };
}
