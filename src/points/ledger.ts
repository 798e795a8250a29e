/**
 * The points ledger: one record per player (`points:<license>`) holding the balance, a checkpoint and the recent
 * entries, each keyed by what earned or spent it. A change is one synchronous read-check-write of that record, so it
 * is applied wholly or not at all, and applying a key the record remembers changes nothing: replaying any step after a
 * crash can never add or remove twice.
 *
 * Compaction keeps the record bounded: past {@link LEDGER_KEEP} entries, the oldest are folded into the checkpoint
 * (their sum and count), except keys that can still replay: those `live` says so (a journal entry still open that
 * pays points, a purchase still open) and caller keys (`ext:`, `admin:`) younger than {@link CALLER_KEY_KEEP_MS}.
 * Never past {@link LEDGER_MAX_ENTRIES}: beyond it the oldest caller keys are folded even if younger.
 */
import { MAX_POINTS_BALANCE } from '../config/points-schema';
import type { KvpStore } from '../runtime/runtime';
import { pointsKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import {
  LEDGER_KEEP,
  LEDGER_MAX_ENTRIES,
  MAX_KEY_LENGTH,
  type PointsLedger,
  pointsLedgerSchema,
} from './records';
import type { Points, PointsChange, PointsEntry, PointsRead, PointsResult } from './types';

/** How long a key given by another resource or an admin is remembered at least (30 days). */
export const CALLER_KEY_KEEP_MS = 30 * 86_400_000;

/** Keys given by callers (exports, admins): they can be replayed at any time. */
const CALLER_KEY = /^(ext|admin):/;

/** What the ledger is built from. */
export interface PointsLedgerOptions {
  kvp: Pick<KvpStore, 'get' | 'set'>;
  now: () => number;
  /** Highest balance earning can reach (`points.cap`); the ledger's own ceiling when left out. */
  cap?: number;
  /** True while `key` can still be applied again (its journal entry or purchase is open): never folded. */
  live?: (key: string) => boolean;
  /** Hears about each change applied (not about a key applied before). */
  onChange?: (license: string, entry: PointsEntry, balance: number) => void;
  /** Hears about a ledger that cannot be read (left as is, held for an admin), each time it is read. */
  onCorrupt?: (license: string, detail: string) => void;
}

/** The ledger with the one option a refund needs. */
export interface PointsLedgerApi extends Points {
  /** Applies a change; `beyondCap` lets a refund give back what was taken even when the balance is at the cap. */
  apply(license: string, change: PointsChange & { beyondCap?: boolean }): PointsResult;
}

/** Why a key cannot be stored, or null. */
export function keyProblem(key: unknown): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'the key is empty';
  if (key.length > MAX_KEY_LENGTH) return `the key is longer than ${MAX_KEY_LENGTH} characters`;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused.
  if (/[\u0000-\u001f\u007f]/.test(key)) return 'the key holds control characters';
  return null;
}

/** True when `delta` is a whole, non-zero amount within the ledger's bounds. */
export function validDelta(delta: unknown): delta is number {
  return (
    typeof delta === 'number' &&
    Number.isSafeInteger(delta) &&
    delta !== 0 &&
    Math.abs(delta) <= MAX_POINTS_BALANCE
  );
}

/** Creates the ledger over the KVP. */
export function createPointsLedger(options: PointsLedgerOptions): PointsLedgerApi {
  const { kvp, now } = options;
  const ceiling = Math.min(options.cap ?? MAX_POINTS_BALANCE, MAX_POINTS_BALANCE);
  const live = options.live ?? (() => false);

  const load = (license: string): PointsLedger | { problem: string } => {
    const key = pointsKey(license);
    const found = readRecord(kvp, key, pointsLedgerSchema);
    if (found.state === 'missing')
      return { format: 1, license, balance: 0, folded: { balance: 0, count: 0 }, entries: [] };
    if (found.state === 'unreadable') {
      options.onCorrupt?.(license, found.problem);
      return { problem: found.problem };
    }
    if (found.value.license !== license) {
      const problem = `${key} holds the ledger of ${JSON.stringify(found.value.license)}`;
      options.onCorrupt?.(license, problem);
      return { problem };
    }
    return found.value;
  };

  const compact = (ledger: PointsLedger): PointsLedger => {
    if (ledger.entries.length <= LEDGER_KEEP) return ledger;
    const oldest = now() - CALLER_KEY_KEEP_MS;
    const keeps = (entry: PointsEntry) =>
      live(entry.key) || (CALLER_KEY.test(entry.key) && entry.at >= oldest);
    let excess = ledger.entries.length - LEDGER_KEEP;
    const foldable = new Set<PointsEntry>();
    for (const entry of ledger.entries) {
      if (excess === 0) break;
      if (keeps(entry)) continue;
      foldable.add(entry);
      excess -= 1;
    }
    // Past the hard ceiling, the oldest caller keys go too (never a live one: that could pay twice).
    let over = ledger.entries.length - foldable.size - LEDGER_MAX_ENTRIES;
    for (const entry of ledger.entries) {
      if (over <= 0) break;
      if (foldable.has(entry) || live(entry.key)) continue;
      foldable.add(entry);
      over -= 1;
    }
    let folded = ledger.folded.balance;
    for (const entry of foldable) folded += entry.delta;
    return {
      ...ledger,
      folded: { balance: folded, count: ledger.folded.count + foldable.size },
      entries: ledger.entries.filter((entry) => !foldable.has(entry)),
    };
  };

  const read = (license: string): PointsRead => {
    const ledger = load(license);
    if ('problem' in ledger) return { ok: false, code: 'ledger_unreadable', detail: ledger.problem };
    return { ok: true, license, balance: ledger.balance, entries: ledger.entries };
  };

  return {
    read,
    has(license, key) {
      const ledger = load(license);
      if ('problem' in ledger) return null;
      return ledger.entries.some((entry) => entry.key === key);
    },
    apply(license, change) {
      if (keyProblem(change.key) !== null) return { ok: false, code: 'invalid_key' };
      if (!validDelta(change.delta)) return { ok: false, code: 'invalid_amount' };
      const ledger = load(license);
      if ('problem' in ledger) return { ok: false, code: 'ledger_unreadable' };
      const { balance } = ledger;
      if (ledger.entries.some((entry) => entry.key === change.key))
        return { ok: true, balance, applied: false, credited: 0 };
      if (balance + change.delta < 0) return { ok: false, code: 'insufficient_points', balance };
      const top = change.beyondCap ? MAX_POINTS_BALANCE : ceiling;
      // A credit above the cap is credited up to it; the entry keeps what was asked, and a credit of 0 is still
      // recorded so its key is remembered (a replay once the balance fell must not credit it then).
      const delta = change.delta > 0 ? Math.max(0, Math.min(change.delta, top - balance)) : change.delta;
      const entry: PointsEntry = {
        key: change.key,
        delta,
        ...(delta !== change.delta ? { asked: change.delta } : {}),
        reason: String(change.reason ?? '').slice(0, 200),
        at: now(),
      };
      const next = compact({ ...ledger, balance: balance + delta, entries: [...ledger.entries, entry] });
      writeRecord(kvp, pointsKey(license), next);
      options.onChange?.(license, entry, next.balance);
      return { ok: true, balance: next.balance, applied: true, credited: delta };
    },
  };
}
