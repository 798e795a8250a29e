/**
 * The database stopped in the middle of a claim and started again, with two servers of a network on it: nothing is
 * paid twice or lost, no new claim starts while it is down (the player is told to retry, status names the cause),
 * and both servers go on by themselves once it answers again.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type MariaDb, startMariaDb } from '../../devkit/network/mariadb';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createSitesShared, type SitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { statusLines } from '../../src/commands/status';
import { JOURNAL_PREFIX } from '../../src/engine/journal';

const ANA = { name: 'Ana', license: 'license:aaa' };
const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
const RETRY = 'Votes cannot be claimed right now (the server network is unreachable); try again in a minute.';

let db: MariaDb | null = null;
const worlds: NetworkWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) {
    world.running.stop();
    await world.oxmysql.close();
  }
  await db?.destroy();
  db = null;
});

/** Awaits `work` while moving the simulated clock (the store's deadline runs on the game clock, as on FXServer). */
async function drive<T>(shared: SitesShared, work: Promise<T>): Promise<T> {
  let done = false;
  const settled = work.finally(() => {
    done = true;
  });
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (!done) await shared.clock.advance(1000);
  }
  return settled;
}

const online = (shared: SitesShared, world: NetworkWorld) => {
  world.runtime.onlinePlayers.set(1, { ...ANA });
  if (!shared.esx?.model.players.has(1)) shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
};
const openEntries = (world: NetworkWorld) =>
  [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(JOURNAL_PREFIX));

describe('the shared database stopped mid-claim and restarted', () => {
  it('pays once, refuses new claims while down with a retry message and the cause in status, then goes on', async () => {
    const mariadb = await startMariaDb();
    db = mariadb;
    mariadb.createDatabase('net');
    const url = mariadb.url('net');
    const shared = createSitesShared([SITE], { esx: true });
    let armed = true;
    // city-1's database goes away right when city-1 settles the paid vote in the shared table.
    const oxmysql = createOxMySqlFake({
      connectionString: url,
      retryMs: 200,
      async before(sql, params) {
        if (armed && sql.includes('SET state = ?') && params[0] === 'paid') {
          armed = false;
          await mariadb.kill();
        }
      },
    });
    const first = bootNetworkServer(shared, SITE, { url, serverId: 'city-1', oxmysql });
    const second = bootNetworkServer(shared, SITE, { url, serverId: 'city-2' });
    worlds.push(first, second);
    await startNetworkServer(first);
    await startNetworkServer(second);
    online(shared, first);
    online(shared, second);
    shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
    await shared.clock.advance(1000);

    await drive(shared, first.running.claimAll(1));
    expect(armed).toBe(false);
    expect(shared.esx?.balance(1, 'money')).toBe(100);
    expect(openEntries(first)).toEqual([]);
    const cause = first.running.network.refuses();
    expect(cause).toMatch(/^the shared store \(vote_reward_store "oxmysql"\) failed: /);

    // While it is down: city-1 refuses a new /vote and says so; city-2 sees the vote but cannot own it, pays nothing.
    first.runtime.told.length = 0;
    await drive(shared, first.running.claimAll(1));
    expect(first.runtime.told.map((t) => t.message)).toEqual([RETRY]);
    const status = await statusLines(first.running, shared.clock.now(), false);
    expect(status).toContain('  Network    oxmysql, server city-1, schema 2');
    expect(status.join('\n')).toContain(`no new claim starts: ${cause}`);
    await drive(shared, second.running.claimAll(1));
    second.runtime.told.length = 0;
    await drive(shared, second.running.claimAll(1));
    expect(second.runtime.told.map((t) => t.message)).toEqual([RETRY]);
    expect(shared.esx?.balance(1, 'money')).toBe(100);

    // Back: the probes write what city-1 missed (the vote is paid) and claims start again on both.
    await mariadb.restart();
    for (let i = 0; i < 50 && (first.running.network.refuses() || second.running.network.refuses()); i += 1)
      await drive(shared, shared.clock.advance(5000));
    expect(first.running.network.refuses()).toBeNull();
    expect(second.running.network.refuses()).toBeNull();
    await drive(shared, second.running.claimAll(1));
    await drive(shared, first.running.claimAll(1));
    expect(shared.esx?.balance(1, 'money')).toBe(100);
    expect([...openEntries(first), ...openEntries(second)]).toEqual([]);
    expect(await oxmysql.api.query('SELECT owner, state FROM vote_reward_claims', [])).toEqual([
      { owner: 'city-1', state: 'paid' },
    ]);
  }, 120_000);
});

describe('a server killed after it paid, before the database heard', () => {
  it('settles its row as paid when it starts again, and the other server then drops its copy unpaid', async () => {
    const mariadb = await startMariaDb();
    db = mariadb;
    mariadb.createDatabase('net');
    const url = mariadb.url('net');
    const shared = createSitesShared([SITE], { esx: true });
    let lose = true;
    // The statement that marks the vote paid never reaches the database (the server dies right then).
    const oxmysql = createOxMySqlFake({
      connectionString: url,
      before(sql, params) {
        if (lose && sql.includes('SET state = ?') && params[0] === 'paid') throw new Error('connection lost');
      },
    });
    const first = bootNetworkServer(shared, SITE, { url, serverId: 'city-1', oxmysql });
    const second = bootNetworkServer(shared, SITE, { url, serverId: 'city-2' });
    worlds.push(first, second);
    await startNetworkServer(first);
    await startNetworkServer(second);
    online(shared, first);
    online(shared, second);
    shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
    await shared.clock.advance(1000);
    await drive(shared, first.running.claimAll(1));
    expect(shared.esx?.balance(1, 'money')).toBe(100);
    expect(await oxmysql.api.query('SELECT state FROM vote_reward_claims', [])).toEqual([
      { state: 'paying' },
    ]);
    // city-2 sees the vote while city-1's row says paying: it waits, pays nothing.
    await drive(shared, second.running.claimAll(1));
    expect(openEntries(second)).toHaveLength(1);
    expect(shared.esx?.balance(1, 'money')).toBe(100);

    // city-1 dies and starts again over its KVP: its recovery marks the row paid.
    first.running.stop();
    lose = false;
    const again = bootNetworkServer(
      shared,
      SITE,
      { url, serverId: 'city-1', oxmysql },
      first.runtime.snapshot(),
    );
    worlds.push(again);
    await startNetworkServer(again);
    expect(await oxmysql.api.query('SELECT owner, state FROM vote_reward_claims', [])).toEqual([
      { owner: 'city-1', state: 'paid' },
    ]);
    await drive(shared, second.running.claimAll(1));
    expect(openEntries(second)).toEqual([]);
    expect(shared.esx?.balance(1, 'money')).toBe(100);
  }, 120_000);
});
