/**
 * The shared points ledger of a network (`vote_reward_points`): one append-only chain per license. A change reads the
 * chain's head and the key's row in one statement, then inserts the next row (`seq + 1`, `balance_after = head +
 * delta`) with a plain INSERT:
 * - it goes in: applied, once;
 * - it fails on `(license, entry_key)`: the key was applied (by another server, or by an earlier try whose answer was
 *   lost): the row read back answers, as the KVP ledger does (same amount and sign: the first result; another: conflict);
 * - it fails on `(license, seq)`: another server appended first: read again and retry (bounded).
 * A duplicate is classified by reading back, never by `affectedRows` or INSERT IGNORE; no isolation level is relied on:
 * a head read too early finds its `seq` taken. A spend goes in only when the balance stays ≥ 0; a credit is capped at
 * `points.cap` (the part above recorded as asked, as the KVP ledger does). The balance is the head: never cached.
 *
 * An unknown outcome (the database went away mid-INSERT; the statement may still land later) is settled by
 * {@link PointsChain.settle}: it appends a fence row after the head, so a late INSERT, which holds a `seq` at or below
 * the fence's, can never go in; the key's row then says for good whether it was applied.
 */
import { createHash } from 'node:crypto';
import { MAX_POINTS_BALANCE } from '../config/points-schema';
import type { PointsChange, PointsEntry, PointsResult } from '../points/types';
import { classify, DB_NOW_MS, rowsOf, type Sql, StoreError } from './sql';

/** Tries of one change against servers appending at the same time (each try lost is another server's progress). */
export const CHAIN_ATTEMPTS = 64;
/** Entries `entries` answers at most. */
export const CHAIN_SHOWN = 20;

/** One row of a chain. */
export interface ChainRow {
  seq: number;
  key: string;
  delta: number;
  asked: number;
  balance: number;
  reason: string;
  serverId: string;
  at: number;
}

/** A change as the chain takes it (validated by the caller: a whole, non-zero, bounded amount and a stored key). */
export type ChainChange = PointsChange & { beyondCap?: boolean };

/** The chain of every license on one database, as one server sees it. */
export interface PointsChain {
  readonly serverId: string;
  /** The balance (the head's `balance_after`, 0 for no row) and the head's `seq`. */
  head(license: string): Promise<{ seq: number; balance: number }>;
  /** The row of `key`, or null. */
  find(license: string, key: string): Promise<ChainRow | null>;
  /** The newest rows, oldest first (at most {@link CHAIN_SHOWN}). */
  entries(license: string): Promise<ChainRow[]>;
  /** Applies a change once per key (see the file's note); throws a `StoreError` when the database fails. */
  apply(license: string, change: ChainChange): Promise<PointsResult>;
  /** Decides for good whether `key` was applied: fences the chain (see the file's note), then reads the key. */
  settle(license: string, key: string): Promise<boolean>;
}

/** What the chain is built from. */
export interface PointsChainOptions {
  sql: Sql;
  serverId: string;
  /** `points.cap`; the ledger's own ceiling when left out. */
  cap?: number;
  /** Hears about each change applied by this server. */
  onChange?(license: string, entry: PointsEntry, balance: number): void;
}

/** The column value of a key: the key itself when short printable ASCII, else `#` and its SHA-256 (hex). */
export function storedKeyOf(key: string): string {
  return /^[\x20-\x7e]{1,191}$/.test(key) && !key.startsWith('#')
    ? key
    : `#${createHash('sha256').update(key, 'utf8').digest('hex')}`;
}

/** The fence row's key of `key` (see {@link PointsChain.settle}). */
export const fenceKeyOf = (key: string): string => `fence:${key}`;

const COLUMNS = 'seq, key_text, delta, asked, balance_after, reason, server_id, created_ms';

function rowOf(row: Record<string, unknown>): ChainRow {
  return {
    seq: Number(row.seq),
    key: String(row.key_text),
    delta: Number(row.delta),
    asked: Number(row.asked),
    balance: Number(row.balance_after),
    reason: String(row.reason),
    serverId: String(row.server_id),
    at: Number(row.created_ms),
  };
}

/** Builds the chain over `sql` for server `serverId`. */
export function createPointsChain(options: PointsChainOptions): PointsChain {
  const { sql, serverId } = options;
  const ceiling = Math.min(options.cap ?? MAX_POINTS_BALANCE, MAX_POINTS_BALANCE);

  /** The key's row and the head, in one round trip. */
  const look = async (license: string, key: string) => {
    const rows = rowsOf(
      await sql.query(
        `(SELECT 'key' AS what, ${COLUMNS} FROM vote_reward_points WHERE license = ? AND entry_key = ?)
         UNION ALL
         (SELECT 'head' AS what, ${COLUMNS} FROM vote_reward_points WHERE license = ? ORDER BY seq DESC LIMIT 1)`,
        [license, storedKeyOf(key), license],
      ),
    );
    const found = rows.find((row) => row.what === 'key');
    const top = rows.find((row) => row.what === 'head');
    return {
      found: found ? rowOf(found) : null,
      head: top ? { seq: Number(top.seq), balance: Number(top.balance_after) } : { seq: 0, balance: 0 },
    };
  };

  /** Inserts a row at `seq`; answers false on a duplicate (of either key), throws on any other failure. */
  const append = async (
    license: string,
    seq: number,
    row: { key: string; delta: number; asked: number; balance: number; reason: string },
  ): Promise<boolean> => {
    try {
      await sql.query(
        `INSERT INTO vote_reward_points
           (license, seq, entry_key, key_text, delta, asked, balance_after, reason, server_id, created_ms)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ${DB_NOW_MS})`,
        [
          license,
          seq,
          storedKeyOf(row.key),
          row.key,
          row.delta,
          row.asked,
          row.balance,
          row.reason.slice(0, 200),
          serverId,
        ],
      );
      return true;
    } catch (error) {
      const failure = classify(error);
      if (failure.kind === 'duplicate') return false;
      throw failure;
    }
  };

  const kept = () =>
    new StoreError(
      'failed',
      `the points of this license kept moving on other servers (${CHAIN_ATTEMPTS} tries): try again`,
    );

  return {
    serverId,
    async head(license) {
      return (await look(license, '')).head;
    },
    async find(license, key) {
      return (await look(license, key)).found;
    },
    async entries(license) {
      const rows = rowsOf(
        await sql.query(
          `SELECT ${COLUMNS} FROM vote_reward_points WHERE license = ? ORDER BY seq DESC LIMIT ${CHAIN_SHOWN}`,
          [license],
        ),
      );
      return rows.map(rowOf).reverse();
    },
    async apply(license, change) {
      for (let attempt = 0; attempt < CHAIN_ATTEMPTS; attempt += 1) {
        const { found, head } = await look(license, change.key);
        if (found) {
          // The key is bound to what it asked: the same change answers as before, another is a conflict.
          if (found.asked !== change.delta) return { ok: false, code: 'key_conflict', balance: head.balance };
          return { ok: true, balance: head.balance, applied: false, credited: found.delta };
        }
        if (head.balance + change.delta < 0)
          return { ok: false, code: 'insufficient_points', balance: head.balance };
        const top = change.beyondCap ? MAX_POINTS_BALANCE : ceiling;
        // A credit above the cap is credited up to it (0 at the cap, still recorded so the key is remembered).
        const delta =
          change.delta > 0 ? Math.max(0, Math.min(change.delta, top - head.balance)) : change.delta;
        const balance = head.balance + delta;
        const reason = String(change.reason ?? '');
        if (
          await append(license, head.seq + 1, {
            key: change.key,
            delta,
            asked: change.delta,
            balance,
            reason,
          })
        ) {
          const entry: PointsEntry = {
            key: change.key,
            delta,
            ...(delta !== change.delta ? { asked: change.delta } : {}),
            reason: reason.slice(0, 200),
            at: Date.now(),
          };
          options.onChange?.(license, entry, balance);
          return { ok: true, balance, applied: true, credited: delta };
        }
        // A duplicate: the key's row or another server's append; the next look tells which.
      }
      throw kept();
    },
    async settle(license, key) {
      for (let attempt = 0; attempt < CHAIN_ATTEMPTS; attempt += 1) {
        const { found, head } = await look(license, key);
        if (found) return true;
        const fence = await look(license, fenceKeyOf(key));
        // Fenced before: the key's row, read after the fence, is the answer for good.
        if (fence.found) return (await look(license, key)).found !== null;
        const row = { key: fenceKeyOf(key), delta: 0, asked: 0, balance: head.balance, reason: 'fence' };
        if (await append(license, head.seq + 1, row)) return (await look(license, key)).found !== null;
      }
      throw kept();
    },
  };
}
