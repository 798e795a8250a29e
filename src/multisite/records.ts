/**
 * The record of one vote on a listing site other than the seed (`site:vote:<site>:<identity>:<vote>`): what this
 * resource did about it, written before each step that can pay or claim, so a kill at any KVP write resumes the same
 * vote and never pays it twice. Steps by claim model:
 * - claim then reward: `claiming` (before the claim request) → `opened` (the site claimed it) → the journal entry
 *   → `journaled`, kept for the window (a lost claim answer is decided by claiming again, safe only while the vote
 *   paid is remembered);
 * - reward then claim: `opened` → entry → `claim_owed` → (entry paid) confirm at the site → `confirmed`;
 * - check only: `opened` → entry → `journaled`, kept until the site stops answering "voted" for it.
 * A lost claim answer the site can no longer decide opens its entry as `needs_admin` (an admin grants or drops it);
 * the `needs_admin` step is read but no longer written. Kept records are pruned once past `keepUntil`.
 */
import type * as z from 'zod/mini';
import type { KvpStore } from '../runtime/runtime';
import { SITE_VOTE_PREFIX, siteVoteKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { siteVoteSchema } from '../store/schemas';

/** One site vote's record. */
export type SiteVoteRecord = z.output<typeof siteVoteSchema>;

/** Where a site vote stands. */
export type SiteVoteStep = SiteVoteRecord['step'];

/** Longest a record is kept past its vote, whatever the site's window says (a record is evidence, bounded). */
export const MAX_KEEP_MS = 8 * 86_400_000;

/** Kept past the site's window, for a clock or a site a little late. */
export const KEEP_MARGIN_MS = 15 * 60_000;

/** Votes one record pays at most (a reward-then-claim site's `pending`, bounded). */
export const MAX_VOTES_PER_RECORD = 10;

/** The key of a record. */
export const keyOf = (record: Pick<SiteVoteRecord, 'site' | 'identity' | 'votedAt'>): string =>
  siteVoteKey(record.site, record.identity, record.votedAt);

/** The base of the journal ids of a record's entries: derived from its key, so recovery finds them by id. */
export const entryIdOf = (key: string): string => `s:${key.slice(SITE_VOTE_PREFIX.length)}`;

/**
 * The entry id of a new record. A vote with a time is named by it (site, voter, time: the same vote is the same id
 * whenever it is shown). A site that gives no vote time (Top-Serveurs) shows one vote per window under one key, so each
 * real vote is named by the time this resource first saw it (the record's `createdAt`): the history, milestones and
 * the all-sites bonus count every real vote, not one per voter for ever.
 */
export const entryIdFor = (key: string, votedAt: number | null, createdAt: number): string =>
  votedAt === null ? `${entryIdOf(key)}${createdAt.toString(36)}` : entryIdOf(key);

/** True when `entryId` is one a record under `key` may carry (see {@link entryIdFor}; 0.4.0's records carry the base). */
const entryIdFits = (key: string, record: Pick<SiteVoteRecord, 'entryId' | 'votedAt'>): boolean => {
  const base = entryIdOf(key);
  if (record.entryId === base) return true;
  return (
    record.votedAt === null &&
    /^[0-9a-z]+$/.test(record.entryId.slice(base.length)) &&
    record.entryId.startsWith(base)
  );
};

/** The journal id of a record's batch `n` (1-based): each batch is one entry paying some of its votes. */
export const batchIdOf = (record: Pick<SiteVoteRecord, 'entryId'>, n: number): string =>
  `${record.entryId}#${n}`;

/** A record read back: valid, missing, or unreadable (reported, left as is). */
export type SiteVoteRead =
  | { state: 'missing' }
  | { state: 'valid'; value: SiteVoteRecord }
  | { state: 'unreadable'; problem: string };

/** The site vote records over the KVP. */
export interface SiteVoteStore {
  read(key: string): SiteVoteRead;
  write(record: SiteVoteRecord): void;
  remove(key: string): void;
  /** Keys of every record, or of one site and identity. */
  keys(site?: string, identity?: string): string[];
}

/** Creates the store. */
export function createSiteVoteStore(kvp: KvpStore): SiteVoteStore {
  return {
    read(key) {
      const found = readRecord(kvp, key, siteVoteSchema);
      if (found.state !== 'valid') return found;
      // A record copied under another key would block, or pay, another vote.
      if (keyOf(found.value) !== key || !entryIdFits(key, found.value))
        return { state: 'unreadable', problem: `${key} holds the record of ${keyOf(found.value)}` };
      return found;
    },
    write: (record) => writeRecord(kvp, keyOf(record), record),
    remove: (key) => kvp.delete(key),
    keys(site, identity) {
      if (site === undefined) return kvp.keys(SITE_VOTE_PREFIX);
      const prefix = `${SITE_VOTE_PREFIX}${site}:`;
      return kvp.keys(identity === undefined ? prefix : `${prefix}${encodeURIComponent(identity)}:`);
    },
  };
}

/**
 * The time a record is kept until: the site's window past the vote or past now, whichever is later (a server clock
 * ahead of the site's would otherwise expire it at once), bounded by {@link MAX_KEEP_MS}. Expiry only frees the record:
 * the vote it paid stays paid through its entry's done-mark.
 */
export function keepUntilOf(votedAt: number | null, now: number, windowMs: number): number {
  const from = Math.max(votedAt ?? now, now);
  return from + Math.min(Math.max(windowMs, 0) + KEEP_MARGIN_MS, MAX_KEEP_MS);
}

/** The next wait before confirming a claim again: 30 s doubling to 30 min. */
export function confirmBackoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.min(attempts, 16), 30 * 60_000);
}

/** Records kept per site and step (`unreadable` for a record that does not pass its schema), for status lines. */
export function countRecords(
  store: SiteVoteStore,
): Map<string, Partial<Record<SiteVoteStep | 'unreadable', number>>> {
  const counts = new Map<string, Partial<Record<SiteVoteStep | 'unreadable', number>>>();
  for (const key of store.keys()) {
    const found = store.read(key);
    const site = found.state === 'valid' ? found.value.site : (key.split(':')[2] ?? '?');
    const step = found.state === 'valid' ? found.value.step : 'unreadable';
    const row = counts.get(site) ?? {};
    row[step] = (row[step] ?? 0) + 1;
    counts.set(site, row);
  }
  return counts;
}
