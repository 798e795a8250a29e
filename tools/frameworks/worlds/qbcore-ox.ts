/**
 * qb-core 1.3.0 with ox_lib 3.39.0 and ox_inventory 2.41.0 (`inventory:framework` qb): the last ox_inventory with a
 * QBCore bridge (2.42.0 deleted modules/bridge/qb/ in commit 34a3e9bf).
 */
import type { Reward } from '../../../src/rewards/types';
import { adapterRun, adapterSteps, withAdapter } from '../adapter';
import type { MysqlRouter, SimServer } from '../host';
import { defineWorld, type Scenario } from '../world';
import { OX_PROBE, ox, oxItemCalls, REASON } from './esx-common';
import { useSlots } from './ox-fill';
import {
  ADAPTER_MONEY_AND_BANK,
  adapterPlayerNotLoaded,
  itemReward,
  loadQbPlayer,
  playerFn,
  QB_PLAYERS,
  qbDatabase,
  qbPlayer,
  trimSharedAnswers,
} from './qb-common';

/** Every scenario records its GetCoreObject answers trimmed (see trimSharedAnswers). */
function trimmed(s: Scenario): Scenario {
  return {
    ...s,
    async run(ctx) {
      try {
        await s.run(ctx);
      } finally {
        trimSharedAnswers(ctx.server);
      }
    },
  };
}

const QB_MONEY_PROBE = `
local out = {}
for src, p in pairs(QBCore.Players) do
  out['player ' .. src] = { citizenid = p.PlayerData.citizenid, money = p.PlayerData.money }
end
return out`;

/** QBCore money per loaded player (its items are ox_inventory's slots) and ox_inventory items per player inventory. */
function qbOxState(server: SimServer): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (server.resourceState('qb-core') === 'started')
    state['qb-core'] = server.probe('qb-core', QB_MONEY_PROBE);
  if (server.resourceState('ox_inventory') === 'started')
    state.ox_inventory = server.probe('ox_inventory', OX_PROBE);
  return state;
}

/** The qb-core worlds' database, plus the query ox_inventory loads a QBCore player's inventory with (Alice: none). */
function qbOxDatabase(log: (line: string) => void): MysqlRouter {
  const qb = qbDatabase(log);
  return (method, query, params) => {
    if (/^SELECT inventory FROM `players` WHERE `citizenid` = \?$/.test(query.trim())) return '[]';
    return qb(method, query, params);
  };
}

const water2: Reward = itemReward('water', 2);

const scenarios: Scenario[] = [
  {
    name: 'money',
    description:
      "Cash: Functions.AddMoney('cash', 500) answers true; GetMoney reads 550 and ox_inventory's money item follows (its QBCore bridge mirrors cash on QBCore:Server:OnMoneyChange).",
    run(ctx) {
      const player = qbPlayer(ctx, 1);
      playerFn(player, 'AddMoney', 'cash', 500, REASON);
      playerFn(player, 'GetMoney', 'cash');
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'bank',
    description: "Bank: AddMoney('bank', 750) true; GetMoney('bank') 1750; the money item is unchanged.",
    run(ctx) {
      const player = qbPlayer(ctx, 1);
      playerFn(player, 'AddMoney', 'bank', 750, REASON);
      playerFn(player, 'GetMoney', 'bank');
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'money-item',
    description:
      "The money item added through ox_inventory: AddItem(1, 'money', 25) succeeds and the bridge's syncInventory sets QBCore's cash to the item count.",
    run(ctx) {
      ox(ctx, 'AddItem', 1, 'money', 25);
      playerFn(qbPlayer(ctx, 1), 'GetMoney', 'cash');
    },
  },
  {
    name: 'item',
    description: 'ox_inventory exports on QBCore: CanCarryItem true, AddItem [true, slot], GetItemCount 2.',
    run(ctx) {
      oxItemCalls(ctx, 1, 'water', 2);
    },
  },
  {
    name: 'item-through-player-method',
    description:
      "The bridge replaces the player's Functions.AddItem / GetItemByName with ox_inventory's (AddPlayerMethod): AddItem answers ox's [true, slot]; GetItemByName the slot with amount = count.",
    run(ctx) {
      const player = qbPlayer(ctx, 1);
      playerFn(player, 'AddItem', 'water', 2);
      playerFn(qbPlayer(ctx, 1), 'GetItemByName', 'water');
    },
  },
  {
    name: 'unknown-item',
    description:
      'A misspelt item: CanCarryItem nil, AddItem [false, "invalid_item"], GetItemCount 0; Items(name) nil.',
    run(ctx) {
      oxItemCalls(ctx, 1, 'breadd', 1);
      ox(ctx, 'Items', 'water');
      ox(ctx, 'Items', 'breadd');
    },
  },
  {
    name: 'full-by-weight',
    description:
      '100 water (500 g each) into 3 kg: CanCarryItem false, but AddItem has no weight check and succeeds.',
    findings: [7],
    run(ctx) {
      oxItemCalls(ctx, 1, 'water', 100);
    },
  },
  {
    name: 'full-by-slots',
    description:
      'All 5 slots used (the money item and 4 others): CanCarryItem nil for an item not held; AddItem [false, "inventory_full"].',
    findings: [3],
    prepare: (ctx) => useSlots(ctx, 4),
    run(ctx) {
      oxItemCalls(ctx, 1, 'burger', 1);
    },
  },
  {
    name: 'player-not-loaded',
    description:
      'Bob is connected without a character: GetPlayer nothing; ox_inventory has no inventory for him.',
    run(ctx) {
      qbPlayer(ctx, 2);
      oxItemCalls(ctx, 2, 'water', 1);
    },
  },
  {
    name: 'player-left',
    description:
      'Alice disconnects (qb-core\'s playerDropped logs her out, and ox_inventory\'s bridge drops her inventory on QBCore:Server:OnPlayerUnload): GetPlayer nothing; CanCarryItem nil, AddItem [false, "invalid_inventory"].',
    prepare: (ctx) => ctx.server.drop(1),
    run(ctx) {
      qbPlayer(ctx, 1);
      oxItemCalls(ctx, 1, 'water', 1);
    },
  },
  ADAPTER_MONEY_AND_BANK,
  {
    name: 'adapter-item',
    description: "The project's adapter (inventory auto) checks and gives 2 water to Alice.",
    run: adapterRun([water2], { startupProblems: true, canReceive: true, give: true }),
  },
  {
    name: 'adapter-item-inventory-framework',
    description:
      "The project's adapter with inventory set to framework: qb-inventory is not installed (ox_inventory only answers its exports through the bridge), so it is refused at start.",
    run: (ctx) =>
      withAdapter(
        ctx,
        [water2],
        (adapter, answer) =>
          adapterSteps(adapter, answer, [water2], { startupProblems: true, canReceive: true, give: true }),
        { inventory: 'framework' },
      ),
  },
  {
    name: 'adapter-unknown-item',
    description:
      "The project's adapter asked about 1 x breadd (not an ox_inventory item): at start, then at payout.",
    run: adapterRun([itemReward('breadd', 1)], { startupProblems: true, canReceive: true, give: true }),
  },
  {
    name: 'adapter-full-by-slots',
    description: "The project's adapter asked to give 1 burger to Alice with all 5 slots used.",
    findings: [3],
    prepare: (ctx) => useSlots(ctx, 4),
    run: adapterRun([itemReward('burger', 1)], { canReceive: true, give: true }),
  },
  adapterPlayerNotLoaded('water'),
];

export default defineWorld({
  name: 'qbcore-ox',
  description:
    "qb-core 1.3.0 with ox_lib 3.39.0 and ox_inventory 2.41.0 (inventory:framework qb, 5 slots, 3 kg), the last ox_inventory with a QBCore bridge. Alice's character is loaded through QBCore.Player.Login as qb-multicharacter does; ox_inventory's bridge sets up her inventory on QBCore:Server:PlayerLoaded. Bob is connected without a character. GetCoreObject answers holding Shared are recorded trimmed.",
  resources: ['qb-core', 'ox_lib', 'ox_inventory-2.41'],
  convars: {
    'inventory:framework': 'qb',
    'inventory:slots': '5',
    'inventory:weight': '3000',
    sv_stateBagStrictMode: 'true',
  },
  database: qbOxDatabase,
  players: QB_PLAYERS,
  loaded: [1],
  load: loadQbPlayer,
  state: qbOxState,
  scenarios: scenarios.map(trimmed),
});
