/**
 * The mock's database driver as the mock uses it. On the host this runs against better-sqlite3; in `npm test`'s Node 22
 * pass (test/run.mjs) `better-sqlite3` is test/node22-sqlite.ts over `node:sqlite`, and the same assertions hold it to
 * better-sqlite3's answers: rows, BLOBs, parameters, pluck/raw, pragmas, transactions, error codes.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, DatabaseFileError, type Db, openDatabase, usernameKey } from '../../mock-server/db';
import { MIGRATIONS } from '../../mock-server/db/schema';

let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
});

function scratch(): Db {
  db = openDatabase(':memory:');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, data BLOB, n INTEGER)');
  return db;
}

describe('the database driver under the mock', () => {
  it('opens a migrated database with the pragmas and the name_key function set', () => {
    const d = openDatabase(':memory:');
    db = d;
    expect(d.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
    expect(d.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(d.pragma('foreign_keys')).toEqual([{ foreign_keys: 1 }]);
    expect(d.prepare('SELECT name_key(?) AS k').get('Ｓｔｅｖｅ')).toEqual({ k: usernameKey('Ｓｔｅｖｅ') });
    expect(d.open).toBe(true);
    d.close();
    expect(d.open).toBe(false);
    db = null;
  });

  it('runs, gets and lists rows as plain objects, BLOBs as Buffers, with positional, array and named parameters', () => {
    const d = scratch();
    const insert = d.prepare('INSERT INTO t (name, data, n) VALUES (?, ?, ?)');
    expect(insert.run('a', Buffer.from([1, 2, 3]), 7)).toEqual({ changes: 1, lastInsertRowid: 1 });
    expect(insert.run(['b', null, 8])).toEqual({ changes: 1, lastInsertRowid: 2 });
    const named = d.prepare('INSERT INTO t (name, n) VALUES (@name, @n)');
    expect(named.run({ name: 'c', n: 9 }).lastInsertRowid).toBe(3);

    const row = d.prepare('SELECT * FROM t WHERE name = ?').get('a') as Record<string, unknown>;
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(row).toEqual({ id: 1, name: 'a', data: Buffer.from([1, 2, 3]), n: 7 });
    expect(Buffer.isBuffer(row.data)).toBe(true);
    expect(d.prepare('SELECT * FROM t WHERE name = ?').get('zzz')).toBeUndefined();
    expect(d.prepare('SELECT name FROM t WHERE n >= :min ORDER BY n').all({ min: 8 })).toEqual([
      { name: 'b' },
      { name: 'c' },
    ]);
    expect(d.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toEqual(['a', 'b', 'c']);
    expect(d.prepare('SELECT count(*) FROM t').pluck().get()).toBe(3);
    expect(d.prepare('SELECT id, name FROM t ORDER BY id').raw().all()).toEqual([
      [1, 'a'],
      [2, 'b'],
      [3, 'c'],
    ]);
    expect([...d.prepare('SELECT n FROM t ORDER BY n DESC').pluck().iterate()]).toEqual([9, 8, 7]);
    expect(d.prepare('UPDATE t SET n = n + 1').run().changes).toBe(3);
  });

  it('commits a transaction, rolls back one that throws, and rolls back only the inner one of two', () => {
    const d = scratch();
    const insert = d.prepare('INSERT INTO t (name) VALUES (?)');
    const names = () => d.prepare('SELECT name FROM t ORDER BY id').pluck().all();

    expect(
      d.transaction((a: string, b: string) => [insert.run(a).changes, insert.run(b).changes])('a', 'b'),
    ).toEqual([1, 1]);
    expect(() =>
      d.transaction(() => {
        expect(d.inTransaction).toBe(true);
        insert.run('c');
        throw new Error('no');
      })(),
    ).toThrow('no');
    expect(d.inTransaction).toBe(false);
    expect(names()).toEqual(['a', 'b']);

    d.transaction(() => {
      insert.run('d');
      expect(() =>
        d.transaction(() => {
          insert.run('e');
          insert.run('a'); // UNIQUE: the inner transaction fails
        })(),
      ).toThrow();
      insert.run('f');
    })();
    expect(names()).toEqual(['a', 'b', 'd', 'f']);
  });

  it("names a constraint broken by SQLite's code, and a file that is not a database as such", () => {
    const d = scratch();
    d.prepare('INSERT INTO t (name) VALUES (?)').run('a');
    let code: unknown;
    try {
      d.prepare('INSERT INTO t (name) VALUES (?)').run('a');
    } catch (error) {
      code = (error as { code?: unknown }).code;
    }
    expect(code).toBe('SQLITE_CONSTRAINT_UNIQUE');

    const dir = mkdtempSync(join(tmpdir(), 'vr-sqlite-driver-'));
    try {
      const file = join(dir, 'not-a-database.sqlite');
      writeFileSync(file, 'this is plain text, long enough to be read as a broken SQLite header............');
      expect(() => openDatabase(file)).toThrow(DatabaseFileError);
      expect(() => openDatabase(file)).toThrow(/it is not an SQLite database/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a file database in WAL mode and holds the store: keys found again by their hash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vr-sqlite-driver-'));
    try {
      const d = openDatabase(join(dir, 'mock.sqlite'));
      db = d;
      expect(d.pragma('journal_mode', { simple: true })).toBe('wal');
      const store = createStore(d, { now: () => Date.UTC(2026, 0, 1) });
      const server = store.servers.create({ name: 'Driver RP', game: 'fivem' });
      const { key } = store.keys.create(server.id);
      expect(store.keys.authenticate(key)).toMatchObject({ ok: true, serverId: server.id });
      expect(store.keys.authenticate(`${key.slice(0, -1)}x`)).toMatchObject({ ok: false });
    } finally {
      db?.close();
      db = null;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
