/**
 * The devkit's oxmysql fake against a real MariaDB: each answer shape is the one oxmysql 2.14.1 (030d3bd) hands a
 * resource through its `_async` exports (see devkit/network/oxmysql-transcript.md), and the network store's deadline
 * turns oxmysql's never-settling call during an outage into a clear error.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { startMariaDb } from '../../devkit/network/mariadb';
import { createOxMySqlFake, type OxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createOxMySqlClient, StoreError } from '../../src/network/sql';
import { freshDatabase } from './db';

const opened: OxMySqlFake[] = [];
const open = (url: string, retryMs?: number) => {
  const fake = createOxMySqlFake({ connectionString: url, ...(retryMs ? { retryMs } : {}) });
  opened.push(fake);
  return fake;
};
afterEach(async () => {
  for (const fake of opened.splice(0)) await fake.close();
});

describe('oxmysql answer shapes (real MariaDB)', () => {
  it('answers rows, insertId, affectedRows, the first row and the first value as oxmysql does', async () => {
    const { api } = open(freshDatabase('shapes'));
    await api.query(
      'CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, k VARCHAR(20) UNIQUE, flag TINYINT(1), big BIGINT, n INT)',
    );
    expect(
      await api.insert('INSERT INTO t (k, flag, big, n) VALUES (?, ?, ?, ?)', ['a', 1, 2 ** 40, 5]),
    ).toBe(1);
    expect(await api.insert('INSERT INTO t (k, flag, big, n) VALUES (?, ?, ?, ?)', ['b', 0, 7, 6])).toBe(2);
    expect(await api.query('SELECT k, flag, big FROM t ORDER BY id', [])).toEqual([
      { k: 'a', flag: true, big: 2 ** 40 },
      { k: 'b', flag: false, big: 7 },
    ]);
    expect(await api.single('SELECT k FROM t WHERE id = ?', [2])).toEqual({ k: 'b' });
    expect(await api.single('SELECT k FROM t WHERE id = ?', [9])).toBeNull();
    expect(await api.scalar('SELECT COUNT(*) FROM t', [])).toBe(2);
    expect(await api.scalar('SELECT k FROM t WHERE id = ?', [9])).toBeNull();
    // SUM over integers is a DECIMAL: mysql2 hands it over as a string.
    expect(await api.scalar('SELECT SUM(n) FROM t', [])).toBe('11');
    expect(await api.update('UPDATE t SET n = n + 1 WHERE k = ?', ['a'])).toBe(1);
    // A write's `query` answer is the result header.
    expect(await api.query('UPDATE t SET n = n WHERE k = ?', ['zz'])).toMatchObject({
      affectedRows: 0,
      insertId: 0,
    });
  });

  it('counts a row an upsert left unchanged as found (FOUND_ROWS), so affectedRows cannot tell "inserted" from "there"', async () => {
    const { api } = open(freshDatabase('found'));
    await api.query('CREATE TABLE u (k VARCHAR(20) PRIMARY KEY)');
    const first = await api.update('INSERT INTO u (k) VALUES (?) ON DUPLICATE KEY UPDATE k = k', ['a']);
    const again = await api.update('INSERT INTO u (k) VALUES (?) ON DUPLICATE KEY UPDATE k = k', ['a']);
    expect({ first, again }).toEqual({ first: 1, again: 1 });
  });

  it('pads missing parameters with null and refuses extra ones', async () => {
    const { api } = open(freshDatabase('params'));
    expect(await api.query('SELECT ? AS a, ? AS b', [1])).toEqual([{ a: 1, b: null }]);
    await expect(api.query('SELECT ? AS a', [1, 2])).rejects.toThrow(
      'vote-reward was unable to execute a query!\nQuery: SELECT ? AS a\nExpected 1 parameters, but received 2.',
    );
  });

  it('rejects a failed statement with the query, the parameters and the server message', async () => {
    const { api } = open(freshDatabase('dup'));
    await api.query('CREATE TABLE d (k VARCHAR(20) PRIMARY KEY)');
    await api.query('INSERT INTO d (k) VALUES (?)', ['x']);
    await expect(api.query('INSERT INTO d (k) VALUES (?)', ['x'])).rejects.toThrow(
      /^vote-reward was unable to execute a query!\nQuery: INSERT INTO d \(k\) VALUES \(\?\)\n\["x"\]\nDuplicate entry 'x' for key 'PRIMARY'$/,
    );
  });

  it('never settles a call while the database is down; the store deadline turns it into "unreachable"', async () => {
    const db = await startMariaDb();
    try {
      db.createDatabase('down');
      const fake = open(db.url('down'), 50);
      expect(await fake.api.scalar('SELECT 1', [])).toBe(1);
      await db.kill();
      const raw = fake.api.scalar('SELECT 1', []).then(
        () => 'settled',
        () => 'settled',
      );
      const client = createOxMySqlClient({
        exports: () => ({
          query_async: (sql: unknown, params: unknown) => fake.api.query(sql as string, params as []),
        }),
        setTimeout: (fn, ms) => {
          const timer = setTimeout(fn, ms);
          return () => clearTimeout(timer);
        },
        deadlineMs: 500,
      });
      const error = await client.query('SELECT 1', []).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).kind).toBe('unreachable');
      // The raw oxmysql call is still pending after our deadline fired.
      const state = await Promise.race([raw, Promise.resolve('pending')]);
      expect(state).toBe('pending');
      await db.restart();
      expect(await fake.api.scalar('SELECT 2', [])).toBe(2);
    } finally {
      await db.destroy();
    }
  });
});
