/**
 * The network's part of `votereward player` over the real MariaDB: each shared vote or award of the player with the
 * server that owns or paid it and its state, other players' rows left out; the database down gives one line saying
 * the shared rows could not be read and why (naming both settings).
 */
import { afterAll, expect, it } from 'vitest';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { networkPlayerLines } from '../../src/claim/network-rows';
import { createNetworkClaims } from '../../src/network/claims';
import { migrate } from '../../src/network/schema';
import type { Sql } from '../../src/network/sql';
import { freshDatabase } from './db';

const fake = createOxMySqlFake({ connectionString: freshDatabase('player_rows') });
afterAll(() => fake.close());
const sql: Sql = { query: (statement, params) => fake.api.query(statement, [...params]) };

it('lists the player’s shared rows with the server that paid, pays or holds each', async () => {
  await migrate(sql);
  const city1 = createNetworkClaims(sql, 'city-1', 60_000);
  const city2 = createNetworkClaims(sql, 'city-2', 60_000);
  const ana = 'license:aaa';
  // Paid by city-2; paying on city-1; held for an admin on city-1; another player's row.
  const paid = await city2.own('s:chk:Ana:t1700000000000#1', ana, 'paying');
  if (paid.owned) await city2.advance(paid.row, 'paid');
  await city1.own('a:milestone:license:aaa:10', ana, 'paying');
  const held = await city1.own('a:first:license:aaa', ana, 'paying');
  if (held.owned) await city1.advance(held.row, 'needs_admin');
  await city2.own('s:chk:Bob:t1700000000000#1', 'license:bbb', 'paying');

  const lines = await networkPlayerLines(city1, ana);
  expect(lines[0]).toBe('  Network    3 shared vote(s) and award(s), newest first:');
  const body = lines.slice(1).join('\n');
  expect(body).toMatch(/s:chk:Ana:t1700000000000#1\s+paid by city-2, \d{4}-\d\d-\d\d \d\d:\d\d UTC/);
  expect(body).toMatch(/a:milestone:license:aaa:10\s+paying on city-1 \(this server\)/);
  expect(body).toMatch(/a:first:license:aaa\s+held for an admin on city-1 \(this server\)/);
  expect(body).not.toContain('Bob');
  expect(await networkPlayerLines(city1, 'license:nobody')).toEqual([
    '  Network    no shared vote or award of this player on any server',
  ]);
  // KVP (no network): nothing added.
  expect(await networkPlayerLines(null, ana)).toEqual([]);
});

it('the database down: one line saying the shared rows could not be read, and why', async () => {
  const down: Sql = {
    query: () =>
      Promise.reject(
        new Error('vote-reward was unable to execute a query!\nconnect ECONNREFUSED 127.0.0.1:3306'),
      ),
  };
  expect(await networkPlayerLines(createNetworkClaims(down, 'city-1', 60_000), 'license:aaa')).toEqual([
    '  Network    the shared rows could not be read (vote_reward_store "oxmysql", vote_reward_server_id "city-1"): connect ECONNREFUSED 127.0.0.1:3306; this server\'s own records are above',
  ]);
});
