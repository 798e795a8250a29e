/**
 * The tables of the shared points ledger and the shop's shared counters (schema version 2). MySQL 5.7-compatible: no
 * CHECK, no JSON column, key columns `ascii_bin`; a key that is not short printable ASCII is stored as its SHA-256
 * (`points-chain.ts`), its text kept beside it.
 *
 * - `vote_reward_points`: one append-only chain per license. `(license, seq)` is the chain's order (a second server
 *   appending at the same place fails on it and reads again); `(license, entry_key)` applies a key once. The balance
 *   is `balance_after` of the highest `seq` (= the sum of `delta`); nothing else holds a balance.
 * - `vote_reward_shop_slots`: units of a limited stock (`stock:<item>`) and of a per-player limit
 *   (`limit:<license>:<item>:<period>`), one row per unit taken: `(scope, unit)` is the unit (unit ≤ the stock or the
 *   limit, so two servers never both take the last one), `(scope, purchase_id)` takes one unit per purchase.
 */

const KEY = 'CHARACTER SET ascii COLLATE ascii_bin NOT NULL';

/** The `CREATE TABLE IF NOT EXISTS` statements, each idempotent. */
export const POINTS_TABLES: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS vote_reward_points (
    license VARCHAR(128) ${KEY},
    seq INT UNSIGNED NOT NULL,
    entry_key VARCHAR(191) ${KEY},
    key_text VARCHAR(320) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    delta BIGINT NOT NULL,
    asked BIGINT NOT NULL,
    balance_after BIGINT NOT NULL,
    reason VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL,
    server_id VARCHAR(64) ${KEY},
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (license, seq),
    UNIQUE KEY by_entry (license, entry_key)
  ) ENGINE=InnoDB`,
  `CREATE TABLE IF NOT EXISTS vote_reward_shop_slots (
    scope VARCHAR(191) ${KEY},
    unit INT UNSIGNED NOT NULL,
    purchase_id VARCHAR(64) ${KEY},
    server_id VARCHAR(64) ${KEY},
    created_ms BIGINT NOT NULL,
    PRIMARY KEY (scope, unit),
    UNIQUE KEY by_purchase (scope, purchase_id)
  ) ENGINE=InnoDB`,
];
