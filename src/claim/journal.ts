import type { AwardInfo, DrawRecord } from '../programs/types';
import type { PayoutProblem, Reward } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { KvpStore } from '../runtime/runtime';
import { AWARD_DONE_PREFIX, JOURNAL_PREFIX } from '../store/keys';

/** KVP prefix of journal entries. */
export { JOURNAL_PREFIX };

/**
 * Format written by this version. Entries without `format` were written by 0.1.0 (no `before`) or by the format
 * that added `before`; format 2 (0.2.0) has no awards, draws or `recorded`. All are migrated when read.
 */
export const JOURNAL_FORMAT = 3;

/** KVP prefix of the marks a settled award leaves, so deciding it again after a crash creates nothing. */
export { AWARD_DONE_PREFIX };

/** Journal ids of awards start with this; votes' ids never do. */
export const AWARD_ID_PREFIX = 'a:';

/**
 * Where a claim stands.
 * - `claiming`: written before the claim request; found at start it means the answer was lost.
 * - `unknown`: the answer was lost; decided by checking again.
 * - `claimed`: the API claimed the vote; the rewards not yet `given` are owed.
 * - `needs_admin`: cannot be decided without a person (last24h mode, a crash in the middle of a payout, or a
 *   framework that may or may not have paid: problem `outcome_unknown`). Never retried automatically.
 */
export type JournalState = 'claiming' | 'unknown' | 'claimed' | 'needs_admin';

/** Every state, for readers that check an entry. */
export const JOURNAL_STATES: readonly JournalState[] = ['claiming', 'unknown', 'claimed', 'needs_admin'];

/** Why an entry is still open, for admins and for what the player is told. */
export type JournalProblem =
  | 'answer_lost'
  | 'recheck_failed'
  | 'undecidable_in_last24h_mode'
  | 'no_remembered_vote'
  | 'payout_interrupted'
  | 'granted_by_admin'
  | PayoutProblem['code'];

/** Every problem code. */
export const JOURNAL_PROBLEMS: readonly JournalProblem[] = [
  'answer_lost',
  'recheck_failed',
  'undecidable_in_last24h_mode',
  'no_remembered_vote',
  'payout_interrupted',
  'granted_by_admin',
  'player_not_loaded',
  'inventory_full',
  'framework_error',
  'outcome_unknown',
];

/** One claim in the durable journal. */
export interface JournalEntry {
  format: typeof JOURNAL_FORMAT;
  /** Local id, known before the API gives a vote_id. */
  id: string;
  state: JournalState;
  /** Name used for the claim. */
  name: string;
  /** License of the player who claimed. */
  license: string;
  /** `voted_at` of the vote the claim would take, from the check before it. */
  votedAt: string | null;
  /** `vote_id` from the API, or null when the answer was lost. */
  voteId: string | null;
  /** Rewards owed, as configured when the claim was made. */
  rewards: Reward[];
  /** Which rewards were given. */
  given: boolean[];
  /** Index of the reward being given right now; still set after a restart means "maybe given". */
  giving: number | null;
  /**
   * The balance or item count read just before the paying call of reward `giving`; read again after a restart, it
   * tells whether that call paid. `null` while the call has not started; `unrecorded` when the entry was written by
   * 0.1.0 in the middle of a payout, which read nothing.
   */
  before: number | null | 'unrecorded';
  /** Last problem, for admins. */
  problem: JournalProblem | null;
  /** What the entry pays besides a vote: a milestone, streak, first-vote, party or top-voter award; null for votes. */
  award: AwardInfo | null;
  /** A vote: true once it is written to the player's history (with the awards it earned). Awards: always true. */
  recorded: boolean;
  /** What chance and choice came to when `rewards` were drawn; empty when nothing was left to chance. */
  draws: DrawRecord[];
  createdAt: number;
  updatedAt: number;
}

/** The durable claim journal: every write reaches the KVP store before the next step. */
export interface Journal {
  /** Writes (creates or replaces) an entry. */
  save(entry: JournalEntry): void;
  /** Removes an entry: its claim is settled. */
  remove(id: string): void;
  /** Every readable entry, oldest first. */
  all(): JournalEntry[];
  /** The entry whose id or vote_id is `ref`. */
  find(ref: string): JournalEntry | undefined;
  /** The entry with this id, read directly (no scan). */
  get(id: string): JournalEntry | undefined;
  /** A fresh unique id. */
  newId(): string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads a stored entry of any format into the current one, or says why it cannot. 0.1.0 left `before` out: an entry
 * it wrote in the middle of a payout read nothing before the call (`unrecorded`); any other has nothing to read.
 */
export function migrateEntry(raw: unknown): JournalEntry | string {
  if (!isRecord(raw)) return 'not an object';
  if (typeof raw.id !== 'string' || !Array.isArray(raw.rewards)) return 'missing fields';
  if (raw.format !== undefined && raw.format !== 2 && raw.format !== JOURNAL_FORMAT)
    return `unknown format ${String(raw.format)}`;
  if (!JOURNAL_STATES.includes(raw.state as JournalState)) return `unknown state ${String(raw.state)}`;
  const giving = typeof raw.giving === 'number' ? raw.giving : null;
  const before =
    typeof raw.before === 'number' || raw.before === 'unrecorded'
      ? raw.before
      : raw.before === undefined && giving !== null
        ? 'unrecorded'
        : null;
  const problem = JOURNAL_PROBLEMS.includes(raw.problem as JournalProblem)
    ? (raw.problem as JournalProblem)
    : null;
  const award = raw.format === JOURNAL_FORMAT ? ((raw.award as AwardInfo | null | undefined) ?? null) : null;
  return {
    ...(raw as unknown as JournalEntry),
    format: JOURNAL_FORMAT,
    giving,
    before,
    problem,
    award,
    recorded: award !== null || raw.recorded === true,
    draws: Array.isArray(raw.draws) ? (raw.draws as DrawRecord[]) : [],
  };
}

/** Creates the journal over the resource KVP; `onCorrupt` hears about entries that cannot be read. */
export function createJournal(options: {
  kvp: KvpStore;
  now: () => number;
  onCorrupt?: (key: string, detail: string) => void;
}): Journal {
  const { kvp, now } = options;
  let sequence = 0;
  const read = (key: string): JournalEntry | null => {
    const text = kvp.get(key);
    if (text === null) return null;
    let entry: JournalEntry | string;
    try {
      entry = migrateEntry(JSON.parse(text));
    } catch (error) {
      entry = describeError(error);
    }
    if (typeof entry === 'string') {
      options.onCorrupt?.(key, entry);
      return null;
    }
    return entry;
  };
  const all = () =>
    kvp
      .keys(JOURNAL_PREFIX)
      .map(read)
      .filter((entry): entry is JournalEntry => entry !== null)
      // Entries of one instant in the order their ids count (`a:party:2026-11:5:…` before `…:10:…`).
      .sort((a, b) => a.createdAt - b.createdAt || compareIds(a.id, b.id));
  return {
    save(entry) {
      entry.updatedAt = now();
      kvp.set(`${JOURNAL_PREFIX}${entry.id}`, JSON.stringify(entry));
    },
    remove(id) {
      // A settled award leaves its mark first: deciding it again (a crash before the decision was marked) skips it.
      if (id.startsWith(AWARD_ID_PREFIX)) kvp.set(`${AWARD_DONE_PREFIX}${id}`, String(now()));
      kvp.delete(`${JOURNAL_PREFIX}${id}`);
    },
    all,
    find: (ref) => all().find((entry) => entry.id === ref || entry.voteId === ref),
    get: (id) => read(`${JOURNAL_PREFIX}${id}`) ?? undefined,
    newId() {
      for (;;) {
        sequence += 1;
        const id = `c${now().toString(36)}${sequence.toString(36)}`;
        if (kvp.get(`${JOURNAL_PREFIX}${id}`) === null) return id;
      }
    },
  };
}

/**
 * Orders ids with their runs of digits compared as numbers, in one pass without allocating: `localeCompare` with
 * options builds a collator on every call, and splitting with a regular expression cost about as much, which made
 * sorting 1,000 entries of one instant take tens of milliseconds.
 */
export function compareIds(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(j);
    if (isDigit(x) && isDigit(y)) {
      let endA = i;
      let endB = j;
      while (endA < a.length && isDigit(a.charCodeAt(endA))) endA += 1;
      while (endB < b.length && isDigit(b.charCodeAt(endB))) endB += 1;
      let startA = i;
      let startB = j;
      while (startA < endA - 1 && a.charCodeAt(startA) === 48) startA += 1;
      while (startB < endB - 1 && b.charCodeAt(startB) === 48) startB += 1;
      const lengths = endA - startA - (endB - startB);
      if (lengths !== 0) return lengths;
      for (let k = 0; k < endA - startA; k += 1) {
        const diff = a.charCodeAt(startA + k) - b.charCodeAt(startB + k);
        if (diff !== 0) return diff;
      }
      if (endA - i !== endB - j) return endA - i - (endB - j);
      i = endA;
      j = endB;
      continue;
    }
    if (x !== y) return x - y;
    i += 1;
    j += 1;
  }
  return a.length - i - (b.length - j);
}

const isDigit = (code: number): boolean => code >= 48 && code <= 57;
