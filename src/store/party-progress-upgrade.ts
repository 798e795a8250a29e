/**
 * Moves the vote party's progress from `party:<month>` (before 0.4.0) to `party:progress:<month>`, so no record family
 * lives under another's prefix. Idempotent and safe to interrupt: each value is written under its new key before the
 * old key goes; when both exist (a crash in between), the higher threshold is kept, so nothing is decided again.
 */
import type { KvpStore } from '../runtime/runtime';
import { PARTY_PREFIX, partyProgressKey } from './keys';

const LEGACY_PROGRESS = /^party:(\d{4}-\d{2})$/;

/** Moves every old progress record; answers the console lines (none when nothing was moved). */
export function movePartyProgress(kvp: KvpStore): string[] {
  let moved = 0;
  for (const key of kvp.keys(PARTY_PREFIX)) {
    const month = LEGACY_PROGRESS.exec(key)?.[1];
    const value = month === undefined ? null : kvp.get(key);
    if (month === undefined || value === null) continue;
    const target = partyProgressKey(month);
    const existing = kvp.get(target);
    if (existing === null || Number(value) > Number(existing)) kvp.set(target, value);
    kvp.delete(key);
    moved += 1;
  }
  return moved === 0
    ? []
    : [`vote party: ${moved} progress record(s) moved to ${partyProgressKey('<month>')}`];
}
