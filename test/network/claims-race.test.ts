/**
 * Exactly once across servers at the protocol level: two and three server processes, each with its own oxmysql (own
 * mysql2 pool), race the same keys on one real MariaDB through `src/network/claims.ts`; a server dies holding a
 * reservation (taken over after the lease, by the database's clock) or a `paying` row (never taken over).
 */
import * as mysql from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import type { RacerArgs } from '../../devkit/network/claims-racer';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { releaseTogether, resultOf, startRacer } from '../../devkit/network/racer-process';
import { createNetworkClaims } from '../../src/network/claims';
import { migrate } from '../../src/network/schema';
import type { Sql } from '../../src/network/sql';
import { freshDatabase } from './db';

interface RacerResult {
  serverId: string;
  paid: string[];
  tookOver: string[];
  left: string[];
  code: number | null;
}

/** Starts the racers, waits until each is connected, then releases them together; answers what each did. */
async function race(...args: RacerArgs[]): Promise<RacerResult[]> {
  const racers = await Promise.all(
    args.map((arg) => startRacer('devkit/network/claims-racer.ts', arg, arg.serverId)),
  );
  await releaseTogether(racers);
  return Promise.all(
    racers.map(async (racer, i) => {
      const serverId = args[i]?.serverId ?? '?';
      // Exit code 9: the racer died on purpose, holding a reservation or a `paying` row.
      if ((await racer.exit).code === 9) return { serverId, paid: [], tookOver: [], left: [], code: 9 };
      return { ...(await resultOf<Omit<RacerResult, 'code'>>(racer, serverId)), code: 0 };
    }),
  );
}

async function prepared(label: string) {
  const url = freshDatabase(label);
  const fake = createOxMySqlFake({ connectionString: url });
  const sql: Sql = { query: (statement, params) => fake.api.query(statement, [...params]) };
  await migrate(sql);
  await sql.query(
    'CREATE TABLE race_payments (id INT AUTO_INCREMENT PRIMARY KEY, k VARCHAR(191) NOT NULL, server VARCHAR(64) NOT NULL)',
    [],
  );
  return { url, sql, fake };
}

async function counts(sql: Sql, keys: string[]) {
  const rows = (await sql.query('SELECT k, COUNT(*) AS n FROM race_payments GROUP BY k', [])) as {
    k: string;
    n: number;
  }[];
  const paid = new Map(rows.map((row) => [row.k, Number(row.n)]));
  return {
    double: keys.filter((key) => (paid.get(key) ?? 0) > 1).length,
    lost: keys.filter((key) => !paid.has(key)).length,
  };
}

const keysOf = (n: number) => Array.from({ length: n }, (_, i) => `s:site:voter${i}:t1700000000000#1`);

describe('the claims race on one MariaDB', () => {
  for (const servers of [2, 3]) {
    it(`${servers} servers racing 150 keys pay each exactly once`, async () => {
      const { url, sql, fake } = await prepared(`race${servers}`);
      try {
        const keys = keysOf(150);
        const results = await race(
          ...Array.from({ length: servers }, (_, i) => ({
            url,
            serverId: `city-${i + 1}`,
            keys,
            leaseMs: 60_000,
            passes: 1,
          })),
        );
        const total = results.reduce((sum, r) => sum + r.paid.length, 0);
        expect(await counts(sql, keys)).toEqual({ double: 0, lost: 0 });
        expect(total).toBe(keys.length);
        // Every server won some: the race was real.
        for (const result of results) expect(result.paid.length, result.serverId).toBeGreaterThan(0);
      } finally {
        await fake.close();
      }
    }, 120_000);
  }

  it('a server killed holding a reservation: another takes it over once the lease ran out by the database clock', async () => {
    const { url, sql, fake } = await prepared('lease');
    try {
      const keys = keysOf(20);
      const [dead] = await race({
        url,
        serverId: 'city-1',
        keys,
        leaseMs: 1500,
        passes: 1,
        dieAfterReserve: keys[7],
      });
      expect(dead?.code).toBe(9);
      const claims = createNetworkClaims(sql, 'city-2', 1500);
      // Before the lease runs out the reservation is city-1's.
      const early = await claims.own(keys[7] as string, null);
      expect(early.owned).toBe(false);
      expect(early.row).toMatchObject({ owner: 'city-1', state: 'reserved' });
      const [second, third] = await race(
        { url, serverId: 'city-2', keys, leaseMs: 1500, passes: 10 },
        { url, serverId: 'city-3', keys, leaseMs: 1500, passes: 10 },
      );
      expect(await counts(sql, keys)).toEqual({ double: 0, lost: 0 });
      expect([...(second?.tookOver ?? []), ...(third?.tookOver ?? [])]).toEqual([keys[7]]);
    } finally {
      await fake.close();
    }
  }, 120_000);

  it('a server killed while paying: its row is never taken over, whatever the lease (held for its own journal or an admin)', async () => {
    const { url, sql, fake } = await prepared('paying');
    try {
      const keys = keysOf(10);
      const [dead] = await race({
        url,
        serverId: 'city-1',
        keys,
        leaseMs: 1,
        passes: 1,
        dieWhilePaying: keys[3],
      });
      expect(dead?.code).toBe(9);
      const rest = await race(
        { url, serverId: 'city-2', keys, leaseMs: 1, passes: 3 },
        { url, serverId: 'city-3', keys, leaseMs: 1, passes: 3 },
      );
      expect(rest.flatMap((r) => r.paid)).not.toContain(keys[3]);
      expect(await counts(sql, keys)).toEqual({ double: 0, lost: 1 });
      const row = await createNetworkClaims(sql, 'city-2', 1).read(keys[3] as string);
      expect(row).toMatchObject({ owner: 'city-1', state: 'paying', expired: true });
    } finally {
      await fake.close();
    }
  }, 120_000);

  it('keys are case-sensitive (ascii_bin): two vote ids differing in case are two claims', async () => {
    const { sql, fake } = await prepared('case');
    try {
      const claims = createNetworkClaims(sql, 'city-1', 60_000);
      const other = createNetworkClaims(sql, 'city-2', 60_000);
      expect((await claims.own('s:site:ckvAbc:t1#1', null)).owned).toBe(true);
      expect((await other.own('s:site:ckvabc:t1#1', null)).owned).toBe(true);
    } finally {
      await fake.close();
    }
  });
});
void mysql;
