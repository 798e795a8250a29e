/**
 * The shared history's and the network decisions' writes under a kill, on a real MariaDB. A server is killed right
 * before each write of recording a vote that earns a milestone and a streak award (the vote's row, then each KVP write
 * of the record; the kill sweep samples the KVP writes) while another server of the network settles the same player;
 * the killed server starts again over its KVP. Counts: the vote counted once, each award paid once. (The database
 * stopped under a month's decision: `db-down.test.ts`.)
 */
import { describe, expect, it } from 'vitest';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createSitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { migrate } from '../../src/network/schema';
import { freshDatabase } from './db';
import { ANA, online, openEntries, openedPerTest } from './worlds';

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
const NOV_10 = Date.parse('2026-11-10T10:00:00.000Z');
const DAY = 86_400_000;
const PROGRAMS = {
  timeZone: 'UTC',
  milestones: [{ at: 2, reward: { type: 'money', amount: 7 } }],
  streaks: { rewards: [{ days: 2, reward: { type: 'money', amount: 3 } }] },
};
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const { worlds, sqlOf } = openedPerTest();

/** Where the payer dies: before its row of the vote, or before its n-th KVP write once the row is written. */
type Kill = { kind: 'row' } | { kind: 'kvp'; n: number } | null;

/** Ana's second vote (her first was counted by the network yesterday), claimed by city-1, which may die. */
async function run(kill: Kill) {
  const url = freshDatabase('history_kill');
  const sql = sqlOf(url);
  await migrate(sql);
  await sql.query(
    'INSERT INTO vote_reward_votes (vote_key, license, site, voted_ms, server_id, name, created_ms) VALUES (?, ?, ?, ?, ?, ?, 0)',
    ['seed:yesterday', ANA.license, 'seed', NOV_10 - DAY, 'city-0', 'Ana'],
  );
  const shared = createSitesShared([SITE], { esx: true, start: NOV_10 });
  let dead = false;
  let counted = false;
  const payerDb = createOxMySqlFake({
    connectionString: url,
    before(statement) {
      if (dead) return new Promise<never>(() => undefined);
      if (!statement.includes('INSERT INTO vote_reward_votes')) return;
      if (kill?.kind === 'row') {
        dead = true;
        return new Promise<never>(() => undefined);
      }
      counted = true;
      if (kill?.kind === 'kvp') payer.crashAt(kill.n);
    },
  });
  const payer = bootNetworkServer(shared, SITE, {
    url,
    serverId: 'city-1',
    leaseSeconds: 1,
    oxmysql: payerDb,
    config: PROGRAMS,
  });
  const other = bootNetworkServer(shared, SITE, {
    url,
    serverId: 'city-2',
    leaseSeconds: 1,
    config: PROGRAMS,
  });
  worlds.push(payer, other);
  await startNetworkServer(payer);
  await startNetworkServer(other);
  online(shared, payer);
  online(shared, other);
  shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
  await shared.clock.advance(1000);
  const writes = payer.writes.length;
  const claim = payer.running.claimAll(1).catch(() => undefined);
  let done = false;
  void claim.then(() => {
    done = true;
  });
  while (!dead && !payer.dead() && !done) await realWait(5);
  return {
    url,
    sql,
    shared,
    payer,
    other,
    killed: dead || payer.dead(),
    counted,
    writes: payer.writes.slice(writes),
  };
}

/** Starts the killed payer again over its KVP and settles both servers until nothing is open; checks the counts. */
async function recover(state: Awaited<ReturnType<typeof run>>) {
  const { url, sql, shared, payer, other } = state;
  // The payer died past the point of no return (its row `paying`): only it may finish, once it starts again.
  await other.running.claimAll(1).catch(() => undefined);
  const again = bootNetworkServer(
    shared,
    SITE,
    { url, serverId: 'city-1', leaseSeconds: 1, config: PROGRAMS },
    payer.runtime.snapshot(),
  );
  worlds.push(again);
  await startNetworkServer(again);
  online(shared, again);
  for (let round = 0; round < 30; round += 1) {
    await Promise.all([again, other].map((world) => world.running.claimAll(1).catch(() => undefined)));
    await shared.clock.advance(60_000);
    if (round >= 3 && [...openEntries(again), ...openEntries(other)].length === 0) break;
  }
  expect(shared.esx?.balance(1, 'money')).toBe(100 + 7 + 3);
  expect([...openEntries(again), ...openEntries(other)]).toEqual([]);
  expect(await sql.query('SELECT COUNT(*) AS n FROM vote_reward_votes', [])).toEqual([{ n: 2 }]);
}

/** The history path's writes after the clean run's row: the two awards it decides, then the entry marked recorded. */
const RECORD_WRITES = 3;

/**
 * Runs `check` for each kill point, closing the worlds it opened after each; fails once at the end listing every kill
 * point whose check failed (not only the first).
 */
async function everyKill(kills: readonly Kill[], check: (kill: Kill) => Promise<void>): Promise<void> {
  const failures: string[] = [];
  for (const kill of kills) {
    try {
      await check(kill);
    } catch (error) {
      failures.push(`${JSON.stringify(kill)}: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const world of worlds.splice(0)) {
      world.running.stop();
      await world.oxmysql.close();
    }
  }
  expect(failures).toEqual([]);
}

describe('recording a vote in the shared history, the server killed before each write', () => {
  it('the vote is counted once and its awards paid once after the restart', async () => {
    const clean = await run(null);
    expect(clean.killed).toBe(false);
    expect(clean.writes.slice(4, 4 + RECORD_WRITES)).toEqual([
      `set claim:a:milestone:${ANA.license}:2:at2`,
      `set claim:a:streak:${ANA.license}:2026-11-09:2`,
      'set claim:s:chk:Ana:t1794304740000#1',
    ]);
    const kills: Kill[] = [
      { kind: 'row' },
      ...Array.from({ length: RECORD_WRITES }, (_, i) => ({ kind: 'kvp' as const, n: i + 1 })),
    ];
    await everyKill(kills, async (kill) => {
      const state = await run(kill);
      expect(state.killed).toBe(true);
      await recover(state);
    });
  }, 120_000);
});

/** Where the server deciding a month dies: before its decision row, or before its n-th KVP write after it. */
async function monthRun(kill: Kill) {
  const url = freshDatabase('decision_kill');
  const sql = sqlOf(url);
  await migrate(sql);
  for (const n of [1, 2])
    await sql.query(
      'INSERT INTO vote_reward_votes (vote_key, license, site, voted_ms, server_id, name, created_ms) VALUES (?, ?, ?, ?, ?, ?, 0)',
      [`seed:${n}`, ANA.license, 'seed', NOV_10 + n * DAY, 'city-0', 'Ana'],
    );
  const shared = createSitesShared([SITE], { esx: true, start: Date.parse('2026-11-30T23:58:00.000Z') });
  const config = {
    timeZone: 'UTC',
    topVoters: { enabled: true, awards: [{ rank: 1, reward: [{ type: 'money', amount: 50 }] }] },
  };
  let dead = false;
  const payerDb = createOxMySqlFake({
    connectionString: url,
    before(statement) {
      if (dead) return new Promise<never>(() => undefined);
      if (!statement.includes('INSERT INTO vote_reward_decisions')) return;
      if (kill?.kind === 'row') {
        dead = true;
        return new Promise<never>(() => undefined);
      }
      if (kill?.kind === 'kvp') payer.crashAt(kill.n);
    },
  });
  const payer = bootNetworkServer(shared, SITE, { url, serverId: 'city-1', oxmysql: payerDb, config });
  const other = bootNetworkServer(shared, SITE, { url, serverId: 'city-2', config });
  worlds.push(payer, other);
  await startNetworkServer(payer);
  online(shared, payer);
  const decided = (world: NetworkWorld) => world.runtime.kvpData.has('top:decision:2026-11');
  // December: city-1 decides November alone (city-2 starts after it).
  for (let i = 0; i < 100 && !dead && !payer.dead() && !decided(payer); i += 1) {
    await shared.clock.advance(30_000);
    await realWait(10);
  }
  await startNetworkServer(other);
  online(shared, other);
  return { url, sql, shared, payer, other, config, killed: dead || payer.dead(), decided };
}

describe('deciding a month across the network, the deciding server killed before each write', () => {
  it('the month is decided once and its prize paid once after the restart', async () => {
    // Its writes: the decision row, then the month's record and the prize's award entry (the sampled KVP writes).
    const kills: Kill[] = [{ kind: 'row' }, { kind: 'kvp', n: 1 }, { kind: 'kvp', n: 2 }];
    await everyKill(kills, async (kill) => {
      const { sql, shared, payer, other, config, url, killed, decided } = await monthRun(kill);
      expect(killed).toBe(true);
      const again = bootNetworkServer(
        shared,
        SITE,
        { url, serverId: 'city-1', config },
        payer.runtime.snapshot(),
      );
      worlds.push(again);
      await startNetworkServer(again);
      online(shared, again);
      const both = [again, other];
      // city-2 started after the month ended: it decides nothing itself (a month it did not watch); city-1 finishes.
      for (let i = 0; i < 200 && !decided(again); i += 1) {
        await shared.clock.advance(30_000);
        await realWait(10);
      }
      for (let round = 0; round < 40; round += 1) {
        await Promise.all(
          both.map((world) => world.running.flow.settlePlayer(ANA.license).catch(() => undefined)),
        );
        await shared.clock.advance(20_000);
        if (round >= 3 && both.every((world) => openEntries(world).length === 0)) break;
        await realWait(10);
      }
      expect(shared.esx?.balance(1, 'money')).toBe(50);
      expect(both.flatMap(openEntries)).toEqual([]);
      expect(await sql.query('SELECT decision_key FROM vote_reward_decisions', [])).toEqual([
        { decision_key: 'top:2026-11' },
      ]);
      expect(JSON.parse(again.runtime.kvpData.get('top:decision:2026-11') ?? 'null')?.awards).toEqual([
        { rank: 1, license: ANA.license, id: `a:top:2026-11:1:${ANA.license}` },
      ]);
    });
  }, 120_000);
});
