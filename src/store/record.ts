/**
 * The one read path of stored records: JSON in the KVP, checked by a zod schema. A record the schema refuses is never
 * repaired or rewritten by a reader: it is reported (`unreadable`, with the key and the schema's first complaint) and
 * left as is for an admin, because writing over it could repeat or lose what it recorded.
 */
import type { z } from 'zod/mini';
import type { KvpStore } from '../runtime/runtime';

/** What reading a record found. */
export type RecordRead<T> =
  | { state: 'missing' }
  | { state: 'valid'; value: T }
  | { state: 'unreadable'; problem: string };

/** Reads and checks the record at `key`. Never throws. */
export function readRecord<S extends z.ZodMiniType>(
  kvp: Pick<KvpStore, 'get'>,
  key: string,
  schema: S,
): RecordRead<z.output<S>> {
  const text = kvp.get(key);
  if (text === null) return { state: 'missing' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { state: 'unreadable', problem: `${key} is not JSON` };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { state: 'valid', value: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return { state: 'unreadable', problem: `${key}${where}: ${issue?.message ?? 'does not match its schema'}` };
}

/** Writes `value` as the record at `key`. */
export function writeRecord(kvp: Pick<KvpStore, 'set'>, key: string, value: unknown): void {
  kvp.set(key, JSON.stringify(value));
}
