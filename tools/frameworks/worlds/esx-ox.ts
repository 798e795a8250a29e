/** es_extended 1.13.5 with ox_lib 3.39.0 and ox_inventory 2.47.7 running (ESX in Config.CustomInventory = 'ox' mode). */
import { defineWorld } from '../world';
import {
  creditAndRead,
  ESX_OX_RESOURCES,
  ESX_WORLD,
  esxItemCalls,
  OX_CONVARS,
  ox,
  REASON,
  rsm,
} from './esx-common';
import { useSlots } from './ox-fill';

export default defineWorld({
  name: 'esx-ox',
  description:
    "es_extended 1.13.5 with ox_lib and ox_inventory 2.47.7 running: ESX's ox overrides (cash mirrored as ox's money item, items forwarded to ox). ox: 5 slots; ESX sets the weight limit to 24 kg.",
  resources: ESX_OX_RESOURCES,
  convars: OX_CONVARS,
  ...ESX_WORLD,
  scenarios: [
    {
      name: 'money',
      description: "Cash through ESX's ox override: the account and ox's money item both move.",
      run(ctx) {
        rsm(ctx, 1, 'getIdentifier');
        creditAndRead(ctx, 1, 'money', 500);
        ox(ctx, 'GetItemCount', 1, 'money');
      },
    },
    {
      name: 'bank',
      description: 'Bank through the ox override; returns nothing.',
      findings: [6],
      run(ctx) {
        creditAndRead(ctx, 1, 'bank', 750);
      },
    },
    {
      name: 'item-through-esx',
      description:
        "xPlayer.canCarryItem / addInventoryItem / getInventoryItem forwarded to ox_inventory (addInventoryItem returns ox's pair).",
      run(ctx) {
        esxItemCalls(ctx, 1, 'water', 2);
      },
    },
    {
      name: 'unknown-item-through-esx',
      description: 'A misspelt item through the ESX methods while ox runs.',
      findings: [2],
      run(ctx) {
        esxItemCalls(ctx, 1, 'breadd', 1, false);
      },
    },
    {
      name: 'unknown-account',
      description:
        'The ox override returns silently for an account ESX does not have: nothing raised, nothing paid.',
      findings: [6],
      run(ctx) {
        creditAndRead(ctx, 1, 'cash', 100);
      },
    },
    {
      name: 'amounts-below-one',
      description:
        'The ox override returns silently for 0.4 and 0 (money < 1): nothing raised, nothing paid.',
      findings: [6, 8],
      run(ctx) {
        rsm(ctx, 1, 'addAccountMoney', 'bank', 0.4, REASON);
        creditAndRead(ctx, 1, 'bank', 0);
      },
    },
    {
      name: 'fractional-and-huge-amounts',
      description: 'Fractions above 1 and very large credits through the ox override.',
      findings: [8],
      run(ctx) {
        creditAndRead(ctx, 1, 'bank', 2.5);
        creditAndRead(ctx, 1, 'money', 1e15);
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
        esxItemCalls(ctx, 1, 'burger', 1, false);
      },
    },
    {
      name: 'player-not-loaded',
      description: 'Bob is connected but not loaded in ESX.',
      run(ctx) {
        rsm(ctx, 2, 'getIdentifier');
        rsm(ctx, 2, 'addAccountMoney', 'bank', 100, REASON);
      },
    },
    {
      name: 'player-left',
      description: 'Alice disconnects; the ESX calls answer nothing.',
      prepare: (ctx) => ctx.server.drop(1),
      run(ctx) {
        rsm(ctx, 1, 'getIdentifier');
        rsm(ctx, 1, 'addAccountMoney', 'bank', 100, REASON);
      },
    },
  ],
});
