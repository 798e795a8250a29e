/**
 * A listing-site vote as a pure machine (run by `runSteps`, `src/engine/step-runner.ts`): for the vote's record and
 * what just happened, the record to write (null: the record goes) and the next effect. Every write comes before the
 * request or payout it stands for, so a kill at any write resumes the same vote and never pays it twice:
 *
 * - claim then reward: `claim_started` writes `claiming`, then the claim; `claimed` writes `opened`, then the batch's
 *   journal entry; `batch_written` writes `journaled` (kept for the window: a lost claim answer is decided by claiming
 *   again, safe only while the vote paid is remembered), then the payout; a refused claim removes the record;
 * - reward then claim: `shown` writes `opened`, then the entry; `batch_written` writes `claim_owed`, then the payout,
 *   then (all batches paid) the confirmation at the site: `confirmed`, or a retry time; votes the site counts beyond
 *   those paid open one more batch first (`more_votes`);
 * - check only: `shown` writes `opened`, then the entry; `batch_written` writes `journaled`, then the payout.
 *
 * `resumed` (at start, on the timer) moves a record from where it stands; a lost claim answer the site can no longer
 * decide opens its entry for an admin (`parked`). `test/multisite/site-machine.test.ts` holds the table.
 */
import type { SiteVoteRecord } from './records';
import { confirmBackoffMs, MAX_VOTES_PER_RECORD } from './records';

/** What happened to a site vote. */
export type SiteVoteEvent =
  | { type: 'shown' }
  | { type: 'claim_started' }
  | { type: 'claimed' }
  | { type: 'claim_refused' }
  | { type: 'batch_written' }
  | { type: 'settled' }
  | { type: 'more_votes'; extra: number }
  | { type: 'site_confirmed' }
  | { type: 'confirm_failed'; at: number }
  | { type: 'lost_and_gone' }
  | { type: 'parked' }
  | { type: 'expired' }
  | { type: 'resumed' }
  | { type: 'waits' };

/** The one thing to do next. */
export type SiteVoteEffect =
  | { type: 'claim' }
  | { type: 'reclaim' }
  | { type: 'open_batch'; parked: boolean }
  | { type: 'settle' }
  | { type: 'confirm' }
  | { type: 'park_batch' }
  | { type: 'note_parked' }
  | { type: 'note_unconfirmed' }
  | { type: 'check_expiry' }
  | { type: 'note_admin' }
  | { type: 'stop' };

/** A step: the record after the event (null: removed) and the effect. */
export interface SiteVoteStep {
  record: SiteVoteRecord | null;
  effect: SiteVoteEffect;
}

const go = (record: SiteVoteRecord | null, effect: SiteVoteEffect): SiteVoteStep => ({ record, effect });
const stop = (record: SiteVoteRecord): SiteVoteStep => go(record, { type: 'stop' });
const openBatch = { type: 'open_batch', parked: false } as const;

/** The site vote machine: pure. */
export function siteVoteTransition(record: SiteVoteRecord, event: SiteVoteEvent): SiteVoteStep {
  const { step } = record;
  switch (event.type) {
    case 'shown':
      // A fresh `opened` record, written (a copy) before its entry.
      return step === 'opened' ? go({ ...record }, openBatch) : stop(record);
    case 'claim_started':
      return step === 'claiming' ? go({ ...record }, { type: 'claim' }) : stop(record);
    case 'claimed':
      return step === 'claiming' ? go({ ...record, step: 'opened' }, openBatch) : stop(record);
    case 'claim_refused':
      return step === 'claiming' ? go(null, { type: 'stop' }) : stop(record);
    case 'batch_written':
      if (step !== 'opened') return stop(record);
      return go(
        { ...record, step: record.model === 'reward_then_claim' ? 'claim_owed' : 'journaled' },
        { type: 'settle' },
      );
    case 'settled':
      return step === 'claim_owed' ? go(record, { type: 'confirm' }) : stop(record);
    case 'more_votes': {
      if (step !== 'claim_owed') return stop(record);
      const extra = Math.min(event.extra, MAX_VOTES_PER_RECORD - record.votes);
      if (extra <= 0 || record.batches >= MAX_VOTES_PER_RECORD) return stop(record);
      return go(
        {
          ...record,
          step: 'opened',
          votes: record.votes + extra,
          batches: record.batches + 1,
          batchVotes: extra,
        },
        openBatch,
      );
    }
    case 'site_confirmed':
      return step === 'claim_owed'
        ? go({ ...record, step: 'confirmed', attempts: 0 }, { type: 'stop' })
        : stop(record);
    case 'confirm_failed': {
      if (step !== 'claim_owed') return stop(record);
      const attempts = record.attempts + 1;
      return go(
        { ...record, attempts, nextAttemptAt: event.at + confirmBackoffMs(attempts) },
        attempts % 5 === 1 ? { type: 'note_unconfirmed' } : { type: 'stop' },
      );
    }
    case 'lost_and_gone':
      // The entry is opened for an admin first; the record says so after.
      return step === 'claiming' ? go(record, { type: 'park_batch' }) : stop(record);
    case 'parked':
      return step === 'claiming'
        ? go({ ...record, step: 'journaled' }, { type: 'note_parked' })
        : stop(record);
    case 'expired':
      return step === 'journaled' || step === 'confirmed' ? go(null, { type: 'stop' }) : stop(record);
    case 'resumed':
      switch (step) {
        case 'opened':
          return go(record, openBatch);
        case 'claiming':
          return go(record, { type: 'reclaim' });
        case 'claim_owed':
          return go(record, { type: 'confirm' });
        case 'journaled':
        case 'confirmed':
          return go(record, { type: 'check_expiry' });
        case 'needs_admin':
          return go(record, { type: 'note_admin' });
      }
      return stop(record);
    case 'waits':
      return stop(record);
  }
}
