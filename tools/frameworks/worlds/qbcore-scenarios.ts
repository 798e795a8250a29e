/** The scenarios of the QBCore worlds (qb-core with qb-inventory 2.0.0 or 1.x); `v1` marks what 1.x lacks. */
import { adapterRun } from '../adapter';
import type { Scenario } from '../world';
import { REASON } from './esx-common';
import {
  ADAPTER_MONEY_AND_BANK,
  adapterPlayerNotLoaded,
  coreObject,
  fillQbSlots,
  itemReward,
  playerFn,
  qbInv,
  qbPlayer,
  trimSharedAnswers,
} from './qb-common';

/** Every QBCore scenario records its GetCoreObject answers trimmed (see trimSharedAnswers). */
function scenario(s: Scenario): Scenario {
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

/** The money reads the adapters use: Functions.GetMoney, and PlayerData.money of a fresh GetPlayer. */
function readMoney(ctx: Parameters<Scenario['run']>[0], source: unknown, type: string): void {
  const player = qbPlayer(ctx, source);
  playerFn(player, 'GetMoney', type);
}

/** The scenarios for qb-core with qb-inventory 2.0.0 (`v1` false) or 1.x (`v1` true). */
export function qbcoreScenarios(v1: boolean): Scenario[] {
  const itemReads = (ctx: Parameters<Scenario['run']>[0], source: unknown, name: string) => {
    if (!v1) qbInv(ctx, 'GetItemCount', source, name);
    qbInv(ctx, 'GetItemByName', source, name);
    qbInv(ctx, 'GetItemsByName', source, name);
    qbInv(ctx, 'HasItem', source, name, 1);
  };
  /** CanAddItem and AddItem as the adapter calls them, then the reads. */
  const giveAndRead = (ctx: Parameters<Scenario['run']>[0], source: unknown, name: string, count: number) => {
    qbInv(ctx, 'CanAddItem', source, name, count);
    qbInv(ctx, 'AddItem', source, name, count, false, {}, REASON);
    itemReads(ctx, source, name);
  };
  const list: Scenario[] = [
    {
      name: 'money',
      description:
        "Cash as the adapter pays it: GetCoreObject(['Functions']).Functions.GetPlayer(1).Functions.AddMoney('cash', 500), then the reads (GetMoney, PlayerData.money of a fresh GetPlayer).",
      run(ctx) {
        const player = qbPlayer(ctx, 1);
        playerFn(player, 'GetMoney', 'cash');
        playerFn(player, 'AddMoney', 'cash', 500, REASON);
        playerFn(player, 'GetMoney', 'cash');
        readMoney(ctx, 1, 'cash');
      },
    },
    {
      name: 'bank',
      description: "Bank: AddMoney('bank', 750) answers true; GetMoney('bank') reads the new balance.",
      run(ctx) {
        const player = qbPlayer(ctx, 1);
        playerFn(player, 'AddMoney', 'bank', 750, REASON);
        playerFn(player, 'GetMoney', 'bank');
      },
    },
    {
      name: 'unknown-money-type',
      description:
        "A money type QBCore does not have ('money'): AddMoney answers false, GetMoney nothing; a missing type raises (moneytype:lower() on nil).",
      run(ctx) {
        const player = qbPlayer(ctx, 1);
        playerFn(player, 'AddMoney', 'money', 100, REASON);
        playerFn(player, 'GetMoney', 'money');
        playerFn(player, 'AddMoney', undefined, 100, REASON);
      },
    },
    {
      name: 'fractional-and-huge-amounts',
      description:
        'AddMoney checks only amount >= 0 and does not round: 0.4 and 2.5 are credited as they are, 0 answers true, -5 nothing; 1e15 and 2^53 are accepted.',
      findings: [8],
      run(ctx) {
        const player = qbPlayer(ctx, 1);
        playerFn(player, 'AddMoney', 'bank', 0.4, REASON);
        playerFn(player, 'GetMoney', 'bank');
        playerFn(player, 'AddMoney', 'bank', 2.5, REASON);
        playerFn(player, 'AddMoney', 'bank', 0, REASON);
        playerFn(player, 'AddMoney', 'bank', -5, REASON);
        playerFn(player, 'GetMoney', 'bank');
        playerFn(player, 'AddMoney', 'cash', 1e15, REASON);
        playerFn(player, 'AddMoney', 'cash', 2 ** 53, REASON);
        playerFn(player, 'GetMoney', 'cash');
      },
    },
    {
      name: 'item',
      description: v1
        ? 'qb-inventory 1.x: no CanAddItem (nor GetItemCount) export; AddItem(1, sandwich, 2, false, {}, reason) answers true; the reads GetItemByName, GetItemsByName, HasItem.'
        : 'CanAddItem true, AddItem(1, sandwich, 2, false, {}, reason) true, then the reads: GetItemCount, GetItemByName, GetItemsByName, HasItem.',
      findings: v1 ? [9] : undefined,
      run(ctx) {
        giveAndRead(ctx, 1, 'sandwich', 2);
      },
    },
    {
      name: 'item-name-case',
      description:
        'An item name in capitals (Sandwich): the item is found case-insensitively, what is stored and what the reads match differ by version.',
      run(ctx) {
        giveAndRead(ctx, 1, 'Sandwich', 1);
        itemReads(ctx, 1, 'sandwich');
      },
    },
    {
      name: 'unknown-item',
      description: 'A misspelt item (breadd): CanAddItem false without a reason; AddItem false.',
      run(ctx) {
        giveAndRead(ctx, 1, 'breadd', 1);
      },
    },
    {
      name: 'item-list',
      description:
        "The item list the adapter checks names against at start: GetCoreObject(['Shared']).Shared.Items (names recorded, entries truncated); and GetShared('Items', name).",
      run(ctx) {
        coreObject(ctx, ['Shared']);
        ctx.exports('qb-core').GetShared?.('Items', 'sandwich');
        ctx.exports('qb-core').GetShared?.('Items', 'breadd');
      },
    },
    {
      name: 'full-by-weight',
      description: v1
        ? '300 water bottles (500 g each) against 120 kg: AddItem answers false (and notifies the player).'
        : '300 water bottles (500 g each) against 120 kg: CanAddItem [false, "weight"]; AddItem false.',
      run(ctx) {
        giveAndRead(ctx, 1, 'water_bottle', 300);
      },
    },
    {
      name: 'full-by-slots',
      description: v1
        ? 'Every one of the 41 slots used by other items: AddItem of a new item answers false.'
        : 'Every one of the 40 slots used by other items: CanAddItem [false, "slots"]; AddItem false.',
      prepare: (ctx) => fillQbSlots(ctx.server, v1 ? 41 : 40),
      run(ctx) {
        giveAndRead(ctx, 1, 'sandwich', 1);
      },
    },
    {
      name: 'fractional-and-negative-counts',
      description:
        'AddItem does not check the count: 1.5 is stored as 1.5, 0 adds an empty stack, -1 takes one away, all answering true.',
      run(ctx) {
        qbInv(ctx, 'CanAddItem', 1, 'sandwich', 1.5);
        qbInv(ctx, 'AddItem', 1, 'sandwich', 1.5, false, {}, REASON);
        qbInv(ctx, 'AddItem', 1, 'sandwich', 0, false, {}, REASON);
        qbInv(ctx, 'AddItem', 1, 'sandwich', -1, false, {}, REASON);
        itemReads(ctx, 1, 'sandwich');
      },
    },
    {
      name: 'player-not-loaded',
      description: v1
        ? 'Bob is connected without a character: GetPlayer nothing; AddItem false; GetItemByName and GetItemsByName raise (they index a nil player).'
        : 'Bob is connected without a character: GetPlayer nothing; CanAddItem and AddItem false (inventory not found); the reads answer nothing or false.',
      run(ctx) {
        qbPlayer(ctx, 2);
        giveAndRead(ctx, 2, 'sandwich', 1);
      },
    },
    {
      name: 'player-left',
      description:
        'Alice disconnects (playerDropped saves and removes her player): GetPlayer answers nothing, the inventory calls as for a player without a character.',
      prepare: (ctx) => ctx.server.drop(1),
      run(ctx) {
        qbPlayer(ctx, 1);
        giveAndRead(ctx, 1, 'sandwich', 1);
      },
    },
    {
      name: 'string-source',
      description:
        "The player id as a string ('1'): GetPlayer uses tonumber, so QBCore and qb-inventory find Alice as with 1.",
      run(ctx) {
        const player = qbPlayer(ctx, '1');
        playerFn(player, 'AddMoney', 'bank', 100, REASON);
        playerFn(player, 'GetMoney', 'bank');
        giveAndRead(ctx, '1', 'sandwich', 1);
      },
    },
    ADAPTER_MONEY_AND_BANK,
    {
      name: 'adapter-item',
      description: "The project's adapter checks and gives 2 sandwiches to Alice.",
      findings: v1 ? [9] : undefined,
      run: adapterRun([itemReward('sandwich', 2)], { startupProblems: true, canReceive: true, give: true }),
    },
    {
      name: 'adapter-unknown-item',
      description:
        "The project's adapter asked about 1 x breadd (not in QBCore.Shared.Items): at start, then at payout.",
      run: adapterRun([itemReward('breadd', 1)], { startupProblems: true, canReceive: true, give: true }),
    },
    {
      name: 'adapter-full-by-weight',
      description: "The project's adapter asked to give 300 water bottles (150 kg) to Alice (120 kg limit).",
      run: adapterRun([itemReward('water_bottle', 300)], { canReceive: true, give: true }),
    },
    {
      name: 'adapter-full-by-slots',
      description: "The project's adapter asked to give 1 sandwich to Alice, every slot used by other items.",
      prepare: (ctx) => fillQbSlots(ctx.server, v1 ? 41 : 40),
      run: adapterRun([itemReward('sandwich', 1)], { canReceive: true, give: true }),
    },
    adapterPlayerNotLoaded('sandwich'),
  ];
  return list.map(scenario);
}
