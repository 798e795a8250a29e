/**
 * The shared tables, created or migrated at start with the schema version recorded. MySQL 5.7-compatible: no CHECK
 * constraints, no JSON columns, key columns `ascii_bin` (case-sensitive, short enough for old index limits).
 */
import { HISTORY_TABLES } from './history-tables';
import { POINTS_TABLES } from './points-tables';
import { SERVERS_TABLES } from './servers-split';
import { rowsOf, type Sql } from './sql';

/** The version these tables are at when `migrate` returns. */
export const SCHEMA_VERSION = 2;

const KEY = 'VARCHAR(191) CHARACTER SET ascii COLLATE ascii_bin NOT NULL';

/** The statements of version 1, each idempotent. */
const VERSION_1 = [
  `CREATE TABLE IF NOT EXISTS vote_reward_meta (
    name ${KEY} PRIMARY KEY,
    value VARCHAR(191) NOT NULL
  ) ENGINE=InnoDB`,
  `CREATE TABLE IF NOT EXISTS vote_reward_claims (
    claim_key ${KEY} PRIMARY KEY,
    license VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NULL,
    owner VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    state VARCHAR(24) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
    rev INT UNSIGNED NOT NULL,
    lease_until BIGINT NOT NULL,
    detail TEXT NULL,
    created_ms BIGINT NOT NULL,
    updated_ms BIGINT NOT NULL,
    KEY by_license (license),
    KEY by_owner_state (owner, state)
  ) ENGINE=InnoDB`,
];

/**
 * The statements of version 2 (after version 1's), each idempotent: the servers polling each key (budget split), the
 * shared vote history, the once-per-network decisions, the shared points ledger and the shop's counters.
 */
const VERSION_2 = [...SERVERS_TABLES, ...HISTORY_TABLES, ...POINTS_TABLES];

/** Creates the tables when missing and records the version; answers the version found in the database. */
export async function migrate(sql: Sql): Promise<number> {
  for (const statement of [...VERSION_1, ...VERSION_2]) await sql.query(statement, []);
  await sql.query(
    'INSERT INTO vote_reward_meta (name, value) VALUES (?, ?) ON DUPLICATE KEY UPDATE name = name',
    ['schema_version', String(SCHEMA_VERSION)],
  );
  // Tables of an older version: raised (never lowered: a newer server's number stays, and this server refuses below).
  await sql.query('UPDATE vote_reward_meta SET value = ? WHERE name = ? AND CAST(value AS UNSIGNED) < ?', [
    String(SCHEMA_VERSION),
    'schema_version',
    SCHEMA_VERSION,
  ]);
  const rows = rowsOf(
    await sql.query('SELECT value FROM vote_reward_meta WHERE name = ?', ['schema_version']),
  );
  const found = Number(rows[0]?.value);
  if (!Number.isInteger(found)) throw new Error('vote_reward_meta has no schema_version after the migration');
  if (found > SCHEMA_VERSION)
    throw new Error(
      `the shared tables are at schema ${found}, newer than this version of vote-reward knows (${SCHEMA_VERSION}): update every server`,
    );
  return found;
}
