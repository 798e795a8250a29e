import type { Reward } from '../rewards/types';
import type { KvpStore } from '../runtime/runtime';

/** KVP prefix of journal entries. */
export const JOURNAL_PREFIX = 'claim:';

/**
 * Where a claim stands.
 * - `claiming`: written before the claim request; found at start it means the answer was lost.
 * - `unknown`: the answer was lost; decided by checking again.
 * - `claimed`: the API claimed the vote; the rewards not yet `given` are owed.
 * - `needs_admin`: cannot be decided without a person (last24h mode, a crash in the middle of a payout, or a
 *   framework that may or may not have paid: problem `outcome_unknown`). Never retried automatically.
 */
export type JournalState = 'claiming' | 'unknown' | 'claimed' | 'needs_admin';

/** One claim in the durable journal. */
export interface JournalEntry {
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
   * tells whether that call paid. `null` while the call has not started; absent in entries written by 0.1.0.
   */
  before?: number | null;
  /** Last problem (snake_case code), for admins. */
  problem: string | null;
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
  /** A fresh unique id. */
  newId(): string;
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
    try {
      const entry = JSON.parse(text) as JournalEntry;
      if (typeof entry.id !== 'string' || !Array.isArray(entry.rewards)) throw new Error('missing fields');
      return entry;
    } catch (error) {
      options.onCorrupt?.(key, (error as Error).message);
      return null;
    }
  };
  const all = () =>
    kvp
      .keys(JOURNAL_PREFIX)
      .map(read)
      .filter((entry): entry is JournalEntry => entry !== null)
      .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
  return {
    save(entry) {
      entry.updatedAt = now();
      kvp.set(`${JOURNAL_PREFIX}${entry.id}`, JSON.stringify(entry));
    },
    remove(id) {
      kvp.delete(`${JOURNAL_PREFIX}${id}`);
    },
    all,
    find: (ref) => all().find((entry) => entry.id === ref || entry.voteId === ref),
    newId() {
      for (;;) {
        sequence += 1;
        const id = `c${now().toString(36)}${sequence.toString(36)}`;
        if (kvp.get(`${JOURNAL_PREFIX}${id}`) === null) return id;
      }
    },
  };
}
