/**
 * The vote history of a network of servers (`set vote_reward_store "oxmysql"`): the rows of `vote_reward_votes` are
 * the truth, one per counted vote; a player's history (total, months, streak, sites) is computed from them by time,
 * never kept as a counter. The reads of the programs stay synchronous: before a vote is recorded (and before a party
 * decides who shares it) the player's history is refreshed from the rows into an in-memory cache the programs read.
 *
 * Why a cache in memory, not the KVP: the KVP histories (`history:<license>`) are what this server counted before the
 * network; `votereward network import` moves them into the rows, so they are left as they are. Every decision that
 * pays reads the rows first, so the cache needs no durability.
 */
import { SEED_SITE_ID } from '../config/sites';
import type { Calendar } from '../domain/calendar';
import type { TopVoter, VoteHistory } from '../domain/types';
import type { JournalEntry } from '../engine/journal';
import type { EntryStop } from '../engine/outcome';
import type { NetworkDecisions } from '../network/decisions-rows';
import { networkKeyOf } from '../network/gate';
import type { RankedRow, SharedVotes, VoteRow } from '../network/history-rows';
import { describeError } from '../runtime/errors';
import type { KvpStore } from '../runtime/runtime';
import { tallySite } from './all-sites';
import { boundHistory, countedAt, createHistoryStore, freshHistory, type HistoryStore } from './history';
import { recordVote, type VotePrograms } from './rules';

/** The site of the rows `votereward network import` writes: counted in totals, months and streaks, not per site. */
export const IMPORT_SITE = 'import';
/** Ranking lines kept per month (the player's own place beyond them is not shown). */
const RANKING_DEPTH = 10_000;

/** The key a vote is counted under: the same on every server that can see that vote. */
export function voteKeyOf(
  entry: Pick<JournalEntry, 'id' | 'site' | 'votedAt' | 'voteId'>,
  serverId: string,
): string {
  // A site vote with its time: the natural key every server derives. A seed vote: the API's vote id (the API hands
  // each vote to one claim). Anything else only this server can see: named by this server.
  const shared = networkKeyOf(entry);
  if (shared !== null) return shared;
  if ((entry.site === undefined || entry.site === SEED_SITE_ID) && entry.voteId)
    return `seed:${entry.voteId}`;
  return `${serverId}:${entry.id}`;
}

/** A player's history computed from the rows (any order given; counted by vote time, then the network's order). */
export function historyFromRows(
  license: string,
  rows: readonly VoteRow[],
  rules: VotePrograms,
  calendar: Calendar,
  siteIds: readonly string[],
): VoteHistory {
  const sorted = [...rows].sort((a, b) => a.votedMs - b.votedMs || a.seq - b.seq);
  let history = freshHistory(license, '');
  for (const row of sorted) {
    const at = countedAt(history, row.votedMs);
    let next = recordVote(history, { ref: row.key, name: row.name, at }, rules, calendar).history;
    if (row.site !== IMPORT_SITE && (siteIds.length > 0 || row.site !== SEED_SITE_ID))
      next = tallySite(next, row.site, calendar.dayOf(at));
    history = boundHistory(next);
  }
  return history;
}

/** A KVP that lives in memory (the cache of the network's histories). */
export function memoryKvp(): KvpStore {
  const data = new Map<string, string>();
  return {
    get: (key) => data.get(key) ?? null,
    set: (key, value) => void data.set(key, value),
    delete: (key) => void data.delete(key),
    keys: (prefix) => [...data.keys()].filter((key) => key.startsWith(prefix)),
  };
}

/** The network's history as the programs read it. */
export interface SharedHistory {
  /** The history store the programs read: the cache, ranked by the network's rows. */
  readonly store: HistoryStore;
  /**
   * Counts the entry's vote in the rows and puts the player's history before it in the cache; null when the vote may
   * be recorded now, else where the entry stops (the shared store down: recorded and paid on a later run).
   */
  count(entry: JournalEntry): Promise<EntryStop | null>;
  /** Refreshes the histories of `licenses` from the rows; false when the store failed (nothing is decided then). */
  refresh(licenses: readonly string[]): Promise<boolean>;
  /** Reads the month's ranking from the rows (the month's top voters decide from it). */
  ranking(month: string, n: number): Promise<TopVoter[]>;
  /** Refreshes the rankings `/votetop` shows (this month and the one before). */
  refreshRankings(): Promise<void>;
}

/** What the shared history is built from. */
export interface SharedHistoryOptions {
  votes: SharedVotes;
  /** Why the shared store refuses now (unreachable, tables missing, settings wrong), or null. */
  refuses(): string | null;
  rules: VotePrograms;
  calendar: Calendar;
  siteIds: readonly string[];
  now(): number;
}

const held = (detail: string): EntryStop => ({
  code: 'pending',
  problem: { code: 'framework_error', detail: `the shared store is unavailable: ${detail}` },
  stage: 'resume',
});

/** The month's start and end in the owner's time zone (ms). */
function monthRange(calendar: Calendar, month: string): [number, number] {
  const [year, index] = month.split('-').map(Number) as [number, number];
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  return [calendar.startOfDay(`${month}-01`), calendar.startOfDay(`${next}-01`)];
}

const ranked = (rows: readonly RankedRow[]): TopVoter[] =>
  rows.map((row, index) => ({ rank: index + 1, license: row.license, name: row.name, votes: row.votes }));

/** Builds the shared history. */
export function createSharedHistory(options: SharedHistoryOptions): SharedHistory {
  const { votes, rules, calendar, siteIds } = options;
  const cache = createHistoryStore({ kvp: memoryKvp(), calendar });
  const rankings = new Map<string, TopVoter[]>();

  const put = (license: string, rows: readonly VoteRow[]) => {
    if (rows.length === 0) return;
    cache.put(historyFromRows(license, rows, rules, calendar, siteIds));
  };
  const ranking = async (month: string, n: number) => {
    const [from, to] = monthRange(calendar, month);
    return ranked(await votes.ranking(from, to, n));
  };

  const store: HistoryStore = {
    ...cache,
    top: (month, n) => (rankings.get(month) ?? cache.top(month, RANKING_DEPTH)).slice(0, n),
    rankOf(license, month) {
      const list = rankings.get(month);
      return list ? (list.find((line) => line.license === license) ?? null) : cache.rankOf(license, month);
    },
  };

  return {
    store,
    ranking,
    async count(entry) {
      const refused = options.refuses();
      if (refused !== null) return held(refused);
      try {
        const { row, rows } = await votes.count({
          key: voteKeyOf(entry, votes.serverId),
          license: entry.license,
          site: entry.site ?? SEED_SITE_ID,
          votedMs: entry.createdAt,
          name: entry.name,
        });
        // The history before this vote: the rows the network counted before it (the same after a crash and a rerun).
        const before = rows.filter((other) => other.seq < row.seq);
        if (before.length > 0) put(entry.license, before);
        else if (cache.has(entry.license)) cache.put(freshHistory(entry.license, entry.name));
        return null;
      } catch (error) {
        return held(describeError(error));
      }
    },
    async refresh(licenses) {
      if (options.refuses() !== null) return false;
      try {
        for (const license of licenses) put(license, await votes.ofLicense(license));
        return true;
      } catch {
        return false;
      }
    },
    async refreshRankings() {
      if (options.refuses() !== null) return;
      const month = calendar.monthOf(options.now());
      try {
        for (const each of [month, calendar.previousMonth(month)])
          rankings.set(each, await ranking(each, RANKING_DEPTH));
      } catch {
        // Kept as last read; the next refresh tries again (the store reports its own failure).
      }
    },
  };
}

/** The programs' view of a network store (`NetworkStore` of `network/part.ts`), or null when it is off. */
export function sharedStoreOf(network: {
  votes: SharedVotes | null;
  decisions: NetworkDecisions | null;
  refuses(): string | null;
}): { votes: SharedVotes; decisions: NetworkDecisions; refuses(): string | null } | null {
  const { votes, decisions } = network;
  return votes && decisions ? { votes, decisions, refuses: () => network.refuses() } : null;
}
