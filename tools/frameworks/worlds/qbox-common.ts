/** What the Qbox world shares: database, how a character loads, state probes. Players are the QBCore worlds' ones. */
import type { MysqlRouter, SimPlayer, SimServer } from '../host';
import { OX_PROBE } from './esx-common';
import { ALICE_CHARACTER, ALICE_CITIZENID, playerRow, saveMoney } from './qb-common';

/** ox_inventory on Qbox: 5 slots and 3 kg, so "full" is reachable in a few calls (ox's own defaults otherwise). */
export const QBOX_CONVARS = {
  'inventory:framework': 'qbx',
  'inventory:slots': '5',
  'inventory:weight': '3000',
  sv_stateBagStrictMode: 'true',
};

/** The `users` rows: Alice (userId 1) by license and license2, Bob (userId 2) by license. */
const USERS: Record<string, number> = { 'license:1111': 1, 'license2:2222': 1, 'license:3333': 2 };

/**
 * The metadata qbx_core draws from math.random when a character lacks it (CheckPlayerData), stored as a returning
 * character has it: a Lua state's random seed comes from its heap address, which any allocation before it moves.
 */
export const ALICE_QBOX_METADATA = {
  bloodtype: 'O+',
  fingerprint: 'AL1CE0FINGER0ID',
  walletid: 'QB-10000001',
  phonedata: { SerialNumber: 10000001, InstalledApps: [] },
};

/** Database of the Qbox world: Alice's user and character rows (money kept on save); other queries are logged and answer nothing. */
export function qboxDatabase(log: (line: string) => void): MysqlRouter {
  const row: Record<string, unknown> = {
    ...playerRow(ALICE_CHARACTER),
    metadata: JSON.stringify(ALICE_QBOX_METADATA),
    userId: 1,
    lastLoggedOutUnix: 0,
  };
  return (method, query, params) => {
    const p = (Array.isArray(params) ? params : []) as unknown[];
    const q = query.trim();
    if (/^SELECT `userId` FROM `users` WHERE `\w+` = \? LIMIT 1$/.test(q)) return USERS[String(p[0])];
    if (/^SELECT userId, citizenid, license, name, .* FROM players WHERE citizenid = \?$/.test(q))
      return p[0] === ALICE_CITIZENID ? { ...row } : undefined;
    if (/^SELECT inventory FROM `players` WHERE `citizenid` = \?$/.test(q))
      return p[0] === ALICE_CITIZENID ? row.inventory : undefined;
    if (/^SELECT COUNT\(\*\) FROM information_schema\.TABLES/i.test(q)) return { 'COUNT(*)': 1 };
    if (/^SELECT COUNT\(\*\) as count FROM players WHERE/i.test(q)) return { count: 0 };
    if (/^SELECT `group`, type, grade FROM player_groups WHERE citizenid = \?$/.test(q)) return [];
    if (/^SELECT DISTINCT `group`, type, grade FROM player_groups$/.test(q)) return [];
    if (/^SELECT citizenid, JSON_VALUE\(job/.test(q)) return [];
    if (/^INSERT INTO players /i.test(q)) {
      saveMoney(row, params);
      return 1;
    }
    if (/^(INSERT INTO|UPDATE) (players|`players`|users) /i.test(q)) return 1;
    log(`unrouted ${method}: ${query}`);
    return undefined;
  };
}

/**
 * Loads a character the way qbx_core's character menu does (`Login(source, citizenid)`), and answers the one
 * client callback Login awaits (`qbx_core:client:setHealth`) as the client would.
 */
export function loadQboxPlayer(server: SimServer, player: SimPlayer): void {
  if (player.source !== 1) return;
  const mark = server.clientEvents.length;
  server.probe('qbx_core', `CreateThread(function() Login(1, '${ALICE_CITIZENID}') end)`);
  server.settle();
  const asked = server.clientEvents
    .slice(mark)
    .find((e) => e.event === '__ox_cb_qbx_core:client:setHealth' && e.args[0] === player.source);
  if (asked) server.emitNet('__ox_cb_qbx_core', player.source, asked.args[2], true);
  server.advance(100);
}

const QBX_PROBE = `
local out = {}
for src, p in pairs(QBX.Players) do
  out['player ' .. src] = { citizenid = p.PlayerData.citizenid, money = p.PlayerData.money }
end
return out`;

/** qbx_core money per loaded player, and ox_inventory items per player inventory. */
export function qboxState(server: SimServer): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (server.resourceState('qbx_core') === 'started') state.qbx_core = server.probe('qbx_core', QBX_PROBE);
  if (server.resourceState('ox_inventory') === 'started')
    state.ox_inventory = server.probe('ox_inventory', OX_PROBE);
  return state;
}
