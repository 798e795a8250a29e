/**
 * The tables of the shared vote history and of the once-per-network decisions (schema version 2). MySQL 5.7-compatible
 * like every shared table: no CHECK, no JSON column, key columns `ascii_bin`, times in ms by the database's clock.
 *
 * - `vote_reward_votes`: one row per counted vote, written once (a plain INSERT, a duplicate read back). `vote_key` is
 *   the same on every server that sees that vote (the journal's entry id of a shared site vote, or the vote's ref);
 *   `seq` orders the rows as the network counted them, so a vote's history before it is the rows before its `seq`.
 * - `vote_reward_decisions`: one row per decision the network makes once (a party threshold, a month's top voters, a
 *   Discord post): whichever server inserts it first owns it; the others read it back.
 */

const KEY = 'VARCHAR(191) CHARACTER SET ascii COLLATE ascii_bin NOT NULL';
const ID = 'VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL';

/** The statements of the history and decision tables, each idempotent. */
export const HISTORY_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS vote_reward_votes (
    seq BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    vote_key ${KEY},
    license ${ID},
    site VARCHAR(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    voted_ms BIGINT NOT NULL,
    server_id ${ID},
    name VARCHAR(128) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    created_ms BIGINT NOT NULL,
    UNIQUE KEY by_vote (vote_key),
    KEY by_license (license, seq),
    KEY by_time (voted_ms)
  ) ENGINE=InnoDB`,
  `CREATE TABLE IF NOT EXISTS vote_reward_decisions (
    decision_key ${KEY} PRIMARY KEY,
    owner ${ID},
    detail MEDIUMTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NULL,
    created_ms BIGINT NOT NULL
  ) ENGINE=InnoDB`,
];
