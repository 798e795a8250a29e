/** es_extended 1.13.5 with ox_lib 3.39.0 and ox_inventory 2.47.7 running (ESX in Config.CustomInventory = 'ox' mode). */
import { defineWorld } from '../world';
import { ESX_PLAYERS, esxDatabase, esxState, loadEsxPlayer, OX_CONVARS, ox, rsm } from './esx-common';
import { useSlots } from './ox-fill';

export default defineWorld({
  name: 'esx-ox',
  description:
    "es_extended 1.13.5 with ox_lib and ox_inventory 2.47.7 running: ESX's ox overrides (cash mirrored as ox's money item, items forwarded to ox). ox: 5 slots; ESX sets the weight limit to 24 kg.",
  resources: ['ox_lib', 'es_extended', 'ox_inventory'],
  convars: OX_CONVARS,
  database: esxDatabase,
  players: ESX_PLAYERS,
  loaded: [1],
  load: loadEsxPlayer,
  state: esxState,
  scenarios: [
    {
      name: 'money',
      description: "Cash through ESX's ox override: the account and ox's money item both move.",
      run(ctx) {
        rsm(ctx, 1, 'getIdentifier');
        rsm(ctx, 1, 'addAccountMoney', 'money', 500, 'vote-reward v1');
        rsm(ctx, 1, 'getAccount', 'money');
        ox(ctx, 'GetItemCount', 1, 'money');
      },
    },
    {
      name: 'bank',
      description: 'Bank through the ox override; returns nothing.',
      findings: [6],
      run(ctx) {
        rsm(ctx, 1, 'addAccountMoney', 'bank', 750, 'vote-reward v1');
        rsm(ctx, 1, 'getAccount', 'bank');
      },
    },
    {
      name: 'item-through-esx',
      description:
        "xPlayer.canCarryItem / addInventoryItem / getInventoryItem forwarded to ox_inventory (addInventoryItem returns ox's pair).",
      run(ctx) {
        rsm(ctx, 1, 'canCarryItem', 'water', 2);
        rsm(ctx, 1, 'addInventoryItem', 'water', 2);
        rsm(ctx, 1, 'getInventoryItem', 'water');
      },
    },
    {
      name: 'unknown-item-through-esx',
      description: 'A misspelt item through the ESX methods while ox runs.',
      findings: [2],
      run(ctx) {
        rsm(ctx, 1, 'canCarryItem', 'breadd', 1);
        rsm(ctx, 1, 'addInventoryItem', 'breadd', 1);
      },
    },
    {
      name: 'unknown-account',
      description:
        'The ox override returns silently for an account ESX does not have: nothing raised, nothing paid.',
      findings: [6],
      run(ctx) {
        rsm(ctx, 1, 'addAccountMoney', 'cash', 100, 'vote-reward v1');
        rsm(ctx, 1, 'getAccount', 'cash');
      },
    },
    {
      name: 'amounts-below-one',
      description:
        'The ox override returns silently for 0.4 and 0 (money < 1): nothing raised, nothing paid.',
      findings: [6, 8],
      run(ctx) {
        rsm(ctx, 1, 'addAccountMoney', 'bank', 0.4, 'vote-reward v1');
        rsm(ctx, 1, 'addAccountMoney', 'bank', 0, 'vote-reward v1');
        rsm(ctx, 1, 'getAccount', 'bank');
      },
    },
    {
      name: 'fractional-and-huge-amounts',
      description: 'Fractions above 1 and very large credits through the ox override.',
      findings: [8],
      run(ctx) {
        rsm(ctx, 1, 'addAccountMoney', 'bank', 2.5, 'vote-reward v1');
        rsm(ctx, 1, 'getAccount', 'bank');
        rsm(ctx, 1, 'addAccountMoney', 'money', 1e15, 'vote-reward v1');
        rsm(ctx, 1, 'getAccount', 'money');
        ox(ctx, 'GetItemCount', 1, 'money');
      },
    },
    {
      name: 'full-by-slots-through-esx',
      description:
        'All 5 slots used: xPlayer.canCarryItem forwards ox\'s nil, addInventoryItem forwards [false, "inventory_full"].',
      findings: [3],
      prepare: (ctx) => useSlots(ctx, 5),
      run(ctx) {
        rsm(ctx, 1, 'canCarryItem', 'burger', 1);
        rsm(ctx, 1, 'addInventoryItem', 'burger', 1);
      },
    },
    {
      name: 'player-not-loaded',
      description: 'Bob is connected but not loaded in ESX.',
      run(ctx) {
        rsm(ctx, 2, 'getIdentifier');
        rsm(ctx, 2, 'addAccountMoney', 'bank', 100, 'vote-reward v1');
      },
    },
    {
      name: 'player-left',
      description: 'Alice disconnects; the ESX calls answer nothing.',
      prepare: (ctx) => ctx.server.drop(1),
      run(ctx) {
        rsm(ctx, 1, 'getIdentifier');
        rsm(ctx, 1, 'addAccountMoney', 'bank', 100, 'vote-reward v1');
      },
    },
  ],
});
