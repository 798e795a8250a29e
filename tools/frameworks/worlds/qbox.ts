/** Qbox: qbx_core 1.23.0 with ox_lib 3.39.0 and ox_inventory 2.47.7 (`inventory:framework` qbx). */
import { adapterRun } from '../adapter';
import { defineWorld, type Scenario, type ScenarioContext } from '../world';
import { attempt, ox, oxItemCalls, REASON } from './esx-common';
import { useSlots } from './ox-fill';
import {
  ADAPTER_MONEY_AND_BANK,
  ALICE_CITIZENID,
  adapterPlayerNotLoaded,
  itemReward,
  QB_PLAYERS,
} from './qb-common';
import { loadQboxPlayer, QBOX_CONVARS, qboxDatabase, qboxState } from './qbox-common';

/** `exports.qbx_core.<name>(...args)`, recorded; a throw is swallowed. */
function qbx(ctx: ScenarioContext, name: string, ...args: unknown[]): unknown {
  return attempt(() => ctx.exports('qbx_core')[name]?.(...args));
}

/** ox_inventory stops after the players loaded (a restart or crash window). */
function stopOx(ctx: ScenarioContext): void {
  ctx.server.stop('ox_inventory');
  ctx.server.advance(100);
}

const scenarios: Scenario[] = [
  {
    name: 'money',
    description:
      "Cash: GetPlayer(1), AddMoney(1, 'cash', 500) true, then the reads: GetMoney and ox_inventory's money item (qbx_core mirrors cash into it).",
    run(ctx) {
      qbx(ctx, 'GetPlayer', 1);
      qbx(ctx, 'GetMoney', 1, 'cash');
      qbx(ctx, 'AddMoney', 1, 'cash', 500, REASON);
      qbx(ctx, 'GetMoney', 1, 'cash');
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'bank',
    description: "Bank: AddMoney(1, 'bank', 750) true; GetMoney(1, 'bank') reads the new balance.",
    run(ctx) {
      qbx(ctx, 'AddMoney', 1, 'bank', 750, REASON);
      qbx(ctx, 'GetMoney', 1, 'bank');
    },
  },
  {
    name: 'unknown-money-type',
    description:
      "A money type qbx_core does not have ('money'): AddMoney false, GetMoney nothing; no type: GetMoney false.",
    run(ctx) {
      qbx(ctx, 'AddMoney', 1, 'money', 100, REASON);
      qbx(ctx, 'GetMoney', 1, 'money');
      qbx(ctx, 'GetMoney', 1);
    },
  },
  {
    name: 'fractional-and-huge-amounts',
    description:
      'AddMoney rounds the amount: 0.4 is credited as 0 (true), 2.5 as 3; -5 answers false; 1e15 cash is accepted and mirrored into ox_inventory.',
    findings: [8],
    run(ctx) {
      qbx(ctx, 'AddMoney', 1, 'bank', 0.4, REASON);
      qbx(ctx, 'GetMoney', 1, 'bank');
      qbx(ctx, 'AddMoney', 1, 'bank', 2.5, REASON);
      qbx(ctx, 'GetMoney', 1, 'bank');
      qbx(ctx, 'AddMoney', 1, 'bank', -5, REASON);
      qbx(ctx, 'AddMoney', 1, 'cash', 1e15, REASON);
      qbx(ctx, 'GetMoney', 1, 'cash');
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'money-ox-stopped',
    description:
      'ox_inventory stopped after the player loaded: AddMoney credits cash, then raises while mirroring it into ox_inventory (SetItem on a stopped resource); bank is not mirrored and answers true.',
    findings: [1, 12],
    prepare: stopOx,
    run(ctx) {
      qbx(ctx, 'AddMoney', 1, 'cash', 500, REASON);
      qbx(ctx, 'GetMoney', 1, 'cash');
      qbx(ctx, 'AddMoney', 1, 'bank', 750, REASON);
      qbx(ctx, 'GetMoney', 1, 'bank');
    },
  },
  {
    name: 'item',
    description:
      'ox_inventory on Qbox: CanCarryItem true, AddItem [true, slot], then GetItemCount and Search count.',
    run(ctx) {
      oxItemCalls(ctx, 1, 'water', 2);
      ox(ctx, 'Search', 1, 'count', 'water');
    },
  },
  {
    name: 'unknown-item',
    description: 'A misspelt item: CanCarryItem nil, AddItem [false, "invalid_item"], GetItemCount 0.',
    run(ctx) {
      oxItemCalls(ctx, 1, 'breadd', 1);
    },
  },
  {
    name: 'item-list',
    description:
      'The item-list reads the adapter makes at start and on a nil CanCarryItem: Items(name) answers the definition or nothing.',
    run(ctx) {
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
      'All 5 slots used (the money item and 4 others): CanCarryItem for a stackable item not held answers nil; AddItem [false, "inventory_full"].',
    findings: [3],
    prepare: (ctx) => useSlots(ctx, 4),
    run(ctx) {
      oxItemCalls(ctx, 1, 'burger', 1);
    },
  },
  {
    name: 'player-not-loaded',
    description:
      'Bob is connected without a character: GetPlayer nothing, AddMoney and GetMoney false, ox has no inventory for him.',
    run(ctx) {
      qbx(ctx, 'GetPlayer', 2);
      qbx(ctx, 'AddMoney', 2, 'bank', 100, REASON);
      qbx(ctx, 'GetMoney', 2, 'bank');
      oxItemCalls(ctx, 2, 'water', 1);
    },
  },
  {
    name: 'player-left',
    description:
      'Alice disconnects: calls by source answer false or nothing; by citizenid, AddMoney credits her saved character (offline) and answers true, but saves it in a thread: a read right after still sees the old balance, one a tick later the new one.',
    prepare: (ctx) => ctx.server.drop(1),
    run(ctx) {
      qbx(ctx, 'GetPlayer', 1);
      qbx(ctx, 'AddMoney', 1, 'bank', 100, REASON);
      qbx(ctx, 'GetMoney', 1, 'bank');
      ox(ctx, 'GetItemCount', 1, 'water');
      qbx(ctx, 'AddMoney', ALICE_CITIZENID, 'bank', 100, REASON);
      qbx(ctx, 'GetMoney', ALICE_CITIZENID, 'bank');
      ctx.server.advance(100);
      qbx(ctx, 'GetMoney', ALICE_CITIZENID, 'bank');
    },
  },
  {
    name: 'string-source',
    description:
      "A string is looked up as a citizenid first (resolvePlayer); '1' matches no character, so the `and/or` falls through to GetPlayer('1'), which is Alice: AddMoney('1') pays her. Her citizenid pays her too; ox_inventory does not take '1'.",
    run(ctx) {
      qbx(ctx, 'GetPlayer', '1');
      qbx(ctx, 'AddMoney', '1', 'bank', 100, REASON);
      qbx(ctx, 'GetMoney', '1', 'bank');
      qbx(ctx, 'AddMoney', ALICE_CITIZENID, 'bank', 100, REASON);
      qbx(ctx, 'GetMoney', 1, 'bank');
      ox(ctx, 'GetItemCount', '1', 'money');
    },
  },
  ADAPTER_MONEY_AND_BANK,
  {
    name: 'adapter-money-ox-stopped',
    description:
      "The project's adapter pays cash 500 to Alice while ox_inventory is stopped: qbx_core credits, then raises; the notes show what the adapter made of it.",
    findings: [1],
    prepare: stopOx,
    run: adapterRun([{ type: 'money', amount: 500 }], { give: true }),
  },
  {
    name: 'adapter-item',
    description: "The project's adapter checks and gives 2 water to Alice.",
    run: adapterRun([itemReward('water', 2)], { startupProblems: true, canReceive: true, give: true }),
  },
  {
    name: 'adapter-unknown-item',
    description:
      "The project's adapter asked about 1 x breadd (not an ox_inventory item): at start, then at payout.",
    run: adapterRun([itemReward('breadd', 1)], { startupProblems: true, canReceive: true }),
  },
  {
    name: 'adapter-full-by-slots',
    description: "The project's adapter asked to give 1 burger to Alice with all 5 slots used.",
    findings: [3],
    prepare: (ctx) => useSlots(ctx, 4),
    run: adapterRun([itemReward('burger', 1)], { canReceive: true }),
  },
  adapterPlayerNotLoaded('water'),
];

export default defineWorld({
  name: 'qbox',
  description:
    "qbx_core 1.23.0 with ox_lib 3.39.0 and ox_inventory 2.47.7 (inventory:framework qbx, 5 slots, 3 kg; qbx_vehicles is a metadata-only stub). Alice's character is loaded through qbx_core's Login as its character menu does (the client's setHealth callback answered); ox_inventory sets up her inventory from the loadInventory state bag. Bob is connected without a character.",
  resources: ['ox_lib', 'qbx_core', 'ox_inventory'],
  stubs: { qbx_vehicles: { version: ['1.4.0'] } },
  convars: QBOX_CONVARS,
  database: qboxDatabase,
  players: QB_PLAYERS,
  loaded: [1],
  load: loadQboxPlayer,
  state: qboxState,
  scenarios,
});
