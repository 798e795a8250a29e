/**
 * The points ledger. Each player has one small record (`points:<license>`, format 2): the balance, a checkpoint and
 * the newest {@link LEDGER_KEEP} entries to show. Every key applied is also stored apart, one record per key
 * (`pointkey:<license>:<key>`), so what a claim rewrites stays the same size however many keys a player has.
 *
 * A change writes the ledger record first, then the key's record. A stop between the two leaves the key among the
 * ledger's newest entries, where it is found, and the next change writes the missing record before anything else:
 * a key is never applied twice and never forgotten while its entry is kept.
 *
 * A key is bound to what it did: the same key with the same amount and sign answers the first result again
 * (`applied: false`); with another amount or sign it answers `key_conflict` and changes nothing.
 *
 * Retention: a key record is kept at least {@link KEY_KEEP_MS} (30 days) after it was applied, and for as long as
 * `live` says it can still replay (an open journal entry or purchase). Older ones are deleted by a pass over the
 * player's keys run a batch at a time inside later changes, at most once a day. Caller keys (`res:`, and `ext:` from
 * before 0.5.0) count against {@link MAX_CALLER_KEYS} per player: past it a new caller key is refused
 * (`ledger_full`) rather than forgetting one younger than its promised life.
 */
import { MAX_POINTS_BALANCE } from '../config/points-schema';
import type { KvpStore } from '../runtime/runtime';
import { pointsKey, pointsKeyRecordKey, pointsKeysOf } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { isCallerKey } from './keys';
import {
  LEDGER_KEEP,
  MAX_STORED_KEY_LENGTH,
  type PointsKeyRecord,
  type PointsLedger,
  pointsKeySchema,
  pointsLedgerSchema,
} from './records';
import type { Points, PointsChange, PointsEntry, PointsRead, PointsResult } from './types';

/** How long a key is remembered at least after it was applied (30 days). */
export const KEY_KEEP_MS = 30 * 86_400_000;
/** Caller keys one player may have stored (a caller paying once a minute uses 43,200 in 30 days). */
export const MAX_CALLER_KEYS = 50_000;
/** Key records one pruning step reads (the pass goes on in the next change). */
export const PRUNE_BATCH = 200;
/** How often a pass over a player's stored keys starts (a day). */
export const PRUNE_EVERY_MS = 86_400_000;

/** What the ledger is built from. */
export interface PointsLedgerOptions {
  kvp: Pick<KvpStore, 'get' | 'set' | 'delete' | 'keys'>;
  now: () => number;
  /** Highest balance earning can reach (`points.cap`); the ledger's own ceiling when left out. */
  cap?: number;
  /** True while `key` can still be applied again (its journal entry or purchase is open): never pruned. */
  live?: (key: string) => boolean;
  /** Caller keys a player may have stored; {@link MAX_CALLER_KEYS} when left out. */
  maxCallerKeys?: number;
  /** Hears about each change applied (not about a key applied before). */
  onChange?: (license: string, entry: PointsEntry, balance: number) => void;
  /** Hears about a ledger that cannot be read (left as is, held for an admin), each time it is read. */
  onCorrupt?: (license: string, detail: string) => void;
}

/** What a key did when it was applied, or why that cannot be told. */
export type KeyLookup =
  | { state: 'missing' }
  | { state: 'found'; delta: number; asked: number }
  | { state: 'unreadable'; problem: string };

/** The ledger with the one option a refund needs. */
export interface PointsLedgerApi extends Points {
  /** Applies a change; `beyondCap` lets a refund give back what was taken even when the balance is at the cap. */
  apply(license: string, change: PointsChange & { beyondCap?: boolean }): PointsResult;
  /** What `key` did for `license` (`asked`: the amount the change asked for, `delta`: what it moved). */
  lookup(license: string, key: string): KeyLookup;
}

/** Why a key cannot be stored, or null; `max` is the longest allowed. */
export function keyProblem(key: unknown, max = MAX_STORED_KEY_LENGTH): string | null {
  if (typeof key !== 'string' || key.length === 0) return 'the key is empty';
  if (key.length > max) return `the key is longer than ${max} characters`;
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

/** An empty ledger of format 2. */
export function emptyLedger(license: string): PointsLedger {
  return {
    format: 2,
    license,
    balance: 0,
    folded: { balance: 0, count: 0 },
    entries: [],
    callerKeys: 0,
    prune: { next: 0, after: null },
  };
}

/** The key record of an entry. */
export function keyRecordOf(license: string, entry: PointsEntry): PointsKeyRecord {
  return {
    format: 1,
    license,
    key: entry.key,
    delta: entry.delta,
    ...(entry.asked === undefined ? {} : { asked: entry.asked }),
    at: entry.at,
  };
}

/** True for a key a caller gave (counted against the caller-key limit). */

/** Creates the ledger over the KVP. */
export function createPointsLedger(options: PointsLedgerOptions): PointsLedgerApi {
  const { kvp, now } = options;
  const ceiling = Math.min(options.cap ?? MAX_POINTS_BALANCE, MAX_POINTS_BALANCE);
  const live = options.live ?? (() => false);
  const maxCallerKeys = options.maxCallerKeys ?? MAX_CALLER_KEYS;

  const load = (license: string): PointsLedger | { problem: string } => {
    const key = pointsKey(license);
    const found = readRecord(kvp, key, pointsLedgerSchema);
    if (found.state === 'missing') return emptyLedger(license);
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

  const storedKey = (license: string, key: string): KeyLookup => {
    const found = readRecord(kvp, pointsKeyRecordKey(license, key), pointsKeySchema);
    if (found.state === 'missing') return { state: 'missing' };
    if (found.state === 'unreadable') return { state: 'unreadable', problem: found.problem };
    if (found.value.license !== license || found.value.key !== key)
      return { state: 'unreadable', problem: `${pointsKeyRecordKey(license, key)} names another key` };
    return { state: 'found', delta: found.value.delta, asked: found.value.asked ?? found.value.delta };
  };

  const lookupIn = (ledger: PointsLedger, key: string): KeyLookup => {
    const kept = ledger.entries.find((entry) => entry.key === key);
    if (kept) return { state: 'found', delta: kept.delta, asked: kept.asked ?? kept.delta };
    return storedKey(ledger.license, key);
  };

  /** The newest entry's key record is written after the ledger: a stop in between left it out; write it now. */
  const finishLastWrite = (ledger: PointsLedger) => {
    const last = ledger.entries[ledger.entries.length - 1];
    if (!last || now() - last.at > KEY_KEEP_MS) return;
    if (kvp.get(pointsKeyRecordKey(ledger.license, last.key)) === null)
      writeRecord(kvp, pointsKeyRecordKey(ledger.license, last.key), keyRecordOf(ledger.license, last));
  };

  /**
   * One step of the pass over the player's key records: deletes those past their retention that cannot replay.
   * `whole` runs the pass to its end and counts the caller keys left (the count a stop could have left too high).
   */
  const pruneStep = (ledger: PointsLedger, whole: boolean): PointsLedger => {
    const at = now();
    if (!whole && ledger.prune.after === null && at < ledger.prune.next) return ledger;
    const prefix = pointsKeysOf(ledger.license);
    const after = whole ? null : ledger.prune.after;
    const names = kvp
      .keys(prefix)
      .filter((name) => after === null || name > pointsKeyRecordKey(ledger.license, after));
    const batch = whole ? names : names.slice(0, PRUNE_BATCH);
    const oldest = at - KEY_KEEP_MS;
    let removed = 0;
    let callerLeft = 0;
    for (const name of batch) {
      const found = readRecord(kvp, name, pointsKeySchema);
      // A record of another license under this prefix (a license that starts with this one), or unreadable: left as is.
      if (found.state !== 'valid' || found.value.license !== ledger.license) continue;
      const { key } = found.value;
      if (found.value.at < oldest && !live(key) && !ledger.entries.some((entry) => entry.key === key)) {
        kvp.delete(name);
        if (isCallerKey(key)) removed += 1;
      } else if (isCallerKey(key)) callerLeft += 1;
    }
    const finished = batch.length === names.length;
    const last = batch[batch.length - 1];
    return {
      ...ledger,
      callerKeys: whole ? callerLeft : Math.max(0, ledger.callerKeys - removed),
      prune: finished
        ? { next: at + PRUNE_EVERY_MS, after: null }
        : { next: ledger.prune.next, after: last === undefined ? null : last.slice(prefix.length) },
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
      const found = lookupIn(ledger, key);
      return found.state === 'unreadable' ? null : found.state === 'found';
    },
    lookup(license, key) {
      const ledger = load(license);
      if ('problem' in ledger) return { state: 'unreadable', problem: ledger.problem };
      return lookupIn(ledger, key);
    },
    apply(license, change) {
      if (keyProblem(change.key) !== null) return { ok: false, code: 'invalid_key' };
      if (!validDelta(change.delta)) return { ok: false, code: 'invalid_amount' };
      const loaded = load(license);
      if ('problem' in loaded) return { ok: false, code: 'ledger_unreadable' };
      finishLastWrite(loaded);
      let ledger = loaded;
      const { balance } = ledger;
      const before = lookupIn(ledger, change.key);
      if (before.state === 'unreadable') return { ok: false, code: 'ledger_unreadable' };
      if (before.state === 'found') {
        // The key is bound to what it asked: the same change answers as before, another is a conflict.
        if (before.asked !== change.delta) return { ok: false, code: 'key_conflict', balance };
        return { ok: true, balance, applied: false, credited: before.delta };
      }
      if (balance + change.delta < 0) return { ok: false, code: 'insufficient_points', balance };
      ledger = pruneStep(ledger, false);
      const caller = isCallerKey(change.key);
      if (caller && ledger.callerKeys >= maxCallerKeys) {
        // The count can be too high after a stop mid-pass: count again (at most once a day) before refusing.
        if (now() >= loaded.prune.next) ledger = pruneStep(ledger, true);
        if (ledger.callerKeys >= maxCallerKeys) {
          if (ledger !== loaded) writeRecord(kvp, pointsKey(license), ledger);
          return { ok: false, code: 'ledger_full', balance };
        }
      }
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
      const entries = [...ledger.entries, entry];
      const fold = entries.slice(0, Math.max(0, entries.length - LEDGER_KEEP));
      const next: PointsLedger = {
        ...ledger,
        balance: balance + delta,
        folded: {
          balance: fold.reduce((sum, old) => sum + old.delta, ledger.folded.balance),
          count: ledger.folded.count + fold.length,
        },
        entries: entries.slice(fold.length),
        callerKeys: ledger.callerKeys + (caller ? 1 : 0),
      };
      writeRecord(kvp, pointsKey(license), next);
      writeRecord(kvp, pointsKeyRecordKey(license, entry.key), keyRecordOf(license, entry));
      options.onChange?.(license, entry, next.balance);
      return { ok: true, balance: next.balance, applied: true, credited: delta };
    },
  };
}
