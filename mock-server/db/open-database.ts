import { mkdirSync, statSync } from 'node:fs';
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
  let db: Db | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    db = new Database(path);
    if (path !== ':memory:') db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    db.function('name_key', { deterministic: true }, (username) => usernameKey(String(username)));
  } catch (error) {
    db?.close();
    throw new DatabaseFileError(path, error);
  }
  try {
    migrate(db);
  } catch (error) {
    if (db.open) db.close();
    throw error;
  }
  return db;
}

/** The database file cannot be used; the message names the file and why. */
export class DatabaseFileError extends Error {
  /** The path given. */
  readonly path: string;

  constructor(path: string, cause: unknown) {
    super(
      `cannot use ${path} as the mock's database: ${reasonOf(path, cause)}; pick another file with --db (or --db :memory:)`,
    );
    this.name = 'DatabaseFileError';
    this.path = path;
    this.cause = cause;
  }
}

function reasonOf(path: string, cause: unknown): string {
  const code = (cause as { code?: string }).code ?? '';
  try {
    if (statSync(path).isDirectory()) return 'it is a directory';
  } catch {
    // a path that does not exist yet is the usual case; the error code below says the rest
  }
  if (code === 'SQLITE_NOTADB') return 'it is not an SQLite database';
  if (code === 'ENOTDIR' || code === 'EEXIST') return `a part of ${dirname(path)} is a file, not a folder`;
  if (code === 'EACCES' || code === 'EPERM' || code === 'SQLITE_READONLY' || code === 'SQLITE_PERM')
    return 'permission denied';
  if (code === 'SQLITE_CANTOPEN') return 'SQLite cannot open it (check its folder exists and is writable)';
  return (cause as Error).message ?? String(cause);
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
