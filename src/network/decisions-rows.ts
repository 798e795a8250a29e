/**
 * Once-per-network decisions (`vote_reward_decisions`): a party threshold, a month's top voters, a Discord post. The
 * server whose plain INSERT of the decision's key lands first owns it; every server reads the row back (never
 * `affectedRows`) and acts on what it holds: only the owner announces or posts, every server applies its detail.
 */
import { classify, DB_NOW_MS, rowsOf, type Sql } from './sql';

/** A decision as stored. */
export interface DecisionRow {
  key: string;
  /** The `vote_reward_server_id` that decided it. */
  owner: string;
  /** What was decided (JSON text the program reads), or null. */
  detail: string | null;
  /** True when this server decided it. */
  mine: boolean;
}

/** The decisions of one server. */
export interface NetworkDecisions {
  readonly serverId: string;
  /** Decides `key` with `detail` unless another server did first; answers the stored decision. */
  decide(key: string, detail: string | null): Promise<DecisionRow>;
  /** The stored decision of `key`, or null. */
  read(key: string): Promise<DecisionRow | null>;
}

/** Builds the decisions of `serverId` over `sql`. */
export function createNetworkDecisions(sql: Sql, serverId: string): NetworkDecisions {
  const read = async (key: string): Promise<DecisionRow | null> => {
    const rows = rowsOf(
      await sql.query(
        'SELECT decision_key, owner, detail FROM vote_reward_decisions WHERE decision_key = ?',
        [key],
      ),
    );
    const row = rows[0];
    if (!row) return null;
    const owner = String(row.owner);
    return {
      key: String(row.decision_key),
      owner,
      detail: row.detail === null || row.detail === undefined ? null : String(row.detail),
      mine: owner === serverId,
    };
  };
  return {
    serverId,
    read,
    async decide(key, detail) {
      try {
        await sql.query(
          `INSERT INTO vote_reward_decisions (decision_key, owner, detail, created_ms) VALUES (?, ?, ?, ${DB_NOW_MS})`,
          [key, serverId, detail],
        );
      } catch (error) {
        if (classify(error).kind !== 'duplicate') throw classify(error);
      }
      const row = await read(key);
      if (row === null) throw new Error(`the decision ${key} was not found right after it was written`);
      return row;
    },
  };
}
