/**
 * Exactly once across servers: the ownership of each vote, purchase or award in `vote_reward_claims`, keyed by the id
 * the journal already derives. Every write is one statement, and every conditional write is confirmed by reading the
 * row back (never by `affectedRows`, which the driver's FOUND_ROWS flag changes, never by an isolation level).
 *
 * - `reserved`: a server owns the row; nothing irreversible happened. After the lease (by the DATABASE's clock)
 *   another server may take it over (compare-and-set on `owner` and `rev`).
 * - `paying`: the owner is past the point of no return; only the owner moves it (its KVP journal is the write-ahead
 *   log). Never taken over: an owner that never comes back leaves it to an admin.
 * - `needs_admin`: the owner's journal holds it for an admin.
 * - `paid` / `closed`: settled by the owner (paid, or removed without a payout); final.
 */
import { DB_NOW_MS, rowsOf, type Sql } from './sql';

/** A claim row as read back. */
export interface ClaimRow {
  key: string;
  owner: string;
  state: ClaimState;
  rev: number;
  /** True when the lease ran out by the database's clock. */
  expired: boolean;
}

/** Where a claim stands in the network. */
export type ClaimState = 'reserved' | 'paying' | 'needs_admin' | 'paid' | 'closed';

/** The answer of `own`. */
export type Ownership = { owned: true; row: ClaimRow; tookOver: boolean } | { owned: false; row: ClaimRow };

/** The ownership protocol of one server. */
export interface NetworkClaims {
  readonly serverId: string;
  /**
   * Inserts the row as this server's (`reserved`, or `paying` straight away when this server runs the entry at once)
   * or reads its owner; takes over an expired reservation into the same state. Two round trips when the row is new.
   */
  own(key: string, license: string | null, as?: 'reserved' | 'paying'): Promise<Ownership>;
  /** Moves a row this server owns from `row.state` at `row.rev` to `state`; answers the row read back. */
  advance(row: ClaimRow, state: ClaimState): Promise<{ moved: boolean; row: ClaimRow | null }>;
  /** Reads a row. */
  read(key: string): Promise<ClaimRow | null>;
  /** This server's rows in a state (recovery at start). */
  mine(state: ClaimState): Promise<string[]>;
  /** A player's rows on every server, newest first (at most `limit`): `votereward player`. */
  ofLicense(license: string, limit: number): Promise<PlayerClaimRow[]>;
}

/** A player's row as `votereward player` shows it. */
export interface PlayerClaimRow {
  key: string;
  owner: string;
  state: ClaimState;
  /** When it last moved (the database's clock, epoch ms). */
  updatedMs: number;
}

/** Builds the protocol for `serverId` over `sql`. */
export function createNetworkClaims(sql: Sql, serverId: string, leaseMs: number): NetworkClaims {
  const read = async (key: string): Promise<ClaimRow | null> => {
    const rows = rowsOf(
      await sql.query(
        `SELECT claim_key, owner, state, rev, (lease_until < ${DB_NOW_MS}) AS expired FROM vote_reward_claims WHERE claim_key = ?`,
        [key],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    return {
      key: String(row.claim_key),
      owner: String(row.owner),
      state: String(row.state) as ClaimState,
      rev: Number(row.rev),
      expired: row.expired === true || Number(row.expired) === 1,
    };
  };

  const own = async (
    key: string,
    license: string | null,
    as: 'reserved' | 'paying' = 'reserved',
  ): Promise<Ownership> => {
    // `paying` at once is still "owned before any irreversible step": the caller runs the effect only after this
    // write is read back as its own. It gives up the takeover of a server that dies between this write and the
    // effect (a `paying` row is never taken over): that vote waits for its owner's journal or an admin.
    await sql.query(
      `INSERT INTO vote_reward_claims (claim_key, license, owner, state, rev, lease_until, created_ms, updated_ms)
       VALUES (?, ?, ?, ?, 1, ${DB_NOW_MS} + ?, ${DB_NOW_MS}, ${DB_NOW_MS})
       ON DUPLICATE KEY UPDATE claim_key = claim_key`,
      [key, license, serverId, as, leaseMs],
    );
    const row = await read(key);
    if (row === null) throw new Error(`the claim ${key} was not found right after it was written`);
    if (row.owner === serverId) return { owned: true, row, tookOver: false };
    if (row.state !== 'reserved' || !row.expired) return { owned: false, row };
    // Takeover: only a reservation (nothing irreversible done) whose lease ran out by the database's clock.
    await sql.query(
      `UPDATE vote_reward_claims SET owner = ?, state = ?, rev = rev + 1, lease_until = ${DB_NOW_MS} + ?, updated_ms = ${DB_NOW_MS}
       WHERE claim_key = ? AND owner = ? AND rev = ? AND state = 'reserved' AND lease_until < ${DB_NOW_MS}`,
      [serverId, as, leaseMs, key, row.owner, row.rev],
    );
    const after = await read(key);
    if (after === null) throw new Error(`the claim ${key} vanished during a takeover`);
    return after.owner === serverId && after.rev === row.rev + 1
      ? { owned: true, row: after, tookOver: true }
      : { owned: false, row: after };
  };

  const advance = async (row: ClaimRow, state: ClaimState) => {
    await sql.query(
      `UPDATE vote_reward_claims SET state = ?, rev = rev + 1, updated_ms = ${DB_NOW_MS}
       WHERE claim_key = ? AND owner = ? AND rev = ?`,
      [state, row.key, serverId, row.rev],
    );
    const after = await read(row.key);
    const moved =
      after !== null && after.owner === serverId && after.rev === row.rev + 1 && after.state === state;
    return { moved, row: after };
  };

  return {
    serverId,
    own,
    advance,
    read,
    async mine(state) {
      const rows = rowsOf(
        await sql.query('SELECT claim_key FROM vote_reward_claims WHERE owner = ? AND state = ?', [
          serverId,
          state,
        ]),
      );
      return rows.map((row) => String(row.claim_key));
    },
    async ofLicense(license, limit) {
      const rows = rowsOf(
        await sql.query(
          `SELECT claim_key, owner, state, updated_ms FROM vote_reward_claims WHERE license = ? ORDER BY updated_ms DESC, claim_key LIMIT ${Math.max(1, Math.floor(limit))}`,
          [license],
        ),
      );
      return rows.map((row) => ({
        key: String(row.claim_key),
        owner: String(row.owner),
        state: String(row.state) as ClaimState,
        updatedMs: Number(row.updated_ms),
      }));
    },
  };
}
