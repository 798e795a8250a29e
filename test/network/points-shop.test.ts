/**
 * A purchase on one server of a network killed before each of its writes (KVP and database), while a second server buys
 * the same last unit with the same balance; the killed server starts again over its KVP. Counts: at most one delivered,
 * points spent exactly for what was delivered (head = 100 - cost × delivered = SUM), the unit sold for it only, nothing
 * left open. And the same race on the per-server KVP ledger of before, where both servers spend the same 100 points.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedCrash } from '../../devkit/fakes/runtime';
import { sweepKills } from '../../devkit/kill-sweep';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake, type OxMySqlFake } from '../../devkit/network/oxmysql-fake';
import {
  bootSites,
  createSitesShared,
  type SitesShared,
  type WorldSite,
} from '../../devkit/worlds/sites-world';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { createPointsChain } from '../../src/network/points-chain';
import { migrate } from '../../src/network/schema';
import { rowsOf, type Sql } from '../../src/network/sql';
import type { PointsLedgerApi } from '../../src/points/ledger';
import { freshDatabase } from './db';

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
const shopOf = (item: string) => ({
  points: { perVote: 0 },
  shop: {
    enabled: true,
    items: [{ id: item, name: 'VIP', cost: 100, stock: 1, rewards: [{ type: 'money', amount: 1000 }] }],
  },
});
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let url = '';
let admin: OxMySqlFake;
let sql: Sql;
const closing: (() => Promise<void>)[] = [];
beforeAll(async () => {
  url = freshDatabase('points_kill');
  admin = createOxMySqlFake({ connectionString: url });
  sql = { query: (statement, params) => admin.api.query(statement, [...params]) };
  await migrate(sql);
});
afterAll(async () => {
  for (const close of closing.splice(0)) await close();
  await admin.close();
});

const track = (world: NetworkWorld) => {
  closing.push(async () => {
    world.running.stop();
    await world.oxmysql.close();
  });
  return world;
};
const openOf = (world: NetworkWorld) =>
  [...world.runtime.kvpData.entries()]
    .filter(
      ([key, value]) =>
        key.startsWith(JOURNAL_PREFIX) ||
        (key.startsWith('shop:buy:') && !/"state":"(done|refunded|cancelled)"/.test(value)),
    )
    .map(([key]) => key);
const online = (shared: SitesShared, world: NetworkWorld, license: string) => {
  world.runtime.onlinePlayers.set(1, { name: 'Ana', license });
  if (!shared.esx?.model.players.has(1)) shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
};

interface Run {
  n: number | null;
  writes: string[];
  killed: boolean;
  shared: SitesShared;
  payer: NetworkWorld;
  other: NetworkWorld;
  license: string;
  item: string;
}

let runs = 0;
/** city-1 and city-2 buy the one unit with Ana's 100 points at once; city-1 killed before its write `n`. */
async function race(n: number | null): Promise<Run> {
  runs += 1;
  const license = `license:k${runs}`;
  const item = `vip${runs}`;
  const shared = createSitesShared([SITE], { esx: true });
  let armed = false;
  let killed = false;
  const writes: string[] = [];
  // city-2's buy starts once city-1 wrote its intent and took the unit (or died before): city-1 then goes through
  // every write of its purchase in every run, with city-2 racing its debit and delivery.
  let go: () => void = () => undefined;
  const started = new Promise<void>((resolve) => {
    go = resolve;
  });
  const tick = (write: string) => {
    if (killed) return true;
    if (!armed) return false;
    writes.push(write);
    if (writes.length === n) killed = true;
    if (killed || writes.length > 2) go();
    return killed;
  };
  const payerDb = createOxMySqlFake({
    connectionString: url,
    before(statement, params) {
      if (!/^\s*(INSERT|UPDATE|DELETE)/.test(statement))
        return killed ? new Promise<never>(() => undefined) : undefined;
      const table = /(vote_reward_\w+)/.exec(statement)?.[1] ?? '?';
      const key = params.find((p) => typeof p === 'string' && /^(buy|refund|fence):|^stock:/.test(p));
      const shown = typeof key === 'string' ? ` ${key.replace(/^(buy|refund|fence):.*/, '$1:…')}` : '';
      if (tick(`db ${statement.trim().split(/\s/)[0]} ${table}${shown.replace(/vip\d+/, 'vip')}`))
        return new Promise<never>(() => undefined);
    },
  });
  const config = shopOf(item);
  const payer = track(bootNetworkServer(shared, SITE, { url, serverId: 'city-1', oxmysql: payerDb, config }));
  const other = track(bootNetworkServer(shared, SITE, { url, serverId: 'city-2', config }));
  await startNetworkServer(payer);
  await startNetworkServer(other);
  online(shared, payer, license);
  online(shared, other, license);
  await createPointsChain({ sql, serverId: 'test' }).apply(license, {
    key: 'admin:seed',
    delta: 100,
    reason: 'seed',
  });
  const { kvp } = payer.runtime;
  const { set, delete: remove } = kvp;
  kvp.set = (key, value) => {
    if (tick(`kvp set ${key.replace(/:[^:]*$/, ':…')}`)) throw new SimulatedCrash(`killed before ${key}`);
    set(key, value);
  };
  kvp.delete = (key) => {
    if (tick(`kvp delete ${key.replace(/:[^:]*$/, ':…')}`)) throw new SimulatedCrash(`killed before ${key}`);
    remove(key);
  };
  armed = true;
  let done = false;
  void payer.running.points.shop
    ?.buy(1, item)
    .catch(() => undefined)
    .finally(() => {
      done = true;
      go();
    });
  await started;
  await other.running.points.shop?.buy(1, item).catch(() => undefined);
  while (!done && !killed) await realWait(5);
  armed = false;
  return { n, writes, killed, shared, payer, other, license, item };
}

/** Restarts city-1 over its KVP, drives both until nothing is open, and checks 0 double, 0 lost. */
async function settle(run: Run): Promise<void> {
  const { shared, license, item } = run;
  const again = track(
    bootNetworkServer(
      shared,
      SITE,
      { url, serverId: 'city-1', config: shopOf(item) },
      run.payer.runtime.snapshot(),
    ),
  );
  await startNetworkServer(again);
  online(shared, again, license);
  for (let round = 0; round < 20; round += 1) {
    for (const world of [again, run.other]) {
      await world.running.points.shop?.resume();
      await world.running.flow.settlePlayer(license);
    }
    await shared.clock.advance(60_000);
    if (openOf(again).length + openOf(run.other).length === 0) break;
  }
  const delivered = (shared.esx?.balance(1, 'money') ?? 0) / 1000;
  const rows = rowsOf(
    await sql.query('SELECT delta, balance_after FROM vote_reward_points WHERE license = ? ORDER BY seq', [
      license,
    ]),
  );
  const sum = rows.reduce((total, row) => total + Number(row.delta), 0);
  const units = rowsOf(
    await sql.query('SELECT unit FROM vote_reward_shop_slots WHERE scope = ?', [`stock:${item}`]),
  );
  const seen = {
    open: [...openOf(again), ...openOf(run.other)],
    headIsSum: Number(rows.at(-1)?.balance_after) === sum,
    pointsForDelivered: sum === 100 - 100 * delivered,
    unitsForDelivered: units.length === delivered,
    atMostOne: delivered <= 1,
  };
  expect(seen).toEqual({
    open: [],
    headIsSum: true,
    pointsForDelivered: true,
    unitsForDelivered: true,
    atMostOne: true,
  });
}

describe('a purchase killed before each of its writes while another server buys the same unit', () => {
  it('0 double, 0 lost at every write', async () => {
    const report = await sweepKills<Run>({
      run: race,
      writesOf: (run) => run.writes,
      killed: (run) => run.killed,
      recover: settle,
    });
    // The clean run itself settles the same way (one delivered, 0 points left).
    await settle(report.clean);
    // Every write of a purchase on city-1: its intent, the unit and the debit in the database, the delivery (the
    // engine's journal entry), `delivering`, the payout, `done`.
    expect(report.writes).toEqual([
      'kvp set shop:buy:…',
      'db INSERT vote_reward_shop_slots stock:vip',
      'db INSERT vote_reward_points buy:…',
      'kvp set claim:a:shop:…',
      'kvp set shop:buy:…',
      'kvp set claim:a:shop:…',
      'kvp set claim:a:shop:…',
      'kvp set claim:a:shop:…',
      'kvp set award-done:a:shop:…',
      'kvp delete claim:a:shop:…',
      'kvp set shop:buy:…',
    ]);
  }, 120_000);
});

describe('the same race on the per-server KVP ledger of before', () => {
  it('both servers spend the same 100 points: two deliveries for one balance (what the shared chain prevents)', async () => {
    const shared = createSitesShared([SITE], { esx: true });
    const config = { sites: [], poll: { enabled: false }, ...shopOf('vip'), claimCooldownSeconds: 0 };
    config.shop.items[0] = { ...(config.shop.items[0] as object), stock: undefined } as never;
    const worlds = [bootSites(shared, config), bootSites(shared, config)];
    for (const world of worlds) {
      world.running.start();
      world.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:a' });
      // The player's 100 points, as each server's own ledger holds them (earned, or copied by an owner).
      (world.running.points.ledger as PointsLedgerApi).apply('license:a', {
        key: 'admin:seed',
        delta: 100,
        reason: 'seed',
      });
    }
    shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
    // One after the other (one framework player paid by two servers at the same instant is held by its own guard).
    const results = [];
    for (const world of worlds) results.push(await world.running.points.shop?.buy(1, 'vip'));
    expect(results.map((result) => result?.code)).toEqual(['delivered', 'delivered']);
    expect(shared.esx?.balance(1, 'money')).toBe(2000);
    for (const world of worlds) world.running.stop();
  });
});

describe('two servers of a network, one player', () => {
  it('a per-player limit counts across servers, and vote points are credited to the shared chain once', async () => {
    const shared = createSitesShared([SITE], { esx: true });
    const config = {
      points: { perVote: 5 },
      shop: {
        enabled: true,
        items: [
          {
            id: 'kit',
            name: 'Kit',
            cost: 10,
            limit: { count: 1, reset: 'never' },
            rewards: [{ type: 'money', amount: 1 }],
          },
        ],
      },
    };
    const worlds = ['city-1', 'city-2'].map((serverId) =>
      track(bootNetworkServer(shared, SITE, { url, serverId, config })),
    );
    for (const world of worlds) {
      await startNetworkServer(world);
      online(shared, world, 'license:lim');
    }
    // A vote seen by both servers: paid on one, its 5 points credited once (`pay:` key of the shared entry).
    shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
    await shared.clock.advance(1000);
    for (const world of worlds) await world.running.claimAll(1);
    const chain = createPointsChain({ sql, serverId: 'test' });
    expect((await chain.head('license:lim')).balance).toBe(5);
    await chain.apply('license:lim', { key: 'admin:seed', delta: 45, reason: 'seed' });
    const [first, second] = worlds as [NetworkWorld, NetworkWorld];
    expect((await first.running.points.shop?.buy(1, 'kit'))?.code).toBe('delivered');
    expect((await second.running.points.shop?.buy(1, 'kit'))?.code).toBe('limit_reached');
    expect((await chain.head('license:lim')).balance).toBe(40);
    // What /votepoints and the panel read on the other server: the network balance.
    await second.running.points.ledger.fresh?.('license:lim');
    expect(second.running.points.ledger.read('license:lim')).toMatchObject({ ok: true, balance: 40 });
  }, 60_000);
});
