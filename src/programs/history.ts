/**
 * Vote history per player, by license, in the resource KVP (`history:<license>`, one small JSON value each): total
 * votes this resource claimed, votes per month, the streak, and the refs of the last votes recorded. Only votes this
 * resource claimed count: the API keeps no per-player history.
 */
import { nameKey } from '../claim/player-name';
import { cleanName } from '../runtime/display-name';
import type { KvpStore } from '../runtime/runtime';
import { HISTORY_PREFIX } from '../store/keys';
import type { Calendar } from './calendar';
import { HISTORY_MONTHS, HISTORY_RECENT, type TopVoter, type VoteHistory } from './types';

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

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Reads a stored history, or null when it is not one this version can use. */
function readHistory(text: string): VoteHistory | null {
  try {
    const raw = JSON.parse(text) as Partial<VoteHistory>;
    if (raw?.format !== 1 || typeof raw.license !== 'string' || typeof raw.total !== 'number') return null;
    // Every part the rankings and the rules read: a value missing one would throw there, not here.
    const isMap = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
    if (typeof raw.name !== 'string' || !isMap(raw.months) || !isMap(raw.monthReachedAt)) return null;
    if (!isMap(raw.streak) || !Array.isArray(raw.recent)) return null;
    // Counts added to and compared: a string there ("5" + 1) would corrupt the history further on each vote.
    const counts = (value: object) => Object.values(value).every((n) => Number.isFinite(n));
    const { current, best, lastDay, startDay } = raw.streak as Partial<VoteHistory['streak']>;
    const dayOrNull = (day: unknown) => day === null || (typeof day === 'string' && DAY.test(day));
    if (!Number.isInteger(raw.total) || raw.total < 0 || !counts(raw.months as object)) return null;
    if (!counts(raw.monthReachedAt as object) || !Number.isFinite(current) || !Number.isFinite(best))
      return null;
    if (!dayOrNull(lastDay) || !dayOrNull(startDay) || !raw.recent.every((ref) => typeof ref === 'string'))
      return null;
    return raw as VoteHistory;
  } catch {
    return null;
  }
}

/** Keeps the months, reach times and refs a history may hold. */
export function boundHistory(history: VoteHistory): VoteHistory {
  const months = Object.keys(history.months).sort().slice(-HISTORY_MONTHS);
  return {
    ...history,
    months: Object.fromEntries(months.map((month) => [month, history.months[month] ?? 0])),
    monthReachedAt: Object.fromEntries(
      months
        .filter((month) => month in history.monthReachedAt)
        .map((month) => [month, history.monthReachedAt[month] ?? 0]),
    ),
    recent: history.recent.slice(-HISTORY_RECENT),
  };
}

/** Creates the store; reads every history once to build the month rankings. */
export function createHistoryStore(options: {
  kvp: KvpStore;
  calendar: Calendar;
  onCorrupt?: (key: string) => void;
}): HistoryStore {
  const { kvp } = options;
  const cache = new Map<string, VoteHistory>();
  const unreadable = new Set<string>();
  for (const key of kvp.keys(HISTORY_PREFIX)) {
    const text = kvp.get(key);
    const history = text === null ? null : readHistory(text);
    if (history) cache.set(history.license, history);
    else {
      unreadable.add(key.slice(HISTORY_PREFIX.length));
      options.onCorrupt?.(key);
    }
  }
  const ranking = (month: string): TopVoter[] =>
    [...cache.values()]
      .filter((history) => (history.months[month] ?? 0) > 0)
      .sort(
        (a, b) =>
          (b.months[month] ?? 0) - (a.months[month] ?? 0) ||
          (a.monthReachedAt[month] ?? 0) - (b.monthReachedAt[month] ?? 0) ||
          a.license.localeCompare(b.license),
      )
      .map((history, index) => ({
        rank: index + 1,
        license: history.license,
        name: history.name,
        votes: history.months[month] ?? 0,
      }));
  return {
    get(license) {
      // Read through: a writer this store did not see (the programs before a reload, a step that outlived it) or an
      // admin who deleted an unreadable history is followed, never overwritten from a stale copy.
      const text = kvp.get(`${HISTORY_PREFIX}${license}`);
      const stored = text === null ? null : readHistory(text);
      if (stored) cache.set(license, stored);
      else cache.delete(license);
      if (text !== null && !stored) unreadable.add(license);
      else unreadable.delete(license);
      return stored ?? freshHistory(license, '');
    },
    has: (license) => cache.has(license),
    unreadable(license) {
      const text = kvp.get(`${HISTORY_PREFIX}${license}`);
      if (text !== null && readHistory(text) === null) unreadable.add(license);
      else unreadable.delete(license);
      return unreadable.has(license);
    },
    put(history) {
      // A fresh history written over an unreadable one would lose its counts and decide its awards again.
      if (unreadable.has(history.license))
        throw new Error(`${HISTORY_PREFIX}${history.license} is unreadable; it is left as is`);
      const bounded = boundHistory(history);
      kvp.set(`${HISTORY_PREFIX}${bounded.license}`, JSON.stringify(bounded));
      cache.set(bounded.license, bounded);
    },
    find(ref) {
      const exact = cache.get(ref.trim());
      if (exact) return exact;
      // Compared as shown to people (`^1Ana`, `Ste\u200bve` and `STEVE` find `Steve`), on the API's name key. Most
      // names are printable ASCII words without `^` or `~`, single spaces between: their key is their lower case.
      const keyOf = (name: string) =>
        /^[!-\]_-}]+(?: [!-\]_-}]+)*$/.test(name)
          ? name.toLowerCase()
          : nameKey(cleanName(name, Number.POSITIVE_INFINITY));
      const key = keyOf(ref);
      if (key === '') return null;
      // A name two players were last seen with (one of them renamed since) goes to the one who voted last.
      let found: VoteHistory | null = null;
      for (const history of cache.values()) {
        if (keyOf(history.name) !== key) continue;
        if (!found || (history.lastVoteAt ?? 0) > (found.lastVoteAt ?? 0)) found = history;
      }
      return found;
    },
    top: (month, n) => ranking(month).slice(0, n),
    rankOf: (license, month) => ranking(month).find((line) => line.license === license) ?? null,
    count: () => cache.size,
  };
}
