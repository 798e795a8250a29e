/** ox_inventory 2.47.7 used directly through its exports (on es_extended 1.13.5 with ox_lib 3.39.0). */
import { adapterRun } from '../adapter';
import { defineWorld } from '../world';
import { ESX_OX_RESOURCES, ESX_WORLD, OX_CONVARS, ox, oxItemCalls } from './esx-common';
import { useSlots } from './ox-fill';

export default defineWorld({
  name: 'ox-inventory',
  description:
    'ox_inventory 2.47.7 exports called directly (CanCarryItem, AddItem, GetItemCount, Search), on es_extended 1.13.5 with ox_lib. Player inventory: 5 slots, 24 kg (set by ESX).',
  resources: ESX_OX_RESOURCES,
  convars: OX_CONVARS,
  ...ESX_WORLD,
  scenarios: [
    {
      name: 'item',
      description:
        'CanCarryItem true, AddItem [true, slot data], then the reads: GetItemCount and Search count.',
      run(ctx) {
        oxItemCalls(ctx, 1, 'water', 2);
        ox(ctx, 'Search', 1, 'count', 'water');
      },
    },
    {
      name: 'unknown-item',
      description: 'An item ox does not define: CanCarryItem nil, AddItem [false, "invalid_item"].',
      run(ctx) {
        oxItemCalls(ctx, 1, 'breadd', 1);
      },
    },
    {
      name: 'full-by-weight',
      description:
        '100 water (500 g each) into 24 kg: CanCarryItem false, but AddItem has no weight check and succeeds.',
      findings: [7],
      run(ctx) {
        oxItemCalls(ctx, 1, 'water', 100);
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
      run: adapterRun([{ type: 'item', item: 'burger', count: 1 }], { canReceive: true }),
    },
    {
      name: 'partial-add',
      description: '4 phones (not stackable) with 3 free slots: AddItem answers true and adds 3.',
      findings: [7],
      prepare: (ctx) => useSlots(ctx, 2),
      run(ctx) {
        oxItemCalls(ctx, 1, 'phone', 4);
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
        oxItemCalls(ctx, 1, 'money', 1e9);
      },
    },
    {
      name: 'player-not-loaded',
      description: 'Bob is connected but his character is not loaded: ox has no inventory for him.',
      run(ctx) {
        oxItemCalls(ctx, 2, 'water', 1);
      },
    },
    {
      name: 'player-left',
      description: 'Alice disconnects; her inventory is unloaded.',
      prepare: (ctx) => ctx.server.drop(1),
      run(ctx) {
        oxItemCalls(ctx, 1, 'water', 1);
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
