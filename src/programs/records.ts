/** The decision records of the vote party and the month's top voters: JSON in the KVP, format 1, one month each. */
import type { KvpStore } from '../runtime/runtime';

/**
 * Reads the record at `key`: null when it is missing, not JSON, not format 1 with a `month`, or when `fits` (the
 * program's own fields) refuses it.
 */
export function readDecisionRecord<T>(
  kvp: Pick<KvpStore, 'get'>,
  key: string,
  fits: (raw: Record<string, unknown>) => boolean,
): T | null {
  const text = kvp.get(key);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  return raw.format === 1 && typeof raw.month === 'string' && fits(raw) ? (raw as T) : null;
}
