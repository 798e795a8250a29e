import type { Db } from './open-database';
import { BLOCK_DAYS } from './schema';
import type { StoreOptions } from './store-error';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

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

/** Input of `servers.create`: name and game are required, the rest has defaults. */
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

/** Servers, their ranking and their vote counters. */
export interface Servers {
  /** Creates a server and returns it. */
  create(input: ServerInput): ServerRecord;
  /** Changes the given fields of a server; null when the server does not exist. */
  update(id: number, patch: Partial<ServerFields>): ServerRecord | null;
  /** One server, or null. */
  get(id: number): ServerRecord | null;
  /** A server with its counters and rank at `now()`, read in one read transaction; null when it does not exist. */
  getWithStats(id: number): { server: ServerRecord; stats: ServerStats } | null;
  /** Number of servers. */
  count(): number;
  /** Servers in rank order, with their rank and counters. */
  listRanked(page?: { limit?: number; offset?: number }): RankedServer[];
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

/** One row of the stats statement, in its column order (see `getWithStats`). */
type StatsValues = [
  id: number,
  name: string,
  game: string,
  ip: string,
  port: number,
  description: string,
  isPremium: number,
  isVerified: number,
  followersCount: number,
  playersOnline: number,
  playersMax: number,
  createdAt: number,
  votesTotal: number,
  votesMonthly: number,
  rank: number,
  votes24h: number,
  votes7d: number,
];

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

/** The parameters naming a window's start (`since`), its hour, that hour's UTC day and the day's block. */
type WindowEdge<E extends string> = Record<`since${E}` | `hour${E}` | `day${E}` | `block${E}`, number>;

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

function toSqlValue(value: ServerFields[keyof ServerFields]): string | number {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

/** Builds the servers part of the store (see `createStore`). */
export function createServers(db: Db, options: StoreOptions): Servers {
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
  // Rolling window counts: the votes after the hour holding the window start are `votes_total` minus the running
  // totals up to the end of that hour (one row from each level of migration 7's prefix sums: the hour within its
  // day, the day before it within its block, the block before it); the votes in the rest of that hour come from the
  // votes index (bounded by one hour of votes), so the counter rows read never grow with the window's votes.
  // Every parameter is written `+@name`: SQLite then does not look it up in `sqlite_stat4` while planning. A
  // parameter it does look up marks the statement for a full re-prepare on the next bind, which better-sqlite3
  // does on every call: once the file has been `ANALYZE`d (the benchmark datasets are) each call parsed and
  // planned this statement again, 60 µs against 20 µs (1 M votes, same plan, same counts). Unary plus changes
  // nothing else: a parameter has no affinity either way.
  const votesAfterHour = (edge: string) =>
    `(s.votes_total
       - coalesce((SELECT cum FROM server_hour_votes WHERE server_id = +@id AND hour <= +@hour${edge}
           AND hour >= +@day${edge} * 24 ORDER BY hour DESC LIMIT 1), 0)
       - coalesce((SELECT cum FROM server_day_votes WHERE server_id = +@id AND day < +@day${edge}
           AND day >= +@block${edge} * ${BLOCK_DAYS} ORDER BY day DESC LIMIT 1), 0)
       - coalesce((SELECT cum FROM server_block_votes WHERE server_id = +@id AND block < +@block${edge}
           ORDER BY block DESC LIMIT 1), 0))`;
  const edgeHourCount = (edge: string) =>
    `(SELECT count(*) FROM votes
       WHERE server_id = +@id AND voted_at > +@since${edge} AND voted_at < (+@hour${edge} + 1) * ${HOUR_MS})`;
  const rollingWindow = (edge: string) => `${votesAfterHour(edge)} + ${edgeHourCount(edge)}`;
  // One statement: the row, its rank and both windows, one snapshot. (Split in two statements in one read
  // transaction it had measured 44 µs against 69 µs, but that gap was the re-prepare described above, which the
  // split confined to the windows; without it one statement is the cheaper, 27 µs against 31 µs on 1 M votes.)
  // Read as an array (`raw`): building a 17-property object per call cost about a fifth of the statement (40,000
  // of 190,000 instructions per /vote/count in callgrind); the column order is `StatsValues`.
  const statsStmt = db
    .prepare<WindowEdge<'24'> & WindowEdge<'7'> & { id: number }, StatsValues>(
      `SELECT s.id, s.name, s.game, s.ip, s.port, s.description, s.is_premium, s.is_verified, s.followers_count,
       s.players_online, s.players_max, s.created_at, s.votes_total, s.rank_month_votes,
       1 + (SELECT count(*) FROM servers WHERE rank_month_votes > s.rank_month_votes)
         + (SELECT count(*) FROM servers WHERE rank_month_votes = s.rank_month_votes AND votes_total > s.votes_total)
         + (SELECT count(*) FROM servers WHERE rank_month_votes = s.rank_month_votes
             AND votes_total = s.votes_total AND created_at < s.created_at)
         + (SELECT count(*) FROM servers WHERE rank_month_votes = s.rank_month_votes
             AND votes_total = s.votes_total AND created_at = s.created_at AND id < s.id),
       ${rollingWindow('24')},
       ${rollingWindow('7')}
     FROM servers s WHERE s.id = +@id`,
    )
    .raw();
  const rankedPageStmt = db.prepare<[number, number], ServerRow>(
    `SELECT * FROM servers ORDER BY rank_month_votes DESC, votes_total DESC, created_at, id LIMIT ? OFFSET ?`,
  );

  // The UTC month last synced, as its bounds in ms: a read inside them costs two comparisons (formatting the
  // month on every read cost about 1 µs of each `/vote/count` and `/server/info`).
  let syncedFrom = Number.POSITIVE_INFINITY;
  let syncedUntil = Number.NEGATIVE_INFINITY;
  /** Makes `servers.rank_month_votes` describe the month of `at`; rewrites it once per month change. */
  function syncRankMonth(at: number): void {
    if (at >= syncedFrom && at < syncedUntil) return;
    const month = monthKey(at);
    if (getRankMonthStmt.get() !== month) {
      db.transaction(() => {
        setRankMonthStmt.run(month);
        refreshRankVotesStmt.run({ month });
      })();
    }
    const date = new Date(at);
    syncedFrom = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
    syncedUntil = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  }

  function get(id: number): ServerRecord | null {
    const row = getServerStmt.get(id);
    return row ? toServer(row) : null;
  }

  return {
    create(input) {
      const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
      const fields = { ...SERVER_DEFAULTS, ...given } as ServerFields;
      const params: Record<string, string | number> = { created_at: now() };
      for (const [field, column] of Object.entries(SERVER_COLUMNS)) {
        params[column] = toSqlValue(fields[field as keyof ServerFields]);
      }
      return toServer(insertServerStmt.all(params)[0] as ServerRow);
    },

    update(id, patch) {
      const fields = (Object.keys(SERVER_COLUMNS) as (keyof ServerFields)[]).filter(
        (f) => patch[f] !== undefined,
      );
      if (fields.length === 0) return get(id);
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

    get,

    getWithStats(id) {
      const at = now();
      syncRankMonth(at);
      const since24 = at - DAY_MS;
      const hour24 = Math.floor(since24 / HOUR_MS);
      const day24 = Math.floor(hour24 / 24);
      const since7 = at - 7 * DAY_MS;
      const hour7 = Math.floor(since7 / HOUR_MS);
      const day7 = Math.floor(hour7 / 24);
      // a literal object, not one built from the edge names: this runs on every /vote/count
      const values = statsStmt.get({
        id,
        since24,
        hour24,
        day24,
        block24: Math.floor(day24 / BLOCK_DAYS),
        since7,
        hour7,
        day7,
        block7: Math.floor(day7 / BLOCK_DAYS),
      });
      if (!values) return null;
      const [
        serverId,
        name,
        game,
        ip,
        port,
        description,
        isPremium,
        isVerified,
        followersCount,
        playersOnline,
        playersMax,
        createdAt,
        votesTotal,
        votesMonthly,
        rank,
        votes24h,
        votes7d,
      ] = values;
      return {
        server: {
          id: serverId,
          name,
          game,
          ip,
          port,
          description,
          isPremium: isPremium === 1,
          isVerified: isVerified === 1,
          followersCount,
          playersOnline,
          playersMax,
          createdAt,
        },
        stats: { votesTotal, votesMonthly, votes24h, votes7d, rank },
      };
    },

    count() {
      return countServersStmt.get() as number;
    },

    listRanked(page = {}) {
      syncRankMonth(now());
      const limit = page.limit ?? 100;
      const offset = page.offset ?? 0;
      return rankedPageStmt.all(limit, offset).map((row, index) => ({
        ...toServer(row),
        rank: offset + index + 1,
        votesTotal: row.votes_total,
        votesMonthly: row.rank_month_votes,
      }));
    },
  };
}
