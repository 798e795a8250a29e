/**
 * Awards become journal entries: once per deterministic id, drawn once, then paid, verified and reconciled exactly
 * like a vote's rewards. A settled award leaves a mark (`award-done:<id>`), so deciding it again after a crash (the
 * decision's own record not yet written) creates nothing.
 */

import { drawRewards } from '../domain/draw';
import type { EventChannel } from '../domain/events';
import type { AwardSpec } from '../domain/types';
import type { Journal, JournalEntry } from '../engine/journal';
import { awardOpened } from '../engine/transitions';

/** How long the marks of settled awards are kept: far longer than any decision can be redone after a crash. */
export const AWARD_DONE_KEEP_MS = 60 * 86_400_000;

/** What {@link AwardStore.create} did. */
export type AwardCreation = 'created' | 'exists' | 'done';

/** The part of the journal the awards use. */
export type AwardJournal = Pick<Journal, 'save' | 'all' | 'stored' | 'settled' | 'pruneSettled'>;

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

/** Creates the store over the journal. */
export function createAwardStore(options: {
  journal: AwardJournal;
  now: () => number;
  random: () => number;
  events: EventChannel;
}): AwardStore {
  const { journal, now, events } = options;
  return {
    create(spec, createOptions = {}) {
      // Stored at all, readable or not: an unreadable entry (reported, left as is) may have paid part of the award.
      if (journal.stored(spec.id)) return 'exists';
      if (journal.settled(spec.id)) return 'done';
      journal.save(awardOpened(spec, drawRewards(spec.rewards, options.random), now()));
      if (createOptions.announce !== false)
        events.emit('awardDecided', { id: spec.id, license: spec.license, name: spec.name, info: spec.info });
      return 'created';
    },
    openFor: (license) => journal.all().filter((entry) => entry.award !== null && entry.license === license),
    prune: () => journal.pruneSettled(now() - AWARD_DONE_KEEP_MS),
  };
}
