/**
 * The shared database stopped in the middle of a spend and started again, with two servers of a network on it: the
 * debit's INSERT lost before it reached the database (the purchase is cancelled, the points intact), or gone in with its
 * answer lost (the purchase is delivered, once). Paid once or not charged, never both; while the database is down no
 * spend starts and the player reads `store_unavailable`; the servers go on by themselves once it answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MariaDb, startMariaDb } from '../../devkit/network/mariadb';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createSitesShared, type SitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { createPointsChain } from '../../src/network/points-chain';
import { rowsOf, type Sql } from '../../src/network/sql';
import { createPointsExports } from '../../src/points/exports';

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
const SHOP = {
  points: { perVote: 0 },
  shop: {
    enabled: true,
    items: [{ id: 'vip', name: 'VIP', cost: 100, stock: 5, rewards: [{ type: 'money', amount: 1000 }] }],
  },
};

let db: MariaDb;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  db = await startMariaDb();
}, 60_000);
afterAll(async () => {
  for (const close of closing.splice(0)) await close();
  await db.destroy();
});

/** Awaits `work` while moving the simulated clock (the statement deadline runs on the game clock, as on FXServer). */
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

/** A fresh connection on the database (the one before a restart is gone). */
function adminOf(url: string): Sql {
  const fake = createOxMySqlFake({ connectionString: url, retryMs: 100 });
  closing.push(() => fake.close());
  return { query: (statement, params) => fake.api.query(statement, [...params]) };
}

async function scenario(label: string, lands: boolean) {
  db.createDatabase(label);
  const url = db.url(label);
  const shared = createSitesShared([SITE], { esx: true });
  let armed = true;
  const before = async (statement: string, params: readonly unknown[]) => {
    if (
      !armed ||
      !statement.includes('INSERT INTO vote_reward_points') ||
      !String(params[2]).startsWith('buy:')
    )
      return;
    armed = false;
    // The INSERT went in (run on another connection), or never reached the database; then the database stops.
    if (lands) await adminOf(url).query(statement, [...params] as never);
    await db.kill();
  };
  const payerDb = createOxMySqlFake({ connectionString: url, retryMs: 200, before });
  const payer = bootNetworkServer(shared, SITE, { url, serverId: 'city-1', oxmysql: payerDb, config: SHOP });
  const other = bootNetworkServer(shared, SITE, { url, serverId: 'city-2', config: SHOP });
  const worlds: NetworkWorld[] = [payer, other];
  for (const world of worlds)
    closing.push(async () => {
      world.running.stop();
      await world.oxmysql.close();
    });
  await startNetworkServer(payer);
  await startNetworkServer(other);
  for (const world of worlds) world.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:ana' });
  shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
  await createPointsChain({ sql: adminOf(url), serverId: 'test' }).apply('license:ana', {
    key: 'admin:seed',
    delta: 100,
    reason: 'seed',
  });

  const first = await drive(shared, payer.running.points.shop?.buy(1, 'vip') as Promise<{ code: string }>);
  expect(armed).toBe(false);
  expect(first.code).toBe('store_unavailable');
  // While it is down: no spend starts on either server (the buy, the export), and the player is told to retry.
  expect(payer.running.network.refuses()).toMatch(/vote_reward_store/);
  payer.runtime.told.length = 0;
  await drive(shared, payer.running.points.shop?.buy(1, 'vip') as Promise<unknown>);
  const spend = createPointsExports(payer.runtime, () => payer.running.points.ledger);
  expect(await drive(shared, Promise.resolve(spend.spendVotePoints('license:ana', 10, 'k1')))).toEqual({
    ok: false,
    code: 'store_unavailable',
  });
  expect(
    (await drive(shared, other.running.points.shop?.buy(1, 'vip') as Promise<{ code: string }>)).code,
  ).toBe('store_unavailable');

  // Back: the probes see it, the open purchase is finished (settled by its key, fenced), the delivery paid.
  await db.restart();
  for (let i = 0; i < 40 && (payer.running.network.refuses() || other.running.network.refuses()); i += 1)
    await drive(shared, shared.clock.advance(5000));
  expect(payer.running.network.refuses()).toBeNull();
  for (let round = 0; round < 5; round += 1) {
    await drive(shared, payer.running.points.shop?.resume() as Promise<unknown>);
    await drive(shared, payer.running.flow.settlePlayer('license:ana'));
    await shared.clock.advance(60_000);
  }
  const admin = adminOf(url);
  const rows = rowsOf(
    await admin.query(
      'SELECT key_text, delta, balance_after FROM vote_reward_points WHERE license = ? ORDER BY seq',
      ['license:ana'],
    ),
  );
  const purchases = [...payer.runtime.kvpData.entries()]
    .filter(([key]) => key.startsWith('shop:buy:'))
    .map(([, value]) => (JSON.parse(value) as { state: string }).state);
  const units = rowsOf(await admin.query('SELECT unit FROM vote_reward_shop_slots', []));
  return { rows, purchases, cash: shared.esx?.balance(1, 'money'), units: units.length };
}

describe('the shared database stopped mid-spend and restarted', () => {
  it('the debit never reached it: the purchase is cancelled, the points and the unit given back, nothing paid', async () => {
    const seen = await scenario('lost', false);
    expect(seen.purchases).toEqual(['cancelled']);
    expect(seen.cash).toBe(0);
    expect(seen.units).toBe(0);
    // The seed and the fence that settled the lost debit for good: nothing spent.
    expect(seen.rows.map((row) => [row.key_text, Number(row.delta), Number(row.balance_after)])).toEqual([
      ['admin:seed', 100, 100],
      [expect.stringMatching(/^fence:buy:/), 0, 100],
    ]);
  }, 120_000);

  it('the debit went in, its answer lost: the purchase is delivered once, never refunded', async () => {
    const seen = await scenario('landed', true);
    expect(seen.purchases).toEqual(['done']);
    expect(seen.cash).toBe(1000);
    expect(seen.units).toBe(1);
    expect(
      seen.rows.map((row) => [
        String(row.key_text).split(':')[0],
        Number(row.delta),
        Number(row.balance_after),
      ]),
    ).toEqual([
      ['admin', 100, 100],
      ['buy', -100, 0],
    ]);
  }, 120_000);
});
