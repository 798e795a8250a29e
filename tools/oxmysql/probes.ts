/**
 * The probes both the real oxmysql (recorded by `record.ts` in the simulated FXServer) and the devkit fake answer:
 * each is one `_async` export call as a JS resource makes it. The answers are compared by `test/network/oxmysql-replay`.
 */

/** One probe: an export and its arguments. */
export interface Probe {
  name: string;
  exportName: 'query_async' | 'single_async' | 'scalar_async' | 'update_async' | 'insert_async';
  sql: string;
  params: unknown[];
}

/** The probes, in order (each runs on the same fresh database). */
export const PROBES: Probe[] = [
  {
    name: 'create',
    exportName: 'query_async',
    sql: 'CREATE TABLE t (id INT AUTO_INCREMENT PRIMARY KEY, k VARCHAR(20) UNIQUE, flag TINYINT(1), big BIGINT, n INT, at DATETIME)',
    params: [],
  },
  {
    name: 'insert',
    exportName: 'insert_async',
    sql: 'INSERT INTO t (k, flag, big, n, at) VALUES (?, ?, ?, ?, ?)',
    params: ['a', 1, 1099511627776, 5, '2026-01-02 03:04:05'],
  },
  {
    name: 'insert second',
    exportName: 'insert_async',
    sql: 'INSERT INTO t (k, flag, big, n) VALUES (?, ?, ?, ?)',
    params: ['b', 0, 7, 6],
  },
  {
    name: 'query rows',
    exportName: 'query_async',
    sql: 'SELECT k, flag, big, n FROM t ORDER BY id',
    params: [],
  },
  { name: 'query a write', exportName: 'query_async', sql: 'UPDATE t SET n = n WHERE k = ?', params: ['zz'] },
  { name: 'single', exportName: 'single_async', sql: 'SELECT k FROM t WHERE id = ?', params: [2] },
  { name: 'single none', exportName: 'single_async', sql: 'SELECT k FROM t WHERE id = ?', params: [9] },
  { name: 'scalar count', exportName: 'scalar_async', sql: 'SELECT COUNT(*) FROM t', params: [] },
  { name: 'scalar none', exportName: 'scalar_async', sql: 'SELECT k FROM t WHERE id = ?', params: [9] },
  { name: 'scalar sum', exportName: 'scalar_async', sql: 'SELECT SUM(n) FROM t', params: [] },
  { name: 'update', exportName: 'update_async', sql: 'UPDATE t SET n = n + 1 WHERE k = ?', params: ['a'] },
  {
    name: 'upsert new',
    exportName: 'update_async',
    sql: 'INSERT INTO t (k) VALUES (?) ON DUPLICATE KEY UPDATE k = k',
    params: ['c'],
  },
  {
    name: 'upsert unchanged',
    exportName: 'update_async',
    sql: 'INSERT INTO t (k) VALUES (?) ON DUPLICATE KEY UPDATE k = k',
    params: ['c'],
  },
  { name: 'missing param', exportName: 'query_async', sql: 'SELECT ? AS a, ? AS b', params: [1] },
  { name: 'extra param', exportName: 'query_async', sql: 'SELECT ? AS a', params: [1, 2] },
  { name: 'duplicate', exportName: 'query_async', sql: 'INSERT INTO t (k) VALUES (?)', params: ['a'] },
  { name: 'missing table', exportName: 'query_async', sql: 'SELECT * FROM nope', params: [] },
];

/** One answer: the value, or the rejection's text. */
export interface ProbeAnswer {
  name: string;
  ok: boolean;
  value: unknown;
}

/** The oxmysql export object as a resource reaches it (`exports.oxmysql`). */
type OxExports = Record<string, (...args: unknown[]) => Promise<unknown>>;

/** Runs every probe through `oxmysql` (a resource's view of its exports); answers them in order. */
export async function runProbes(oxmysql: OxExports): Promise<ProbeAnswer[]> {
  const answers: ProbeAnswer[] = [];
  for (const probe of PROBES) {
    try {
      const call = oxmysql[probe.exportName];
      if (!call) throw new Error(`no export ${probe.exportName}`);
      answers.push({ name: probe.name, ok: true, value: await call(probe.sql, probe.params) });
    } catch (error) {
      answers.push({ name: probe.name, ok: false, value: String((error as Error)?.message ?? error) });
    }
  }
  return answers;
}

/** An answer with the database's name taken out (each run uses its own database). */
export function withoutDatabaseName(answer: ProbeAnswer): ProbeAnswer {
  return typeof answer.value === 'string'
    ? { ...answer, value: answer.value.replace(/Table '[^'.]+\./, "Table '<db>.") }
    : answer;
}
