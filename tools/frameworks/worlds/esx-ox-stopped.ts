/**
 * es_extended 1.13.5 with ox_inventory installed but not running: ESX still runs in Config.CustomInventory = 'ox'
 * mode (it only checks that ox_inventory is not missing), so its overrides call into a dead inventory.
 */
import { ALICE, withAdapter } from '../adapter';
import { defineWorld } from '../world';
import { creditAndRead, ESX_OX_RESOURCES, ESX_WORLD, esxItemCalls, OX_CONVARS } from './esx-common';

/** Starts ox_inventory after the players loaded, then stops it (a crash or restart window). */
async function startThenStopOx(ctx: { server: import('../host').SimServer }) {
  await ctx.server.start('ox_inventory');
  ctx.server.advance(1000);
  ctx.server.stop('ox_inventory');
  ctx.server.advance(100);
}

export default defineWorld({
  name: 'esx-ox-stopped',
  description:
    "es_extended 1.13.5 and ox_lib running, ox_inventory 2.47.7 installed but stopped: ESX's ox-mode overrides credit first, then call into ox_inventory and raise.",
  resources: ESX_OX_RESOURCES,
  start: ['ox_lib', 'es_extended'],
  convars: OX_CONVARS,
  ...ESX_WORLD,
  scenarios: [
    {
      name: 'bank-ox-never-started',
      description:
        'ox_inventory never started: addAccountMoney(bank, 750) credits, then raises; three attempts credit three times (1000 → 3250) while JS sees three errors.',
      findings: [1, 12],
      run(ctx) {
        for (let i = 0; i < 3; i++) {
          creditAndRead(ctx, 1, 'bank', 750);
        }
      },
    },
    {
      name: 'adapter-bank-ox-never-started',
      description:
        "The project's ESX adapter pays a 750 bank reward three times while ox_inventory never started: the notes hold what the adapter answered each time, the state how often the bank moved.",
      findings: [1],
      async run(ctx) {
        const reward = { type: 'bank' as const, amount: 750 };
        await withAdapter(ctx, [reward], async (adapter, answer) => {
          for (let i = 1; i <= 3; i++) answer(`give ${i}`, await adapter.give(ALICE, reward));
        });
      },
    },
    {
      name: 'money-ox-never-started',
      description: 'ox_inventory never started: cash through the override.',
      findings: [1],
      run(ctx) {
        creditAndRead(ctx, 1, 'money', 500);
      },
    },
    {
      name: 'item-ox-never-started',
      description: 'ox_inventory never started: the item methods of the override.',
      run(ctx) {
        esxItemCalls(ctx, 1, 'water', 1);
      },
    },
    {
      name: 'money-ox-stopped-after-start',
      description:
        'ox_inventory started after the player loaded, then stopped (restart or crash window): cash is credited, then the call raises; twice.',
      findings: [1],
      prepare: startThenStopOx,
      run(ctx) {
        for (let i = 0; i < 2; i++) {
          creditAndRead(ctx, 1, 'money', 500);
        }
      },
    },
    {
      name: 'bank-ox-stopped-after-start',
      description: 'ox_inventory started after the player loaded, then stopped: bank through the override.',
      findings: [1],
      prepare: startThenStopOx,
      run(ctx) {
        creditAndRead(ctx, 1, 'bank', 750);
      },
    },
  ],
});
