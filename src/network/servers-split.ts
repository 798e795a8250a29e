/**
 * Each key's request budget split across the servers of a network that poll it (a listing site's key, the vote API's
 * key). Each server announces, every heartbeat, the keys it polls in `vote_reward_servers` — a fingerprint of each key,
 * never the key — with `last_seen_ms` by the database's clock, and reads how many live servers poll each of its keys;
 * its budget for a key is the key's limit divided by that count. A server silent past the timeout no longer counts.
 *
 * Why the three timings keep the sum within the key's budget (a sliding window of `span`, 62 s for every budget):
 * - a server's share only ever drops at once (a server joining is counted by the others at their next beat);
 * - a server joining a key others already poll (its row new, or dead past the timeout) holds its polling for one beat
 *   plus one span: by then each other server has lowered its share and every send it made at its old share has left
 *   the window (this assumes a beat answers within seconds; a statement's deadline is 10 s);
 * - a server stopped (or cut off) counts until its last beat is older than the timeout, which is longer than one beat
 *   plus one span: its last sends have left the window before the others raise their share. So a clean stop leaves
 *   its row to time out rather than deleting it, and a server whose beats fail past the timeout holds its own polling.
 * Claims (a player's `/vote`) are never held: they take this server's share at once.
 */
import { createHash } from 'node:crypto';
import type { BudgetShare } from '../api/rate-budget';
import { DB_NOW_MS, rowsOf, type Sql } from './sql';

/** How often a server announces itself (ms). */
export const HEARTBEAT_MS = 15_000;
/** The longest window any budget counts its sends over, with its margin (ms). */
export const BUDGET_SPAN_MS = 62_000;
/** A server silent this long no longer counts (ms): longer than a beat plus a span. */
export const SERVER_TIMEOUT_MS = 90_000;

/** The table (schema version 2). */
export const SERVERS_TABLES = [
  `CREATE TABLE IF NOT EXISTS vote_reward_servers (
    key_fp CHAR(40) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    server_id VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    label VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    last_seen_ms BIGINT NOT NULL,
    joined_ms BIGINT NOT NULL,
    PRIMARY KEY (key_fp, server_id)
  ) ENGINE=InnoDB`,
];

/** The fingerprint of a key as the table holds it: never the key itself. */
export function keyFingerprint(source: string): string {
  return createHash('sha256').update(`vote-reward budget\n${source}`).digest('hex').slice(0, 40);
}

/** The split of one server. */
export interface BudgetSplit {
  /**
   * Registers a key this server polls (before `beat` runs): `label` names it in status (a site id, `vote API`),
   * `source` is what the fingerprint is made of (the key with what tells two keys apart), `limit` its requests a
   * minute. Answers the share the key's budget reads.
   */
  track(label: string, source: string, limit: number): () => BudgetShare;
  /** Announces this server and reads the live servers of its keys (one write, one read); throws when the store fails. */
  beat(): Promise<void>;
  /** `vote API 1/3 of 60/min, chk 1/2 of 30/min`, or null when no key is split. */
  describe(): string | null;
}

/** Options of the split. */
export interface BudgetSplitOptions {
  sql: Sql;
  serverId: string;
  /** The clock the budgets read (ms). */
  now(): number;
  heartbeatMs?: number;
  timeoutMs?: number;
  spanMs?: number;
}

interface Tracked {
  label: string;
  fp: string;
  limit: number;
  servers: number;
  /** Until when (by `now`) polling is held: this server joined a key others already poll. */
  holdUntil: number;
}

/** Builds the split of `serverId`. */
export function createBudgetSplit(options: BudgetSplitOptions): BudgetSplit {
  const { sql, serverId, now } = options;
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const timeoutMs = options.timeoutMs ?? SERVER_TIMEOUT_MS;
  const spanMs = options.spanMs ?? BUDGET_SPAN_MS;
  const tracked = new Map<string, Tracked>();
  /** When the last beat succeeded (by `now`), null before the first. */
  let lastOk: number | null = null;

  const shareOf = (key: Tracked): BudgetShare => {
    const at = now();
    // Before the first beat, or once the others may have counted this server out: no polling on a guess.
    if (lastOk === null || at - lastOk > timeoutMs)
      return { servers: key.servers, holdMs: Number.POSITIVE_INFINITY };
    return { servers: key.servers, holdMs: Math.max(0, key.holdUntil - at) };
  };

  return {
    track(label, source, limit) {
      const fp = keyFingerprint(source);
      const key = tracked.get(fp) ?? { label, fp, limit, servers: 1, holdUntil: 0 };
      tracked.set(fp, key);
      return () => shareOf(key);
    },
    async beat() {
      const keys = [...tracked.values()];
      if (keys.length === 0) return;
      // `joined_ms` restarts when the row is new or was dead (silent past the timeout): this server joins the key
      // again. A reload or a quick restart finds its row alive, already counted by the others, and does not wait.
      // (The assignments read the row's old `last_seen_ms`: left to right, or all at once, in MySQL and MariaDB.)
      await sql.query(
        `INSERT INTO vote_reward_servers (key_fp, server_id, label, last_seen_ms, joined_ms) VALUES ${keys
          .map(() => `(?, ?, ?, ${DB_NOW_MS}, ${DB_NOW_MS})`)
          .join(', ')} ON DUPLICATE KEY UPDATE
          joined_ms = IF(last_seen_ms < ${DB_NOW_MS} - ?, ${DB_NOW_MS}, joined_ms), last_seen_ms = ${DB_NOW_MS}`,
        [
          ...keys.flatMap((key) => [key.fp, serverId, key.label.slice(0, 64).replace(/[^\x20-\x7e]/g, '?')]),
          timeoutMs,
        ],
      );
      // NOW() is one value in a statement: a row (re)joined by this beat has `joined_ms = last_seen_ms`.
      const rows = rowsOf(
        await sql.query(
          `SELECT key_fp, COUNT(*) AS servers, MAX(server_id = ? AND joined_ms = last_seen_ms) AS joined
           FROM vote_reward_servers
           WHERE key_fp IN (${keys.map(() => '?').join(', ')}) AND last_seen_ms >= ${DB_NOW_MS} - ?
           GROUP BY key_fp`,
          [serverId, ...keys.map((key) => key.fp), timeoutMs],
        ),
      );
      const byKey = new Map(rows.map((row) => [String(row.key_fp), row]));
      const at = now();
      for (const key of keys) {
        const row = byKey.get(key.fp);
        const servers = Math.max(1, Number(row?.servers ?? 1) || 1);
        // A joiner of a key others poll: the others were not counting it, their shares were larger until now.
        if (Number(row?.joined ?? 0) === 1 && servers > 1) key.holdUntil = at + heartbeatMs + spanMs;
        key.servers = servers;
      }
      lastOk = at;
    },
    describe() {
      const split = [...tracked.values()].filter((key) => key.servers > 1);
      if (split.length === 0) return null;
      return split.map((key) => `${key.label} 1/${key.servers} of ${key.limit}/min`).join(', ');
    },
  };
}
