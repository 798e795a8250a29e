/**
 * Awards become journal entries: once per deterministic id, drawn once, then paid, verified and reconciled exactly
 * like a vote's rewards. A settled award leaves a mark (`award-done:<id>`), so deciding it again after a crash (the
 * decision's own record not yet written) creates nothing.
 */
import {
  AWARD_DONE_PREFIX,
  JOURNAL_FORMAT,
  JOURNAL_PREFIX,
  type Journal,
  type JournalEntry,
} from '../claim/journal';
import type { EventChannel } from '../events';
import type { KvpStore } from '../runtime/runtime';
import { drawRewards } from './draw';
import type { AwardSpec } from './types';

/** How long the marks of settled awards are kept: far longer than any decision can be redone after a crash. */
export const AWARD_DONE_KEEP_MS = 60 * 86_400_000;

/** What {@link AwardStore.create} did. */
export type AwardCreation = 'created' | 'exists' | 'done';

/** Creates awards in the journal. */
export interface AwardStore {
  /**
   * Writes the award's entry (its draw included) unless it is already open or was settled, and announces it
   * (`awardDecided`) unless `announce` is false: the caller then announces it once its own record is written.
   */
  create(spec: AwardSpec, options?: { announce?: boolean }): AwardCreation;
  /** Open award entries of a player, oldest first. */
  openFor(license: string): JournalEntry[];
  /** Removes marks older than {@link AWARD_DONE_KEEP_MS}; returns how many went. */
  prune(): number;
}

/** Creates the store over the journal and the KVP. */
export function createAwardStore(options: {
  journal: Journal;
  kvp: KvpStore;
  now: () => number;
  random: () => number;
  events: EventChannel;
}): AwardStore {
  const { journal, kvp, now, events } = options;
  return {
    create(spec, createOptions = {}) {
      // Stored at all, readable or not: an unreadable entry (reported, left as is) may have paid part of the award.
      if (kvp.get(`${JOURNAL_PREFIX}${spec.id}`) !== null) return 'exists';
      if (kvp.get(`${AWARD_DONE_PREFIX}${spec.id}`) !== null) return 'done';
      const drawn = drawRewards(spec.rewards, options.random);
      const at = now();
      const entry: JournalEntry = {
        format: JOURNAL_FORMAT,
        id: spec.id,
        state: 'claimed',
        name: spec.name,
        license: spec.license,
        votedAt: null,
        voteId: null,
        rewards: drawn.rewards,
        given: drawn.rewards.map(() => false),
        giving: null,
        before: null,
        problem: null,
        award: spec.info,
        recorded: true,
        draws: drawn.draws,
        createdAt: at,
        updatedAt: at,
      };
      journal.save(entry);
      if (createOptions.announce !== false)
        events.emit('awardDecided', { id: spec.id, license: spec.license, name: spec.name, info: spec.info });
      return 'created';
    },
    openFor: (license) => journal.all().filter((entry) => entry.award !== null && entry.license === license),
    prune() {
      const oldest = now() - AWARD_DONE_KEEP_MS;
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
  };
}
