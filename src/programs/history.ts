/**
 * Vote history per player, by license, in the resource KVP (`history:<license>`, one small JSON value each): total
 * votes this resource claimed, votes per month, the streak, and the refs of the last votes recorded. Only votes this
 * resource claimed count: the API keeps no per-player history.
 */

import type { Calendar } from '../domain/calendar';
import { HISTORY_MONTHS, HISTORY_RECENT, type TopVoter, type VoteHistory } from '../domain/types';
import { nameKey } from '../engine/player-name';
import { cleanName } from '../runtime/display-name';
import type { KvpStore } from '../runtime/runtime';
import { HISTORY_PREFIX, historyKey } from '../store/keys';
import { createRankings } from '../store/month-rankings';
import { type RecordRead, readRecord, writeRecord } from '../store/record';
import { MONTH, voteHistorySchema } from '../store/schemas';
import { boundSites } from './all-sites';

/** KVP prefix of histories. */
export { HISTORY_PREFIX };

/** The histories, with an in-memory index of every month's counts for rankings. */
export interface HistoryStore {
  /** The player's history, or a fresh one. */
  get(license: string): VoteHistory;
  /** True when a history is stored for the license. */
  has(license: string): boolean;
  /**
   * True when the stored history of the license cannot be read (corrupt, or written by a newer format): it is never
   * overwritten, so a vote of that player is not counted until an admin repairs or deletes it.
   */
  unreadable(license: string): boolean;
  /** Writes a history (durably) and updates the rankings. */
  put(history: VoteHistory): void;
  /**
   * Finds a player by license, or by the last name seen (case-insensitive, colour codes ignored; of two players last
   * seen with one name, the one who voted last).
   */
  find(ref: string): VoteHistory | null;
  /** Every player last seen with the name `ref` (compared as {@link find} does), whoever voted last. */
  named(ref: string): VoteHistory[];
  /** The month's top `n` voters: most votes first, ties to who reached the count first. */
  top(month: string, n: number): TopVoter[];
  /** The player's place in the month, or null when no vote counted. */
  rankOf(license: string, month: string): TopVoter | null;
  /** Number of stored histories. */
  count(): number;
}

/** An empty history for a license. */
export function freshHistory(license: string, name: string): VoteHistory {
  return {
    format: 1,
    license,
    name,
    total: 0,
    months: {},
    monthReachedAt: {},
    lastVoteAt: null,
    streak: { current: 0, best: 0, lastDay: null, startDay: null },
    recent: [],
  };
}

/** Reads the stored history at `key`: missing, valid, or unreadable (with why). */
function readHistory(kvp: Pick<KvpStore, 'get'>, key: string): RecordRead<VoteHistory> {
  const found = readRecord(kvp, key, voteHistorySchema);
  // A history copied under another license would make that player's next vote count in someone else's history.
  if (found.state === 'valid' && historyKey(found.value.license) !== key)
    return { state: 'unreadable', problem: `${key} holds the history of ${found.value.license}` };
  return found;
}

/** Keeps the months, reach times and refs a history may hold; month keys that are not months are dropped. */
export function boundHistory(history: VoteHistory): VoteHistory {
  const months = Object.keys(history.months)
    .filter((month) => MONTH.test(month))
    .sort()
    .slice(-HISTORY_MONTHS);
  return {
    ...history,
    months: Object.fromEntries(months.map((month) => [month, history.months[month] ?? 0])),
    monthReachedAt: Object.fromEntries(
      months
        .filter((month) => month in history.monthReachedAt)
        .map((month) => [month, history.monthReachedAt[month] ?? 0]),
    ),
    recent: history.recent.slice(-HISTORY_RECENT),
    ...(history.sites === undefined ? {} : { sites: boundSites(history.sites) }),
  };
}

/**
 * The time a vote claimed at `at` is counted at: never before the player's last recorded vote, so a clock set back
 * cannot count a vote in a month (or a day) the player's history has already left behind.
 */
export function countedAt(history: VoteHistory, at: number): number {
  return history.lastVoteAt !== null && history.lastVoteAt > at ? history.lastVoteAt : at;
}

/** Creates the store; reads every history once to build the month rankings, then keeps them up to date. */
export function createHistoryStore(options: {
  kvp: KvpStore;
  calendar: Calendar;
  onCorrupt?: (key: string) => void;
}): HistoryStore {
  const { kvp } = options;
  const cache = new Map<string, VoteHistory>();
  const unreadable = new Set<string>();
  const rankings = createRankings();
  /** Follows what the KVP holds for `license`: the cache and the rankings change with it. */
  const remember = (license: string, history: VoteHistory | null) => {
    rankings.update(cache.get(license) ?? null, history);
    if (history) cache.set(license, history);
    else cache.delete(license);
  };
  for (const key of kvp.keys(HISTORY_PREFIX)) {
    const found = readHistory(kvp, key);
    if (found.state === 'valid') cache.set(found.value.license, found.value);
    else {
      unreadable.add(key.slice(HISTORY_PREFIX.length));
      options.onCorrupt?.(key);
    }
  }
  rankings.load(cache.values());
  /** Reads the license's history through to the KVP, noting whether it is unreadable. */
  const readThrough = (license: string): VoteHistory | null => {
    const found = readHistory(kvp, historyKey(license));
    if (found.state === 'unreadable') unreadable.add(license);
    else unreadable.delete(license);
    return found.state === 'valid' ? found.value : null;
  };
  /** Histories whose last name is `ref` as shown to people (`^1Ana`, `Ste\u200bve` and `STEVE` find `Steve`). */
  const named = (ref: string): VoteHistory[] => {
    // Compared on the API's name key. Most names are printable ASCII words without `^` or `~`, single spaces
    // between: their key is their lower case.
    const keyOf = (name: string) =>
      /^[!-\]_-}]+(?: [!-\]_-}]+)*$/.test(name)
        ? name.toLowerCase()
        : nameKey(cleanName(name, Number.POSITIVE_INFINITY));
    const key = keyOf(ref);
    if (key === '') return [];
    return [...cache.values()].filter((history) => keyOf(history.name) === key);
  };

  return {
    get(license) {
      // Read through: a writer this store did not see (the programs before a reload, a step that outlived it) or an
      // admin who deleted an unreadable history is followed, never overwritten from a stale copy.
      const stored = readThrough(license);
      remember(license, stored);
      return stored ?? freshHistory(license, '');
    },
    has: (license) => cache.has(license),
    unreadable(license) {
      readThrough(license);
      return unreadable.has(license);
    },
    put(history) {
      // A fresh history written over an unreadable one would lose its counts and decide its awards again.
      if (unreadable.has(history.license))
        throw new Error(`${historyKey(history.license)} is unreadable; it is left as is`);
      const bounded = boundHistory(history);
      writeRecord(kvp, historyKey(bounded.license), bounded);
      remember(bounded.license, bounded);
    },
    find(ref) {
      const exact = cache.get(ref.trim());
      if (exact) return exact;
      // A name two players were last seen with (one of them renamed since) goes to the one who voted last.
      let found: VoteHistory | null = null;
      for (const history of named(ref))
        if (!found || (history.lastVoteAt ?? 0) > (found.lastVoteAt ?? 0)) found = history;
      return found;
    },
    named,
    top: (month, n) => rankings.top(month, n),
    rankOf: (license, month) => rankings.rankOf(license, month),
    count: () => cache.size,
  };
}
