import { timingSafeEqual } from 'node:crypto';
import { generateKey, hashKeyBase64, isWellFormedKey, maskKey } from './api-keys';
import type { Db } from './open-database';
import type { RequireServer, StoreOptions } from './store-error';

/** How often at most a key's `last_used_at` is written (ms); reads are hot, writes are not needed that often. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** An API key as shown to its owner: never the secret. */
export interface KeyRecord {
  /** Server the key belongs to. */
  serverId: number;
  /** Public identifier (`live_` + 8 characters), used to revoke. */
  prefix: string;
  /** Masked key, `live_****abcd`. */
  masked: string;
  /** Creation time, ms. */
  createdAt: number;
  /** Last authenticated use, ms (written at most once a minute), or null. */
  lastUsedAt: number | null;
  /** Revocation time, ms, or null while valid. */
  revokedAt: number | null;
}

/** Result of `keys.authenticate`. */
export type AuthResult =
  | { ok: true; serverId: number; prefix: string }
  | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

/** API keys of servers and their authentication. */
export interface Keys {
  /** Generates a key for a server; the clear key is returned only here. Throws `server_not_found`. */
  create(serverId: number): { key: string; prefix: string; masked: string };
  /** Revokes a key by its prefix; returns it (already revoked keys keep their first revocation time), or null. */
  revoke(prefix: string): KeyRecord | null;
  /** A server's keys, oldest first, masked. */
  list(serverId: number): KeyRecord[];
  /**
   * Resolves a presented key to its server, in constant time with respect to the key's content, and counts it as a
   * use (`lastUsedAt`).
   */
  authenticate(key: string): AuthResult;
  /** Resolves a key like `authenticate` without counting a use (the mock checking the demo key it remembers). */
  lookup(key: string): AuthResult;
}

/** The keys part and the hook `createStore` calls when it empties the tables behind the keys' back. */
export interface KeysPart {
  /** The public keys API. */
  keys: Keys;
  /** Drops every cached authenticated key (a commit on this connection does not move `data_version`). */
  forgetAuthenticated(): void;
}

interface KeyRow {
  id: number;
  server_id: number;
  key_hash: Buffer;
  prefix: string;
  suffix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

function toKey(row: KeyRow): KeyRecord {
  return {
    serverId: row.server_id,
    prefix: row.prefix,
    masked: maskKey(row.suffix),
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Builds the keys part of the store (see `createStore`). */
export function createKeys(db: Db, options: StoreOptions & { requireServer: RequireServer }): KeysPart {
  const { now, requireServer } = options;
  const insertKeyStmt = db.prepare<[number, Buffer, string, string, number]>(
    'INSERT INTO api_keys (server_id, key_hash, prefix, suffix, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const keyByHashStmt = db.prepare<[Buffer], KeyRow>('SELECT * FROM api_keys WHERE key_hash = ?');
  const keyByPrefixStmt = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE prefix = ?');
  const keysOfServerStmt = db.prepare<[number], KeyRow>(
    'SELECT * FROM api_keys WHERE server_id = ? ORDER BY created_at, id',
  );
  const dataVersionStmt = db.prepare<[], number>('PRAGMA data_version').pluck();
  const touchKeyStmt = db.prepare<[number, number]>('UPDATE api_keys SET last_used_at = ? WHERE id = ?');
  const revokeKeyStmt = db.prepare<[number, string], KeyRow>(
    'UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE prefix = ? RETURNING *',
  );

  // Keys that authenticated, by SHA-256 (base64): a request then costs a hash and a map lookup, not a query.
  // Emptied whenever keys may have changed: a revocation or reset through this store, or any commit by another
  // connection (`PRAGMA data_version` moves), so a key revoked anywhere is refused on its next request.
  const knownKeys = new Map<string, KeyRow>();
  let knownKeysVersion = -1;

  function cachedKey(digest: string): KeyRow | undefined {
    const version = dataVersionStmt.get() as number;
    if (version !== knownKeysVersion) {
      knownKeys.clear();
      knownKeysVersion = version;
    }
    let row = knownKeys.get(digest);
    if (!row) {
      const hash = Buffer.from(digest, 'base64');
      row = keyByHashStmt.get(hash);
      if (!row || !timingSafeEqual(row.key_hash, hash)) return undefined;
      knownKeys.set(digest, row);
    }
    return row;
  }

  function resolve(key: string): { row: KeyRow } | Extract<AuthResult, { ok: false }> {
    if (!isWellFormedKey(key)) return { ok: false, reason: 'malformed' };
    // The digest as base64 straight from the hash: no Buffer per request (one is built on a cache miss).
    const row = cachedKey(hashKeyBase64(key));
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
    return { row };
  }

  return {
    forgetAuthenticated() {
      knownKeys.clear();
    },
    keys: {
      create(serverId) {
        requireServer(serverId);
        for (;;) {
          const generated = generateKey();
          if (keyByPrefixStmt.get(generated.prefix)) continue;
          insertKeyStmt.run(serverId, generated.hash, generated.prefix, generated.suffix, now());
          return { key: generated.key, prefix: generated.prefix, masked: maskKey(generated.suffix) };
        }
      },

      revoke(prefix) {
        knownKeys.clear();
        const row = revokeKeyStmt.all(now(), prefix)[0];
        return row ? toKey(row) : null;
      },

      list(serverId) {
        return keysOfServerStmt.all(serverId).map(toKey);
      },

      lookup(key) {
        const found = resolve(key);
        return 'row' in found ? { ok: true, serverId: found.row.server_id, prefix: found.row.prefix } : found;
      },

      authenticate(key) {
        const found = resolve(key);
        if (!('row' in found)) return found;
        const { row } = found;
        const at = now();
        if (row.last_used_at === null || at - row.last_used_at >= LAST_USED_WRITE_INTERVAL_MS) {
          touchKeyStmt.run(at, row.id);
          row.last_used_at = at;
        }
        return { ok: true, serverId: row.server_id, prefix: row.prefix };
      },
    },
  };
}
