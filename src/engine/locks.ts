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
 * Creates one lock set. The payout engine keeps it across reloads: a step the engine before a reload still runs keeps
 * its player locked for the engine after it, and whoever waits for `idle` hears the release of a lock taken through
 * any path (a claim, a purchase, an admin's retry), because the waiters belong to the set, not to a caller's copy.
 */
export function createClaimLocks(): ClaimLocks {
  const held = new Set<string>();
  const idleWaiters: (() => void)[] = [];
  return {
    tryLock(name, license) {
      const keys = [`license:${license}`, `name:${nameKey(name)}`];
      if (keys.some((key) => held.has(key))) return null;
      for (const key of keys) held.add(key);
      return () => {
        for (const key of keys) held.delete(key);
        if (held.size === 0) for (const resolve of idleWaiters.splice(0)) resolve();
      };
    },
    holds: (license) => held.has(`license:${license}`),
    idle: () =>
      held.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve)),
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
