/**
 * The resource's one way to the database: oxmysql's promise exports (`query_async`), each call under a deadline of
 * our own. oxmysql never settles a call made while the pool cannot get a connection (its `getConnection` rejection
 * escapes before its try; overextended/oxmysql@030d3bd src/database/rawQuery.ts, connection.ts), and a call made before
 * its first connection waits until one exists; so without a deadline a database outage would hang every claim.
 */

/** One positional parameter. */
export type SqlValue = string | number | null;

/** A statement runner: rows for a SELECT, the result header for a write. */
export interface Sql {
  query(sql: string, params: readonly SqlValue[]): Promise<unknown>;
}

/** Why the store refused: the database did not answer in time, or answered with an error. */
export class StoreError extends Error {
  constructor(
    readonly kind: 'unreachable' | 'duplicate' | 'missing_table' | 'failed',
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Classifies oxmysql's rejection text (`<res> was unable to execute a query!\nQuery: …\n<server message>`). */
export function classify(error: unknown): StoreError {
  if (error instanceof StoreError) return error;
  const text = error instanceof Error ? error.message : String(error);
  const last = text.split('\n').at(-1) ?? text;
  if (/Duplicate entry/i.test(text)) return new StoreError('duplicate', last);
  if (/doesn't exist|Unknown table|no such table/i.test(text)) return new StoreError('missing_table', last);
  if (
    /ECONNREFUSED|ETIMEDOUT|PROTOCOL_CONNECTION_LOST|Connection lost|closed state|ENOTFOUND|EPIPE|ECONNRESET/i.test(
      text,
    )
  )
    return new StoreError('unreachable', last);
  return new StoreError('failed', last);
}

/** Options of the client. */
export interface OxMySqlClientOptions {
  /** The `oxmysql` resource's exports (FXServer's `exports.oxmysql`). */
  exports(): Record<string, (...args: unknown[]) => unknown>;
  /** A timer that does not depend on the game clock (Node's `setTimeout`). */
  setTimeout(fn: () => void, ms: number): () => void;
  /** The deadline of one statement (ms). */
  deadlineMs: number;
  /** Counts round trips (the bench reads it). */
  onQuery?(sql: string): void;
}

/** A `Sql` over oxmysql's `query_async`. */
export function createOxMySqlClient(options: OxMySqlClientOptions): Sql {
  return {
    query(sql, params) {
      options.onQuery?.(sql);
      return new Promise((resolve, reject) => {
        let done = false;
        const cancel = options.setTimeout(() => {
          if (done) return;
          done = true;
          reject(
            new StoreError('unreachable', `the database did not answer within ${options.deadlineMs} ms`),
          );
        }, options.deadlineMs);
        let pending: unknown;
        try {
          const query = options.exports().query_async;
          if (typeof query !== 'function') throw new Error('oxmysql has no query_async export');
          pending = query(sql, [...params]);
        } catch (error) {
          done = true;
          cancel();
          reject(
            new StoreError(
              'unreachable',
              `oxmysql cannot be called: ${String((error as Error)?.message ?? error)}`,
            ),
          );
          return;
        }
        Promise.resolve(pending).then(
          (value) => {
            if (done) return;
            done = true;
            cancel();
            resolve(value);
          },
          (error: unknown) => {
            if (done) return;
            done = true;
            cancel();
            reject(classify(error));
          },
        );
      });
    },
  };
}

/** The database's clock in epoch ms, as SQL (MySQL 5.7 and MariaDB): every lease is judged by it. */
export const DB_NOW_MS = 'CAST(ROUND(UNIX_TIMESTAMP(NOW(3)) * 1000) AS SIGNED)';

/** The rows of a SELECT (oxmysql's `query` answers them as an array). */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return Array.isArray(result) ? (result as Record<string, unknown>[]) : [];
}
