/**
 * A Creative-style vRP base (Fantastic-Network/base): its real Proxy, base, money, inventory and the other modules
 * its manifest lists, with vRP.Query answered by an in-memory router and stand-ins of our own for the companion
 * resources vrp calls (bank, variables, inventory, request).
 */
import type { PayoutContext, Reward } from '../../../src/rewards/types';
import { type AdapterSteps, ALICE } from '../adapter';
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import { defineWorld } from '../world';
import {
  closeProxy,
  proxy,
  pump,
  VRP_BOB,
  VRP_PLAYERS,
  vrpAdapterRun,
  vrpStartupRun,
  withVrpAdapter,
} from './vrp-common';

/** Characters as the `characters` table holds them (bank) and Alice's datatable (inventory, weight → slots 6..10). */
interface CreativeDb {
  bank: Map<number, number>;
  datatables: Map<number, string>;
}

let current: CreativeDb | undefined;

function createCreativeDatabase(log: (line: string) => void): MysqlRouter {
  const db: CreativeDb = {
    bank: new Map([[1, 1000]]),
    datatables: new Map([[1, JSON.stringify({ Inventory: [], Weight: 10 })]]),
  };
  current = db;
  return (method, query, params) => {
    const list = (Array.isArray(params) ? params : []) as unknown[];
    const named = (params && !Array.isArray(params) ? params : {}) as Record<string, unknown>;
    if (/^SELECT \* FROM `accounts` WHERE `license` = \?/.test(query)) {
      return list[0] === '1111'
        ? [
            {
              id: 1,
              license: '1111',
              whitelist: 1,
              gems: 0,
              rolepass: 0,
              premium: 0,
              discord: '',
              chars: 1,
              amount_logins: 5,
              priority: 0,
              last_ip: '',
            },
          ]
        : [];
    }
    if (/^SELECT \* FROM `playerdata` WHERE `Passport` = \? AND `dkey` = \?/.test(query)) {
      const data = list[1] === 'Datatable' ? db.datatables.get(Number(list[0])) : undefined;
      return data === undefined ? [] : [{ Passport: list[0], dkey: list[1], dvalue: data }];
    }
    if (/^UPDATE playerdata SET dvalue = \? WHERE Passport = \? AND dkey = \?/.test(query)) {
      if (list[2] === 'Datatable') db.datatables.set(Number(list[1]), String(list[0]));
      return { affectedRows: 1 };
    }
    if (/^UPDATE characters SET bank = bank \+ @amount WHERE id = @Passport/.test(query)) {
      const id = Number(named.Passport);
      if (!db.bank.has(id)) return { affectedRows: 0 };
      db.bank.set(id, (db.bank.get(id) ?? 0) + Number(named.amount));
      return { affectedRows: 1 };
    }
    if (/^INSERT INTO accounts_login/.test(query)) return { insertId: 1, affectedRows: 1 };
    if (/^\s*SELECT/i.test(query)) return [];
    if (/^\s*(INSERT|UPDATE|DELETE|REPLACE)/i.test(query)) return { affectedRows: 0, insertId: 0 };
    log(`unrouted Creative query ${method}: ${query}`);
    return undefined;
  };
}

const PERSON = {
  id: 1,
  bank: 1000,
  age: 25,
  sex: 'M',
  blood: 1,
  prison: 0,
  fines: 0,
  phone: '123-456',
  name: 'Alice',
  name2: 'Test',
  skin: 1885233650,
  economy: 0,
  garages: 1,
  cardlimit: 0,
  spending: 0,
  license: '1111',
  tracking: 0,
  toxic: false,
};

/** Chooses Alice's character the way the base's spawn resource does: vRP.CharacterChosen through the Proxy. */
function loadCreativePlayer(server: SimServer, player: SimPlayer): void {
  server.emit('vRP:proxy', 'CharacterChosen', [player.source, 1, null, null, PERSON], 'spawn', -1);
  server.advance(100);
}

const CREATIVE_PROBE = `
local out = {}
for source, c in pairs(Characters) do
  local items, slots = {}, {}
  for slot, it in pairs((c.table or {}).Inventory or {}) do
    items[it.item] = (items[it.item] or 0) + it.amount
    slots[#slots + 1] = tostring(slot)
  end
  table.sort(slots)
  out['source ' .. source] = { passport = c.id, bank = c.bank, items = items, slots = slots, maxSlots = vRP.GetWeight(c.id) }
end
return out`;

export default defineWorld({
  name: 'vrp-creative',
  description:
    'Fantastic-Network/base c836ce861c94 (a Creative-style vRP): lib, Proxy and every server module, real; vRP.Query answered in memory; companion resources bank, variables, inventory and request are small stand-ins of our own. Alice (passport 1) chosen with vRP.CharacterChosen; her inventory has slots 6..10 (Weight 10).',
  resources: ['vrp-creative'],
  own: {
    bank: 'tools/frameworks/worlds/creative/bank',
    variables: 'tools/frameworks/worlds/creative/variables',
    inventory: 'tools/frameworks/worlds/creative/inventory',
    request: 'tools/frameworks/worlds/creative/request',
  },
  extraNatives: ['GetPlayerEP'],
  database: createCreativeDatabase,
  players: VRP_PLAYERS,
  loaded: [1],
  load: loadCreativePlayer,
  state: (server) => ({
    vrp: server.probe('vrp', CREATIVE_PROBE),
    'characters.bank': Object.fromEntries(
      [...(current?.bank ?? new Map())].map(([k, v]) => [`passport ${k}`, v]),
    ),
  }),
  scenarios: [
    {
      name: 'money',
      description:
        'Cash is the item "dollars" in this base: Passport, GenerateItem (returns nothing), ItemAmount read back.',
      findings: [5],
      run(ctx) {
        proxy(ctx, 'Passport', [1]);
        proxy(ctx, 'GenerateItem', [1, 'dollars', 500, true], { rid: 2 });
        proxy(ctx, 'ItemAmount', [1, 'dollars'], { rid: 3 });
      },
    },
    {
      name: 'bank',
      description:
        'GiveBank (returns nothing) updates the characters row and the loaded character; GetBank reads by source, not passport.',
      run(ctx) {
        proxy(ctx, 'GiveBank', [1, 750]);
        proxy(ctx, 'GetBank', [1], { rid: 2 });
      },
    },
    {
      name: 'item',
      description: 'GenerateItem water, ItemAmount read back.',
      run(ctx) {
        proxy(ctx, 'GenerateItem', [1, 'water', 2, true]);
        proxy(ctx, 'ItemAmount', [1, 'water'], { rid: 2 });
      },
    },
    {
      name: 'unknown-item',
      description:
        'A misspelt item: GenerateItem adds it anyway (no item check) and ItemAmount counts it; the default cash item of the adapter, "dollar", is such an item here.',
      findings: [5],
      run(ctx) {
        proxy(ctx, 'GenerateItem', [1, 'waterr', 1, true]);
        proxy(ctx, 'ItemAmount', [1, 'waterr'], { rid: 2 });
        proxy(ctx, 'GenerateItem', [1, 'dollar', 500, true], { rid: 3 });
        proxy(ctx, 'ItemAmount', [1, 'dollar'], { rid: 4 });
      },
    },
    {
      name: 'unknown-member',
      description:
        'CheckWeight, which this base does not have, and a misspelt member: the Proxy answers {} silently (no console line), like a member that returned nothing.',
      findings: [4],
      run(ctx) {
        proxy(ctx, 'CheckWeight', [1, 'water', 1]);
        proxy(ctx, 'GiveBankk', [1, 100], { rid: 2 });
      },
    },
    {
      name: 'full-by-slots',
      description:
        'Slots 6..10 all hold other items: GenerateItem picks slot 6, finds it taken by another item and adds nothing, silently; the count stays 0.',
      findings: [5],
      prepare(ctx) {
        for (const [i, item] of ['bread', 'banana', 'lighter', 'brush', 'domino'].entries())
          proxy(ctx, 'GenerateItem', [1, item, 1, false, 6 + i], { rid: -1 });
      },
      run(ctx) {
        proxy(ctx, 'InventoryWeight', [1]);
        proxy(ctx, 'GetWeight', [1], { rid: 2 });
        proxy(ctx, 'GenerateItem', [1, 'water', 1, true], { rid: 3 });
        proxy(ctx, 'ItemAmount', [1, 'water'], { rid: 4 });
      },
    },
    {
      name: 'full-by-weight',
      description:
        'No weight check on the way in: 200 water (0.25 each, 50 against a max of 10) go into one slot. InventoryWeight and GetWeight are on the interface, the item weight (itemWeight) is a global function, not a member.',
      run(ctx) {
        proxy(ctx, 'GenerateItem', [1, 'water', 200, true]);
        proxy(ctx, 'InventoryWeight', [1], { rid: 2 });
        proxy(ctx, 'GetWeight', [1], { rid: 3 });
        proxy(ctx, 'itemWeight', ['water'], { rid: 4 });
      },
    },
    {
      name: 'fractional-amounts',
      description:
        'parseInt floors: GiveBank 2.5 credits 2, GiveBank 0.4 credits nothing, GenerateItem 1.9 water gives 1.',
      findings: [8],
      run(ctx) {
        proxy(ctx, 'GiveBank', [1, 2.5]);
        proxy(ctx, 'GiveBank', [1, 0.4], { rid: 2 });
        proxy(ctx, 'GetBank', [1], { rid: 3 });
        proxy(ctx, 'GenerateItem', [1, 'water', 1.9, true], { rid: 4 });
        proxy(ctx, 'ItemAmount', [1, 'water'], { rid: 5 });
      },
    },
    {
      name: 'huge-amounts',
      description: 'Very large credits (1e15, 2^53) through GiveBank.',
      run(ctx) {
        proxy(ctx, 'GiveBank', [1, 1e15]);
        proxy(ctx, 'GetBank', [1], { rid: 2 });
        proxy(ctx, 'GiveBank', [1, 2 ** 53], { rid: 3 });
        proxy(ctx, 'GetBank', [1], { rid: 4 });
      },
    },
    {
      name: 'player-not-loaded',
      description:
        'Bob is connected without a character: Passport answers false; GetBank(2) reads 0. GiveBank to a passport with no character row changes nothing and says nothing.',
      run(ctx) {
        proxy(ctx, 'Passport', [2]);
        proxy(ctx, 'GetBank', [2], { rid: 2 });
        proxy(ctx, 'GiveBank', [99, 100], { rid: 3 });
        proxy(ctx, 'ItemAmount', [99, 'water'], { rid: 4 });
      },
    },
    {
      name: 'player-left',
      description:
        "Alice disconnects. NOT FAITHFUL: the base's Disconnect concatenates her coordinates into a log line (modules/base.lua:426); GetEntityCoords is a vector3 in FiveM but a plain table in this harness, so here the handler raises before it forgets her and vrp still answers her passport from the stale character.",
      prepare(ctx) {
        ctx.server.drop(1);
      },
      run(ctx) {
        ctx.note(
          'not faithful',
          'playerDropped raised in the harness at modules/base.lua:426 (string .. coordinates table); what FiveM does depends on vector3 concatenation, which the harness does not model',
        );
        proxy(ctx, 'Passport', [1]);
        proxy(ctx, 'GiveBank', [1, 100], { rid: 2 });
        proxy(ctx, 'GetBank', [1], { rid: 3 });
      },
    },
    {
      name: 'delayed-reply',
      description:
        'GiveBank first records the transaction in the bank resource; while that takes 200 ms the member yields and its answer comes after the answer to a later GetBank.',
      prepare(ctx) {
        ctx.server.probe('bank', 'DelayMs = 200');
      },
      run(ctx) {
        proxy(ctx, 'GiveBank', [1, 750]);
        proxy(ctx, 'GetBank', [1], { rid: 2 });
        ctx.server.advance(300);
        proxy(ctx, 'GetBank', [1], { rid: 3 });
        closeProxy(ctx);
      },
    },
    {
      name: 'startup-probes',
      description:
        'What the adapter asks at start with 0 (nobody): Passport(0) false, GetBank(0) 0, ItemAmount(0, x) 0.',
      run(ctx) {
        proxy(ctx, 'Passport', [0]);
        proxy(ctx, 'GetBank', [0], { rid: 2 });
        proxy(ctx, 'ItemAmount', [0, 'dollars'], { rid: 3 });
        proxy(ctx, 'ItemAmount', [0, ''], { rid: 4 });
      },
    },
    ...adapterScenarios(),
  ],
});

function adapterScenarios() {
  const creative = { cashItem: 'dollars' };
  const creativeRun = (rewards: Reward[], steps: AdapterSteps, player?: PayoutContext) =>
    vrpAdapterRun('creative', rewards, steps, creative, player);
  const water = (count: number): Reward => ({ type: 'item', item: 'water', count });
  return [
    {
      name: 'adapter-startup',
      description: "The project's adapter (variant creative, cash item dollars): start-up checks, readiness.",
      run: vrpStartupRun(
        'creative',
        [{ type: 'money', amount: 500 }, { type: 'bank', amount: 750 }, water(2)],
        creative,
      ),
    },
    {
      name: 'adapter-money',
      description:
        "The project's adapter pays 500 cash (item dollars) and 750 bank, each verified by a reading.",
      run: creativeRun(
        [
          { type: 'money', amount: 500 },
          { type: 'bank', amount: 750 },
        ],
        { give: true },
      ),
    },
    {
      name: 'adapter-item',
      description: "The project's adapter: canReceive (CheckWeight is missing here) and give 2 water.",
      run: creativeRun([water(2)], { canReceive: true, give: true }),
    },
    {
      name: 'adapter-full-by-slots',
      description:
        "The project's adapter gives water while slots 6..10 hold other items (GenerateItem would drop it silently): Inventory and GetWeight show no free slot, so it is refused as a full inventory before paying.",
      findings: [5],
      prepare(ctx: Parameters<typeof proxy>[0]) {
        for (const [i, item] of ['bread', 'banana', 'lighter', 'brush', 'domino'].entries())
          proxy(ctx, 'GenerateItem', [1, item, 1, false, 6 + i], { rid: -1 });
      },
      run: creativeRun([water(1)], { canReceive: true, give: true }),
    },
    {
      name: 'adapter-full-by-weight',
      description:
        "The project's adapter asked for 200 water (50 kg against a max of 10; GenerateItem checks no weight): InventoryWeight, ChestWeight and GetWeight refuse it as a full inventory before paying.",
      run: creativeRun([water(200)], { canReceive: true, give: true }),
    },
    {
      name: 'adapter-default-cash-item',
      description:
        "The project's adapter with its default cash item (dollar, not this base's dollars): ChestWeight shows dollar is not in the item list, so start-up names vrp.cashItem and dollars, and the payout creates no ghost item.",
      findings: [5],
      run: vrpAdapterRun('creative', [{ type: 'money', amount: 500 }], { startupProblems: true, give: true }),
    },
    {
      name: 'adapter-player-not-loaded',
      description: "The project's adapter pays Bob, who has no character.",
      run: creativeRun([{ type: 'bank', amount: 750 }], { give: true }, VRP_BOB),
    },
    {
      name: 'adapter-delayed-reply',
      description:
        "The project's adapter pays 750 bank while the bank resource takes 200 ms: GiveBank answers late.",
      prepare(ctx: Parameters<typeof proxy>[0]) {
        ctx.server.probe('bank', 'DelayMs = 200');
      },
      async run(ctx: Parameters<typeof proxy>[0]) {
        const reward: Reward = { type: 'bank', amount: 750 };
        await withVrpAdapter(
          ctx,
          'creative',
          [reward],
          async (adapter, answer) => {
            answer('give', await pump(ctx.server, adapter.give(ALICE, reward)));
          },
          creative,
        );
      },
    },
  ];
}
