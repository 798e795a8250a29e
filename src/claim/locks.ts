import type { Journal, JournalEntry } from './journal';
import { nameKey } from './player-name';

/** The per-player locks of one claim flow: a license and a name are held by one step at a time. */
export interface ClaimLocks {
  /** Takes the locks of `name` and `license`; answers the release, or null when another step holds either. */
  tryLock(name: string, license: string): (() => void) | null;
  /** True while a step holds the license's lock. */
  holds(license: string): boolean;
  /** Resolves once no step holds a lock (a reload waits for the steps in flight). */
  idle(): Promise<void>;
}

/**
 * Creates the locks over `shared`, the set every flow of one resource uses: a step the flow before a reload still
 * runs keeps its player locked for the flow after it, so both never pay one entry. A fresh set when left out.
 */
export function createClaimLocks(shared: Set<string> = new Set()): ClaimLocks {
  const idleWaiters: (() => void)[] = [];
  return {
    tryLock(name, license) {
      const keys = [`license:${license}`, `name:${nameKey(name)}`];
      if (keys.some((key) => shared.has(key))) return null;
      for (const key of keys) shared.add(key);
      return () => {
        for (const key of keys) shared.delete(key);
        if (shared.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      };
    },
    holds: (license) => shared.has(`license:${license}`),
    idle: () =>
      shared.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
  };
}

/** Runs `body` under the entry's lock with the entry read again under it; false when another step holds the lock. */
export async function underLock(
  locks: Pick<ClaimLocks, 'tryLock'>,
  journal: Pick<Journal, 'get'>,
  entry: JournalEntry,
  body: (current: JournalEntry) => Promise<void>,
): Promise<boolean> {
  const unlock = locks.tryLock(entry.name, entry.license);
  if (!unlock) return false;
  try {
    // Read again under the lock: a loop's list was read before its earlier steps' awaits, and another step may have
    // settled (removed) or moved the entry meanwhile; settling the old copy would pay it again.
    const current = journal.get(entry.id);
    if (current) await body(current);
  } finally {
    unlock();
  }
  return true;
}

/**
 * Entries in the order they may be paid: payouts interrupted before they were read again first, then votes, then
 * awards. Paying anything else to the player first would move the balance an interrupted payout is read against.
 */
export function payingOrder(entries: readonly JournalEntry[]): JournalEntry[] {
  const rank = (entry: JournalEntry) => (entry.giving !== null ? 0 : entry.award === null ? 1 : 2);
  return [...entries].sort((a, b) => rank(a) - rank(b));
}

/** True while another payout of the award's player waits to be read again: the award is paid after it. */
export function waitsForAnotherReading(entry: JournalEntry, open: readonly JournalEntry[]): boolean {
  return (
    entry.award !== null &&
    open.some(
      (other) =>
        other.id !== entry.id &&
        other.license === entry.license &&
        other.giving !== null &&
        other.state !== 'needs_admin',
    )
  );
}
