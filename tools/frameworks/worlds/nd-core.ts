/** ND_Core 2.3.2 with ox_lib 3.39.0 and ox_inventory 2.47.7 (ND_Core sets `inventory:framework` to `nd`). */
import type { PayoutContext } from '../../../src/rewards/types';
import { adapterRun } from '../adapter';
import { defineWorld, type Scenario, type ScenarioContext } from '../world';
import { ox, oxItemCalls, REASON } from './esx-common';
import {
  characterFn,
  connectNdPlayer,
  emptyGroups,
  joinNdPlayer,
  loadNdPlayer,
  ND_ALICE,
  ND_BOB,
  ND_CONVARS,
  ndDatabase,
  ndPlayer,
  ndState,
} from './nd-common';
import { useSlots } from './ox-fill';
import { itemReward } from './qb-common';

/** Bob as the claim flow would describe him (joined, no active character yet). */
const BOB: PayoutContext = { source: 2, name: 'Bob', license: 'license:3333', voteId: 'vote-2' };

/** `getPlayer(1).addMoney(account, amount, reason)`, then a fresh `getPlayer(1)` (the read the adapter makes). */
function credit(ctx: ScenarioContext, account: unknown, amount: unknown): void {
  characterFn(ndPlayer(ctx, 1), 'addMoney', account, amount, REASON);
}

/** ox_inventory stops after the character became active (a restart or crash window). */
function stopOx(ctx: ScenarioContext): void {
  ctx.server.stop('ox_inventory');
  ctx.server.advance(100);
}

const scenarios: Scenario[] = [
  {
    name: 'money',
    description:
      "Cash: getPlayer(1) is the character table (fields and closures); addMoney('cash', 500) answers true; a fresh getPlayer reads 550 and ox_inventory's money item follows (its ND bridge mirrors cash).",
    run(ctx) {
      credit(ctx, 'cash', 500);
      ndPlayer(ctx, 1);
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'bank',
    description:
      "Bank: addMoney('bank', 750) answers true; a fresh getPlayer reads 1750; the money item is unchanged.",
    run(ctx) {
      credit(ctx, 'bank', 750);
      ndPlayer(ctx, 1);
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'unknown-account',
    description:
      "Accounts other than 'cash' and 'bank' ('money', 'Bank', nothing): addMoney answers nothing and changes nothing.",
    run(ctx) {
      credit(ctx, 'money', 100);
      credit(ctx, 'Bank', 100);
      credit(ctx, undefined, 100);
      ndPlayer(ctx, 1);
    },
  },
  {
    name: 'invalid-amount',
    description:
      "addMoney takes tonumber(amount) > 0: 0, -5 and 'abc' answer nothing; 0.4 is credited as 0.4, '25' as 25, 1e15 as it is.",
    findings: [8],
    run(ctx) {
      credit(ctx, 'bank', 0);
      credit(ctx, 'bank', -5);
      credit(ctx, 'bank', 'abc');
      credit(ctx, 'bank', 0.4);
      credit(ctx, 'bank', '25');
      credit(ctx, 'cash', 1e15);
      ndPlayer(ctx, 1);
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'money-ox-stopped',
    description:
      "ox_inventory stopped after Alice's character became active: addMoney('cash', 500) and ('bank', 750) still answer true and credit (the cash mirror is an event ox_inventory no longer hears); nothing raises.",
    findings: [1],
    prepare: stopOx,
    run(ctx) {
      credit(ctx, 'cash', 500);
      credit(ctx, 'bank', 750);
      ndPlayer(ctx, 1);
    },
  },
  {
    name: 'item',
    description: 'ox_inventory on ND_Core: CanCarryItem true, AddItem [true, slot], GetItemCount 2.',
    run(ctx) {
      oxItemCalls(ctx, 1, 'water', 2);
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
      'Bob joined less than 3 s ago (no character active yet): getPlayer nothing; ox_inventory has no inventory for him.',
    prepare: (ctx) => joinNdPlayer(ctx.server, ND_BOB),
    run(ctx) {
      ndPlayer(ctx, 2);
      oxItemCalls(ctx, 2, 'water', 1);
    },
  },
  {
    name: 'character-loads-by-itself',
    description:
      'Without a multicharacter resource, ND_Core creates Bob a character and makes it active 3 s after he joined: getPlayer answers nothing before, the new character (0 cash, 0 bank) after; ox_inventory then has his inventory.',
    prepare: (ctx) => joinNdPlayer(ctx.server, ND_BOB),
    run(ctx) {
      ndPlayer(ctx, 2);
      ctx.server.advance(3100);
      ndPlayer(ctx, 2);
      ox(ctx, 'GetItemCount', 2, 'money');
    },
  },
  {
    name: 'player-left',
    description:
      'Alice disconnects (playerDropped unloads and saves her character): getPlayer nothing; ox_inventory dropped her inventory.',
    prepare: (ctx) => ctx.server.drop(1),
    run(ctx) {
      ndPlayer(ctx, 1);
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'string-source',
    description:
      "NDCore.players is keyed by number: getPlayer('1') answers nothing; ox_inventory does not take '1' either.",
    run(ctx) {
      ndPlayer(ctx, '1');
      ox(ctx, 'GetItemCount', '1', 'money');
    },
  },
  {
    name: 'empty-groups-start',
    description:
      "ND_Core restarted on an empty nd_groups table (a fresh install): its MySQL.ready thread raises in lib.loadJson('_config.groups') (no such file in the resource) and the resource stays started. The restart unloaded Alice's character and nothing activates it again: getPlayer answers nothing until she reconnects; 3 s after that her character is active and addMoney('cash', 500) credits as usual.",
    prepare: () => emptyGroups(),
    async run(ctx) {
      ctx.server.stop('ND_Core');
      await ctx.server.start('ND_Core');
      ctx.server.advance(1000);
      ndPlayer(ctx, 1);
      ctx.server.drop(1);
      joinNdPlayer(ctx.server, ND_ALICE);
      ctx.server.advance(3100);
      credit(ctx, 'cash', 500);
      ndPlayer(ctx, 1);
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'adapter-money-and-bank',
    description:
      "The project's adapter pays cash 500 and bank 750 to Alice (each read before and after through a fresh getPlayer).",
    run: adapterRun(
      [
        { type: 'money', amount: 500 },
        { type: 'bank', amount: 750 },
      ],
      { startupProblems: true, isPlayerReady: true, give: true },
    ),
  },
  {
    name: 'adapter-money-ox-stopped',
    description:
      "The project's adapter pays cash 500 to Alice while ox_inventory is stopped: ND_Core credits and answers true.",
    findings: [1],
    prepare: stopOx,
    run: adapterRun([{ type: 'money', amount: 500 }], { give: true }),
  },
  {
    name: 'adapter-item',
    description: "The project's adapter checks and gives 2 water to Alice through ox_inventory.",
    run: adapterRun([itemReward('water', 2)], { startupProblems: true, canReceive: true, give: true }),
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
  {
    name: 'adapter-player-not-loaded',
    description:
      "The project's adapter asked to pay Bob (joined, no active character yet) bank 100 and 1 water.",
    prepare: (ctx) => joinNdPlayer(ctx.server, ND_BOB),
    run: adapterRun(
      [{ type: 'bank', amount: 100 }, itemReward('water', 1)],
      { isPlayerReady: true, canReceive: true, give: true },
      BOB,
    ),
  },
];

export default defineWorld({
  name: 'nd-core',
  description:
    "ND_Core 2.3.2 with ox_lib 3.39.0 and ox_inventory 2.47.7 (ND_Core sets inventory:framework nd; 5 slots, 3 kg). No multicharacter resource: Alice connects (playerConnecting with deferrals, then playerJoining) and ND_Core makes her character active by itself 3 s later. Bob joins only in the scenarios that need him. The world defines Citizen.ResultAsString in ND_Core, which the harness lacks (addMoney's money log).",
  resources: ['ox_lib', 'ND_Core', 'ox_inventory'],
  convars: ND_CONVARS,
  database: ndDatabase,
  players: [ND_ALICE],
  connecting: connectNdPlayer,
  load: (server) => loadNdPlayer(server),
  state: ndState,
  scenarios,
});
