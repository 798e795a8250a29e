import { randomUUID, timingSafeEqual } from 'node:crypto';
import { generateKey, hashKey, isWellFormedKey, maskKey } from './api-keys';
import type { Db } from './open-database';
import { usernameKey } from './username';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** How often at most a key's `last_used_at` is written (ms); reads are hot, writes are not needed that often. */
export const LAST_USED_WRITE_INTERVAL_MS = 60_000;

/** Which rule `/vote/check` applies: spec variant B (`unclaimed`, the default) or variant A (`last24h`). */
export type CheckMode = 'unclaimed' | 'last24h';

/** Fields an owner sets on a server. */
export interface ServerFields {
  /** Display name. */
  name: string;
  /** Game identifier, a lowercase word (`fivem`). */
  game: string;
  /** Host name or address of the game server. */
  ip: string;
  /** Port of the game server. */
  port: number;
  /** Free text shown on the server page. */
  description: string;
  /** Premium listing. */
  isPremium: boolean;
  /** Verified by the listing. */
  isVerified: boolean;
  /** Followers on the listing. */
  followersCount: number;
  /** Players online now (badge, pages). */
  playersOnline: number;
  /** Player slots (badge, pages). */
  playersMax: number;
}

/** Input of `createServer`: name and game are required, the rest has defaults. */
export type ServerInput = Pick<ServerFields, 'name' | 'game'> & Partial<ServerFields>;

/** A stored server. */
export interface ServerRecord extends ServerFields {
  /** Integer id, used in URLs and the badge. */
  id: number;
  /** Creation time, ms since the epoch; the last ranking tie-break (older first). */
  createdAt: number;
}

/** Vote counters and rank of one server at a given time. */
export interface ServerStats {
  /** All votes ever. */
  votesTotal: number;
  /** Votes in the current calendar month (UTC). */
  votesMonthly: number;
  /** Votes in the rolling last 24 hours. */
  votes24h: number;
  /** Votes in the rolling last 7 days. */
  votes7d: number;
  /** 1-based position among all servers by monthly votes, then total votes, then age; never shared. */
  rank: number;
}

/** A server row of the leaderboard. */
export interface RankedServer extends ServerRecord {
  /** 1-based rank (see `ServerStats.rank`). */
  rank: number;
  /** All votes ever. */
  votesTotal: number;
  /** Votes in the current calendar month (UTC). */
  votesMonthly: number;
}

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

/** Input of `insertVote`. */
export interface VoteInput {
  /** Server voted for (must exist). */
  serverId: number;
  /** Username (already validated by the caller); stored trimmed, matched by `usernameKey`. */
  username: string;
  /** Voter's IP address, if known. */
  ip?: string | null;
  /** Vote time in ms; defaults to `now()`. */
  votedAt?: number;
}

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

/** Result of `authenticate`. */
export type AuthResult =
  | { ok: true; serverId: number; prefix: string }
  | { ok: false; reason: 'malformed' | 'unknown' | 'revoked' };

/** Who a vote lookup is about: a username or an IP address. */
export type VoterRef = { username: string; ip?: undefined } | { ip: string; username?: undefined };

/** Filter of `listVotes`. */
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

/** Error thrown by the store for a reference to something that does not exist. */
export class StoreError extends Error {
  /** snake_case code, e.g. `server_not_found`. */
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'StoreError';
    this.code = code;
  }
}

/** Options of `createStore`. */
export interface StoreOptions {
  /** Clock in ms since the epoch; every time-dependent query reads it. */
  now: () => number;
}

/** Typed access to the mock's data; every method is one or a few prepared statements. */
export interface Store {
  /** The underlying connection (for benchmarks and tests). */
  readonly db: Db;
  /** Creates a server and returns it. */
  createServer(input: ServerInput): ServerRecord;
  /** Changes the given fields of a server; null when the server does not exist. */
  updateServer(id: number, patch: Partial<ServerFields>): ServerRecord | null;
  /** One server, or null. */
  getServer(id: number): ServerRecord | null;
  /** Counters and rank of a server at `now()`, or null when it does not exist. */
  getServerStats(id: number): ServerStats | null;
  /** A server with its counters and rank at `now()`, read by one statement; null when it does not exist. */
  getServerWithStats(id: number): { server: ServerRecord; stats: ServerStats } | null;
  /** Number of servers. */
  countServers(): number;
  /** Servers in rank order, with their rank and counters. */
  listServersRanked(page?: { limit?: number; offset?: number }): RankedServer[];
  /** Generates a key for a server; the clear key is returned only here. Throws `server_not_found`. */
  createKey(serverId: number): { key: string; prefix: string; masked: string };
  /** Revokes a key by its prefix; returns it (already revoked keys keep their first revocation time), or null. */
  revokeKey(prefix: string): KeyRecord | null;
  /** A server's keys, oldest first, masked. */
  listKeys(serverId: number): KeyRecord[];
  /** Resolves a presented key to its server, in constant time with respect to the key's content. */
  authenticate(key: string): AuthResult;
  /** Records a vote. Throws `server_not_found`. */
  insertVote(input: VoteInput): VoteRecord;
  /** Records several votes in one transaction (all or none). */
  insertVotes(inputs: readonly VoteInput[]): VoteRecord[];
  /** Time of the latest vote for a server by a username (matched case-insensitively) or an IP, or null. */
  lastVoteBy(serverId: number, voter: VoterRef): number | null;
  /**
   * The vote `/vote/check` reports: in `unclaimed` mode the oldest unclaimed vote (the one a claim takes);
   * in `last24h` mode the oldest unclaimed vote of the last 24 h, else the latest vote of the last 24 h.
   */
  findCheckVote(mode: CheckMode, serverId: number, voter: VoterRef): VoteRecord | null;
  /**
   * Atomically claims the player's oldest unclaimed vote (one `UPDATE … RETURNING`); with `mode: 'last24h'`
   * only votes of the last 24 h are claimable. Null when there is none.
   */
  claimOldest(serverId: number, username: string, options?: { mode?: CheckMode }): VoteRecord | null;
  /** Votes matching a filter, oldest first. */
  listVotes(filter?: VoteFilter): VoteRecord[];
  /** Empties every table. */
  reset(): void;
}

interface ServerRow {
  id: number;
  name: string;
  game: string;
  ip: string;
  port: number;
  description: string;
  is_premium: number;
  is_verified: number;
  followers_count: number;
  players_online: number;
  players_max: number;
  created_at: number;
  votes_total: number;
  rank_month_votes: number;
}

interface VoteRow {
  uuid: string;
  server_id: number;
  username: string;
  ip: string | null;
  voted_at: number;
  claimed_at: number | null;
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

const SERVER_COLUMNS: Record<keyof ServerFields, string> = {
  name: 'name',
  game: 'game',
  ip: 'ip',
  port: 'port',
  description: 'description',
  isPremium: 'is_premium',
  isVerified: 'is_verified',
  followersCount: 'followers_count',
  playersOnline: 'players_online',
  playersMax: 'players_max',
};

const SERVER_DEFAULTS: Omit<ServerFields, 'name' | 'game'> = {
  ip: '',
  port: 30120,
  description: '',
  isPremium: false,
  isVerified: false,
  followersCount: 0,
  playersOnline: 0,
  playersMax: 0,
};

const VOTE_COLUMNS = 'uuid, server_id, username, ip, voted_at, claimed_at';

/** The calendar month (UTC) of a time, as `YYYY-MM`. */
export function monthKey(ms: number): string {
  return new Date(ms).toISOString().slice(0, 7);
}

function toServer(row: ServerRow): ServerRecord {
  return {
    id: row.id,
    name: row.name,
    game: row.game,
    ip: row.ip,
    port: row.port,
    description: row.description,
    isPremium: row.is_premium === 1,
    isVerified: row.is_verified === 1,
    followersCount: row.followers_count,
    playersOnline: row.players_online,
    playersMax: row.players_max,
    createdAt: row.created_at,
  };
}

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

function toSqlValue(value: ServerFields[keyof ServerFields]): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** Builds the store over an open database (see `openDatabase`). */
export function createStore(db: Db, options: StoreOptions): Store {
  const { now } = options;
  // Every `… RETURNING` write is run with `.all()`, never `.get()`: `.get()` resets the statement after its first
  // row, before SQLite finishes the step that commits, so the WAL hook never runs its auto-checkpoint and the
  // WAL file grows without bound (1 GB after 20,000 single-vote inserts).

  const insertServerStmt = db.prepare<Record<string, string | number>, ServerRow>(
    `INSERT INTO servers (name, game, ip, port, description, is_premium, is_verified, followers_count,
       players_online, players_max, created_at)
     VALUES (@name, @game, @ip, @port, @description, @is_premium, @is_verified, @followers_count,
       @players_online, @players_max, @created_at)
     RETURNING *`,
  );
  const getServerStmt = db.prepare<[number], ServerRow>('SELECT * FROM servers WHERE id = ?');
  const countServersStmt = db.prepare<[], number>('SELECT count(*) FROM servers').pluck();
  const updateStatements = new Map<
    string,
    ReturnType<typeof db.prepare<Record<string, unknown>, ServerRow>>
  >();

  const getRankMonthStmt = db.prepare<[], string>('SELECT month FROM rank_state WHERE id = 1').pluck();
  const setRankMonthStmt = db.prepare<[string]>('UPDATE rank_state SET month = ? WHERE id = 1');
  const refreshRankVotesStmt = db.prepare<{ month: string }>(
    `UPDATE servers SET rank_month_votes = coalesce(
       (SELECT votes FROM server_month_votes WHERE server_id = servers.id AND month = @month), 0)`,
  );
  // Rolling window counts: whole hours after the one holding the window start come from the hour counters,
  // the rest of that hour from the votes index, so the cost never grows with the window's votes.
  const windowCount = (edge: string) =>
    `(SELECT coalesce(sum(votes), 0) FROM server_hour_votes WHERE server_id = s.id AND hour > @hour${edge})
       + (SELECT count(*) FROM votes
           WHERE server_id = s.id AND voted_at > @since${edge} AND voted_at < (@hour${edge} + 1) * ${HOUR_MS})`;
  // Everything /vote/count and /server/info need in one statement (each statement opens a read transaction).
  const statsStmt = db.prepare<
    { id: number; since24: number; hour24: number; since7: number; hour7: number },
    ServerRow & { rank: number; votes_24h: number; votes_7d: number }
  >(
    `SELECT s.*,
       1 + (SELECT count(*) FROM servers WHERE rank_month_votes > s.rank_month_votes)
         + (SELECT count(*) FROM servers WHERE rank_month_votes = s.rank_month_votes AND votes_total > s.votes_total)
         + (SELECT count(*) FROM servers WHERE rank_month_votes = s.rank_month_votes
             AND votes_total = s.votes_total AND created_at < s.created_at)
         + (SELECT count(*) FROM servers WHERE rank_month_votes = s.rank_month_votes
             AND votes_total = s.votes_total AND created_at = s.created_at AND id < s.id) AS rank,
       ${windowCount('24')} AS votes_24h,
       ${windowCount('7')} AS votes_7d
     FROM servers s WHERE s.id = @id`,
  );
  const rankedPageStmt = db.prepare<[number, number], ServerRow>(
    `SELECT * FROM servers ORDER BY rank_month_votes DESC, votes_total DESC, created_at, id LIMIT ? OFFSET ?`,
  );

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

  const insertVoteStmt = db.prepare<[string, number, string, string, string | null, number], VoteRow>(
    `INSERT INTO votes (uuid, server_id, username, username_key, ip, voted_at) VALUES (?, ?, ?, ?, ?, ?)
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
  const oldestUnclaimedByUserStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes
      WHERE server_id = ? AND username_key = ? AND claimed_at IS NULL AND voted_at > ?
      ORDER BY voted_at, id LIMIT 1`,
  );
  const oldestUnclaimedByIpStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes
      WHERE server_id = ? AND ip = ? AND claimed_at IS NULL AND voted_at > ?
      ORDER BY voted_at, id LIMIT 1`,
  );
  const latestByUserStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = ? AND username_key = ? AND voted_at > ?
      ORDER BY voted_at DESC, id DESC LIMIT 1`,
  );
  const latestByIpStmt = db.prepare<[number, string, number], VoteRow>(
    `SELECT ${VOTE_COLUMNS} FROM votes WHERE server_id = ? AND ip = ? AND voted_at > ?
      ORDER BY voted_at DESC, id DESC LIMIT 1`,
  );
  // One statement: the subselect picks the oldest unclaimed vote and the outer `claimed_at IS NULL` makes a
  // second claimer (another connection) update nothing instead of claiming the same vote twice.
  const claimStmt = db.prepare<{ now: number; sid: number; key: string; since: number }, VoteRow>(
    `UPDATE votes SET claimed_at = @now
      WHERE id = (SELECT id FROM votes
                   WHERE server_id = @sid AND username_key = @key AND claimed_at IS NULL AND voted_at > @since
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

  // Keys that authenticated, by SHA-256 (base64): a request then costs a hash and a map lookup, not a query.
  // Emptied whenever keys may have changed: a revocation or reset through this store, or any commit by another
  // connection (`PRAGMA data_version` moves), so a key revoked anywhere is refused on its next request.
  const knownKeys = new Map<string, KeyRow>();
  let knownKeysVersion = -1;

  function cachedKey(digest: string, hash: Buffer): KeyRow | undefined {
    const version = dataVersionStmt.get() as number;
    if (version !== knownKeysVersion) {
      knownKeys.clear();
      knownKeysVersion = version;
    }
    let row = knownKeys.get(digest);
    if (!row) {
      row = keyByHashStmt.get(hash);
      if (!row || !timingSafeEqual(row.key_hash, hash)) return undefined;
      knownKeys.set(digest, row);
    }
    return row;
  }

  let syncedRankMonth: string | null = null;
  /** Makes `servers.rank_month_votes` describe the month of `now()`; rewrites it once per month change. */
  function syncRankMonth(): void {
    const month = monthKey(now());
    if (syncedRankMonth === month) return;
    if (getRankMonthStmt.get() !== month) {
      db.transaction(() => {
        setRankMonthStmt.run(month);
        refreshRankVotesStmt.run({ month });
      })();
    }
    syncedRankMonth = month;
  }

  function requireServer(id: number): void {
    if (!getServerStmt.get(id)) throw new StoreError('server_not_found', `server ${id} does not exist`);
  }

  function insertVote(input: VoteInput): VoteRecord {
    requireServer(input.serverId);
    const username = input.username.trim();
    return toVote(
      insertVoteStmt.all(
        randomUUID(),
        input.serverId,
        username,
        usernameKey(username),
        input.ip ?? null,
        input.votedAt ?? now(),
      )[0] as VoteRow,
    );
  }

  return {
    db,

    createServer(input) {
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const fields = { ...SERVER_DEFAULTS, ...given } as ServerFields;
      const params: Record<string, string | number> = { created_at: now() };
      for (const [field, column] of Object.entries(SERVER_COLUMNS)) {
        params[column] = toSqlValue(fields[field as keyof ServerFields]);
      }
      return toServer(insertServerStmt.all(params)[0] as ServerRow);
    },

    updateServer(id, patch) {
      const fields = (Object.keys(SERVER_COLUMNS) as (keyof ServerFields)[]).filter(
        (f) => patch[f] !== undefined,
      );
      if (fields.length === 0) return this.getServer(id);
      const signature = fields.join(',');
      let stmt = updateStatements.get(signature);
      if (!stmt) {
        const sets = fields.map((f) => `${SERVER_COLUMNS[f]} = @${SERVER_COLUMNS[f]}`).join(', ');
        stmt = db.prepare<Record<string, unknown>, ServerRow>(
          `UPDATE servers SET ${sets} WHERE id = @id RETURNING *`,
        );
        updateStatements.set(signature, stmt);
      }
      const params: Record<string, unknown> = { id };
      for (const f of fields) params[SERVER_COLUMNS[f]] = toSqlValue(patch[f] as ServerFields[typeof f]);
      const row = stmt.all(params)[0];
      return row ? toServer(row) : null;
    },

    getServer(id) {
      const row = getServerStmt.get(id);
      return row ? toServer(row) : null;
    },

    getServerStats(id) {
      return this.getServerWithStats(id)?.stats ?? null;
    },

    getServerWithStats(id) {
      syncRankMonth();
      const at = now();
      const since24 = at - DAY_MS;
      const since7 = at - 7 * DAY_MS;
      const row = statsStmt.get({
        id,
        since24,
        hour24: Math.floor(since24 / HOUR_MS),
        since7,
        hour7: Math.floor(since7 / HOUR_MS),
      });
      if (!row) return null;
      return {
        server: toServer(row),
        stats: {
          votesTotal: row.votes_total,
          votesMonthly: row.rank_month_votes,
          votes24h: row.votes_24h,
          votes7d: row.votes_7d,
          rank: row.rank,
        },
      };
    },

    countServers() {
      return countServersStmt.get() as number;
    },

    listServersRanked(page = {}) {
      syncRankMonth();
      const limit = page.limit ?? 100;
      const offset = page.offset ?? 0;
      return rankedPageStmt.all(limit, offset).map((row, index) => ({
        ...toServer(row),
        rank: offset + index + 1,
        votesTotal: row.votes_total,
        votesMonthly: row.rank_month_votes,
      }));
    },

    createKey(serverId) {
      requireServer(serverId);
      for (;;) {
        const generated = generateKey();
        if (keyByPrefixStmt.get(generated.prefix)) continue;
        insertKeyStmt.run(serverId, generated.hash, generated.prefix, generated.suffix, now());
        return { key: generated.key, prefix: generated.prefix, masked: maskKey(generated.suffix) };
      }
    },

    revokeKey(prefix) {
      knownKeys.clear();
      const row = revokeKeyStmt.all(now(), prefix)[0];
      return row ? toKey(row) : null;
    },

    listKeys(serverId) {
      return keysOfServerStmt.all(serverId).map(toKey);
    },

    authenticate(key) {
      if (!isWellFormedKey(key)) return { ok: false, reason: 'malformed' };
      const hash = hashKey(key);
      const row = cachedKey(hash.toString('base64'), hash);
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
      const at = now();
      if (row.last_used_at === null || at - row.last_used_at >= LAST_USED_WRITE_INTERVAL_MS) {
        touchKeyStmt.run(at, row.id);
        row.last_used_at = at;
      }
      return { ok: true, serverId: row.server_id, prefix: row.prefix };
    },

    insertVote,

    insertVotes(inputs) {
      return db.transaction(() => inputs.map(insertVote))();
    },

    lastVoteBy(serverId, voter) {
      const at =
        voter.username !== undefined
          ? lastByUserStmt.get(serverId, usernameKey(voter.username))
          : lastByIpStmt.get(serverId, voter.ip);
      return at ?? null;
    },

    findCheckVote(mode, serverId, voter) {
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

    listVotes(filter = {}) {
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

    reset() {
      knownKeys.clear();
      db.transaction(() => {
        db.exec(
          'DELETE FROM votes; DELETE FROM server_month_votes; DELETE FROM server_hour_votes; DELETE FROM api_keys; DELETE FROM servers;',
        );
      })();
    },
  };
}
