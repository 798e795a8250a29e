/**
 * ND_Core 2.3.2 with ox_inventory 2.47.7 started before it and `inventory:framework` not set: ox_inventory keeps its
 * default (`esx`) because ND_Core sets the convar only when it starts.
 */
import { adapterRun } from '../adapter';
import { defineWorld } from '../world';
import { ox } from './esx-common';
import {
  connectNdPlayer,
  loadNdPlayer,
  ND_ALICE,
  ND_CONVARS,
  ndDatabase,
  ndPlayer,
  ndState,
} from './nd-common';
import { itemReward } from './qb-common';

export default defineWorld({
  name: 'nd-core-ox-first',
  description:
    "ND_Core 2.3.2 with ox_lib 3.39.0 and ox_inventory 2.47.7 started in the order ox_lib, ox_inventory, ND_Core, without setr inventory:framework: ox_inventory loads its ESX bridge (whose first use raises: no es_extended) and never opens an ND_Core character's inventory. Alice connects and ND_Core makes her character active by itself 3 s later, as in nd-core.",
  resources: ['ox_lib', 'ND_Core', 'ox_inventory'],
  start: ['ox_lib', 'ox_inventory', 'ND_Core'],
  convars: ND_CONVARS,
  database: ndDatabase,
  players: [ND_ALICE],
  connecting: connectNdPlayer,
  load: (server) => loadNdPlayer(server),
  state: ndState,
  scenarios: [
    {
      name: 'item',
      description:
        'Alice has an active character but no ox_inventory inventory: GetInventory false, CanCarryItem nil, AddItem [false, "invalid_inventory"].',
      run(ctx) {
        ndPlayer(ctx, 1);
        ox(ctx, 'GetInventory', 1);
        ox(ctx, 'CanCarryItem', 1, 'water', 1);
        ox(ctx, 'AddItem', 1, 'water', 1);
      },
    },
    {
      name: 'adapter-item',
      description:
        "The project's adapter asked for 1 water: nothing at start says ox_inventory runs the wrong bridge; the payout is refused, naming the start order.",
      run: adapterRun([itemReward('water', 1)], { startupProblems: true, canReceive: true, give: true }),
    },
  ],
});
