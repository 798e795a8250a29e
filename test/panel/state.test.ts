/**
 * The panel's words for what waits: each open journal entry gets the reason `/vote` gives for it, and whether a claim
 * from the panel may pay it now; the next-vote wait is written in minutes or hours.
 */
import { describe, expect, it } from 'vitest';
import { JOURNAL_FORMAT, type JournalEntry, type JournalProblem } from '../../src/engine/journal';
import { createTranslator } from '../../src/i18n/messages';
import { durationText, siteStatus, waitingReason } from '../../src/panel/state';

const entry = (state: JournalEntry['state'], problem: JournalProblem | null): JournalEntry => ({
  format: JOURNAL_FORMAT,
  id: 'e1',
  state,
  name: 'Ana',
  license: 'license:a',
  votedAt: null,
  voteId: 'v1',
  rewards: [
    { type: 'money', amount: 500 },
    { type: 'item', item: 'bread', count: 5 },
  ],
  given: [true, false],
  giving: null,
  before: null,
  problem,
  award: null,
  recorded: true,
  draws: [],
  createdAt: 0,
  updatedAt: 0,
});

const en = createTranslator('en');

describe('why a reward waits, in /vote’s words', () => {
  it.each([
    [
      'claimed',
      'inventory_full',
      'Your reward is waiting: make room for 5 x bread and type /vote again.',
      true,
    ],
    [
      'claimed',
      'player_not_loaded',
      'Your reward is waiting: it will be given once your character is loaded.',
      true,
    ],
    [
      'claimed',
      'framework_error',
      'Your reward is waiting: it could not be given yet, an admin has been told.',
      true,
    ],
    ['claimed', null, 'Your vote was received: type /vote to get your reward.', true],
    ['claimed', 'outcome_unknown', expect.stringMatching(/^Your reward could not be confirmed/), false],
    ['needs_admin', 'answer_lost', 'Your previous claim needs an admin check before it can be paid.', false],
    ['needs_admin', 'outcome_unknown', expect.stringMatching(/^Your reward could not be confirmed/), false],
    [
      'unknown',
      'answer_lost',
      'We could not confirm your claim yet; it will be checked again automatically.',
      false,
    ],
  ] as const)('%s / %s: "%s", claimable %s', (state, problem, words, claimable) => {
    const [key, vars, canClaim] = waitingReason(entry(state, problem));
    expect(en(key, { command: 'vote', ...vars })).toEqual(words);
    expect(canClaim).toBe(claimable);
  });
});

describe('when a site takes the next vote', () => {
  it.each([
    [60_000, '1 min'],
    [59 * 60_000, '59 min'],
    [59 * 60_000 + 1, '1 h 0 min'],
    [60 * 60_000, '1 h 0 min'],
    [125 * 60_000, '2 h 5 min'],
  ])('%d ms → %s', (ms, text) => {
    expect(durationText(en, ms)).toBe(text);
  });

  it('says voted, the time left, can vote, or that the player cannot be recognised there', () => {
    const now = 1_000_000;
    expect(siteStatus(en, { state: 'voted', nextVoteAt: now + 90 * 60_000 }, now)).toBe(
      'Voted · next vote in 1 h 30 min',
    );
    expect(siteStatus(en, { state: 'voted', nextVoteAt: null }, now)).toBe('Voted today');
    expect(siteStatus(en, { state: 'can_vote', nextVoteAt: null }, now)).toBe('You can vote now');
    expect(siteStatus(en, { state: 'unknown', nextVoteAt: null }, now)).toMatch(/cannot be recognised/);
  });
});
