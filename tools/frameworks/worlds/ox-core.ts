/** ox_core 1.5.14 (its real server build, a JS resource) with ox_lib 3.39.0 and ox_inventory 2.47.7 (`ox` bridge). */

import type { Reward } from '../../../src/rewards/types';
import { type AdapterSteps, ALICE, adapterSteps, withAdapter } from '../adapter';
import { defineWorld, type Scenario, type ScenarioContext } from '../world';
import { ox, oxItemCalls, REASON } from './esx-common';
import {
  ALICE_ACCOUNT_ID,
  ALICE_CHAR_ID,
  BOB,
  buildOxCoreWorld,
  joinBob,
  loadOxCorePlayer,
  OX_CORE_CONVARS,
  OX_CORE_PLAYERS,
  oxCore,
  oxCoreGlobals,
  oxCoreInventoryDatabase,
  oxCoreState,
  pumpUntil,
} from './ox-core-common';
import { useSlots } from './ox-fill';

/** ox_inventory stops after the players loaded (a restart or crash window). */
async function stopOx(ctx: ScenarioContext): Promise<void> {
  ctx.server.stop('ox_inventory');
  await ctx.server.pump(100);
}

/** Alice's account: `addBalance` with `amount`, then the balance read back. */
async function addBalance(
  ctx: ScenarioContext,
  amount: unknown,
  accountId = ALICE_ACCOUNT_ID,
): Promise<void> {
  await oxCore(ctx, 'CallAccount', accountId, 'addBalance', { amount, message: REASON });
  await oxCore(ctx, 'CallAccount', accountId, 'get', 'balance');
}

/** A scenario run that selects the project's adapter on this world and makes `steps`, moving the server meanwhile. */
function adapterRun(
  rewards: Reward[],
  steps: AdapterSteps,
  player = ALICE,
): (ctx: ScenarioContext) => Promise<void> {
  return async (ctx) => {
    // Loaded before the clock can move: withAdapter imports it, and a first import takes real time.
    await import('../../../src/rewards/select');
    await pumpUntil(
      ctx.server,
      withAdapter(ctx, rewards, (adapter, answer) => adapterSteps(adapter, answer, rewards, steps, player)),
    );
  };
}

const ALL_STEPS: AdapterSteps = { isPlayerReady: true, canReceive: true, give: true };

const scenarios: Scenario[] = [
  {
    name: 'load',
    description:
      "After the load flow (ox:playerJoined, then ox:setActiveCharacter 1): GetPlayer(1) is a copy of the player's fields with charId and stateId, userId and the license without prefix; GetCharacterAccount(1) answers the default account { accountId }; the balance and the money item read.",
    async run(ctx) {
      await oxCore(ctx, 'GetPlayer', 1);
      await oxCore(ctx, 'GetCharacterAccount', ALICE_CHAR_ID);
      await oxCore(ctx, 'GetCharacterAccount', 'AB1234');
      await oxCore(ctx, 'CallAccount', ALICE_ACCOUNT_ID, 'get', 'balance');
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'money',
    description:
      "Cash is ox_inventory's money item: CanCarryItem true, AddItem(1, 'money', 500) [true, slot], GetItemCount 600.",
    run(ctx) {
      oxItemCalls(ctx, 1, 'money', 500);
    },
  },
  {
    name: 'bank',
    description:
      "Bank: CallAccount(account, 'addBalance', { amount: 750, message }) answers { success: true }; 'get' 'balance' reads 1250; one transaction row is written.",
    async run(ctx) {
      await oxCore(ctx, 'GetCharacterAccount', ALICE_CHAR_ID);
      await addBalance(ctx, 750);
    },
  },
  {
    name: 'item',
    description: 'An item through ox_inventory: CanCarryItem true, AddItem [true, slot], GetItemCount 2.',
    run(ctx) {
      oxItemCalls(ctx, 1, 'burger', 2);
    },
  },
  {
    name: 'not-loaded',
    description:
      'Bob joined and sits at character selection: GetPlayer(2) has userId but no charId; ox_inventory has no inventory for him (CanCarryItem nil, AddItem invalid_inventory, GetItemCount 0); GetPlayer(3), a source nobody has, answers nothing.',
    prepare: joinBob,
    async run(ctx) {
      await oxCore(ctx, 'GetPlayer', BOB.source);
      oxItemCalls(ctx, BOB.source, 'burger', 1);
      await oxCore(ctx, 'GetPlayer', 3);
    },
  },
  {
    name: 'offline-bank',
    description:
      "Alice dropped (ox_core logs her out and saves): GetPlayer(1) answers nothing, yet GetCharacterAccount(1) and addBalance still work by charId: the bank is credited offline; ox_inventory's money item is gone with her inventory.",
    async prepare(ctx) {
      ctx.server.drop(1);
      await ctx.server.pump(200);
    },
    async run(ctx) {
      await oxCore(ctx, 'GetPlayer', 1);
      await oxCore(ctx, 'GetCharacterAccount', ALICE_CHAR_ID);
      await addBalance(ctx, 300);
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'invalid-amount',
    description:
      "addBalance parses the amount with parseInt: 0 and -5 answer invalid_amount, 'abc' amount_not_number, and 2.5 credits 2 with success true; ox_inventory AddItem money 0 answers negative_count.",
    async run(ctx) {
      await addBalance(ctx, 0);
      await addBalance(ctx, -5);
      await addBalance(ctx, 'abc');
      await addBalance(ctx, 2.5);
      ox(ctx, 'AddItem', 1, 'money', 0);
    },
  },
  {
    name: 'unknown-account',
    description:
      "CallAccount on an account id that does not exist: the Promise rejects (OxAccount.get throws 'No account exists'); GetCharacterAccount of a charId without an account answers null, which JS receives as nothing.",
    async run(ctx) {
      await addBalance(ctx, 100, 999);
      await oxCore(ctx, 'GetCharacterAccount', 42);
    },
  },
  {
    name: 'unknown-item',
    description: 'An item ox_inventory does not define: CanCarryItem nil, AddItem [false, "invalid_item"].',
    run(ctx) {
      oxItemCalls(ctx, 1, 'breadd', 1);
    },
  },
  {
    name: 'full-inventory',
    description:
      'All 5 slots used (money in slot 1): a new item has no slot (CanCarryItem nil, AddItem inventory_full), but money still stacks onto slot 1 (weight 0): CanCarryItem true, AddItem true.',
    prepare: (ctx) => useSlots(ctx, 4),
    run(ctx) {
      oxItemCalls(ctx, 1, 'burger', 1);
      oxItemCalls(ctx, 1, 'money', 50);
    },
  },
  {
    name: 'ox-inventory-stopped',
    description:
      'ox_inventory stopped after Alice loaded: its exports are gone (cash cannot be paid or read), while the bank still pays through ox_core.',
    prepare: stopOx,
    async run(ctx) {
      oxItemCalls(ctx, 1, 'money', 100);
      await addBalance(ctx, 100);
    },
  },
  {
    name: 'deposit-moves-cash',
    description:
      "Why the adapter never calls depositMoney: CallAccount(account, 'depositMoney', 1, 50) moves 50 of Alice's money item into the account (owner role allows deposits): money 100 → 50, bank 500 → 550.",
    async run(ctx) {
      await oxCore(ctx, 'CallAccount', ALICE_ACCOUNT_ID, 'depositMoney', 1, 50);
      await oxCore(ctx, 'CallAccount', ALICE_ACCOUNT_ID, 'get', 'balance');
      ox(ctx, 'GetItemCount', 1, 'money');
    },
  },
  {
    name: 'adapter-money',
    description:
      "The project's adapter (auto-detected: oxcore) pays 500 cash: the money item is read, paid, read back.",
    run: adapterRun([{ type: 'money', amount: 500 }], ALL_STEPS),
  },
  {
    name: 'adapter-bank',
    description:
      "The project's adapter pays 750 bank: account found by charId, addBalance, balance read back.",
    run: adapterRun([{ type: 'bank', amount: 750 }], ALL_STEPS),
  },
  {
    name: 'adapter-item',
    description:
      "The project's adapter pays 2 burgers through ox_inventory (CanCarryItem first), verified by count.",
    run: adapterRun([{ type: 'item', item: 'burger', count: 2 }], { startupProblems: true, ...ALL_STEPS }),
  },
  {
    name: 'adapter-not-loaded',
    description:
      "The project's adapter for Bob (no active character): not ready, canReceive and give refuse player_not_loaded, nothing is called that pays.",
    prepare: joinBob,
    run: adapterRun(
      [
        { type: 'money', amount: 500 },
        { type: 'bank', amount: 750 },
      ],
      ALL_STEPS,
      { source: BOB.source, name: 'Bob', license: 'license:2222', voteId: 'vote-2' },
    ),
  },
  {
    name: 'adapter-full-inventory',
    description:
      "The project's adapter with all 5 slots used: canReceive of 1 burger answers inventory_full; 50 cash still pays (money stacks).",
    prepare: (ctx) => useSlots(ctx, 4),
    run: adapterRun(
      [
        { type: 'item', item: 'burger', count: 1 },
        { type: 'money', amount: 50 },
      ],
      { canReceive: true, give: true },
    ),
  },
  {
    name: 'adapter-unknown-item',
    description: "The project's adapter at start and at payout with an item ox_inventory does not define.",
    run: adapterRun([{ type: 'item', item: 'breadd', count: 1 }], {
      startupProblems: true,
      canReceive: true,
      give: true,
    }),
  },
  {
    name: 'adapter-ox-inventory-stopped',
    description:
      "The project's adapter with ox_inventory stopped: start-up names it for cash rewards; cash is not paid (framework_error, nothing called), bank is.",
    prepare: stopOx,
    run: adapterRun(
      [
        { type: 'money', amount: 100 },
        { type: 'bank', amount: 100 },
      ],
      { startupProblems: true, give: true },
    ),
  },
];

export default defineWorld({
  name: 'ox-core',
  description:
    'ox_core 1.5.14 built from its TypeScript with its own esbuild options (server bundle run as a JS resource; only the mariadb driver stood in for, by an in-memory database) with ox_lib 3.39.0 and ox_inventory 2.47.7 (ox bridge). Alice: character 1 (stateId AB1234) loaded, default account 231100001 holding 500, 100 money; Bob connected, not joined. ox_inventory: 5 slots, 3 kg.',
  resources: ['ox_lib', 'ox_core', 'ox_inventory'],
  convars: OX_CORE_CONVARS,
  build: buildOxCoreWorld,
  database: oxCoreInventoryDatabase,
  jsGlobals: oxCoreGlobals,
  players: OX_CORE_PLAYERS,
  loaded: [1],
  load: loadOxCorePlayer,
  state: oxCoreState,
  scenarios,
});
