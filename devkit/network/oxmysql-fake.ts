/**
 * A fake of the oxmysql resource (overextended/oxmysql 2.14.1, commit 030d3bd) for the simulated FXServer, over the
 * npm package mysql2 at the version oxmysql pins (3.22.4). Our own code; every behaviour below is taken from reading
 * oxmysql's source at that commit (facts, file by file, in `devkit/network/oxmysql-transcript.md`) and each answer
 * shape is checked against a real MariaDB in `test/network/oxmysql-fake.test.ts`.
 *
 * What a resource sees:
 * - exports `query, single, scalar, update, insert, prepare, transaction` (callback forms) and `<name>_async`
 *   (promise forms), plus `isReady` and `awaitConnection`;
 * - `query` answers the raw result (rows for a SELECT, a result header `{ affectedRows, insertId, ... }` for a write),
 *   `single` the first row or null, `scalar` the first column of the first row or null, `insert` the insertId,
 *   `update` the affectedRows;
 * - a failed statement rejects the `_async` promise with the text
 *   `<resource> was unable to execute a query!\nQuery: <sql>\n<params JSON>\n<server message>`;
 * - until the first connection succeeds every call waits (oxmysql polls `while (!pool) await sleep(0)` and retries the
 *   pool every 30 s); once the pool exists, a call made while the database is unreachable NEVER settles (the pool's
 *   `getConnection` rejection escapes outside oxmysql's try and is not handed to the caller's callback). A caller must
 *   therefore put its own deadline on every call.
 */
import * as mysql from 'mysql2/promise';
import type { FakeResourceDefinition } from '../fxserver/server';

type Params = unknown[] | Record<string, unknown> | undefined;

/** Which parser answers the call (oxmysql `parseResponse`). */
type Kind = 'query' | 'single' | 'scalar' | 'update' | 'insert';

/** What a test controls and reads on the fake. */
export interface OxMySqlFake {
  /** Pass to `server.addFakeResource('oxmysql', …)`. */
  definition: FakeResourceDefinition;
  /** The statements run, in order (successful or not). */
  readonly statements: string[];
  /** Closes the pool (call when the server is killed or shut down, so the test process can exit). */
  close(): Promise<void>;
  /** The promise forms, for tests that call the fake outside a server. */
  readonly api: OxMySqlApi;
}

/** The `_async` exports as a resource calls them. */
export interface OxMySqlApi {
  query(sql: string, params?: Params): Promise<unknown>;
  single(sql: string, params?: Params): Promise<unknown>;
  scalar(sql: string, params?: Params): Promise<unknown>;
  update(sql: string, params?: Params): Promise<unknown>;
  insert(sql: string, params?: Params): Promise<unknown>;
  transaction(queries: { query: string; values?: unknown[] }[]): Promise<boolean>;
  isReady(): boolean;
}

// biome-ignore lint/suspicious/noExplicitAny: mysql2's typeCast field type is loosely typed
type Field = any;

/** oxmysql's `typeCast` (config.ts → utils/typeCast.ts): dates as epoch ms, TINYINT(1)/BIT(1) as booleans. */
function typeCast(field: Field, next: () => unknown): unknown {
  switch (field.type) {
    case 'DATETIME':
    case 'DATETIME2':
    case 'TIMESTAMP':
    case 'TIMESTAMP2':
    case 'NEWDATE': {
      const value = field.string();
      return value ? new Date(value).getTime() : null;
    }
    case 'DATE': {
      const value = field.string();
      return value ? new Date(`${value} 00:00:00`).getTime() : null;
    }
    case 'TINY': {
      if (field.length !== 1) return next();
      const value = field.string();
      if (value === '0') return false;
      if (value === '1') return true;
      return next();
    }
    default:
      return next();
  }
}

/** Parses `mysql://user:pass@host:port/db` the way oxmysql's `parseUri` does (the URI form only). */
function optionsOf(connectionString: string): Record<string, unknown> {
  const url = new URL(connectionString);
  return {
    user: decodeURIComponent(url.username) || undefined,
    password: decodeURIComponent(url.password) || undefined,
    host: url.hostname,
    port: Number(url.port) || 3306,
    database: url.pathname.replace(/^\/+/, ''),
    connectTimeout: 60_000,
    supportBigNumbers: true,
    jsonStrings: true,
    typeCast,
    namedPlaceholders: false,
    flags: ['CONNECT_WITH_DB'],
  };
}

/** oxmysql's `parseArguments` for positional parameters: missing ones are null, extra ones an error. */
function positional(sql: string, params: Params): unknown[] {
  if (params !== undefined && !Array.isArray(params))
    throw new Error('the fake models positional (?) parameters only; pass an array');
  const list = params ?? [];
  const placeholders = sql.match(/\?(?!\?)/g)?.length ?? 0;
  if (placeholders > list.length) return [...list, ...new Array(placeholders - list.length).fill(null)];
  if (placeholders < list.length && placeholders > 0)
    throw new Error(`Expected ${placeholders} parameters, but received ${list.length}.`);
  return list;
}

/** oxmysql's `parseResponse`. */
function shapeOf(kind: Kind, result: unknown): unknown {
  const header = result as { insertId?: number; affectedRows?: number } | null;
  const rows = result as Record<string, unknown>[] | null;
  switch (kind) {
    case 'insert':
      return header?.insertId ?? null;
    case 'update':
      return header?.affectedRows ?? null;
    case 'single':
      return rows?.[0] ?? null;
    case 'scalar': {
      const row = rows?.[0];
      return (row && Object.values(row)[0]) ?? null;
    }
    default:
      return result ?? null;
  }
}

/** Options of the fake. */
export interface OxMySqlFakeOptions {
  /** The `mysql_connection_string` (URI form). */
  connectionString: string;
  /** The invoking resource named in error texts (oxmysql uses `GetInvokingResource()`). */
  invokingResource?: string;
  /** How long to wait between pool attempts while the database is unreachable at start (oxmysql: 30 s). */
  retryMs?: number;
  /** Runs before each statement (a test stops the database at a chosen one). */
  before?(sql: string, params: readonly unknown[]): void | Promise<void>;
}

/** Builds the fake (its pool connects when the resource starts, or at the first `api` call outside a server). */
export function createOxMySqlFake(options: OxMySqlFakeOptions): OxMySqlFake {
  const statements: string[] = [];
  const invoking = options.invokingResource ?? 'vote-reward';
  let pool: import('mysql2/promise').Pool | null = null;
  let connecting: Promise<void> | null = null;
  let closed = false;

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      while (!closed && pool === null) {
        const candidate = mysql.createPool(optionsOf(options.connectionString) as never);
        try {
          await candidate.query('SELECT VERSION() as version');
          pool = candidate;
        } catch {
          await candidate.end().catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, options.retryMs ?? 30_000));
        }
      }
    })();
    return connecting;
  };

  const never = new Promise<never>(() => undefined);

  const run = async (kind: Kind, sql: string, params: Params): Promise<unknown> => {
    let values: unknown[];
    try {
      values = positional(sql, params);
    } catch (error) {
      throw new Error(
        `${invoking} was unable to execute a query!\nQuery: ${sql}\n${(error as Error).message}`,
      );
    }
    await options.before?.(sql, values);
    await connect();
    if (pool === null) return never;
    let connection: import('mysql2/promise').PoolConnection;
    try {
      connection = await pool.getConnection();
    } catch {
      // oxmysql: the rejection escapes rawQuery before its try; the caller's promise never settles.
      return never;
    }
    statements.push(sql);
    try {
      const [result] = await connection.query(sql, values);
      return shapeOf(kind, result);
    } catch (error) {
      throw new Error(
        `${invoking} was unable to execute a query!\nQuery: ${sql}\n${JSON.stringify(values)}\n${(error as Error).message}`,
      );
    } finally {
      connection.release();
    }
  };

  const transaction = async (queries: { query: string; values?: unknown[] }[]): Promise<boolean> => {
    await connect();
    if (pool === null) return never;
    let connection: import('mysql2/promise').PoolConnection;
    try {
      connection = await pool.getConnection();
    } catch {
      return never;
    }
    try {
      await connection.beginTransaction();
      for (const { query, values } of queries) {
        statements.push(query);
        await connection.query(query, positional(query, values));
      }
      await connection.commit();
      return true;
    } catch {
      await connection.rollback().catch(() => undefined);
      return false;
    } finally {
      connection.release();
    }
  };

  const api: OxMySqlApi = {
    query: (sql, params) => run('query', sql, params),
    single: (sql, params) => run('single', sql, params),
    scalar: (sql, params) => run('scalar', sql, params),
    update: (sql, params) => run('update', sql, params),
    insert: (sql, params) => run('insert', sql, params),
    transaction,
    isReady: () => pool !== null,
  };

  const definition: FakeResourceDefinition = {
    flavor: 'js',
    setup(g) {
      void connect();
      for (const kind of ['query', 'single', 'scalar', 'update', 'insert'] as const) {
        const promised = (sql: string, params?: Params) => api[kind](sql, params);
        g.exports(`${kind}_async`, promised);
        g.exports(`${kind}Sync`, promised);
        g.exports(kind, (sql: string, params: Params, cb?: (result: unknown) => void) => {
          void api[kind](sql, params).then(
            (result) => cb?.(result),
            (error: Error) => console.error(error.message),
          );
        });
      }
      g.exports('transaction_async', (queries: { query: string; values?: unknown[] }[]) =>
        transaction(queries),
      );
      g.exports('isReady', () => pool !== null);
      g.exports('awaitConnection', async () => {
        await connect();
        return true;
      });
    },
  };

  return {
    definition,
    statements,
    api,
    async close() {
      closed = true;
      const open = pool;
      pool = null;
      await open?.end().catch(() => undefined);
    },
  };
}
