/**
 * Compares what a fake answered with what the real framework answered in a transcript (test/frameworks/transcript.ts).
 * A fake's value is first put in the transcript's form, by the rules FiveM's msgpack applies to a Lua table: an
 * empty table is `[]`, a table keyed 1..n is an array, nil fields vanish; a function is `{"$function": ...}`.
 */
import type { TranscriptValue } from '../transcript';

const FUNCTION = { $function: '(fake)' };

/** A fake's JS value in transcript form (`top` = a call's whole answer, where nothing is `{"$undefined":true}`). */
export function toTranscript(value: unknown, top = true): TranscriptValue | undefined {
  if (value === undefined) return top ? { $undefined: true } : undefined;
  if (value === null) return null;
  if (typeof value === 'function') return FUNCTION;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return { $number: 'NaN' };
    if (!Number.isFinite(value)) return { $number: value > 0 ? 'Infinity' : '-Infinity' };
    return value;
  }
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((v) => toTranscript(v, false) ?? null);
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, toTranscript(v, false)] as const)
      .filter((e): e is readonly [string, TranscriptValue] => e[1] !== undefined);
    if (entries.length === 0) return [];
    const keys = entries.map(([k]) => k);
    if (keys.every((k, i) => k === String(i + 1))) return entries.map(([, v]) => v);
    return Object.fromEntries(entries);
  }
  return String(value);
}

const isObject = (v: unknown): v is Record<string, TranscriptValue> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);
const isMarker = (v: unknown, key: string) => isObject(v) && key in v && Object.keys(v).length === 1;
const show = (v: unknown) => {
  const text = JSON.stringify(v);
  return text === undefined ? 'nothing' : text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** Whether a recorded answer holds functions or truncated tables anywhere: a framework object, not plain data. */
function holdsMarkers(value: TranscriptValue | undefined): boolean {
  if (Array.isArray(value)) return value.some(holdsMarkers);
  if (!isObject(value)) return false;
  if (isMarker(value, '$function') || isMarker(value, '$truncated')) return true;
  return Object.values(value).some(holdsMarkers);
}

/**
 * The first difference between a recorded value and a fake's, or null. A recorded answer that holds functions or
 * truncated tables is a framework object (an xPlayer, the ESX or QBCore object, an inventory, a whole item list): a
 * fake models part of it, so every key the fake has must exist in the recording with an equal value, and recorded
 * keys the fake leaves out are not compared (at any depth of that answer).
 * `{"$truncated": ...}` (deeper than recorded) matches anything. Fractions match within 1e-9 (summation order).
 */
export function difference(
  expected: TranscriptValue | undefined,
  actual: TranscriptValue | undefined,
  at = '',
  partial = holdsMarkers(expected),
): string | null {
  const where = at === '' ? '' : ` at ${at}`;
  if (isMarker(expected, '$truncated')) return null;
  if (isMarker(expected, '$function'))
    return isMarker(actual, '$function') ? null : `expected a function${where}, got ${show(actual)}`;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `expected ${show(expected)}${where}, got ${show(actual)}`;
    if (actual.length !== expected.length)
      return `expected ${expected.length} entries${where}, got ${actual.length}: expected ${show(expected)}, got ${show(actual)}`;
    for (let i = 0; i < expected.length; i++) {
      const d = difference(expected[i], actual[i], `${at}[${i}]`, partial);
      if (d) return d;
    }
    return null;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return `expected ${show(expected)}${where}, got ${show(actual)}`;
    for (const key of Object.keys(actual)) {
      if (!(key in expected)) return `unexpected key ${JSON.stringify(key)}${where} (= ${show(actual[key])})`;
    }
    for (const key of Object.keys(expected)) {
      if (!(key in actual)) {
        if (partial) continue;
        return `missing key ${JSON.stringify(key)}${where} (expected ${show(expected[key])})`;
      }
      const d = difference(expected[key], actual[key], at === '' ? key : `${at}.${key}`, partial);
      if (d) return d;
    }
    return null;
  }
  if (typeof expected === 'number' && typeof actual === 'number' && !Number.isInteger(expected)) {
    // A sum of fractions depends on the order Lua iterated the table in (1.45 vs 1.4500000000000002).
    if (Math.abs(expected - actual) <= 1e-9 * Math.max(1, Math.abs(expected))) return null;
  }
  return Object.is(expected, actual) ? null : `expected ${show(expected)}${where}, got ${show(actual)}`;
}
