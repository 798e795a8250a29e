/**
 * The shared vote history and the once-per-network decisions on a real MariaDB (in process): a vote seen on two
 * servers is counted once, votes claimed on two servers make one streak, one month count and one milestone; rows and
 * decisions are written once and read back; the tables move from schema 1 to 2; `votereward network import` moves a
 * server's own KVP history into the rows, twice giving the same rows.
 */
import { describe, expect, it } from 'vitest';
import { bootNetworkServer, startNetworkServer } from '../../devkit/network/network-world';
import { createSitesShared, type SitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { runAdminCommand } from '../../src/domain/admin-command';
import { createCalendar } from '../../src/domain/calendar';
import type { VoteHistory } from '../../src/domain/types';
import { createNetworkDecisions } from '../../src/network/decisions-rows';
import { createSharedVotes } from '../../src/network/history-rows';
import { migrate } from '../../src/network/schema';
import { createPointsLedger } from '../../src/points/ledger';
import { pointsImportStep } from '../../src/points/network-import';
import { historyImportStep, networkCommands } from '../../src/programs/network-import';
import { historyFromRows } from '../../src/programs/shared-history';
import { freshDatabase } from './db';
import { ANA, online, openEntries, openedPerTest } from './worlds';

/** A check-only site whose vote window (20 min) lets a player vote again on the next day within minutes. */
const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 20 * 60_000 };
const NOV_10 = Date.parse('2026-11-10T10:00:00.000Z');
const PROGRAMS = {
  timeZone: 'UTC',
  milestones: [{ at: 2, reward: { type: 'money', amount: 7 } }],
  streaks: { rewards: [{ days: 2, reward: { type: 'money', amount: 3 } }] },
};

const { worlds, sqlOf } = openedPerTest();
const server = async (shared: SitesShared, url: string, serverId: string, kvp?: Map<string, string>) => {
  const world = bootNetworkServer(shared, SITE, { url, serverId, config: PROGRAMS }, kvp);
  worlds.push(world);
  await startNetworkServer(world);
  online(shared, world);
  return world;
};

describe('a player voting through two servers of a network', () => {
  it('counts a vote both servers see once, and makes one streak, one month count and one milestone', async () => {
    const url = freshDatabase('history_two');
    // Late on day 1, so day 2 is minutes away (game time runs every timer: a server's heartbeat every 15 s).
    const shared = createSitesShared([SITE], { esx: true, start: NOV_10 + 13 * 3_600_000 + 40 * 60_000 });
    const first = await server(shared, url, 'city-1');
    const second = await server(shared, url, 'city-2');
    // Day 1: the same vote shown to both servers: paid once, counted once.
    shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
    await shared.clock.advance(1000);
    await first.running.claimAll(1);
    await second.running.claimAll(1);
    await first.running.claimAll(1);
    // Day 2: a new vote, claimed on the other server: the network's second vote, a 2-day streak.
    await shared.clock.advance(30 * 60_000);
    shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
    await shared.clock.advance(1000);
    for (let round = 0; round < 4; round += 1) {
      await second.running.claimAll(1);
      await shared.clock.advance(20_000);
    }
    expect(shared.esx?.balance(1, 'money')).toBe(100 + 100 + 7 + 3);
    expect([...openEntries(first), ...openEntries(second)]).toEqual([]);
    const rows = (await sqlOf(url).query(
      'SELECT server_id FROM vote_reward_votes ORDER BY seq',
      [],
    )) as unknown[];
    expect(rows).toEqual([{ server_id: 'city-1' }, { server_id: 'city-2' }]);
    // Either server reads the same history and ranking from the rows (the ranking: every minute with the top voters).
    expect(await first.running.programs.refresh([ANA.license])).toBe(true);
    await first.running.programs.network?.history.refreshRankings();
    for (const world of [first, second]) {
      const history = world.running.programs.history.get(ANA.license);
      expect({
        total: history.total,
        month: history.months['2026-11'],
        streak: history.streak.current,
      }).toEqual({
        total: 2,
        month: 2,
        streak: 2,
      });
      expect(world.running.programs.history.top('2026-11', 3)).toEqual([
        { rank: 1, license: ANA.license, name: 'Ana', votes: 2 },
      ]);
    }
  }, 60_000);
});

describe('rows and decisions are written once and read back', () => {
  it('a second count of a vote answers the first row; a player’s import is all or none', async () => {
    const sql = sqlOf(freshDatabase('rows_once'));
    expect(await migrate(sql)).toBe(2);
    const one = createSharedVotes(sql, 'city-1');
    const two = createSharedVotes(sql, 'city-2');
    const vote = { key: 's:chk:Ana:t1#1', license: ANA.license, site: 'chk', votedMs: NOV_10, name: 'Ana' };
    const [a, b] = await Promise.all([one.count(vote), two.count(vote)]);
    expect(a.row).toEqual(b.row);
    expect(a.rows).toEqual([a.row]);
    expect(await one.ofLicense(ANA.license)).toHaveLength(1);
    const many = [2, 3, 4].map((n) => ({ ...vote, key: `import:city-2:${ANA.license}:${n}` }));
    expect(await two.countMany(many)).toBe('counted');
    // One key already there: the statement counts none of its rows.
    expect(await two.countMany([{ ...vote, key: 'fresh' }, ...many])).toBe('exists');
    expect(await two.read('fresh')).toBeNull();
    expect(await one.ofLicense(ANA.license)).toHaveLength(4);
  });

  it('three servers deciding one key at once: one owner, every server reads its detail', async () => {
    const sql = sqlOf(freshDatabase('decisions_once'));
    await migrate(sql);
    const rows = await Promise.all(
      ['city-1', 'city-2', 'city-3'].map((id) =>
        createNetworkDecisions(sql, id).decide('party:2026-11:5', id),
      ),
    );
    expect(rows.filter((row) => row.mine)).toHaveLength(1);
    expect(new Set(rows.map((row) => `${row.owner}/${row.detail}`)).size).toBe(1);
  });

  it('moves schema 1 to 2; a database at a newer schema is refused', async () => {
    const sql = sqlOf(freshDatabase('schema_two'));
    await migrate(sql);
    await sql.query("UPDATE vote_reward_meta SET value = '1' WHERE name = 'schema_version'", []);
    await sql.query('DROP TABLE vote_reward_votes', []);
    expect(await migrate(sql)).toBe(2);
    expect(await sql.query('SELECT COUNT(*) AS n FROM vote_reward_votes', [])).toEqual([{ n: 0 }]);
    await sql.query("UPDATE vote_reward_meta SET value = '3' WHERE name = 'schema_version'", []);
    await expect(migrate(sql)).rejects.toThrow(
      /schema 3, newer than this version of vote-reward knows \(2\)/,
    );
  });
});

describe('votereward network import', () => {
  const kvpHistory: VoteHistory = {
    format: 1,
    license: ANA.license,
    name: 'Ana',
    total: 9,
    months: { '2026-10': 2, '2026-11': 4 },
    monthReachedAt: {
      '2026-10': Date.parse('2026-10-20T10:00:00Z'),
      '2026-11': Date.parse('2026-11-09T10:00:00Z'),
    },
    lastVoteAt: Date.parse('2026-11-09T10:00:00Z'),
    streak: { current: 3, best: 5, lastDay: '2026-11-09', startDay: '2026-11-07' },
    recent: [],
  };

  it('moves the KVP history into the rows with its total, months and streak; twice gives the same rows', async () => {
    const url = freshDatabase('import');
    const shared = createSitesShared([SITE], { esx: true, start: NOV_10 });
    const kvp = new Map([
      [`history:${ANA.license}`, JSON.stringify(kvpHistory)],
      ['history:license:bad', '{"format":1'],
    ]);
    // Ana also holds 40 points on this server from before the network.
    createPointsLedger({
      kvp: {
        get: (name) => kvp.get(name) ?? null,
        set: (name, value) => void kvp.set(name, value),
        delete: (name) => void kvp.delete(name),
        keys: (prefix) => [...kvp.keys()].filter((name) => name.startsWith(prefix)),
      },
      now: () => NOV_10,
    }).apply(ANA.license, { key: 'admin:before-network', delta: 40, reason: 'kept on city-1' });
    const world = await server(shared, url, 'city-1', kvp);
    const commands = networkCommands(() => world.running, world.runtime, [
      historyImportStep,
      pointsImportStep,
    ]);
    const first = await runAdminCommand(commands, ['network', 'import']);
    expect(first).toEqual([
      'votereward network import (server city-1):',
      '  vote history: 1 player(s) imported (9 vote row(s)), 0 imported before, 0 without votes, 1 unreadable (left as is)',
      '  points: 1 balance(s) imported (40 point(s)), 0 imported before, 0 empty, 0 left as they are',
      '  done; running it again changes nothing',
    ]);
    expect(await world.running.points.chain?.head(ANA.license)).toMatchObject({ balance: 40 });
    const votes = createSharedVotes(sqlOf(url), 'check');
    const rows = await votes.ofLicense(ANA.license);
    const again = await runAdminCommand(commands, ['network', 'import']);
    expect(again.slice(1, 3)).toEqual([
      '  vote history: 0 player(s) imported (0 vote row(s)), 1 imported before, 0 without votes, 1 unreadable (left as is)',
      '  points: 0 balance(s) imported (0 point(s)), 1 imported before, 0 empty, 0 left as they are',
    ]);
    expect(await world.running.points.chain?.head(ANA.license)).toMatchObject({ balance: 40 });
    expect(await votes.ofLicense(ANA.license)).toEqual(rows);
    const history = historyFromRows(
      ANA.license,
      rows,
      world.running.programs.rules,
      createCalendar('UTC'),
      [],
    );
    expect({
      total: history.total,
      months: { '2026-10': history.months['2026-10'], '2026-11': history.months['2026-11'] },
      streak: [history.streak.current, history.streak.lastDay],
    }).toEqual({ total: 9, months: kvpHistory.months, streak: [3, '2026-11-09'] });
    // The network's history is what the programs now read; the KVP history is left as it was.
    expect(await world.running.programs.refresh([ANA.license])).toBe(true);
    expect(world.running.programs.history.get(ANA.license).total).toBe(9);
    expect(world.runtime.kvpData.get(`history:${ANA.license}`)).toBe(JSON.stringify(kvpHistory));
  }, 60_000);

  it('says why nothing is imported when the network is off or its store does not answer', async () => {
    const kvp = { get: () => null, keys: () => [] };
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const target = (mode: string, refuses: string | null) => ({
      network: {
        config: { mode },
        votes: mode === 'kvp' ? null : createSharedVotes(sqlOf('mysql://x'), 'c'),
        refuses: () => refuses,
      },
      programs: { calendar: createCalendar('UTC') },
      points: { chain: null },
    });
    const run = (mode: string, refuses: string | null) =>
      runAdminCommand(
        networkCommands(() => target(mode, refuses), { kvp: kvp as never, log: log as never }, [
          historyImportStep,
        ]),
        ['network', 'import'],
      );
    expect(await run('kvp', null)).toEqual([
      'votereward network import: the network is off on this server (set vote_reward_store "oxmysql" and set vote_reward_server_id "<a unique name>", then restart vote-reward); nothing imported',
    ]);
    expect((await run('oxmysql', 'the shared store failed: connect ECONNREFUSED'))[0]).toBe(
      'votereward network import: the shared store is not available, nothing imported: the shared store failed: connect ECONNREFUSED (vote_reward_store, vote_reward_server_id); run it again once `votereward status` shows the network without a problem',
    );
  });
});
