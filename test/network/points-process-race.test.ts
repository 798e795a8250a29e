/**
 * One points balance spent from three servers at once, each its own process (own KVP, own oxmysql pool, own ESX) on one
 * real MariaDB: a balance that covers one purchase pays exactly one (the others refused, points intact); a buy and two
 * export spends racing the same balance; the last unit of a stock sold once; three servers crediting at once lose
 * nothing. After each round the chain's head equals the sum of its rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOxMySqlFake, type OxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { type RacerProcess, startRacer } from '../../devkit/network/racer-process';
import type { ShopRacerArgs } from '../../devkit/network/shop-racer';
import { createPointsChain, type PointsChain } from '../../src/network/points-chain';
import { migrate } from '../../src/network/schema';
import type { Sql } from '../../src/network/sql';
import { freshDatabase } from './db';

const ANA = 'license:aaa';

let url = '';
let fake: OxMySqlFake;
let sql: Sql;
let chain: PointsChain;
let racers: RacerProcess[] = [];
beforeAll(async () => {
  url = freshDatabase('points_proc');
  fake = createOxMySqlFake({ connectionString: url });
  sql = { query: (statement, params) => fake.api.query(statement, [...params]) };
  await migrate(sql);
  chain = createPointsChain({ sql, serverId: 'test' });
  racers = await Promise.all(
    ['city-1', 'city-2', 'city-3'].map((serverId) =>
      startRacer('devkit/network/shop-racer.ts', { url, serverId } satisfies ShopRacerArgs, serverId),
    ),
  );
  await Promise.all(racers.map((r) => r.ready));
}, 60_000);
afterAll(async () => {
  for (const r of racers) r.child.kill();
  await fake.close();
});

/** The head, the sum of the deltas, and whether every row is its predecessor plus its delta, never below 0. */
async function audit() {
  const rows = (await sql.query(
    'SELECT seq, delta, balance_after FROM vote_reward_points WHERE license = ? ORDER BY seq',
    [ANA],
  )) as { seq: number; delta: number; balance_after: number }[];
  let running = 0;
  const chained = rows.every((row, i) => {
    running += Number(row.delta);
    return Number(row.seq) === i + 1 && Number(row.balance_after) === running && running >= 0;
  });
  return { head: Number(rows.at(-1)?.balance_after ?? 0), sum: running, chained };
}
const all = (lines: string[]) => Promise.all(racers.map((r, i) => r.ask(lines[i] as string)));
/** Whether the buy won round 2 (then it paid 1000 cash; else an export spent the points). */
let buyWonRound2 = false;
const codes = (answers: Record<string, unknown>[]) => answers.map((a) => a.code ?? a.crashed).sort();

describe('three servers, one points balance', () => {
  it('a balance covering one purchase: exactly one delivered, two refused with the points intact', async () => {
    await chain.apply(ANA, { key: 'admin:seed1', delta: 100, reason: 'seed' });
    expect(codes(await all(['buy vip', 'buy vip', 'buy vip']))).toEqual([
      'delivered',
      'insufficient_points',
      'insufficient_points',
    ]);
    expect(await audit()).toEqual({ head: 0, sum: 0, chained: true });
  });

  it('a buy and two export spends racing one balance: exactly one goes through', async () => {
    await chain.apply(ANA, { key: 'admin:seed2', delta: 100, reason: 'seed' });
    const answers = codes(await all(['buy vip', 'spend 100 k2', 'spend 100 k3']));
    buyWonRound2 = answers.includes('delivered');
    expect(answers.filter((code) => code === 'delivered' || code === 'spent')).toHaveLength(1);
    expect(answers.filter((code) => code === 'insufficient_points')).toHaveLength(2);
    expect(await audit()).toEqual({ head: 0, sum: 0, chained: true });
  });

  it('the last unit of a stock: sold once, the others refused, nothing spent for them', async () => {
    await chain.apply(ANA, { key: 'admin:seed3', delta: 100, reason: 'seed' });
    expect(codes(await all(['buy cape', 'buy cape', 'buy cape']))).toEqual([
      'delivered',
      'out_of_stock',
      'out_of_stock',
    ]);
    expect(await audit()).toEqual({ head: 90, sum: 90, chained: true });
  });

  it('three servers crediting at once: no credit lost, then 0 double 0 lost over the whole run', async () => {
    expect((await all(['credit 10', 'credit 10', 'credit 10'])).map((a) => a.ok)).toEqual([10, 10, 10]);
    expect(await audit()).toEqual({ head: 120, sum: 120, chained: true });
    const ends = await all(['end', 'end', 'end']);
    // 300 seeded + 30 credited - 120 left = 210 spent: the vip of round 1, round 2's winner, the cape. What was
    // delivered is what was paid for: 1000 cash per vip, 1 per cape, nothing more, nothing open.
    const cash = ends.reduce((total, end) => total + Number(end.cash), 0);
    expect(cash).toBe(1000 + (buyWonRound2 ? 1000 : 0) + 1);
    expect(ends.flatMap((end) => end.open as string[])).toEqual([]);
  });
});
