/**
 * Moves points ledgers of format 1 (0.4.0: every remembered key inside the one record a claim rewrites) to format 2
 * (a bounded record, each key stored apart). Idempotent and safe to interrupt: the key records are written first (the
 * same values on every run), the ledger record last, in one write; a stop before it leaves format 1, which the next
 * start moves again. An unreadable ledger is left as is (the ledger reports it to admins when it is read).
 */
import type { KvpStore } from '../runtime/runtime';
import { POINTS_PREFIX, pointsKeyRecordKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { isCallerKey } from './keys';
import { keyRecordOf } from './ledger';
import { LEDGER_KEEP, type PointsLedger, pointsLedgerV1Schema } from './records';

/** Moves every format-1 ledger; answers the console lines (none when there was nothing to move). */
export function upgradePointsLedgers(kvp: KvpStore): string[] {
  let moved = 0;
  let left = 0;
  for (const key of kvp.keys(POINTS_PREFIX)) {
    const raw = kvp.get(key);
    if (raw === null || !/"format"\s*:\s*1\b/.test(raw)) continue;
    const found = readRecord(kvp, key, pointsLedgerV1Schema);
    if (found.state !== 'valid' || key !== `${POINTS_PREFIX}${found.value.license}`) {
      left += 1;
      continue;
    }
    const old = found.value;
    let callerKeys = 0;
    // Every key, whatever its age: the ledger's own pass deletes those past their retention that cannot replay.
    for (const entry of old.entries) {
      writeRecord(kvp, pointsKeyRecordKey(old.license, entry.key), keyRecordOf(old.license, entry));
      if (isCallerKey(entry.key)) callerKeys += 1;
    }
    const fold = old.entries.slice(0, Math.max(0, old.entries.length - LEDGER_KEEP));
    const next: PointsLedger = {
      format: 2,
      license: old.license,
      balance: old.balance,
      folded: {
        balance: fold.reduce((sum, entry) => sum + entry.delta, old.folded.balance),
        count: old.folded.count + fold.length,
      },
      entries: old.entries.slice(fold.length),
      callerKeys,
      prune: { next: 0, after: null },
    };
    writeRecord(kvp, key, next);
    moved += 1;
  }
  const lines: string[] = [];
  if (moved > 0) lines.push(`points: ${moved} ledger(s) moved to format 2 (each key stored apart)`);
  if (left > 0) lines.push(`points: ${left} ledger(s) of format 1 cannot be read; left as is for an admin`);
  return lines;
}
