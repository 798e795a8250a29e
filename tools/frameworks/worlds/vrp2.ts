/** vRP 2 (master) with its real base and modules: its Proxy interface offers other resources only loadScript. */
import type { Reward } from '../../../src/rewards/types';
import { ALICE } from '../adapter';
import { defineWorld } from '../world';
import { proxy, VRP_PLAYERS, withVrpAdapter } from './vrp-common';

export default defineWorld({
  name: 'vrp2',
  description:
    'vRP 2 (master 8d35fdf4d8b7): lib/utils.lua, Proxy, base.lua and every module it lists, real. No DB driver is registered, so no character loads; that does not matter here, because the Proxy interface offers other resources only loadScript (vRP 2 extensions run inside vRP through it).',
  resources: ['vrp-2'],
  database: () => () => undefined,
  players: VRP_PLAYERS,
  loaded: [],
  load: () => undefined,
  state: (server) =>
    server.probe('vrp', 'local n = 0 for _ in pairs(vRP.users) do n = n + 1 end return { users = n }'),
  scenarios: [
    {
      name: 'unknown-member',
      description:
        'getUserId, giveMoney and getMoney do not exist on the interface: each prints an error and answers table.pack() (a map {n = 0}).',
      findings: [4],
      run(ctx) {
        proxy(ctx, 'getUserId', [1]);
        proxy(ctx, 'giveMoney', [1, 500], { rid: 2 });
        proxy(ctx, 'getMoney', [1], { rid: 3 });
      },
    },
    {
      name: 'load-script',
      description:
        "loadScript, the interface's one member, loads a file of any resource inside vRP and answers table.pack of what it returned (here vRP's cfg/money).",
      run(ctx) {
        proxy(ctx, 'loadScript', ['vrp', 'cfg/money']);
      },
    },
    {
      name: 'adapter-variant-vrp2',
      description:
        "The project's adapter with variant vrp2: money refused at start, custom rewards accepted, every player ready.",
      async run(ctx) {
        const money: Reward = { type: 'money', amount: 500 };
        const custom: Reward = { type: 'custom', event: 'myserver:voteGift' };
        await withVrpAdapter(ctx, 'vrp2', [custom], async (adapter, answer) => {
          answer('startupProblems money', await adapter.startupProblems?.([money]));
          answer('startupProblems custom', await adapter.startupProblems?.([custom]));
          answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
        });
      },
    },
    {
      name: 'adapter-variant-vrp1',
      description:
        "The project's adapter left on variant vrp1 on a vRP 2 server: the start-up probe gets an empty answer and names the problem.",
      findings: [4],
      async run(ctx) {
        const money: Reward = { type: 'money', amount: 500 };
        await withVrpAdapter(ctx, 'vrp1', [money], async (adapter, answer) => {
          answer('startupProblems', await adapter.startupProblems?.([money]));
          answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
          answer('give', await adapter.give(ALICE, money));
        });
      },
    },
  ],
});
