import { randomUUID } from 'node:crypto';
import type { Db } from './open-database';
import type { RequireServer, StoreOptions } from './store-error';
import { usernameKey } from './username';

const DAY_MS = 86_400_000;

/** Which rule `/vote/check` applies: spec variant B (`unclaimed`, the default) or variant A (`last24h`). */
export type CheckMode = 'unclaimed' | 'last24h';

/** A stored vote. */
export interface VoteRecord {
  /** UUID exposed as `vote_id`. */
  voteId: string;
  /** Server voted for. */
  serverId: number;
  /** Username as typed by the voter (trimmed). */
  username: string;
  /** Voter's IP address, when known. */
  ip: string | null;
  /** Vote time, ms since the epoch. */
  votedAt: number;
  /** Claim time, ms since the epoch, or null while unclaimed. */
  claimedAt: number | null;
}

/** Input of `votes.insert`. */
export interface VoteInput {
  /** Server voted for (must exist). */
  serverId: number;
  /** Username (already validated by the caller); stored trimmed, matched by `usernameKey`. */
  username: string;
  /** Voter's IP address, if known. */
  ip?: string | null;
  /** Vote time in ms; defaults to `now()`. */
  votedAt?: number;
  /** Claim time in ms, not before `votedAt` (seeded history); unclaimed when absent. */
  claimedAt?: number | null;
}

/** Who a vote lookup is about: a username or an IP address. */
export type VoterRef = { username: string; ip?: undefined } | { ip: string; username?: undefined };

/** Filter of `votes.list`. */
export interface VoteFilter {
  /** Only this server's votes. */
  serverId?: number;
  /** Only this player's votes (matched like the API matches usernames). */
  username?: string;
  /** Page size (default 100). */
  limit?: number;
  /** Rows skipped (default 0). */
  offset?: number;
}

/** Votes: recording, the `/vote/check` and `/vote/claim` lookups, listing. */
export interface Votes {
  /** Records a vote. Throws `server_not_found`. */
  insert(input: VoteInput): VoteRecord;
  /** Records several votes in one transaction (all or none). */
  insertMany(inputs: readonly VoteInput[]): VoteRecord[];
  /** Time of the latest vote for a server by a username (matched case-insensitively) or an IP, or null. */
  lastBy(serverId: number, voter: VoterRef): number | null;
  /**
   * The vote `/vote/check` reports: in `unclaimed` mode the oldest unclaimed vote (the one a claim takes);
   * in `last24h` mode the oldest unclaimed vote of the last 24 h, else the latest vote of the last 24 h.
   */
  findCheck(mode: CheckMode, serverId: number, voter: VoterRef): VoteRecord | null;
  /**
   * Atomically claims the player's oldest unclaimed vote (one `UPDATE … RETURNING`); with `mode: 'last24h'`
   * only votes of the last 24 h are claimable. Null when there is none.
   */
  claimOldest(serverId: number, username: string, options?: { mode?: CheckMode }): VoteRecord | null;
  /** Votes matching a filter, oldest first. */
  list(filter?: VoteFilter): VoteRecord[];
  /** A server's latest `limit` votes, newest first (the owner dashboard's table). */
  recent(serverId: number, limit: number): VoteRecord[];
}

interface VoteRow {
  uuid: string;
  server_id: number;
  username: string;
  ip: string | null;
  voted_at: number;
  claimed_at: number | null;
}

const VOTE_COLUMNS = 'uuid, server_id, username, ip, voted_at, claimed_at';

function toVote(row: VoteRow): VoteRecord {
  return {
    voteId: row.uuid,
    serverId: row.server_id,
    username: row.username,
    ip: row.ip,
    votedAt: row.voted_at,
    claimedAt: row.claimed_at,
  };
}

/** Builds the votes part of the store (see `createStore`). */
export function createVotes(db: Db, options: StoreOptions & { requireServer: RequireServer }): Votes {
  const { now, requireServer } = options;
  // Every `… RETURNING` write is run with `.all()`, never `.get()`: `.get()` resets the statement after its first
  // row, before SQLite finishes the step that commits, so the WAL hook never runs its auto-checkpoint and the
  // WAL file grows without bound (1 GB after 20,000 single-vote inserts).

  const insertVoteStmt = db.prepare<
    [string, number, string, string, string | null, number, number | null],
    VoteRow
  >(
    `INSERT INTO votes (uuid, server_id, username, username_key, ip, voted_at, claimed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     RETURNING ${VOTE_COLUMNS}`,
  );
  const lastByUserStmt = db
    .prepare<[number, string], number>(
      'SELECT voted_at FROM votes WHERE server_id = ? AND username_key = ? ORDER BY voted_at DESC LIMIT 1',
    )
    .pluck();
  const lastByIpStmt = db
    .prepare<[number, string], number>(
      'SELECT voted_at FROM votes WHERE server_id = ? AND ip = ? ORDER BY voted_at DESC LIMIT 1',
    )
    .pluck();
  // The parameters of the request-path reads below are written `+?`: SQLite then does not look them up in
  // `sqlite_stat4`, which would make every call (every bind) re-prepare the statement once the file has been
  // `ANALYZE`d (the benchmark datasets are): 15 µs against 4 µs for a check on 1 M votes, same plan and rows.
  const oldestUnclaimedByUserStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes
      WHERE server_id = +? AND username_key = +? AND claimed_at IS NULL AND voted_at > +?
      ORDER BY voted_at, id LIMIT 1`,
  );
  const oldestUnclaimedByIpStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes
      WHERE server_id = +? AND ip = +? AND claimed_at IS NULL AND voted_at > +?
      ORDER BY voted_at, id LIMIT 1`,
  );
  const latestByUserStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = +? AND username_key = +? AND voted_at > +?
      ORDER BY voted_at DESC, id DESC LIMIT 1`,
  );
  const latestByIpStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = +? AND ip = +? AND voted_at > +?
      ORDER BY voted_at DESC, id DESC LIMIT 1`,
  );
  // One statement: the subselect picks the oldest unclaimed vote and the outer `claimed_at IS NULL` makes a
  // second claimer (another connection) update nothing instead of claiming the same vote twice.
  const claimStmt = db.prepare<{ now: number; sid: number; key: string; since: number }, VoteRow>(
    `UPDATE votes SET claimed_at = @now
      WHERE id = (SELECT id FROM votes
                   WHERE server_id = +@sid AND username_key = +@key AND claimed_at IS NULL AND voted_at > +@since
                   ORDER BY voted_at, id LIMIT 1)
        AND claimed_at IS NULL
      RETURNING ${VOTE_COLUMNS}`,
  );
  const votesAllStmt = db.prepare<[number, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes ORDER BY voted_at, id LIMIT ? OFFSET ?`,
  );
  const votesOfServerStmt = db.prepare<[number, number, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = ? ORDER BY voted_at, id LIMIT ? OFFSET ?`,
  );
  const votesOfUserStmt = db.prepare<[string, number, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE username_key = ? ORDER BY voted_at, id LIMIT ? OFFSET ?`,
  );
  const votesOfServerUserStmt = db.prepare<[number, string, number, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = ? AND username_key = ?
      ORDER BY voted_at, id LIMIT ? OFFSET ?`,
  );

  const recentOfServerStmt = db.prepare<[number, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = ? ORDER BY voted_at DESC, id DESC LIMIT ?`,
  );

  function insertVote(input: VoteInput): VoteRecord {
    requireServer(input.serverId);
    const username = input.username.trim();
    const votedAt = input.votedAt ?? now();
    const claimedAt = input.claimedAt ?? null;
    if (claimedAt !== null && claimedAt < votedAt)
      throw new RangeError(`a vote cannot be claimed (${claimedAt}) before it was cast (${votedAt})`);
    return toVote(
      insertVoteStmt.all(
        randomUUID(),
        input.serverId,
        username,
        usernameKey(username),
        input.ip ?? null,
        votedAt,
        claimedAt,
      )[0] as VoteRow,
    );
  }

  return {
    insert: insertVote,

    insertMany(inputs) {
      return db.transaction(() => inputs.map(insertVote))();
    },

    lastBy(serverId, voter) {
      const at =
        voter.username !== undefined
          ? lastByUserStmt.get(serverId, usernameKey(voter.username))
          : lastByIpStmt.get(serverId, voter.ip);
      return at ?? null;
    },

    findCheck(mode, serverId, voter) {
      const since = mode === 'last24h' ? now() - DAY_MS : Number.MIN_SAFE_INTEGER;
      const byUser = voter.username !== undefined;
      const ref = byUser ? usernameKey(voter.username) : voter.ip;
      const oldest = (byUser ? oldestUnclaimedByUserStmt : oldestUnclaimedByIpStmt).get(serverId, ref, since);
      if (oldest) return toVote(oldest);
      if (mode === 'unclaimed') return null;
      const latest = (byUser ? latestByUserStmt : latestByIpStmt).get(serverId, ref, since);
      return latest ? toVote(latest) : null;
    },

    claimOldest(serverId, username, claimOptions = {}) {
      const at = now();
      const since = claimOptions.mode === 'last24h' ? at - DAY_MS : Number.MIN_SAFE_INTEGER;
      const row = claimStmt.all({ now: at, sid: serverId, key: usernameKey(username), since })[0];
      return row ? toVote(row) : null;
    },

    list(filter = {}) {
      const limit = filter.limit ?? 100;
      const offset = filter.offset ?? 0;
      const key = filter.username !== undefined ? usernameKey(filter.username) : undefined;
      let rows: VoteRow[];
      if (filter.serverId !== undefined && key !== undefined) {
        rows = votesOfServerUserStmt.all(filter.serverId, key, limit, offset);
      } else if (filter.serverId !== undefined) {
        rows = votesOfServerStmt.all(filter.serverId, limit, offset);
      } else if (key !== undefined) {
        rows = votesOfUserStmt.all(key, limit, offset);
      } else {
        rows = votesAllStmt.all(limit, offset);
      }
      return rows.map(toVote);
    },

    recent(serverId, limit) {
      return recentOfServerStmt.all(serverId, limit).map(toVote);
    },
  };
}
