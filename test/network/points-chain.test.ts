/**
 * The shared points chain on a real MariaDB (`src/network/points-chain.ts`): the key rules of the KVP ledger (once,
 * same answer, conflict, cap, never below 0), servers appending at once through their own pools (no credit lost, no
 * spend below 0, head = SUM), an unknown outcome settled by a fence that a late INSERT cannot pass, and the import.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOxMySqlFake, type OxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createPointsChain, type PointsChain } from '../../src/network/points-chain';
import { migrate } from '../../src/network/schema';
import { rowsOf, type Sql } from '../../src/network/sql';
import { createPointsLedger } from '../../src/points/ledger';
import { importKvpPoints } from '../../src/points/network-import';
import { freshDatabase } from './db';

let url = '';
const fakes: OxMySqlFake[] = [];
const sqlOf = (): Sql => {
  const fake = createOxMySqlFake({ connectionString: url });
  fakes.push(fake);
  return { query: (statement, params) => fake.api.query(statement, [...params]) };
};
let admin: Sql;
beforeAll(async () => {
  url = freshDatabase('points_chain');
  admin = sqlOf();
  await migrate(admin);
});
afterAll(async () => {
  for (const fake of fakes.splice(0)) await fake.close();
});

const chainOf = (serverId: string, cap?: number): PointsChain =>
  createPointsChain({ sql: sqlOf(), serverId, ...(cap === undefined ? {} : { cap }) });

/** The chain's head, its sum, its rows and whether `seq` runs 1..n without a gap. */
async function audit(license: string) {
  const rows = rowsOf(
    await admin.query(
      'SELECT seq, delta, balance_after FROM vote_reward_points WHERE license = ? ORDER BY seq',
      [license],
    ),
  );
  const sum = rows.reduce((total, row) => total + Number(row.delta), 0);
  let running = 0;
  const chained = rows.every((row, index) => {
    running += Number(row.delta);
    return Number(row.seq) === index + 1 && Number(row.balance_after) === running && running >= 0;
  });
  return { head: Number(rows.at(-1)?.balance_after ?? 0), sum, rows: rows.length, chained };
}

describe('the points chain', () => {
  it('applies a key once, answers a replay as the first time, refuses another amount, caps credits, never goes below 0', async () => {
    const chain = chainOf('city-1', 100);
    const L = 'license:rules';
    expect(await chain.apply(L, { key: 'pay:e1#0', delta: 30, reason: 'vote' })).toEqual({
      ok: true,
      balance: 30,
      applied: true,
      credited: 30,
    });
    expect(await chain.apply(L, { key: 'pay:e1#0', delta: 30, reason: 'vote' })).toEqual({
      ok: true,
      balance: 30,
      applied: false,
      credited: 30,
    });
    expect(await chain.apply(L, { key: 'pay:e1#0', delta: 31, reason: 'vote' })).toEqual({
      ok: false,
      code: 'key_conflict',
      balance: 30,
    });
    expect(await chain.apply(L, { key: 'buy:p1', delta: -31, reason: 'shop' })).toEqual({
      ok: false,
      code: 'insufficient_points',
      balance: 30,
    });
    // Above the cap: credited up to it, the asked amount remembered (a replay answers the same, never more).
    expect(await chain.apply(L, { key: 'admin:a', delta: 90, reason: 'gift' })).toMatchObject({
      balance: 100,
      credited: 70,
    });
    expect(await chain.apply(L, { key: 'admin:a', delta: 90, reason: 'gift' })).toMatchObject({
      applied: false,
      credited: 70,
    });
    // A refund goes beyond the cap; a long or non-ASCII key is stored by its hash, its text kept.
    const long = `res:phone:${'é'.repeat(250)}`;
    expect(await chain.apply(L, { key: long, delta: -100, reason: 'phone' })).toMatchObject({ balance: 0 });
    expect(
      await chain.apply(L, { key: 'refund:p0', delta: 150, reason: 'r', beyondCap: true }),
    ).toMatchObject({
      balance: 150,
    });
    expect((await chain.find(L, long))?.key).toBe(long);
    expect(await audit(L)).toEqual({ head: 150, sum: 150, rows: 4, chained: true });
  });

  it('three servers spending one balance at once: exactly the spends it covers go in, head = SUM', async () => {
    const L = 'license:race';
    const servers = ['city-1', 'city-2', 'city-3'].map((id) => chainOf(id));
    await servers[0]?.apply(L, { key: 'admin:seed', delta: 100, reason: 'seed' });
    // 3 servers × 10 spends of 30: 100 covers 3 of them.
    const results = await Promise.all(
      servers.flatMap((chain, s) =>
        Array.from({ length: 10 }, (_, i) =>
          chain.apply(L, { key: `buy:s${s}n${i}`, delta: -30, reason: 'shop' }),
        ),
      ),
    );
    const spent = results.filter((r) => r.ok && r.applied).length;
    const refused = results.filter((r) => !r.ok && r.code === 'insufficient_points').length;
    expect({ spent, refused }).toEqual({ spent: 3, refused: 27 });
    expect(await audit(L)).toEqual({ head: 10, sum: 10, rows: 4, chained: true });
  });

  it('three servers crediting at once (and replaying each other’s keys): no credit lost, none twice', async () => {
    const L = 'license:credits';
    const servers = ['city-1', 'city-2', 'city-3'].map((id) => chainOf(id));
    // Each server credits keys 0..29 of 1..30 points: the same keys, so each goes in once whoever comes first.
    await Promise.all(
      servers.flatMap((chain) =>
        Array.from({ length: 30 }, (_, i) =>
          chain.apply(L, { key: `pay:v${i}#0`, delta: i + 1, reason: 'vote' }),
        ),
      ),
    );
    expect(await audit(L)).toEqual({ head: 465, sum: 465, rows: 30, chained: true });
  });

  it('settles an unknown outcome for good: a late INSERT after the fence never goes in', async () => {
    const L = 'license:fence';
    const chain = chainOf('city-1');
    await chain.apply(L, { key: 'admin:seed', delta: 50, reason: 'seed' });
    // The debit's INSERT was built against head seq 1 and is "still in flight" while the server settles.
    const late = `INSERT INTO vote_reward_points (license, seq, entry_key, key_text, delta, asked, balance_after, reason, server_id, created_ms)
      VALUES (?, 2, 'buy:late', 'buy:late', -20, -20, 30, 'shop', 'city-1', 0)`;
    expect(await chain.settle(L, 'buy:late')).toBe(false);
    await expect(admin.query(late, [L])).rejects.toThrow(/Duplicate entry/);
    expect(await chain.settle(L, 'buy:late')).toBe(false);
    expect(await chain.find(L, 'buy:late')).toBeNull();
    // A key that did go in is found as applied.
    await chain.apply(L, { key: 'buy:landed', delta: -20, reason: 'shop' });
    expect(await chain.settle(L, 'buy:landed')).toBe(true);
    expect(await audit(L)).toEqual({ head: 30, sum: 30, rows: 3, chained: true });
  });

  it('imports a server’s KVP balances once: run twice, applied once', async () => {
    const kvpData = new Map<string, string>();
    const kvp = {
      get: (key: string) => kvpData.get(key) ?? null,
      set: (key: string, value: string) => void kvpData.set(key, value),
      delete: (key: string) => void kvpData.delete(key),
      keys: (prefix: string) => [...kvpData.keys()].filter((key) => key.startsWith(prefix)).sort(),
    };
    const local = createPointsLedger({ kvp, now: () => 1_000 });
    local.apply('license:imp1', { key: 'pay:x#0', delta: 40, reason: 'vote' });
    local.apply('license:imp2', { key: 'pay:y#0', delta: 7, reason: 'vote' });
    local.apply('license:imp3', { key: 'pay:z#0', delta: 5, reason: 'vote' });
    local.apply('license:imp3', { key: 'buy:z', delta: -5, reason: 'shop' });
    kvpData.set('points:license:imp4', '{not json');
    const chain = chainOf('city-9');
    await chain.apply('license:imp1', { key: 'pay:net#0', delta: 3, reason: 'vote elsewhere' });
    const first = await importKvpPoints(kvp, chain);
    expect(first.imported).toEqual([
      { license: 'license:imp1', amount: 40 },
      { license: 'license:imp2', amount: 7 },
    ]);
    expect(first.empty).toBe(1);
    expect(first.skipped.map((s) => s.license)).toEqual(['license:imp4']);
    const second = await importKvpPoints(kvp, chain);
    expect(second.imported).toEqual([]);
    expect(second.already).toEqual(['license:imp1', 'license:imp2']);
    expect((await chain.head('license:imp1')).balance).toBe(43);
    expect(await audit('license:imp1')).toEqual({ head: 43, sum: 43, rows: 2, chained: true });
  });
});
