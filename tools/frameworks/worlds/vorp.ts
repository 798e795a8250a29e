/**
 * VORP (RedM): vorp_core-lua 3.1 with vorp_inventory-lua 4.2. Alice (Steam) has a character that is selected at boot
 * as vorp_character does (`user.setUsedCharacter(charid)` after `playerJoining` loaded her characters) and her
 * inventory loaded as its client asks (`vorpinventory:getInventory`); Bob (Steam) is connected with no character
 * selected; Carol has no Steam identifier (VORP's `playerConnecting` would refuse her: the harness connects her anyway
 * to show what the exports answer for such a player).
 */
import { adapterRun } from '../adapter';
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import { defineWorld, type Scenario, type ScenarioContext } from '../world';
import { attempt } from './esx-common';

/** Alice's and Bob's Steam identifiers. */
export const VORP_STEAM = { alice: 'steam:11000010000a11c', bob: 'steam:11000010000b0b0' };

/** Alice (1) selects character 7; Bob (2) is connected without a character; Carol (3) has no Steam. */
export const VORP_PLAYERS: SimPlayer[] = [
  { source: 1, name: 'Alice', identifiers: [VORP_STEAM.alice, 'license:1111', 'discord:1'] },
  { source: 2, name: 'Bob', identifiers: [VORP_STEAM.bob, 'license:3333'] },
  { source: 3, name: 'Carol', identifiers: ['license:5555'] },
];

/** Alice's character id. */
export const ALICE_CHARID = 7;

/** vorp_inventory's `items` table rows (a limit of -1 means no limit per item). */
export const VORP_ITEMS = [
  { id: 1, item: 'bread', label: 'Bread', limit: 10, weight: 0.25 },
  { id: 2, item: 'water', label: 'Water', limit: 10, weight: 0.5 },
  { id: 3, item: 'wood', label: 'Wood', limit: 300, weight: 1 },
  { id: 4, item: 'gold_nugget', label: 'Gold nugget', limit: -1, weight: 0.1 },
].map((i) => ({
  ...i,
  can_remove: 1,
  type: 'item_standard',
  usable: 1,
  groupId: 1,
  metadata: '{}',
  desc: i.label,
  degradation: 0,
}));

function characterRow(): Record<string, unknown> {
  return {
    identifier: VORP_STEAM.alice,
    charidentifier: ALICE_CHARID,
    group: 'user',
    job: 'unemployed',
    jobgrade: 0,
    joblabel: 'Unemployed',
    firstname: 'Alice',
    lastname: 'Test',
    inventory: '{}',
    status: '{}',
    coords: '{}',
    money: 50,
    gold: 2,
    rol: 0,
    healthouter: 500,
    healthinner: 100,
    staminaouter: 500,
    staminainner: 100,
    xp: 0,
    isdead: 0,
    skinPlayer: '{}',
    compPlayer: '{}',
    compTints: '{}',
    age: 30,
    gender: 'Female',
    character_desc: '',
    nickname: '',
    slots: 200,
    skills: '{}',
  };
}

/** Database of the VORP world: users, Alice's character, the item list and her crafted items; the rest is logged. */
export function vorpDatabase(log: (line: string) => void): MysqlRouter {
  let nextCrafted = 100;
  return (method, query, params) => {
    const q = query.replace(/\s+/g, ' ').trim();
    const named = (params ?? {}) as Record<string, unknown>;
    const list = (Array.isArray(params) ? params : []) as unknown[];
    if (/^SELECT `group`, `warnings`, `char` FROM users WHERE identifier = \?/i.test(q))
      return list[0] === VORP_STEAM.alice || list[0] === VORP_STEAM.bob
        ? { group: 'user', warnings: 0, char: 1 }
        : undefined;
    if (/^SELECT identifier, charidentifier, .* FROM characters WHERE identifier = @identifier/i.test(q))
      return named.identifier === VORP_STEAM.alice ? [characterRow()] : [];
    if (/^SELECT \* FROM items$/i.test(q)) return VORP_ITEMS.map((i) => ({ ...i }));
    if (/^SELECT \* FROM loadout/i.test(q)) return [];
    if (/^SELECT ic\.id, i\.item, ci\.amount/i.test(q)) return [];
    if (/^INSERT INTO items_crafted/i.test(q)) {
      nextCrafted += 1;
      return nextCrafted;
    }
    if (/^INSERT INTO character_inventories/i.test(q)) return 1;
    if (/^UPDATE character_inventories SET amount/i.test(q)) return 1;
    if (/^SELECT VERSION\(\)/i.test(q)) return { 'VERSION()': '10.11.0-MariaDB' };
    log(`unrouted ${method}: ${q.slice(0, 120)}`);
    return undefined;
  };
}

/** Loads Alice the way vorp_character and vorp_inventory's client do: select character 7, then ask for the inventory. */
export function loadVorpPlayer(server: SimServer, player: SimPlayer): void {
  if (player.source !== 1) return;
  server.probe('vorp_core', `_users['${VORP_STEAM.alice}'].SetUsedCharacter(${ALICE_CHARID})`);
  server.settle();
  server.emitNet('vorpinventory:getInventory', 1);
}

const CORE_PROBE = `
local out = {}
for steam, u in pairs(_users) do
  local c = u.GetUsedCharacter()
  out[steam] = c and { charIdentifier = c.charIdentifier, money = c.money, gold = c.gold, rol = c.rol } or { selected = false }
end
return out`;

const INV_PROBE = `
local out = {}
for identifier, inv in pairs(UsersInventories.default) do
  local items, total = {}, 0
  for _, it in pairs(inv) do
    items[it:getName()] = (items[it:getName()] or 0) + it:getCount()
    total = total + it:getWeight() * it:getCount()
  end
  out[identifier] = { items = items, weight = total }
end
return out`;

/** Characters' money, gold and rol by Steam id; inventories by Steam id. */
export function vorpState(server: SimServer): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (server.resourceState('vorp_core') === 'started')
    state.vorp_core = server.probe('vorp_core', CORE_PROBE);
  if (server.resourceState('vorp_inventory') === 'started')
    state.vorp_inventory = server.probe('vorp_inventory', INV_PROBE);
  return state;
}

type Fns = Record<string, (...a: unknown[]) => unknown>;

/** `exports.vorp_core.GetCore().getUser(source)`, as the adapter reaches a user; recorded. */
function vorpUser(ctx: ScenarioContext, source: unknown): { getUsedCharacter?: Fns } | undefined {
  const core = attempt(() => ctx.exports('vorp_core').GetCore?.()) as Fns | undefined;
  return attempt(() => core?.getUser?.(source)) as { getUsedCharacter?: Fns } | undefined;
}

/** `user.getUsedCharacter.<name>(...args)`, recorded; a throw is swallowed. */
function charFn(user: { getUsedCharacter?: Fns } | undefined, name: string, ...args: unknown[]): unknown {
  return attempt(() => user?.getUsedCharacter?.[name]?.(...args));
}

/** `exports.vorp_inventory.<name>(...args)`, recorded and awaited (addItem yields); a throw is swallowed. */
async function inv(ctx: ScenarioContext, name: string, ...args: unknown[]): Promise<unknown> {
  try {
    return await ctx.exports('vorp_inventory')[name]?.(...args);
  } catch {
    return undefined;
  }
}

/** canCarryItem, addItem (no metadata, no callback) and getItemCount, as the adapter calls them. */
async function giveItem(ctx: ScenarioContext, source: unknown, item: string, count: number): Promise<void> {
  await inv(ctx, 'canCarryItem', source, item, count);
  await inv(ctx, 'addItem', source, item, count);
  await inv(ctx, 'getItemCount', source, null, item);
}

/** Fills Alice's inventory up to `weight` with wood, through vorp_inventory's own addItem (set-up, not recorded). */
function fillWood(server: SimServer, count: number): void {
  server.probe(
    'vorp_inventory',
    `CreateThread(function() exports.vorp_inventory:addItem(1, 'wood', ${count}) end)`,
  );
  server.settle();
}

const scenarios: Scenario[] = [
  {
    name: 'money',
    description:
      'Money as the adapter pays it: GetCore().getUser(1).getUsedCharacter.addCurrency(0, 500) answers nothing; a fresh getUser reads money 550 (the first snapshot still says 50).',
    run(ctx) {
      const user = vorpUser(ctx, 1);
      charFn(user, 'addCurrency', 0, 500);
      vorpUser(ctx, 1);
    },
  },
  {
    name: 'gold',
    description:
      'Gold: addCurrency(1, 3) adds 3 gold; currency 2 is rol; an unknown currency (3) changes nothing.',
    run(ctx) {
      const user = vorpUser(ctx, 1);
      charFn(user, 'addCurrency', 1, 3);
      charFn(user, 'addCurrency', 2, 1);
      charFn(user, 'addCurrency', 3, 100);
      vorpUser(ctx, 1);
    },
  },
  {
    name: 'bad-amounts',
    description:
      'addCurrency checks no amount: 0.4, -20 and the string "5" all change the money (Lua coerces the string), 1e15 is added as is.',
    run(ctx) {
      const user = vorpUser(ctx, 1);
      charFn(user, 'addCurrency', 0, 0.4);
      charFn(user, 'addCurrency', 0, -20);
      charFn(user, 'addCurrency', 0, '5');
      charFn(user, 'addCurrency', 1, 1e15);
      vorpUser(ctx, 1);
    },
  },
  {
    name: 'not-selected',
    description:
      'Bob is connected with no character selected: getUser answers a user whose getUsedCharacter is an empty table (no charIdentifier, no functions).',
    run(ctx) {
      const user = vorpUser(ctx, 2);
      charFn(user, 'addCurrency', 0, 100);
    },
  },
  {
    name: 'no-steam',
    description: 'Carol has no Steam identifier: getUser answers nothing (users are keyed by Steam).',
    run(ctx) {
      vorpUser(ctx, 3);
    },
  },
  {
    name: 'player-left',
    description:
      'Alice disconnects: getUser answers nothing at once (the source that left has no Steam id any more), although VORP keeps her user 6 s.',
    prepare: (ctx) => ctx.server.drop(1),
    run(ctx) {
      vorpUser(ctx, 1);
      ctx.server.advance(7000);
      vorpUser(ctx, 1);
    },
  },
  {
    name: 'item',
    description:
      'canCarryItem(1, bread, 2) true, addItem(1, bread, 2) true (a Promise from JS: it awaits the database), getItemCount(1, nil, bread) 2.',
    async run(ctx) {
      await giveItem(ctx, 1, 'bread', 2);
      await inv(ctx, 'addItem', 1, 'bread', 1);
      await inv(ctx, 'getItemCount', 1, null, 'bread');
    },
  },
  {
    name: 'unknown-item',
    description:
      'A misspelt item (breadd): getItemDB false, canCarryItem false, addItem false, getItemCount 0.',
    async run(ctx) {
      await inv(ctx, 'getItemDB', 'breadd');
      await inv(ctx, 'getItemDB', 'bread');
      await giveItem(ctx, 1, 'breadd', 1);
    },
  },
  {
    name: 'full-by-item-limit',
    description:
      'Bread has a limit of 10 per player: canCarryItem(1, bread, 11) false; addItem does not check it and adds 11.',
    async run(ctx) {
      await giveItem(ctx, 1, 'bread', 11);
    },
  },
  {
    name: 'full-by-capacity',
    description:
      "Alice's 200 capacity holds 196 wood (weight 1): canCarryItem(1, water, 10) false (1 more weight than room); addItem adds them anyway.",
    prepare: (ctx) => fillWood(ctx.server, 196),
    async run(ctx) {
      await giveItem(ctx, 1, 'water', 10);
    },
  },
  {
    name: 'no-item-limit',
    description:
      'An item whose limit is -1 (gold_nugget): canCarryItem is true whatever the count, even over capacity.',
    prepare: (ctx) => fillWood(ctx.server, 195),
    async run(ctx) {
      await inv(ctx, 'canCarryItem', 1, 'gold_nugget', 1000);
    },
  },
  {
    name: 'bad-counts',
    description: 'addItem refuses 0 and -1 (false); 1.5 is added as 1.5.',
    async run(ctx) {
      await inv(ctx, 'addItem', 1, 'bread', 0);
      await inv(ctx, 'addItem', 1, 'bread', -1);
      await inv(ctx, 'addItem', 1, 'bread', 1.5);
      await inv(ctx, 'getItemCount', 1, null, 'bread');
    },
  },
  {
    name: 'item-not-selected',
    description:
      'Bob (no character selected): canCarryItem, addItem and getItemCount as the adapter would call them.',
    async run(ctx) {
      await giveItem(ctx, 2, 'bread', 1);
    },
  },
  {
    name: 'adapter-money',
    description:
      "The project's adapter pays money 500 to Alice (read before and after from a fresh getUser).",
    run: adapterRun([{ type: 'money', amount: 500 }], {
      startupProblems: true,
      isPlayerReady: true,
      give: true,
    }),
  },
  {
    name: 'adapter-gold',
    description:
      "The project's adapter pays gold 3 to Alice through addCurrency(1, 3), read before (2) and after (5) from a fresh getUser.",
    run: adapterRun([{ type: 'gold', amount: 3 }], {
      startupProblems: true,
      isPlayerReady: true,
      give: true,
    }),
  },
  {
    name: 'adapter-item',
    description: "The project's adapter checks and gives 2 bread to Alice.",
    run: adapterRun([{ type: 'item', item: 'bread', count: 2 }], {
      startupProblems: true,
      canReceive: true,
      give: true,
    }),
  },
  {
    name: 'adapter-unknown-item',
    description:
      "The project's adapter asked about 1 x breadd (unknown to vorp_inventory): at start, then at payout.",
    run: adapterRun([{ type: 'item', item: 'breadd', count: 1 }], {
      startupProblems: true,
      canReceive: true,
      give: true,
    }),
  },
  {
    name: 'adapter-full',
    description: "The project's adapter asked to give 11 bread to Alice (limit 10).",
    run: adapterRun([{ type: 'item', item: 'bread', count: 11 }], { canReceive: true, give: true }),
  },
  {
    name: 'adapter-player-not-loaded',
    description: "The project's adapter asked to pay Bob (no character selected) money 100 and 1 bread.",
    run: adapterRun(
      [
        { type: 'money', amount: 100 },
        { type: 'item', item: 'bread', count: 1 },
      ],
      { isPlayerReady: true, canReceive: true, give: true },
      { source: 2, name: 'Bob', license: 'license:3333', voteId: 'vote-2' },
    ),
  },
  {
    name: 'adapter-no-steam',
    description: "The project's adapter asked whether Carol (no Steam) can be paid money 100.",
    run: adapterRun(
      [{ type: 'money', amount: 100 }],
      { isPlayerReady: true, give: true },
      { source: 3, name: 'Carol', license: 'license:5555', voteId: 'vote-3' },
    ),
  },
];

export default defineWorld({
  name: 'vorp',
  description:
    'vorp_core-lua 3.1 with vorp_inventory-lua 4.2 (RedM). Alice (Steam) has character 7 selected (money 50, gold 2, capacity 200) and her inventory loaded; Bob (Steam) has no character selected; Carol has no Steam identifier (VORP would refuse her connection).',
  resources: ['vorp_core', 'vorp_inventory'],
  convars: { onesync: 'on', steam_webApiKey: 'test-key' },
  database: vorpDatabase,
  players: VORP_PLAYERS,
  load: loadVorpPlayer,
  state: vorpState,
  scenarios,
});
