/**
 * Each month's ranking of the vote histories, kept sorted as histories change, so `/votetop` and the month's prizes
 * read it instead of sorting every history per call. Order: most votes first, ties to who reached the count first,
 * then by license, so the order is fixed.
 */
import type { TopVoter, VoteHistory } from '../domain/types';

interface Row {
  license: string;
  name: string;
  votes: number;
  reachedAt: number;
}

/** The rankings of every month some history counts votes in. */
export interface MonthRankings {
  /** Ranks every month of `histories` at once (one sort per month), replacing what was ranked. */
  load(histories: Iterable<VoteHistory>): void;
  /** Moves a license's rows from what `before` counted to what `after` counts (null: no history). */
  update(before: VoteHistory | null, after: VoteHistory | null): void;
  /** The month's first `n` voters. */
  top(month: string, n: number): TopVoter[];
  /** The license's place in the month, or null when it has no vote there. */
  rankOf(license: string, month: string): TopVoter | null;
}

const compare = (a: Row, b: Row): number =>
  b.votes - a.votes || a.reachedAt - b.reachedAt || a.license.localeCompare(b.license);

const rowOf = (history: VoteHistory, month: string): Row | null => {
  const votes = history.months[month] ?? 0;
  if (votes <= 0) return null;
  return {
    license: history.license,
    name: history.name,
    votes,
    reachedAt: history.monthReachedAt[month] ?? 0,
  };
};

const sameRow = (a: Row, b: Row): boolean =>
  a.votes === b.votes && a.reachedAt === b.reachedAt && a.name === b.name;

/** Creates empty rankings. */
export function createRankings(): MonthRankings {
  const sorted = new Map<string, Row[]>();
  const rows = new Map<string, Map<string, Row>>();

  /** The index of the first row not before `row`. */
  const lowerBound = (list: Row[], row: Row): number => {
    let low = 0;
    let high = list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compare(list[middle] as Row, row) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  };

  /** Where `row` itself stands in `list` (rows that compare equal are stepped over). */
  const indexOf = (list: Row[], row: Row): number => {
    for (let at = lowerBound(list, row); at < list.length; at += 1) {
      if (list[at] === row) return at;
      if (compare(list[at] as Row, row) > 0) break;
    }
    return list.indexOf(row);
  };

  const remove = (month: string, row: Row) => {
    const list = sorted.get(month);
    if (!list) return;
    const at = indexOf(list, row);
    if (at !== -1) list.splice(at, 1);
    rows.get(month)?.delete(row.license);
  };

  const insert = (month: string, row: Row) => {
    let list = sorted.get(month);
    if (!list) {
      list = [];
      sorted.set(month, list);
      rows.set(month, new Map());
    }
    list.splice(lowerBound(list, row), 0, row);
    rows.get(month)?.set(row.license, row);
  };

  const line = (row: Row, index: number): TopVoter => ({
    rank: index + 1,
    license: row.license,
    name: row.name,
    votes: row.votes,
  });

  return {
    load(histories) {
      sorted.clear();
      rows.clear();
      for (const history of histories) {
        for (const month of Object.keys(history.months)) {
          const row = rowOf(history, month);
          if (!row) continue;
          if (!rows.has(month)) {
            rows.set(month, new Map());
            sorted.set(month, []);
          }
          rows.get(month)?.set(row.license, row);
          sorted.get(month)?.push(row);
        }
      }
      for (const list of sorted.values()) list.sort(compare);
    },
    update(before, after) {
      const license = after?.license ?? before?.license;
      if (license === undefined) return;
      const months = new Set([...Object.keys(before?.months ?? {}), ...Object.keys(after?.months ?? {})]);
      for (const month of months) {
        const old = rows.get(month)?.get(license) ?? null;
        const next = after ? rowOf(after, month) : null;
        if (old && next && sameRow(old, next)) continue;
        if (old) remove(month, old);
        if (next) insert(month, next);
      }
    },
    top: (month, n) => (sorted.get(month) ?? []).slice(0, n).map(line),
    rankOf(license, month) {
      const row = rows.get(month)?.get(license);
      const list = sorted.get(month);
      if (!row || !list) return null;
      const at = indexOf(list, row);
      return at === -1 ? null : line(row, at);
    },
  };
}
