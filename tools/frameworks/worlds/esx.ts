/** es_extended 1.13.5 alone (its own inventory, no ox_inventory installed). */
import { adapterRun } from '../adapter';
import { defineWorld } from '../world';
import {
  attempt,
  creditAndRead,
  ESX_WORLD,
  esxItemCalls,
  loadEsxPlayer,
  REASON,
  rsm,
  xPlayer,
} from './esx-common';

export default defineWorld({
  name: 'esx',
  description:
    'es_extended 1.13.5 alone: its own inventory (Config.MaxWeight 24), no ox_inventory installed.',
  resources: ['es_extended'],
  ...ESX_WORLD,
  scenarios: [
    {
      name: 'money',
      description:
        'Cash through RunStaticPlayerMethod, as the adapter pays: loaded check, credit, read back.',
      findings: [6],
      run(ctx) {
        rsm(ctx, 1, 'getIdentifier');
        creditAndRead(ctx, 1, 'money', 500);
      },
    },
    {
      name: 'bank',
      description: 'Bank through RunStaticPlayerMethod; addAccountMoney returns nothing (no true/false).',
      findings: [6],
      run(ctx) {
        creditAndRead(ctx, 1, 'bank', 750);
      },
    },
    {
      name: 'bank-through-shared-object',
      description:
        'The pre-1.13 path: getSharedObject().GetPlayerFromId(1) snapshot, its closures called with dot syntax.',
      run(ctx) {
        const x = xPlayer(ctx, 1);
        attempt(() => x?.addAccountMoney?.('bank', 100, REASON));
        attempt(() => x?.getAccount?.('bank'));
      },
    },
    {
      name: 'item',
      description: 'canCarryItem, addInventoryItem (returns nothing), getInventoryItem count.',
      run(ctx) {
        esxItemCalls(ctx, 1, 'bread', 2);
      },
    },
    {
      name: 'unknown-item',
      description:
        'A misspelt item: canCarryItem answers false (same as "full"), addInventoryItem ignores it silently.',
      findings: [2],
      run(ctx) {
        esxItemCalls(ctx, 1, 'breadd', 1);
      },
    },
    {
      name: 'adapter-unknown-item',
      description:
        "The project's ESX adapter asked whether Alice can receive 1 x breadd (an item ESX does not have).",
      findings: [2],
      run: adapterRun([{ type: 'item', item: 'breadd', count: 1 }], { canReceive: true }),
    },
    {
      name: 'unknown-account',
      description:
        'addAccountMoney on an account ESX does not have raises (JS sees the generic export error).',
      findings: [12],
      run(ctx) {
        creditAndRead(ctx, 1, 'cash', 100);
      },
    },
    {
      name: 'full-by-weight',
      description:
        '30 bread (weight 1 each) with Config.MaxWeight 24: canCarryItem false; addInventoryItem has no weight check.',
      run(ctx) {
        esxItemCalls(ctx, 1, 'bread', 30);
      },
    },
    {
      name: 'fractional-amounts',
      description: 'ESX checks money > 0 and then rounds: 0.4 is credited as 0 without an error, 2.5 as 3.',
      findings: [8],
      run(ctx) {
        creditAndRead(ctx, 1, 'bank', 0.4);
        creditAndRead(ctx, 1, 'bank', 2.5);
      },
    },
    {
      name: 'zero-and-negative-amounts',
      description: 'Amounts 0 and -5 raise before touching the balance.',
      run(ctx) {
        rsm(ctx, 1, 'addAccountMoney', 'bank', 0, REASON);
        creditAndRead(ctx, 1, 'bank', -5);
      },
    },
    {
      name: 'huge-amounts',
      description: 'Very large credits (1e15, 2^53) are accepted as they are.',
      run(ctx) {
        creditAndRead(ctx, 1, 'bank', 1e15);
        creditAndRead(ctx, 1, 'money', 2 ** 53);
      },
    },
    {
      name: 'player-not-loaded',
      description:
        'Bob is connected but has no xPlayer: RunStaticPlayerMethod and GetPlayerFromId answer nothing.',
      run(ctx) {
        rsm(ctx, 2, 'getIdentifier');
        rsm(ctx, 2, 'addAccountMoney', 'bank', 100, REASON);
        xPlayer(ctx, 2);
      },
    },
    {
      name: 'string-source',
      description: 'A source sent as a string misses ESX.Players (keyed by number): nothing is found.',
      run(ctx) {
        rsm(ctx, '1', 'getIdentifier');
        xPlayer(ctx, '1');
      },
    },
    {
      name: 'player-left',
      description:
        'Alice disconnects (playerDropped saves and removes her xPlayer); calls then answer nothing.',
      prepare(ctx) {
        ctx.server.drop(1);
      },
      run(ctx) {
        rsm(ctx, 1, 'getIdentifier');
        rsm(ctx, 1, 'addAccountMoney', 'bank', 100, REASON);
      },
    },
    {
      name: 'license2-listed-first',
      description:
        "Carol's identifiers list license2: before license:. ESX asks GetPlayerIdentifierByType(src, 'license'), a prefix match, gets the license2 identifier, and loads her under it (a new user row).",
      findings: [10],
      prepare(ctx) {
        const carol = { source: 3, name: 'Carol', identifiers: ['license2:4444', 'license:5555'] };
        ctx.server.connect(carol);
        loadEsxPlayer(ctx.server, carol);
        ctx.server.advance(500);
      },
      run(ctx) {
        rsm(ctx, 3, 'getIdentifier');
      },
    },
    {
      name: 'unknown-method',
      description: 'RunStaticPlayerMethod with a method the xPlayer does not have raises.',
      run(ctx) {
        rsm(ctx, 1, 'addMoneyy', 100);
      },
    },
  ],
});
