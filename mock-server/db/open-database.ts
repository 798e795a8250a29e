import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { MIGRATIONS } from './schema';
import { usernameKey } from './username';

/** A better-sqlite3 connection. */
export type Db = Database.Database;

/**
 * Opens (and creates if needed) the mock's SQLite database, sets the connection pragmas and runs any
 * migration newer than the file's `user_version`. `name_key(text)` is the username match key, for migrations. `':memory:'` gives a private in-memory database.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  if (path !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.function('name_key', { deterministic: true }, (username) => usernameKey(String(username)));
  migrate(db);
  return db;
}

function migrate(db: Db): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    db.close();
    throw new Error(
      `database schema version ${current} is newer than this mock knows (${MIGRATIONS.length}); use a newer mock or another --db file`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version += 1) {
    const sql = MIGRATIONS[version] as string;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
}
