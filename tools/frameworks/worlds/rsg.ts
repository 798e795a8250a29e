/**
 * RSG (RedM): rsg-core 2.3.12 (a QBCore fork) with ox_lib and rsg-inventory 2.8.5, rsg-core's default config (cash as
 * `dollar`/`cent` items: `EnableMoneyItems`). Alice's character loads through `RSGCore.Player.Login` as
 * rsg-multicharacter calls it, then her client's `RSGCore:Server:OnPlayerLoaded` (which turns her cash into items);
 * Bob is connected without a character.
 */
import { adapterSteps, withAdapter } from '../adapter';
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import { defineWorld, type Scenario, type ScenarioContext } from '../world';
import { attempt, REASON } from './esx-common';
import { ALICE_CITIZENID, playerRow, QB_BOB, QB_PLAYERS, saveMoney, trimSharedAnswers } from './qb-common';

const ALICE_MONEY = {
  cash: 50,
  gold: 0,
  bank: 1000,
  valbank: 0,
  rhobank: 0,
  blkbank: 0,
  armbank: 0,
  bloodmoney: 0,
};

/** Database of the RSG world: Alice's `players` row (money kept on save); other queries are logged. */
function rsgDatabase(log: (line: string) => void): MysqlRouter {
  const row = playerRow({
    citizenid: ALICE_CITIZENID,
    license: 'license:1111',
    money: ALICE_MONEY,
    inventory: [],
  });
  return (method, query, params) => {
    const p = (Array.isArray(params) ? params : []) as unknown[];
    const q = query.trim();
    if (/^SELECT \* FROM players where citizenid = \?/i.test(q))
      return p[0] === ALICE_CITIZENID ? { ...row } : undefined;
    if (/^SELECT inventory FROM players WHERE citizenid = \?/i.test(q))
      return p[0] === ALICE_CITIZENID ? row.inventory : undefined;
    if (/AS uniqueCheck$/i.test(q)) return 0;
    if (/^INSERT INTO players /i.test(q)) {
      saveMoney(row, params);
      return 1;
    }
    if (/^UPDATE players SET inventory/i.test(q)) return 1;
    if (/INFORMATION_SCHEMA/i.test(q)) return [];
    log(`unrouted ${method}: ${q.slice(0, 120)}`);
    return undefined;
  };
}

/** Loads Alice as rsg-multicharacter and her client do: Login in a thread, then `RSGCore:Server:OnPlayerLoaded`. */
function loadRsgPlayer(server: SimServer, player: SimPlayer): void {
  if (player.source !== 1) return;
  server.probe('rsg-core', `CreateThread(function() RSGCore.Player.Login(1, '${ALICE_CITIZENID}') end)`);
  server.settle();
  server.emitNet('RSGCore:Server:OnPlayerLoaded', 1);
}

const RSG_PROBE = `
local out = {}
for src, p in pairs(RSGCore.Players) do
  local items, weight, used = {}, 0, 0
  for _, it in pairs(p.PlayerData.items or {}) do
    items[it.name] = (items[it.name] or 0) + it.amount
    weight = weight + (it.weight or 0) * it.amount
    used = used + 1
  end
  out['player ' .. src] = { citizenid = p.PlayerData.citizenid, money = p.PlayerData.money, items = items, weight = weight, slotsUsed = used }
end
return out`;

function rsgState(server: SimServer): Record<string, unknown> {
  if (server.resourceState('rsg-core') !== 'started') return {};
  return { 'rsg-core': server.probe('rsg-core', RSG_PROBE) };
}

type Fns = Record<string, (...a: unknown[]) => unknown>;

/** `exports['rsg-core'].GetCoreObject().Functions.GetPlayer(source)`, as the adapter reaches a player; recorded. */
function rsgPlayer(ctx: ScenarioContext, source: unknown): { Functions?: Fns } | undefined {
  const core = attempt(() => ctx.exports('rsg-core').GetCoreObject?.()) as { Functions?: Fns } | undefined;
  return attempt(() => core?.Functions?.GetPlayer?.(source)) as { Functions?: Fns } | undefined;
}

/**
 * The answer of a call, letting virtual time pass when the Lua side waited: rsg-inventory's ForceDropItem (AddItem on
 * a full inventory) polls `DoesEntityExist` of the bag it spawned for 5 s (100 x Wait(50)).
 */
async function settled(ctx: ScenarioContext, call: () => unknown): Promise<unknown> {
  const value = attempt(call);
  if (!(value instanceof Promise)) return value;
  ctx.server.advance(6000);
  return value.catch(() => undefined);
}

function playerFn(
  ctx: ScenarioContext,
  player: { Functions?: Fns } | undefined,
  name: string,
  ...args: unknown[]
): Promise<unknown> {
  return settled(ctx, () => player?.Functions?.[name]?.(...args));
}

function rsgInv(ctx: ScenarioContext, name: string, ...args: unknown[]): Promise<unknown> {
  return settled(ctx, () => ctx.exports('rsg-inventory')[name]?.(...args));
}

/** CanAddItem and AddItem as the adapter calls them, then the reads. */
async function giveAndRead(
  ctx: ScenarioContext,
  source: unknown,
  name: string,
  count: number,
): Promise<void> {
  await rsgInv(ctx, 'CanAddItem', source, name, count);
  await rsgInv(ctx, 'AddItem', source, name, count, false, {}, REASON);
  await rsgInv(ctx, 'GetItemsByName', source, name);
  await rsgInv(ctx, 'GetItemCount', source, name);
}

/** Fills Alice's inventory with `count` water through rsg-inventory's own AddItem (set-up, not recorded). */
function fillWater(server: SimServer, count: number): void {
  server.probe('rsg-core', `exports['rsg-inventory']:AddItem(1, 'water', ${count})`);
}

/** Uses every one of Alice's free slots with one each of different weightless-enough items (set-up). */
function fillSlots(server: SimServer): void {
  server.probe(
    'rsg-core',
    `local names = {}
for name, item in pairs(RSGCore.Shared.Items) do
  if item.type == 'item' and not item.unique and not item.decay and item.weight <= 100 and name ~= 'water' and name ~= 'dollar' and name ~= 'cent' then
    names[#names + 1] = name
  end
end
table.sort(names)
local p = RSGCore.Functions.GetPlayer(1)
local used = 0
for _ in pairs(p.PlayerData.items) do used = used + 1 end
for i = 1, p.PlayerData.slots - used do exports['rsg-inventory']:AddItem(1, names[i], 1) end`,
  );
}

/** The parts of RSG's core object the adapter reads; the others are recorded as `$truncated`. */
const CORE_KEPT = new Set(['Functions', 'Shared', 'Config']);

/**
 * Every RSG scenario records its GetCoreObject answers trimmed: `Shared` as trimSharedAnswers does, `Config` down to
 * `Money`, and the tables the adapter never reads (`Commands`, `Players`, `Player`, callbacks) as `$truncated`;
 * RSG ignores GetCoreObject's filter, so JS received the whole core every time.
 */
function trimmed(s: Scenario): Scenario {
  const marker = (v: unknown) => ({
    $truncated: `${v !== null && typeof v === 'object' ? Object.keys(v).length : 0} keys`,
  });
  return {
    ...s,
    async run(ctx) {
      try {
        await s.run(ctx);
      } finally {
        trimSharedAnswers(ctx.server);
        for (const call of ctx.server.recorded) {
          const answer = call.returned as Record<string, unknown> | undefined;
          if (!call.path.endsWith('GetCoreObject') || answer === null || typeof answer !== 'object') continue;
          call.returned = Object.fromEntries(
            Object.entries(answer).map(([key, value]) => {
              if (key === 'Config' && value !== null && typeof value === 'object')
                return [
                  key,
                  Object.fromEntries(
                    Object.entries(value).map(([k, v]) => [k, k === 'Money' ? v : marker(v)]),
                  ),
                ];
              return [
                key,
                CORE_KEPT.has(key) || value === null || typeof value !== 'object' ? value : marker(value),
              ];
            }),
          );
        }
      }
    },
  };
}

const water = (count: number) => ({ type: 'item' as const, item: 'water', count });

const scenarios: Scenario[] = [
  {
    name: 'money',
    description:
      "Cash: AddMoney('cash', 500) answers true; with money items on, 500 dollar items are added too and GetMoney('cash') reads 550.",
    async run(ctx) {
      const player = rsgPlayer(ctx, 1);
      await playerFn(ctx, player, 'GetMoney', 'cash');
      await playerFn(ctx, player, 'AddMoney', 'cash', 500, REASON);
      await playerFn(ctx, player, 'GetMoney', 'cash');
      await rsgInv(ctx, 'GetItemCount', 1, 'dollar');
    },
  },
  {
    name: 'banks',
    description:
      "Bank money types: AddMoney('bank', 750) and AddMoney('valbank', 100) answer true; GetMoney reads them.",
    async run(ctx) {
      const player = rsgPlayer(ctx, 1);
      await playerFn(ctx, player, 'AddMoney', 'bank', 750, REASON);
      await playerFn(ctx, player, 'GetMoney', 'bank');
      await playerFn(ctx, player, 'AddMoney', 'valbank', 100, REASON);
      await playerFn(ctx, player, 'GetMoney', 'valbank');
    },
  },
  {
    name: 'unknown-money-type',
    description: "A money type RSG does not have ('money'): AddMoney answers false, GetMoney nothing.",
    async run(ctx) {
      const player = rsgPlayer(ctx, 1);
      await playerFn(ctx, player, 'AddMoney', 'money', 100, REASON);
      await playerFn(ctx, player, 'GetMoney', 'money');
    },
  },
  {
    name: 'bad-amounts',
    description:
      "AddMoney('gold', 1.5) answers false, a negative amount nothing, 0.4 bank is credited as 0.4, 0 answers true.",
    async run(ctx) {
      const player = rsgPlayer(ctx, 1);
      await playerFn(ctx, player, 'AddMoney', 'gold', 1.5, REASON);
      await playerFn(ctx, player, 'AddMoney', 'bank', -5, REASON);
      await playerFn(ctx, player, 'AddMoney', 'bank', 0.4, REASON);
      await playerFn(ctx, player, 'AddMoney', 'bank', 0, REASON);
      await playerFn(ctx, player, 'GetMoney', 'bank');
      await playerFn(ctx, player, 'GetMoney', 'gold');
    },
  },
  {
    name: 'item',
    description:
      'CanAddItem(1, water, 2) true, AddItem(1, water, 2, false, {}, reason) true, then the reads.',
    async run(ctx) {
      await giveAndRead(ctx, 1, 'water', 2);
    },
  },
  {
    name: 'unknown-item',
    description: 'A misspelt item (breadd): CanAddItem false without a reason; AddItem false.',
    async run(ctx) {
      await giveAndRead(ctx, 1, 'breadd', 1);
    },
  },
  {
    name: 'full-by-weight',
    description:
      '351 water (100 g each) against 35 kg: CanAddItem [false, "weight"]; AddItem false, and it drops the items on the ground.',
    async run(ctx) {
      await giveAndRead(ctx, 1, 'water', 351);
    },
  },
  {
    name: 'full-by-slots',
    description: 'Every one of the 25 slots used: CanAddItem [false, "slots"]; AddItem false.',
    prepare: (ctx) => fillSlots(ctx.server),
    async run(ctx) {
      await giveAndRead(ctx, 1, 'water', 1);
    },
  },
  {
    name: 'cash-inventory-full',
    description:
      "Alice's inventory is full by weight (345 water): AddMoney('cash', 500) answers true, but the 500 dollar items do not fit.",
    prepare: (ctx) => fillWater(ctx.server, 345),
    async run(ctx) {
      const player = rsgPlayer(ctx, 1);
      await playerFn(ctx, player, 'GetMoney', 'cash');
      await rsgInv(ctx, 'CanAddItem', 1, 'dollar', 500);
      await playerFn(ctx, player, 'AddMoney', 'cash', 500, REASON);
      await playerFn(ctx, player, 'GetMoney', 'cash');
      await rsgInv(ctx, 'GetItemCount', 1, 'dollar');
    },
  },
  {
    name: 'player-not-loaded',
    description:
      'Bob is connected without a character: GetPlayer nothing; CanAddItem true (!), AddItem false.',
    async run(ctx) {
      rsgPlayer(ctx, 2);
      await giveAndRead(ctx, 2, 'water', 1);
    },
  },
  {
    name: 'adapter-money-and-bank',
    description:
      "The project's adapter pays cash 500 and bank 750 to Alice (each read before and after through GetMoney).",
    run: (ctx) =>
      withAdapter(
        ctx,
        [
          { type: 'money', amount: 500 },
          { type: 'bank', amount: 750 },
        ],
        (adapter, answer) =>
          adapterSteps(
            adapter,
            answer,
            [
              { type: 'money', amount: 500 },
              { type: 'bank', amount: 750 },
            ],
            { startupProblems: true, isPlayerReady: true, canReceive: true, give: true },
          ),
      ),
  },
  {
    name: 'adapter-valbank',
    description: "The project's adapter with rsg.bank = valbank pays bank 100 into Alice's Valentine bank.",
    run: (ctx) =>
      withAdapter(
        ctx,
        [{ type: 'bank', amount: 100 }],
        (adapter, answer) =>
          adapterSteps(adapter, answer, [{ type: 'bank', amount: 100 }], {
            startupProblems: true,
            give: true,
          }),
        { rsg: { bank: 'valbank' } },
      ),
  },
  {
    name: 'adapter-item',
    description: "The project's adapter checks and gives 2 water to Alice.",
    run: (ctx) =>
      withAdapter(ctx, [water(2)], (adapter, answer) =>
        adapterSteps(adapter, answer, [water(2)], { startupProblems: true, canReceive: true, give: true }),
      ),
  },
  {
    name: 'adapter-unknown-item',
    description:
      "The project's adapter asked about 1 x breadd (not in RSGCore.Shared.Items): at start, then at payout.",
    run: (ctx) =>
      withAdapter(ctx, [{ type: 'item', item: 'breadd', count: 1 }], (adapter, answer) =>
        adapterSteps(adapter, answer, [{ type: 'item', item: 'breadd', count: 1 }], {
          startupProblems: true,
          canReceive: true,
          give: true,
        }),
      ),
  },
  {
    name: 'adapter-full-by-weight',
    description:
      "The project's adapter asked to give 351 water (35.1 kg) to Alice (35 kg limit): nothing dropped.",
    run: (ctx) =>
      withAdapter(ctx, [water(351)], (adapter, answer) =>
        adapterSteps(adapter, answer, [water(351)], { canReceive: true, give: true }),
      ),
  },
  {
    name: 'adapter-cash-inventory-full',
    description:
      "The project's adapter asked to pay cash 500 while the dollar items would not fit: refused, nothing paid.",
    prepare: (ctx) => fillWater(ctx.server, 345),
    run: (ctx) =>
      withAdapter(ctx, [{ type: 'money', amount: 500 }], (adapter, answer) =>
        adapterSteps(adapter, answer, [{ type: 'money', amount: 500 }], { canReceive: true, give: true }),
      ),
  },
  {
    name: 'adapter-player-not-loaded',
    description: "The project's adapter asked to pay Bob (no character) bank 100 and 1 water.",
    run: (ctx) =>
      withAdapter(ctx, [{ type: 'bank', amount: 100 }, water(1)], (adapter, answer) =>
        adapterSteps(
          adapter,
          answer,
          [{ type: 'bank', amount: 100 }, water(1)],
          { isPlayerReady: true, canReceive: true, give: true },
          QB_BOB,
        ),
      ),
  },
];

export default defineWorld({
  name: 'rsg',
  description:
    "rsg-core 2.3.12 with ox_lib 3.39.0 and rsg-inventory 2.8.5 (RedM; 25 slots, 35 kg; cash as dollar/cent items, rsg-core's default). Alice's character is loaded through RSGCore.Player.Login, then her client's RSGCore:Server:OnPlayerLoaded; Bob is connected without a character. GetCoreObject answers are recorded trimmed (item names kept, other Shared tables as $truncated).",
  resources: ['ox_lib', 'rsg-core', 'rsg-inventory'],
  database: rsgDatabase,
  players: QB_PLAYERS,
  loaded: [1],
  load: loadRsgPlayer,
  state: rsgState,
  scenarios: scenarios.map(trimmed),
});
