/**
 * Each key's request budget split across the network's servers polling it (`vote_reward_servers`), on the real
 * MariaDB: three servers polling one site key and one vote API key spend together within each budget over simulated
 * minutes (the requests counted at the site and at the mock API, which answers 429 past its limit); a server that stops frees its share once it is silent past the timeout (by the
 * database's clock), and never before; the table holds a fingerprint, never the key.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createSitesShared, type SitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { createRateBudget } from '../../src/api/rate-budget';
import { sitesStatus } from '../../src/multisite/console';
import { migrate } from '../../src/network/schema';
import { createBudgetSplit, keyFingerprint } from '../../src/network/servers-split';
import type { Sql } from '../../src/network/sql';
import { freshDatabase } from './db';

const LIMIT = 30;
const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', perMinute: LIMIT };
const MINUTE = 60_000;
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The most requests in any 60 s window. */
function busiestMinute(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let best = 0;
  let start = 0;
  for (let end = 0; end < sorted.length; end++) {
    while ((sorted[end] as number) - (sorted[start] as number) >= MINUTE) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

describe('the budget split on a real MariaDB', () => {
  it('three servers polling one site key and one vote API key spend together within each budget over 5 simulated minutes', async () => {
    const url = freshDatabase('split_three');
    // One site key polled by three servers: each server its own fake of the site (its adapter takes from that
    // server's budget), the three counted together as the one site; one clock moved in step.
    const shareds: SitesShared[] = [];
    const worlds: NetworkWorld[] = [];
    // One vote API key too: the three servers send to one mock API (its own 60-a-minute limit answers 429 past it).
    const first = createSitesShared([SITE]);
    const api = first.api;
    const apiSent: number[] = [];
    for (let s = 1; s <= 3; s += 1) {
      const shared = s === 1 ? first : createSitesShared([SITE]);
      shared.api = Object.assign(Object.create(api) as typeof api, {
        request: (request: Parameters<typeof api.request>[0]) => {
          apiSent.push(shared.clock.now());
          return api.request(request);
        },
      });
      const world = bootNetworkServer(shared, SITE, {
        url,
        serverId: `city-${s}`,
        config: { poll: { enabled: true, autoClaim: true } },
      });
      cleanups.push(async () => {
        world.running.stop();
        await world.oxmysql.close();
      });
      // Players who never vote: each poller wants every request its budget allows.
      for (let p = 1; p <= 40; p += 1)
        world.runtime.onlinePlayers.set(p, { name: `P${s}x${p}`, license: `license:${s}${p}` });
      await startNetworkServer(world);
      shareds.push(shared);
      worlds.push(world);
    }
    const step = async (ms: number) => {
      await Promise.all(shareds.map((shared) => shared.clock.advance(ms)));
      await realWait(3); // the heartbeats' answers from the database
    };
    for (let t = 0; t < 5 * MINUTE; t += 1000) await step(1000);
    const sent = shareds.map((shared) => shared.sites.chk?.sentAt ?? []);
    const all = sent.flat();
    expect(busiestMinute(all)).toBeLessThanOrEqual(LIMIT);
    // Each server polled with its share (the split is not a stop): the joiners their third's poll part (10 less the
    // 3 kept for claims), the first alone the whole poll part (21) until it learnt of the others. Without the split:
    // 63 in a minute, each server 21.
    expect(sent.map((times) => busiestMinute(times))).toEqual([21, 7, 7]);
    const lines = worlds[0]?.running.network.statusLines().join('\n') ?? '';
    expect(lines).toContain('chk 1/3 of 30/min');
    expect(lines).toContain('vote API 1/3 of 60/min');
    // The vote API's key: within its 60 a minute at the mock, never a 429 (without the split: 429s from the mock).
    expect(apiSent.length).toBeGreaterThan(60);
    expect(busiestMinute(apiSent)).toBeLessThanOrEqual(60);
    expect(api.exchanges.filter((exchange) => exchange.status === 429)).toEqual([]);
    expect(sitesStatus(worlds[0]?.running.sites ?? null, false).join('\n')).toContain('budget 1/3 of 30/min');
    // The table names each key (the site's, the vote API's) by its fingerprint only.
    const rows = (await worlds[0]?.oxmysql.api.query('SELECT * FROM vote_reward_servers', [])) as Record<
      string,
      unknown
    >[];
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((row) => row.key_fp)).size).toBe(2);
    expect(JSON.stringify(rows)).not.toContain('fake_key_1234');
    expect(JSON.stringify(rows)).not.toContain(worlds[0]?.config.apiKey ?? 'no key');
  }, 60_000);

  it('a stopped server frees its share only once silent past the timeout (database clock); a lone server keeps the whole', async () => {
    const url = freshDatabase('split_stop');
    const fake = createOxMySqlFake({ connectionString: url });
    cleanups.push(() => fake.close());
    const sql: Sql = { query: (statement, params) => fake.api.query(statement, [...params]) };
    await migrate(sql);
    const timeoutMs = 800;
    const make = (id: string) => {
      const split = createBudgetSplit({
        sql,
        serverId: id,
        now: Date.now,
        timeoutMs,
        heartbeatMs: 100,
        spanMs: 200,
      });
      const budget = createRateBudget({
        limit: 60,
        now: Date.now,
        share: split.track('site', 'site\nkey-1', 60),
      });
      return { split, budget };
    };
    const a = make('city-1');
    await a.split.beat();
    expect(a.budget.snapshot()).toMatchObject({ limit: 60 });
    expect(a.budget.snapshot().split).toBeUndefined();
    const b = make('city-2');
    const c = make('city-3');
    await b.split.beat();
    await c.split.beat();
    // city-3 joined a key two servers poll: it polls only after a beat and a span, its players' claims at once.
    expect(c.budget.peek('poll')).toMatchObject({ ok: false, reason: 'joining' });
    expect(c.budget.peek('claim')).toEqual({ ok: true });
    await a.split.beat();
    expect(a.budget.snapshot()).toMatchObject({ limit: 20, split: { servers: 3, of: 60, holdMs: 0 } });
    // city-1 reloaded (a new split, its row alive): counted by the others already, it does not wait.
    const reloaded = make('city-1');
    await reloaded.split.beat();
    expect(reloaded.budget.peek('poll')).toEqual({ ok: true });
    expect(reloaded.budget.snapshot()).toMatchObject({ limit: 20, split: { servers: 3, holdMs: 0 } });
    // city-3 stops: still counted before the timeout (its last sends may still be in the window) ...
    await a.split.beat();
    await b.split.beat();
    expect(a.budget.snapshot().limit).toBe(20);
    // ... and no longer once silent past it (city-1 and city-2 beating on).
    for (let waited = 0; waited <= timeoutMs + 100; waited += 100) {
      await realWait(100);
      await a.split.beat();
      await b.split.beat();
    }
    await a.split.beat();
    expect(a.budget.snapshot()).toMatchObject({ limit: 30, split: { servers: 2, of: 60 } });
    expect(a.split.describe()).toBe('site 1/2 of 60/min');
    // city-3 back after it was counted out (its first hold long over): a joiner again, its polling held until the
    // others lowered their share.
    await c.split.beat();
    expect(c.budget.peek('poll')).toMatchObject({ ok: false, reason: 'joining' });
    expect(c.budget.snapshot().split?.holdMs).toBeGreaterThan(0);
    expect(Number.isFinite(c.budget.snapshot().split?.holdMs)).toBe(true);
    expect(keyFingerprint('site\nkey-1')).not.toContain('key-1');
  });
});

it('tables of schema 1 are raised to 2 at start; tables of a newer schema are refused', async () => {
  const fake = createOxMySqlFake({ connectionString: freshDatabase('split_schema') });
  cleanups.push(() => fake.close());
  const sql: Sql = { query: (statement, params) => fake.api.query(statement, [...params]) };
  await migrate(sql);
  await sql.query("UPDATE vote_reward_meta SET value = '1' WHERE name = 'schema_version'", []);
  expect(await migrate(sql)).toBe(2);
  await sql.query("UPDATE vote_reward_meta SET value = '3' WHERE name = 'schema_version'", []);
  await expect(migrate(sql)).rejects.toThrow('the shared tables are at schema 3, newer than this version');
});
