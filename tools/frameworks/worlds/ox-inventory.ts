/** ox_inventory 2.47.7 used directly through its exports (on es_extended 1.13.5 with ox_lib 3.39.0). */
import { ALICE, withAdapter } from '../adapter';
import { defineWorld } from '../world';
import { ESX_PLAYERS, esxDatabase, esxState, loadEsxPlayer, OX_CONVARS, ox } from './esx-common';
import { useSlots } from './ox-fill';

export default defineWorld({
  name: 'ox-inventory',
  description:
    'ox_inventory 2.47.7 exports called directly (CanCarryItem, AddItem, GetItemCount, Search), on es_extended 1.13.5 with ox_lib. Player inventory: 5 slots, 24 kg (set by ESX).',
  resources: ['ox_lib', 'es_extended', 'ox_inventory'],
  convars: OX_CONVARS,
  database: esxDatabase,
  players: ESX_PLAYERS,
  loaded: [1],
  load: loadEsxPlayer,
  state: esxState,
  scenarios: [
    {
      name: 'item',
      description:
        'CanCarryItem true, AddItem [true, slot data], then the reads: GetItemCount and Search count.',
      run(ctx) {
        ox(ctx, 'CanCarryItem', 1, 'water', 2);
        ox(ctx, 'AddItem', 1, 'water', 2);
        ox(ctx, 'GetItemCount', 1, 'water');
        ox(ctx, 'Search', 1, 'count', 'water');
      },
    },
    {
      name: 'unknown-item',
      description: 'An item ox does not define: CanCarryItem nil, AddItem [false, "invalid_item"].',
      run(ctx) {
        ox(ctx, 'CanCarryItem', 1, 'breadd', 1);
        ox(ctx, 'AddItem', 1, 'breadd', 1);
        ox(ctx, 'GetItemCount', 1, 'breadd');
      },
    },
    {
      name: 'full-by-weight',
      description:
        '100 water (500 g each) into 24 kg: CanCarryItem false, but AddItem has no weight check and succeeds.',
      findings: [7],
      run(ctx) {
        ox(ctx, 'CanCarryItem', 1, 'water', 100);
        ox(ctx, 'AddItem', 1, 'water', 100);
        ox(ctx, 'GetItemCount', 1, 'water');
      },
    },
    {
      name: 'full-by-slots',
      description:
        'All 5 slots used by other items: CanCarryItem for a stackable item not held answers nil (not false); AddItem [false, "inventory_full"].',
      findings: [3],
      prepare: (ctx) => useSlots(ctx, 5),
      run(ctx) {
        ox(ctx, 'CanCarryItem', 1, 'burger', 1);
        ox(ctx, 'AddItem', 1, 'burger', 1);
        ox(ctx, 'CanCarryItem', 1, 'phone', 1);
        ox(ctx, 'GetItemCount', 1, 'burger');
      },
    },
    {
      name: 'adapter-full-by-slots',
      description:
        "The project's adapter (ESX, items through ox_inventory) asked whether Alice, with all 5 slots used, can receive 1 burger.",
      findings: [3],
      prepare: (ctx) => useSlots(ctx, 5),
      async run(ctx) {
        const reward = { type: 'item' as const, item: 'burger', count: 1 };
        await withAdapter(ctx, [reward], async (adapter, answer) => {
          answer('canReceive', await adapter.canReceive(ALICE, [reward]));
        });
      },
    },
    {
      name: 'partial-add',
      description: '4 phones (not stackable) with 3 free slots: AddItem answers true and adds 3.',
      findings: [7],
      prepare: (ctx) => useSlots(ctx, 2),
      run(ctx) {
        ox(ctx, 'CanCarryItem', 1, 'phone', 4);
        ox(ctx, 'AddItem', 1, 'phone', 4);
        ox(ctx, 'GetItemCount', 1, 'phone');
      },
    },
    {
      name: 'fractional-and-huge-counts',
      description: 'Counts 1.5, 0, -1 and 1e9.',
      run(ctx) {
        ox(ctx, 'AddItem', 1, 'water', 1.5);
        ox(ctx, 'GetItemCount', 1, 'water');
        ox(ctx, 'AddItem', 1, 'water', 0);
        ox(ctx, 'AddItem', 1, 'water', -1);
        ox(ctx, 'CanCarryItem', 1, 'money', 1e9);
        ox(ctx, 'AddItem', 1, 'money', 1e9);
        ox(ctx, 'GetItemCount', 1, 'money');
      },
    },
    {
      name: 'player-not-loaded',
      description: 'Bob is connected but his character is not loaded: ox has no inventory for him.',
      run(ctx) {
        ox(ctx, 'CanCarryItem', 2, 'water', 1);
        ox(ctx, 'AddItem', 2, 'water', 1);
        ox(ctx, 'GetItemCount', 2, 'water');
      },
    },
    {
      name: 'player-left',
      description: 'Alice disconnects; her inventory is unloaded.',
      prepare: (ctx) => ctx.server.drop(1),
      run(ctx) {
        ox(ctx, 'CanCarryItem', 1, 'water', 1);
        ox(ctx, 'AddItem', 1, 'water', 1);
        ox(ctx, 'GetItemCount', 1, 'water');
      },
    },
    {
      name: 'string-source',
      description: 'The player id sent as a string.',
      run(ctx) {
        ox(ctx, 'CanCarryItem', '1', 'water', 1);
        ox(ctx, 'GetItemCount', '1', 'water');
      },
    },
  ],
});
