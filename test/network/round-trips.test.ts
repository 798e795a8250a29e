/**
 * The database round trips of one claim in network mode: 4 (the ownership written straight as `paying` and read back,
 * the settlement and its read-back), counted at oxmysql. It was 6 with the reservation as its own write.
 */
import { afterAll, expect, it } from 'vitest';
import { bootNetworkServer, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createSitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { freshDatabase } from './db';

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };

const url = freshDatabase('round_trips');
const statements: string[] = [];
const oxmysql = createOxMySqlFake({
  connectionString: url,
  before(sql) {
    statements.push(sql.trim().split(/\s+/).slice(0, 3).join(' '));
  },
});
afterAll(() => oxmysql.close());

it('a site vote claimed on a network server costs 4 round trips to the database, all on its claim row', async () => {
  const shared = createSitesShared([SITE], { esx: true });
  const world = bootNetworkServer(shared, SITE, { url, serverId: 'city-1', oxmysql });
  await startNetworkServer(world);
  world.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:aaa' });
  shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
  shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
  await shared.clock.advance(1000);
  const before = world.running.network.roundTrips;
  statements.length = 0;
  await world.running.claimAll(1);
  world.running.stop();
  expect(shared.esx?.balance(1, 'money')).toBe(100);
  const claimRows = statements.filter(
    (sql) => /vote_reward_claims/.test(sql) || /^SELECT claim_key/.test(sql),
  );
  expect(claimRows).toEqual([
    'INSERT INTO vote_reward_claims',
    'SELECT claim_key, owner,',
    'UPDATE vote_reward_claims SET',
    'SELECT claim_key, owner,',
  ]);
  expect(world.running.network.roundTrips - before).toBe(4);
});
