import * as z from 'zod';
import type { PayoutProblem } from '../rewards/types';
import type { KvpStore } from '../runtime/runtime';
import type { RewardBounds } from '../store/bounds';
import { AWARD_DONE_PREFIX, JOURNAL_PREFIX, journalKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { journalEntrySchema, journalProblemSchema, journalStateSchema } from '../store/schemas';

/** KVP prefix of journal entries. */
export { JOURNAL_PREFIX };

/**
 * Format written by this version. Entries without `format` were written by 0.1.0 (no `before`) or by the format
 * that added `before`; format 2 (0.2.0) has no awards, draws or `recorded`. All are migrated when read.
 */
export const JOURNAL_FORMAT = 3;

/**
 * KVP prefix of the done-marks a settled entry with a deterministic id leaves (awards `a:`, site votes `s:`): deciding
 * the award again after a crash, or a site showing the same vote again, finds the mark and opens nothing.
 */
export { AWARD_DONE_PREFIX };

/** Journal ids of site votes start with this; their id derives from the site, the voter and the vote time. */
export const SITE_VOTE_ID_PREFIX = 's:';

/** Journal ids of awards start with this; votes' ids never do. */
export const AWARD_ID_PREFIX = 'a:';

/** Where a claim stands: `store/schemas.ts` `journalStateSchema` says what each state means. */
export type JournalState = z.output<typeof journalStateSchema>;

/** Every state, for readers that check an entry. */
export const JOURNAL_STATES: readonly JournalState[] = journalStateSchema.options;

/** Why an entry is still open, for admins and for what the player is told. */
export type JournalProblem = z.output<typeof journalProblemSchema>;

// Every payout problem is a journal problem: the compiler says so if a framework adds one.
const PAYOUT_PROBLEMS_ARE_JOURNAL_PROBLEMS: readonly JournalProblem[] = [] as PayoutProblem['code'][];
void PAYOUT_PROBLEMS_ARE_JOURNAL_PROBLEMS;

/** Every problem code. */
export const JOURNAL_PROBLEMS: readonly JournalProblem[] = journalProblemSchema.options;

/** One claim in the durable journal: what `journalEntrySchema` (`store/schemas.ts`, where each field is told) reads. */
export type JournalEntry = z.output<typeof journalEntrySchema>;

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
  /** True when an entry is stored under this id, readable or not (an unreadable one may have paid part). */
  stored(id: string): boolean;
  /** True when the award or site vote with this id was settled (its done-mark is kept). */
  settled(id: string): boolean;
  /** When the award or site vote with this id was settled (ms, by the clock then), or null. */
  settledAt(id: string): number | null;
  /** The readable open entries of one license, oldest first: only that license's entries are read (an index). */
  openOf(license: string): JournalEntry[];
  /** True when an entry of this license is open (the index, each id checked to be still stored). */
  hasOpen(license: string): boolean;
  /** Removes the done-marks of awards settled before `oldest` (ms); returns how many went. */
  pruneSettled(oldest: number): number;
  /** A fresh unique id. */
  newId(): string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The migration step of a stored entry, run before its schema: formats 1 (no `format`) and 2 become 3. 0.1.0 left
 * `before` out: an entry it wrote in the middle of a payout read nothing before the call (`unrecorded`); any other
 * has nothing to read. An unknown problem code is dropped, the claim kept.
 */
function migrateFormat(raw: unknown): Record<string, unknown> | string {
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
  const problem = JOURNAL_PROBLEMS.includes(raw.problem as JournalProblem) ? raw.problem : null;
  const award = raw.format === JOURNAL_FORMAT ? (raw.award ?? null) : null;
  return {
    ...raw,
    format: JOURNAL_FORMAT,
    giving,
    before,
    problem,
    award,
    recorded: award !== null || raw.recorded === true,
    draws: Array.isArray(raw.draws) ? raw.draws : [],
  };
}

/** A stored entry of any format: migrated to the current one, then checked by its schema. */
export const storedEntrySchema = z
  .unknown()
  .transform((raw, context) => {
    const migrated = migrateFormat(raw);
    if (typeof migrated !== 'string') return migrated;
    context.addIssue({ code: 'custom', message: migrated });
    return z.NEVER;
  })
  .pipe(journalEntrySchema);

/** Reads a stored entry of any format into the current one, or says why it cannot. */
export function migrateEntry(raw: unknown): JournalEntry | string {
  const parsed = storedEntrySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  return `${where}${issue?.message ?? 'does not match its schema'}`;
}

/** Why the first reward still owed by `entry` is one the config could not have produced, or null. */
export function outOfBounds(entry: JournalEntry, bounds: RewardBounds): string | null {
  for (const [index, reward] of entry.rewards.entries()) {
    if (entry.given[index]) continue;
    const problem = bounds.problemOf(reward);
    if (problem !== null) return `reward #${index + 1}: ${problem}`;
  }
  return null;
}

/** What the journal is built from. */
export interface JournalOptions {
  kvp: KvpStore;
  now: () => number;
  /** Hears about entries that cannot be read (left as is), each time they are read. */
  onCorrupt?: (key: string, detail: string) => void;
  /**
   * What the config can pay. With it, an open entry read with a reward still owed that the config could not have
   * produced is held: written back once as `needs_admin` (`reward_out_of_bounds`) and never paid until an admin
   * grants it (`votereward grant`, which approves the entry as it stands) or drops it.
   */
  bounds?: RewardBounds;
  /** Hears about an entry held by {@link JournalOptions.bounds}, once, when it is held. */
  onHeld?: (entry: JournalEntry, detail: string) => void;
}

/** Creates the journal over the resource KVP. */
export function createJournal(options: JournalOptions): Journal {
  const { kvp, now, bounds } = options;
  let sequence = 0;
  const read = (key: string): JournalEntry | null => {
    const found = readRecord(kvp, key, storedEntrySchema);
    if (found.state === 'missing') return null;
    if (found.state === 'unreadable') {
      // The problem names the key first (`claim:c1 at rewards.0: …`); the report names it already.
      options.onCorrupt?.(key, found.problem.slice(key.length).replace(/^:? /, ''));
      return null;
    }
    const entry = found.value;
    // An entry copied under another id would be settled, and removed, under the wrong key.
    if (journalKey(entry.id) !== key) {
      options.onCorrupt?.(key, `it holds the entry ${JSON.stringify(entry.id)}`);
      return null;
    }
    if (!bounds || entry.state === 'needs_admin' || entry.approved) return entry;
    const problem = outOfBounds(entry, bounds);
    if (problem === null) return entry;
    const held: JournalEntry = {
      ...entry,
      state: 'needs_admin',
      problem: 'reward_out_of_bounds',
      updatedAt: now(),
    };
    writeRecord(kvp, key, held);
    options.onHeld?.(held, problem);
    return held;
  };
  const stored = (id: string) => kvp.get(journalKey(id)) !== null;
  // Open ids by license, in memory: kept in step with every save and remove, rebuilt by every full scan (`all`, which
  // the engine's timer runs), so a claim or a poll pick reads one player's entries, never everyone's.
  let index: Map<string, Set<string>> | null = null;
  const indexAdd = (id: string, license: string) => {
    if (!index) return;
    const ids = index.get(license) ?? new Set<string>();
    ids.add(id);
    index.set(license, ids);
  };
  const indexDrop = (id: string, license?: string) => {
    if (!index) return;
    const owners = license === undefined ? [...index.values()] : [index.get(license)].filter((ids) => ids);
    for (const ids of owners) ids?.delete(id);
  };
  const byAge = (a: JournalEntry, b: JournalEntry) => a.createdAt - b.createdAt || compareIds(a.id, b.id);
  const all = () => {
    const entries = kvp
      .keys(JOURNAL_PREFIX)
      .map(read)
      .filter((entry): entry is JournalEntry => entry !== null)
      // Entries of one instant in the order their ids count (`a:party:2026-11:5:…` before `…:10:…`).
      .sort(byAge);
    index = new Map();
    for (const entry of entries) indexAdd(entry.id, entry.license);
    return entries;
  };
  const idsOf = (license: string): string[] => {
    if (!index) all();
    return [...(index?.get(license) ?? [])];
  };
  const markOf = (id: string) => kvp.get(`${AWARD_DONE_PREFIX}${id}`);
  return {
    save(entry) {
      entry.updatedAt = now();
      writeRecord(kvp, journalKey(entry.id), entry);
      indexAdd(entry.id, entry.license);
    },
    remove(id) {
      // A settled award or site vote leaves its mark first: deciding the award again (a crash before the decision was
      // marked), or the site showing the same vote again, finds it and opens nothing.
      if (id.startsWith(AWARD_ID_PREFIX) || id.startsWith(SITE_VOTE_ID_PREFIX))
        kvp.set(`${AWARD_DONE_PREFIX}${id}`, String(now()));
      kvp.delete(journalKey(id));
      indexDrop(id);
    },
    all,
    find: (ref) => all().find((entry) => entry.id === ref || entry.voteId === ref),
    get: (id) => read(journalKey(id)) ?? undefined,
    stored,
    settled: (id) => markOf(id) !== null,
    settledAt(id) {
      const mark = markOf(id);
      if (mark === null) return null;
      const at = Number(mark);
      // A mark that is not a time still says "settled": read as settled at the epoch, so no window re-opens it.
      return Number.isFinite(at) ? at : 0;
    },
    openOf(license) {
      const entries: JournalEntry[] = [];
      for (const id of idsOf(license)) {
        const entry = read(journalKey(id));
        if (entry && entry.license === license) entries.push(entry);
        else indexDrop(id, license);
      }
      return entries.sort(byAge);
    },
    hasOpen(license) {
      for (const id of idsOf(license)) {
        if (stored(id)) return true;
        indexDrop(id, license);
      }
      return false;
    },
    pruneSettled(oldest) {
      let removed = 0;
      for (const key of kvp.keys(AWARD_DONE_PREFIX)) {
        const at = Number(kvp.get(key));
        if (!Number.isFinite(at) || at < oldest) {
          kvp.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
    newId() {
      for (;;) {
        sequence += 1;
        const id = `c${now().toString(36)}${sequence.toString(36)}`;
        if (!stored(id)) return id;
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
