/**
 * The mock's database driver for the Node 22 pass (test/run.mjs): the subset of better-sqlite3's API the mock uses,
 * over `node:sqlite` (built into Node 22.13 and later, the same SQLite engine). better-sqlite3 in node_modules is
 * built for the host's Node only; with this, the Node 22 pass needs no native build (node-gyp, a C++ compiler and
 * about a minute of CPU on every fresh clone). `test/vitest.config.ts` aliases `better-sqlite3` to this file when
 * `VR_SQLITE=node` is set; `test/mock/node22-sqlite.test.ts` holds it to better-sqlite3's answers on the host.
 *
 * What it keeps of better-sqlite3: rows as plain objects, BLOBs as Buffers, `run()` as `{ changes, lastInsertRowid }`,
 * parameters as positional values, arrays of them or one object of named ones (`@name`, `:name`, `$name`), `pluck()`,
 * `raw()`, `pragma(text, { simple })`, `transaction(fn)` (nested ones as savepoints, rolled back on a throw),
 * `function(name, options, fn)`, `open`, `inTransaction`, `close()`, and the error `code` (`SQLITE_CONSTRAINT_UNIQUE`
 * ...) for the codes the mock names.
 */
import { createRequire } from 'node:module';

/** The part of `node:sqlite` used here (the host's @types/node, for Node 20, has no types for it). */
declare namespace NodeSqlite {
  interface StatementResultingChanges {
    changes: number | bigint;
    lastInsertRowid: number | bigint;
  }
  interface StatementSync {
    run(...params: unknown[]): StatementResultingChanges;
    get(...params: unknown[]): unknown;
    all(...params: unknown[]): unknown[];
    columns(): { name: string }[];
    setReturnArrays(enabled: boolean): void;
  }
  interface DatabaseSync {
    readonly isOpen: boolean;
    readonly isTransaction: boolean;
    prepare(source: string): StatementSync;
    exec(source: string): void;
    function(name: string, options: object, fn: (...args: unknown[]) => unknown): void;
    close(): void;
  }
}

const requireBuiltin = createRequire(import.meta.url);

/** `node:sqlite`, loaded without its one-time "experimental" warning (the only warning it emits). */
function loadNodeSqlite(): {
  DatabaseSync: new (path: string, options?: { readOnly?: boolean }) => NodeSqlite.DatabaseSync;
} {
  const emitWarning = process.emitWarning;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('SQLite is an experimental feature')) return;
    (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    return requireBuiltin('node:sqlite') as ReturnType<typeof loadNodeSqlite>;
  } finally {
    process.emitWarning = emitWarning;
  }
}

const { DatabaseSync } = loadNodeSqlite();

/** SQLite's extended result codes by number, for the names better-sqlite3 puts in `error.code`. */
const RESULT_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR',
  3: 'SQLITE_PERM',
  5: 'SQLITE_BUSY',
  8: 'SQLITE_READONLY',
  11: 'SQLITE_CORRUPT',
  14: 'SQLITE_CANTOPEN',
  19: 'SQLITE_CONSTRAINT',
  26: 'SQLITE_NOTADB',
  275: 'SQLITE_CONSTRAINT_CHECK',
  787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
  1299: 'SQLITE_CONSTRAINT_NOTNULL',
  1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
  2067: 'SQLITE_CONSTRAINT_UNIQUE',
};

/** An error of node:sqlite with better-sqlite3's `code` (the SQLite result code's name). */
function withCode(error: unknown): unknown {
  const e = error as { errcode?: number; code?: string };
  if (e && typeof e === 'object' && typeof e.errcode === 'number') {
    e.code = RESULT_CODES[e.errcode] ?? RESULT_CODES[e.errcode & 0xff] ?? `SQLITE_${e.errcode}`;
  }
  return error;
}

function attempt<T>(fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw withCode(error);
  }
}

type Value = null | number | bigint | string | Uint8Array;
type Named = Record<string, Value>;

const isNamed = (value: unknown): value is Named =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  !(value instanceof Uint8Array) &&
  !ArrayBuffer.isView(value);

/** better-sqlite3's parameters (values, arrays of values, one object of named ones) as node:sqlite takes them. */
function bindArgs(params: unknown[]): unknown[] {
  let named: Named | undefined;
  const positional: unknown[] = [];
  for (const param of params.flat()) {
    if (isNamed(param)) {
      if (named) throw new TypeError('You cannot specify named parameters in two different objects');
      named = param;
    } else positional.push(param);
  }
  return named ? [named, ...positional] : positional;
}

/** A column value as better-sqlite3 gives it: BLOBs as Buffers. */
const column = (value: unknown): unknown =>
  value instanceof Uint8Array && !Buffer.isBuffer(value)
    ? Buffer.from(value.buffer, value.byteOffset, value.byteLength)
    : value;

/** A prepared statement with better-sqlite3's methods. */
class Statement {
  readonly source: string;
  readonly reader: boolean;
  #statement: NodeSqlite.StatementSync;
  #pluck = false;
  #raw = false;

  constructor(statement: NodeSqlite.StatementSync, source: string) {
    this.#statement = statement;
    this.source = source;
    this.reader = statement.columns().length > 0;
  }

  /** Returns only the first column of each row. */
  pluck(toggle = true): this {
    this.#pluck = toggle;
    if (toggle) this.#raw = false;
    return this;
  }

  /** Returns each row as an array of its values. */
  raw(toggle = true): this {
    this.#raw = toggle;
    if (toggle) this.#pluck = false;
    this.#statement.setReturnArrays(toggle);
    return this;
  }

  #row(row: unknown): unknown {
    if (row === undefined) return undefined;
    if (this.#raw) return (row as unknown[]).map(column);
    const values = Object.entries(row as Record<string, unknown>);
    if (this.#pluck) return column(values[0]?.[1]);
    const plain: Record<string, unknown> = {};
    for (const [key, value] of values) plain[key] = column(value);
    return plain;
  }

  run(...params: unknown[]): { changes: number; lastInsertRowid: number | bigint } {
    const result = attempt(() =>
      (this.#statement.run as (...a: unknown[]) => NodeSqlite.StatementResultingChanges)(...bindArgs(params)),
    );
    return { changes: Number(result.changes), lastInsertRowid: result.lastInsertRowid };
  }

  get(...params: unknown[]): unknown {
    return this.#row(
      attempt(() => (this.#statement.get as (...a: unknown[]) => unknown)(...bindArgs(params))),
    );
  }

  all(...params: unknown[]): unknown[] {
    const rows = attempt(() => (this.#statement.all as (...a: unknown[]) => unknown[])(...bindArgs(params)));
    return rows.map((row) => this.#row(row));
  }

  *iterate(...params: unknown[]): IterableIterator<unknown> {
    for (const row of this.all(...params)) yield row;
  }

  columns(): { name: string }[] {
    return this.#statement.columns().map((c) => ({ ...c }));
  }
}

/** A database connection with the part of better-sqlite3's `Database` the mock and its tests use. */
export default class Database {
  readonly name: string;
  readonly memory: boolean;
  #db: NodeSqlite.DatabaseSync;
  #depth = 0;
  #savepoints = 0;

  constructor(filename = ':memory:', options: { readonly?: boolean; fileMustExist?: boolean } = {}) {
    this.name = filename;
    this.memory = filename === ':memory:' || filename === '';
    this.#db = attempt(
      () =>
        new DatabaseSync(this.memory ? ':memory:' : filename, {
          ...(options.readonly ? { readOnly: true } : {}),
        }),
    );
  }

  get open(): boolean {
    return this.#db.isOpen;
  }

  get inTransaction(): boolean {
    return this.#db.isTransaction;
  }

  prepare(source: string): Statement {
    return new Statement(
      attempt(() => this.#db.prepare(source)),
      source,
    );
  }

  exec(source: string): this {
    attempt(() => this.#db.exec(source));
    return this;
  }

  pragma(source: string, options: { simple?: boolean } = {}): unknown {
    const rows = this.prepare(`PRAGMA ${source}`).all() as Record<string, unknown>[];
    if (!options.simple) return rows;
    const first = rows[0];
    return first === undefined ? undefined : Object.values(first)[0];
  }

  function(
    name: string,
    optionsOrFn: { deterministic?: boolean; varargs?: boolean } | ((...args: never[]) => unknown),
    maybeFn?: (...args: never[]) => unknown,
  ): this {
    const fn = (typeof optionsOrFn === 'function' ? optionsOrFn : maybeFn) as (...args: unknown[]) => unknown;
    const options = typeof optionsOrFn === 'function' ? {} : optionsOrFn;
    const call = (...args: unknown[]) => fn(...args.map(column)) as never;
    // node:sqlite, like better-sqlite3, takes the SQL function's arity from the JavaScript function's length.
    Object.defineProperty(call, 'length', { value: fn.length });
    this.#db.function(name, options, call);
    return this;
  }

  /** `fn` wrapped in a transaction: BEGIN/COMMIT at the outside, a savepoint inside another; rolled back on a throw. */
  transaction<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
    return (...args: A): R => {
      const outer = this.#depth === 0;
      const savepoint = `vr_tx_${this.#savepoints++}`;
      this.exec(outer ? 'BEGIN' : `SAVEPOINT ${savepoint}`);
      this.#depth += 1;
      try {
        const result = fn(...args);
        this.#depth -= 1;
        this.exec(outer ? 'COMMIT' : `RELEASE ${savepoint}`);
        return result;
      } catch (error) {
        this.#depth -= 1;
        if (this.#db.isTransaction) {
          if (outer) this.exec('ROLLBACK');
          else this.exec(`ROLLBACK TO ${savepoint}`).exec(`RELEASE ${savepoint}`);
        }
        throw error;
      }
    };
  }

  close(): this {
    if (this.#db.isOpen) this.#db.close();
    return this;
  }
}
