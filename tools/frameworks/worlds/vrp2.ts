/**
 * vRP 2 (master) with its real base and modules, over a DB driver of our own (vrp2-db/, registered from inside vRP as
 * vRP 2 drivers are), so characters load as on a server: Alice spawned (her user and character loaded), Bob connected
 * and still on the loading screen (vRP 2 creates a user only at the client's first spawn). vote-reward is installed,
 * not started, so vRP 2's loadScript can read its `lua/vrp2.lua`.
 */

import type { Reward } from '../../../src/rewards/types';
import { ALICE } from '../adapter';
import type { MysqlRouter } from '../host';
import { defineWorld } from '../world';
import { closeProxy, proxy, VRP_BOB, VRP_PLAYERS, withVrpAdapter } from './vrp-common';
import { loadVrp1Player } from './vrp1';

/** Users, characters and their data, by vRP 2's prepared-query names; Alice (license:1111) is user 1, character 1. */
function createVrp2Database(log: (line: string) => void): MysqlRouter {
  const ids = new Map<string, number>([['license:1111', 1]]);
  const characters = new Map<number, number>([[1, 1]]);
  let lastUser = 1;
  let lastCharacter = 1;
  return (method, name, params) => {
    const p = (params ?? {}) as Record<string, unknown>;
    switch (name) {
      case 'vRP/userid_byidentifier': {
        const id = ids.get(String(p.identifier));
        return id === undefined ? [] : [{ user_id: id }];
      }
      case 'vRP/create_user':
        lastUser += 1;
        return [{ id: lastUser }];
      case 'vRP/add_identifier':
        ids.set(String(p.identifier), Number(p.user_id));
        return 1;
      case 'vRP/get_characters':
        return [...characters].filter(([, user]) => user === Number(p.user_id)).map(([id]) => ({ id }));
      case 'vRP/create_character':
        lastCharacter += 1;
        characters.set(lastCharacter, Number(p.user_id));
        return [{ id: lastCharacter }];
      case 'vRP/check_character':
        return characters.get(Number(p.id)) === Number(p.user_id) ? [{ id: Number(p.id) }] : [];
      case 'Login/get_whitelisted':
        return [{ whitelisted: true }];
      default:
        if (!/^(vRP|Login)\/(get_|set_|init_|.*tables$)/.test(name))
          log(`unrouted vRP 2 query ${method}: ${name}`);
        return method === 'query' ? [] : 0;
    }
  };
}

const VRP2_PROBE = `
local out = {}
for source, user in pairs(vRP.users_by_source) do
  out['source ' .. source] = { user = user.id, character = user.cid, ready = user:isReady() and true or false }
end
return out`;

const custom: Reward = { type: 'custom', event: 'myserver:voteGift' };

export default defineWorld({
  name: 'vrp2',
  description:
    'vRP 2 (master 8d35fdf4d8b7): lib/utils.lua, Proxy, base.lua and every module it lists, real, over a DB driver of our own registered from inside vRP. Alice spawned (user 1, character 1 loaded); Bob connected, never spawned (no vRP user yet). The Proxy interface offers other resources only loadScript; vote-reward is installed so loadScript can run its lua/vrp2.lua.',
  resources: ['vrp-2'],
  own: { vrp2_db: 'tools/frameworks/worlds/vrp2-db' },
  installed: { 'vote-reward': '.' },
  extraNatives: ['GetPlayerEP'],
  database: createVrp2Database,
  players: VRP_PLAYERS,
  loaded: [1],
  load: loadVrp1Player,
  state: (server) => server.probe('vrp', VRP2_PROBE),
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
      name: 'ready-interface',
      description:
        "vote-reward's lua/vrp2.lua through loadScript: before it, nobody answers vote_reward_vrp2:proxy; loadScript runs it once and answers its return value (again from vRP's module cache on the second call); then isReady answers true for Alice (character loaded) and false for Bob (loading screen: no vRP user) and for an unknown source.",
      run(ctx) {
        proxy(ctx, 'isReady', [1], { iface: 'vote_reward_vrp2', rid: 1 });
        proxy(ctx, 'loadScript', ['vote-reward', 'lua/vrp2'], { rid: 2 });
        proxy(ctx, 'loadScript', ['vote-reward', 'lua/vrp2'], { rid: 3 });
        proxy(ctx, 'isReady', [1], { iface: 'vote_reward_vrp2', rid: 4 });
        proxy(ctx, 'isReady', [2], { iface: 'vote_reward_vrp2', rid: 5 });
        proxy(ctx, 'isReady', [99], { iface: 'vote_reward_vrp2', rid: 6 });
        closeProxy(ctx);
      },
    },
    {
      name: 'character-loading',
      description:
        "Bob's client spawns while every query waits 200 ms: vRP 2 creates his user, then his character (cid set, loading_character true) loads over several queries; in that window isReady answers false.",
      prepare(ctx) {
        ctx.server.probe('vrp', 'QueryDelayMs = 200');
        ctx.server.emitNet('vRPcli:playerSpawned', 2);
        const loading = () =>
          ctx.server.probe(
            'vrp',
            'local u = vRP.users_by_source[2] return u ~= nil and u.loading_character == true',
          );
        for (let waited = 0; waited < 10_000 && loading() !== true; waited += 50) ctx.server.advance(50);
      },
      run(ctx) {
        proxy(ctx, 'loadScript', ['vote-reward', 'lua/vrp2'], { rid: 1 });
        proxy(ctx, 'isReady', [2], { iface: 'vote_reward_vrp2', rid: 2 });
      },
    },
    {
      name: 'adapter-variant-vrp2',
      description:
        "The project's adapter with variant vrp2: money refused at start, custom rewards accepted; Alice (loaded) is ready, Bob (loading screen) is not.",
      async run(ctx) {
        const money: Reward = { type: 'money', amount: 500 };
        await withVrpAdapter(ctx, 'vrp2', [custom], async (adapter, answer) => {
          answer('startupProblems money', await adapter.startupProblems?.([money]));
          answer('startupProblems custom', await adapter.startupProblems?.([custom]));
          answer('isPlayerReady(1)', await adapter.isPlayerReady(1));
          answer('isPlayerReady(2)', await adapter.isPlayerReady(2));
        });
      },
    },
    {
      name: 'adapter-custom-not-loaded',
      description:
        "A custom reward for Bob, still on the loading screen: the adapter answers player_not_loaded and the reward's event is not emitted.",
      async run(ctx) {
        const heard: unknown[] = [];
        ctx.server.on('myserver:voteGift', (...args) => heard.push(args));
        await withVrpAdapter(ctx, 'vrp2', [custom], async (adapter, answer) => {
          answer('canReceive', await adapter.canReceive(VRP_BOB, [custom]));
          answer('give', await adapter.give(VRP_BOB, custom));
          answer('heard myserver:voteGift', heard);
        });
      },
    },
    {
      name: 'adapter-custom-loaded',
      description:
        "A custom reward for Alice, whose character is loaded: paid, the reward's event emitted once.",
      async run(ctx) {
        const heard: unknown[] = [];
        ctx.server.on('myserver:voteGift', (...args) => heard.push(args));
        await withVrpAdapter(ctx, 'vrp2', [custom], async (adapter, answer) => {
          answer('canReceive', await adapter.canReceive(ALICE, [custom]));
          answer('give', await adapter.give(ALICE, custom));
          answer('heard myserver:voteGift', heard);
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
