/**
 * The site vote machine's table: for each step and event, the step the runner writes (removed: the record goes) and
 * the effect it performs next. The order of a site vote's steps lives here (see `src/multisite/site-machine.ts`).
 */
import { describe, expect, it } from 'vitest';
import type { SiteVoteRecord } from '../../src/multisite/records';
import { type SiteVoteEvent, siteVoteTransition } from '../../src/multisite/site-machine';

const record = (
  step: SiteVoteRecord['step'],
  model: SiteVoteRecord['model'] = 'check_only',
): SiteVoteRecord => ({
  format: 1,
  site: 'sp',
  identity: '203.0.113.5',
  license: 'license:a',
  name: 'Ana',
  votedAt: 1_000,
  model,
  step,
  entryId: 's:sp:203.0.113.5:t1000',
  votes: 1,
  batches: 1,
  batchVotes: 1,
  attempts: 0,
  nextAttemptAt: 0,
  keepUntil: 10_000,
  createdAt: 1_000,
});

type Model = SiteVoteRecord['model'];
/** [step, model, event, step written ('same': nothing written, 'removed'), effect]. */
const TABLE: [
  SiteVoteRecord['step'],
  Model,
  SiteVoteEvent,
  SiteVoteRecord['step'] | 'same' | 'removed',
  string,
][] = [
  ['opened', 'check_only', { type: 'shown' }, 'opened', 'open_batch'],
  ['opened', 'check_only', { type: 'batch_written' }, 'journaled', 'settle'],
  ['journaled', 'check_only', { type: 'settled' }, 'same', 'stop'],
  ['opened', 'reward_then_claim', { type: 'batch_written' }, 'claim_owed', 'settle'],
  ['claim_owed', 'reward_then_claim', { type: 'settled' }, 'same', 'confirm'],
  ['claim_owed', 'reward_then_claim', { type: 'more_votes', extra: 2 }, 'opened', 'open_batch'],
  ['claim_owed', 'reward_then_claim', { type: 'site_confirmed' }, 'confirmed', 'stop'],
  [
    'claim_owed',
    'reward_then_claim',
    { type: 'confirm_failed', at: 5_000 },
    'claim_owed',
    'note_unconfirmed',
  ],
  ['claiming', 'claim_then_reward', { type: 'claim_started' }, 'claiming', 'claim'],
  ['claiming', 'claim_then_reward', { type: 'claimed' }, 'opened', 'open_batch'],
  ['claiming', 'claim_then_reward', { type: 'claim_refused' }, 'removed', 'stop'],
  ['opened', 'claim_then_reward', { type: 'batch_written' }, 'journaled', 'settle'],
  ['claiming', 'claim_then_reward', { type: 'resumed' }, 'same', 'reclaim'],
  ['claiming', 'claim_then_reward', { type: 'lost_and_gone' }, 'same', 'park_batch'],
  ['claiming', 'claim_then_reward', { type: 'parked' }, 'journaled', 'note_parked'],
  ['opened', 'check_only', { type: 'resumed' }, 'same', 'open_batch'],
  ['claim_owed', 'reward_then_claim', { type: 'resumed' }, 'same', 'confirm'],
  ['journaled', 'check_only', { type: 'resumed' }, 'same', 'check_expiry'],
  ['confirmed', 'reward_then_claim', { type: 'resumed' }, 'same', 'check_expiry'],
  ['journaled', 'check_only', { type: 'expired' }, 'removed', 'stop'],
  ['needs_admin', 'claim_then_reward', { type: 'resumed' }, 'same', 'note_admin'],
];

describe('the site vote machine', () => {
  it.each(TABLE)('%s (%s) + %o → %s, then %s', (step, model, event, written, effect) => {
    const before = record(step, model);
    const next = siteVoteTransition(before, event);
    if (written === 'same') expect(next.record).toBe(before);
    else if (written === 'removed') expect(next.record).toBeNull();
    else expect(next.record).toMatchObject({ step: written });
    expect(next.effect).toMatchObject({ type: effect });
  });

  it('a failed confirmation backs off from the time it failed; more votes stay within 10 a record', () => {
    const failed = siteVoteTransition(record('claim_owed', 'reward_then_claim'), {
      type: 'confirm_failed',
      at: 5_000,
    });
    expect(failed.record).toMatchObject({ attempts: 1, nextAttemptAt: 5_000 + 60_000 });
    const full = { ...record('claim_owed', 'reward_then_claim'), votes: 10, batches: 3 };
    expect(siteVoteTransition(full, { type: 'more_votes', extra: 4 }).effect).toEqual({ type: 'stop' });
    const some = siteVoteTransition({ ...full, votes: 8 }, { type: 'more_votes', extra: 4 });
    expect(some.record).toMatchObject({ votes: 10, batches: 4, batchVotes: 2 });
  });

  it('a paid vote is never removed before its window: only `expired` removes a kept record', () => {
    const events: SiteVoteEvent[] = [
      { type: 'shown' },
      { type: 'claimed' },
      { type: 'batch_written' },
      { type: 'settled' },
      { type: 'resumed' },
      { type: 'claim_refused' },
    ];
    for (const step of ['journaled', 'confirmed'] as const)
      for (const event of events)
        expect(siteVoteTransition(record(step), event).record, `${step} + ${event.type}`).not.toBeNull();
  });
});
