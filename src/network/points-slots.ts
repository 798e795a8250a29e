/**
 * The shop's counters shared by a network (`vote_reward_shop_slots`): a limited stock or a per-player limit is a set
 * of numbered units, one row per unit taken. A purchase takes the lowest free unit with a plain INSERT: the primary
 * key `(scope, unit)` lets only one server have a unit (a duplicate: read again, take the next), the unique
 * `(scope, purchase_id)` gives one purchase one unit however often it is retried, and a unit above the stock or the
 * limit is never taken. A refund deletes its row, so its unit is sold again. Read back, never `affectedRows`.
 *
 * Better than one decision row per unit sold (wave 4's `shop:stock:<item>:<n>` in `vote_reward_decisions`): the
 * purchase id on the row makes a retry after an unknown outcome find its own unit instead of taking a second, and a
 * refunded unit goes back on sale; the number of rows of a scope is what is sold.
 */
import { storedKeyOf } from './points-chain';
import { classify, DB_NOW_MS, rowsOf, type Sql, StoreError } from './sql';

/** The shared counters of one server. */
export interface ShopSlots {
  /** True when purchase `purchaseId` holds a unit of `scope` (taken now or before); false when all `size` are taken. */
  take(scope: string, size: number, purchaseId: string): Promise<boolean>;
  /** Gives back the unit purchase `purchaseId` holds in `scope`, if any. */
  release(scope: string, purchaseId: string): Promise<void>;
  /** Units taken in each of `scopes` (one round trip). */
  counts(scopes: readonly string[]): Promise<Map<string, number>>;
}

/** The scope of an item's stock. */
export const stockScope = (item: string): string => `stock:${item}`;
/** The scope of a player's limit of an item in a period. */
export const limitScope = (license: string, item: string, period: string): string =>
  storedKeyOf(`limit:${item}:${period}:${license}`);

/** Builds the counters over `sql` for server `serverId`. */
export function createShopSlots(sql: Sql, serverId: string): ShopSlots {
  return {
    async take(scope, size, purchaseId) {
      // Each lost try is another purchase's unit taken: at most `size` of them before the scope is full.
      for (let attempt = 0; attempt <= size + 16; attempt += 1) {
        const rows = rowsOf(
          await sql.query(
            'SELECT unit, purchase_id FROM vote_reward_shop_slots WHERE scope = ? ORDER BY unit',
            [scope],
          ),
        );
        if (rows.some((row) => String(row.purchase_id) === purchaseId)) return true;
        const taken = new Set(rows.map((row) => Number(row.unit)));
        let unit = 1;
        while (taken.has(unit)) unit += 1;
        if (unit > size) return false;
        try {
          await sql.query(
            `INSERT INTO vote_reward_shop_slots (scope, unit, purchase_id, server_id, created_ms)
             VALUES (?, ?, ?, ?, ${DB_NOW_MS})`,
            [scope, unit, purchaseId, serverId],
          );
          return true;
        } catch (error) {
          const failure = classify(error);
          if (failure.kind !== 'duplicate') throw failure;
        }
      }
      throw new StoreError('failed', `the units of ${scope} kept moving on other servers: try again`);
    },
    async release(scope, purchaseId) {
      await sql.query('DELETE FROM vote_reward_shop_slots WHERE scope = ? AND purchase_id = ?', [
        scope,
        purchaseId,
      ]);
    },
    async counts(scopes) {
      const found = new Map<string, number>(scopes.map((scope) => [scope, 0]));
      if (scopes.length === 0) return found;
      const rows = rowsOf(
        await sql.query(
          `SELECT scope, COUNT(*) AS n FROM vote_reward_shop_slots WHERE scope IN (${scopes.map(() => '?').join(', ')}) GROUP BY scope`,
          [...scopes],
        ),
      );
      for (const row of rows) found.set(String(row.scope), Number(row.n));
      return found;
    },
  };
}
