/**
 * The shared vote history (`vote_reward_votes`): one row per counted vote, written once. A vote is counted with a plain
 * INSERT; a duplicate key (the vote counted already, by this server or another) is read back, never inferred from
 * `affectedRows`. Totals are not stored: streaks, milestones, month counts and ranks are computed from the rows by
 * time range, so there is no counter to drift and no month reset to coordinate.
 */
import { classify, DB_NOW_MS, rowsOf, type Sql } from './sql';

/** A counted vote as stored. */
export interface VoteRow {
  /** The network's order of counting (AUTO_INCREMENT): a vote's history before it is the rows before its `seq`. */
  seq: number;
  key: string;
  license: string;
  site: string;
  votedMs: number;
  serverId: string;
  name: string;
}

/** A vote to count. */
export type VoteToCount = Omit<VoteRow, 'seq' | 'serverId'>;

/** One line of a month's ranking. */
export interface RankedRow {
  license: string;
  name: string;
  votes: number;
  /** When the player's last vote of the range was made (ties go to who reached the count first). */
  reachedAt: number;
}

/** The shared history of one server. */
export interface SharedVotes {
  readonly serverId: string;
  /**
   * Counts a vote once across the network; answers its stored row (this server's or the one counted first) and every
   * counted vote of its license, in the network's order (two round trips).
   */
  count(vote: VoteToCount): Promise<{ row: VoteRow; rows: VoteRow[] }>;
  /**
   * Counts several votes in one statement (all or none: `votereward network import`'s rows of one player); answers
   * `exists` when one of them was counted before (then none of them is counted again).
   */
  countMany(votes: readonly VoteToCount[]): Promise<'counted' | 'exists'>;
  /** Every counted vote of a license, in the network's order. */
  ofLicense(license: string): Promise<VoteRow[]>;
  /** The ranking of the votes made in [fromMs, toMs): most votes first, then who reached it first, then license. */
  ranking(fromMs: number, toMs: number, limit: number): Promise<RankedRow[]>;
  /** The stored row of a vote key, or null. */
  read(key: string): Promise<VoteRow | null>;
}

/** Longest name kept (the column's size). */
const NAME_MAX = 128;

const cut = (name: string) => [...name].slice(0, NAME_MAX).join('');

const COLUMNS = 'seq, vote_key, license, site, voted_ms, server_id, name';

const rowOf = (row: Record<string, unknown>): VoteRow => ({
  seq: Number(row.seq),
  key: String(row.vote_key),
  license: String(row.license),
  site: String(row.site),
  votedMs: Number(row.voted_ms),
  serverId: String(row.server_id),
  name: String(row.name ?? ''),
});

/** Builds the shared history of `serverId` over `sql`. */
export function createSharedVotes(sql: Sql, serverId: string): SharedVotes {
  const read = async (key: string): Promise<VoteRow | null> => {
    const rows = rowsOf(
      await sql.query(`SELECT ${COLUMNS} FROM vote_reward_votes WHERE vote_key = ?`, [key]),
    );
    return rows[0] ? rowOf(rows[0]) : null;
  };
  const ofLicense = async (license: string): Promise<VoteRow[]> =>
    rowsOf(
      await sql.query(`SELECT ${COLUMNS} FROM vote_reward_votes WHERE license = ? ORDER BY seq`, [license]),
    ).map(rowOf);
  return {
    serverId,
    read,
    async count(vote) {
      try {
        await sql.query(
          `INSERT INTO vote_reward_votes (vote_key, license, site, voted_ms, server_id, name, created_ms)
           VALUES (?, ?, ?, ?, ?, ?, ${DB_NOW_MS})`,
          [
            vote.key,
            vote.license,
            vote.site,
            vote.votedMs,
            serverId,
            [...vote.name].slice(0, NAME_MAX).join(''),
          ],
        );
      } catch (error) {
        // A duplicate is the vote counted already: read back below. Anything else is the store failing.
        if (classify(error).kind !== 'duplicate') throw classify(error);
      }
      const rows = await ofLicense(vote.license);
      const row = rows.find((each) => each.key === vote.key);
      if (!row) {
        const other = await read(vote.key);
        throw new Error(
          other
            ? `the vote ${vote.key} is counted for ${other.license}, not ${vote.license}`
            : `the vote ${vote.key} was not found right after it was counted`,
        );
      }
      return { row, rows };
    },
    async countMany(list) {
      if (list.length === 0) return 'counted';
      const params = list.flatMap((vote) => [
        vote.key,
        vote.license,
        vote.site,
        vote.votedMs,
        serverId,
        cut(vote.name),
      ]);
      try {
        await sql.query(
          `INSERT INTO vote_reward_votes (vote_key, license, site, voted_ms, server_id, name, created_ms) VALUES ${list
            .map(() => `(?, ?, ?, ?, ?, ?, ${DB_NOW_MS})`)
            .join(', ')}`,
          params,
        );
        return 'counted';
      } catch (error) {
        if (classify(error).kind !== 'duplicate') throw classify(error);
        // All or none: the statement counted nothing; one of its keys was there before (an earlier import).
        return 'exists';
      }
    },
    ofLicense,
    async ranking(fromMs, toMs, limit) {
      const rows = rowsOf(
        await sql.query(
          `SELECT t.license, t.votes, t.reached, v.name FROM (
             SELECT license, COUNT(*) AS votes, MAX(voted_ms) AS reached, MAX(seq) AS last
             FROM vote_reward_votes WHERE voted_ms >= ? AND voted_ms < ? GROUP BY license
           ) t JOIN vote_reward_votes v ON v.seq = t.last
           ORDER BY t.votes DESC, t.reached ASC, t.license ASC LIMIT ?`,
          [fromMs, toMs, limit],
        ),
      );
      return rows.map((row) => ({
        license: String(row.license),
        name: String(row.name ?? ''),
        votes: Number(row.votes),
        reachedAt: Number(row.reached),
      }));
    },
  };
}
