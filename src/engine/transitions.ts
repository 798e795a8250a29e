/**
 * The claim state machine. Each transition is pure: from an entry and what just happened it returns the next entry
 * (null once the claim is settled and the entry goes) and the one effect the driver performs after saving it. Notes
 * tell the admin console what the step did; their words live in `messages.ts`.
 */
import type { Drawn } from '../domain/draw';
import type { AwardInfo, AwardSpec, DrawRecord } from '../domain/types';
import type { PayoutProblem, Reward } from '../rewards/types';
import { JOURNAL_FORMAT, type JournalEntry, type JournalProblem } from './journal';
import type { EntryStop } from './outcome';

/** The one call the driver makes after saving the entry. */
export type Effect =
  /** Ask the API whether the vote the claim would take is still claimable. */
  | { type: 'recheck' }
  /** Find the player and start paying (binding the name first when `bindName`). */
  | { type: 'pay'; bindName: boolean }
  /** Ask the framework whether the player can receive what is still owed. */
  | { type: 'check_capacity' }
  /** The paying call of reward `index`. */
  | { type: 'give'; index: number }
  /** Read again what the interrupted paying call of reward `index` changes. */
  | { type: 'confirm'; index: number; before: number; owner?: string }
  /** The paying call in flight goes on. */
  | { type: 'continue' }
  /** A reward was recorded as given: go on with the next one (a separate write, so each step is journalled). */
  | { type: 'next_reward' }
  /** Every reward was given: announce it. */
  | { type: 'announce' }
  /** Nothing more to call. */
  | { type: 'stop'; settled: EntryStop };

/** What the admin console hears about a step. */
export type AdminNote =
  | { type: 'answer_lost'; detail: string }
  | { type: 'parked_undecidable'; problem: 'undecidable_in_last24h_mode' | 'no_remembered_vote' }
  | { type: 'recheck_failed'; detail: string }
  | { type: 'not_claimed' }
  | { type: 'claimed_after_loss' }
  | { type: 'not_given_yet'; detail: string }
  | { type: 'parked_unknown'; index: number; detail: string }
  | { type: 'parked_interrupted'; index: number; detail: string }
  | { type: 'resumed'; index: number; detail: string }
  | { type: 'unreadable'; index: number; detail: string }
  | { type: 'granted' }
  | { type: 'dropped' };

/** Things that happen to a claim. */
export type ClaimEvent =
  /** The API claimed the vote. */
  | { type: 'claim_answered'; voteId: string }
  /** The claimed vote was written to the player's history, with the awards it earned. */
  | { type: 'recorded' }
  /** The API said the claim did not happen (no vote, or a refusal that cannot have claimed). */
  | { type: 'claim_not_made' }
  /** The claim request got no usable answer; `recheckable` when the API's check mode can decide it. */
  | { type: 'answer_lost'; recheckable: boolean; detail: string }
  /** An open entry is looked at again (start, timer, join, admin retry). */
  | { type: 'reopened'; recheckable: boolean }
  /** The re-check answered: `claimed` unless the remembered vote is still the oldest unclaimed one. */
  | { type: 'rechecked'; claimed: boolean }
  | { type: 'recheck_failed'; detail: string }
  /** The player was found online; says what the adapter can verify about the reward being given, if any. */
  | { type: 'player_found'; verifies: boolean; confirms: boolean }
  | { type: 'payable' }
  | { type: 'not_payable'; problem: PayoutProblem }
  /** The balance or count read just before the paying call. */
  | { type: 'read_before'; value: number; owner?: string }
  | { type: 'given' }
  | { type: 'refused'; problem: PayoutProblem }
  /** The paying call may or may not have paid. */
  | { type: 'maybe_given'; detail: string }
  /** An interrupted payout was read again: `given` says whether it happened. */
  | { type: 'resumed'; given: boolean; detail: string }
  /** An interrupted payout cannot be told from what is read now, nor later. */
  | { type: 'interrupted'; detail: string }
  /** An interrupted payout cannot be read now; try later. */
  | { type: 'confirm_later'; problem: PayoutProblem }
  | { type: 'granted' }
  /** An admin forgot the claim: nothing more is paid for it. */
  | { type: 'dropped' };

/** A transition's result. */
export interface Step {
  /** The entry to save (the same object when nothing changed), or null to remove it. */
  entry: JournalEntry | null;
  effect: Effect;
  notes: AdminNote[];
}

const step = (entry: JournalEntry | null, effect: Effect, notes: AdminNote[] = []): Step => ({
  entry,
  effect,
  notes,
});

const stop = (entry: JournalEntry | null, settled: EntryStop, notes: AdminNote[] = []): Step =>
  step(entry, { type: 'stop', settled }, notes);

const withProblem = (entry: JournalEntry, problem: JournalProblem): JournalEntry =>
  entry.problem === problem ? entry : { ...entry, problem };

const frameworkNote = (problem: PayoutProblem): AdminNote[] =>
  problem.code === 'framework_error' ? [{ type: 'not_given_yet', detail: problem.detail }] : [];

/** A lost answer: re-checked when the API can tell, else parked for an admin. */
function decideLost(entry: JournalEntry, recheckable: boolean, notes: AdminNote[]): Step {
  if (entry.state === 'needs_admin') {
    return stop(entry, { code: 'needs_admin', problem: entry.problem, parkedBy: null }, notes);
  }
  if (recheckable && entry.votedAt !== null) return step(entry, { type: 'recheck' }, notes);
  const problem = recheckable ? 'no_remembered_vote' : 'undecidable_in_last24h_mode';
  return stop(
    { ...entry, state: 'needs_admin', problem },
    { code: 'needs_admin', problem, parkedBy: 'recheck' },
    [...notes, { type: 'parked_undecidable', problem }],
  );
}

/** The next reward to give (saved as `giving` before its call), or the announcement once all are given. */
function nextReward(entry: JournalEntry): Step {
  const index = entry.rewards.findIndex((_, at) => !entry.given[at]);
  if (index === -1) return step(null, { type: 'announce' });
  return step({ ...withoutOwner(entry), giving: index, before: null }, { type: 'give', index });
}

/** What a new entry is made of; everything else starts empty. */
interface Opening {
  id: string;
  state: 'claiming' | 'claimed';
  name: string;
  license: string;
  votedAt: string | null;
  rewards: readonly Reward[];
  draws?: readonly DrawRecord[];
  award: AwardInfo | null;
  now: number;
}

/** The one constructor of journal entries: votes and awards alike. */
function openEntry(opening: Opening): JournalEntry {
  return {
    format: JOURNAL_FORMAT,
    id: opening.id,
    state: opening.state,
    name: opening.name,
    license: opening.license,
    votedAt: opening.votedAt,
    voteId: null,
    rewards: opening.rewards.map((reward) => ({ ...reward })),
    given: opening.rewards.map(() => false),
    giving: null,
    before: null,
    problem: null,
    award: opening.award,
    // An award has no vote to record; a vote is recorded once claimed.
    recorded: opening.award !== null,
    draws: opening.draws ? [...opening.draws] : [],
    createdAt: opening.now,
    updatedAt: opening.now,
  };
}

/** The entry written before the claim request is sent. */
export function claimSent(claim: {
  id: string;
  name: string;
  license: string;
  votedAt: string | null;
  rewards: readonly Reward[];
  /** What chance and choice came to, when the configured list left anything to chance. */
  draws?: readonly DrawRecord[];
  now: number;
}): JournalEntry {
  return openEntry({ ...claim, state: 'claiming', award: null });
}

/**
 * The entry of a vote claimed on a listing site other than the seed: owed at once (the site claimed it, or it pays
 * before its claim, or it has none), recorded in the history when paid. Its id is the site's record's, so a crash
 * between the record and the entry is settled by id.
 */
export function siteVoteOpened(vote: {
  id: string;
  site: string;
  name: string;
  license: string;
  votedAt: string | null;
  rewards: readonly Reward[];
  draws?: readonly DrawRecord[];
  now: number;
}): JournalEntry {
  const { site, ...opening } = vote;
  return { ...openEntry({ ...opening, state: 'claimed', award: null }), site };
}

/** The entry of an award, written once its rewards are drawn: owed at once (nothing to claim, nothing to record). */
export function awardOpened(spec: Omit<AwardSpec, 'rewards'>, drawn: Drawn, now: number): JournalEntry {
  const { id, name, license, info } = spec;
  return openEntry({ id, name, license, votedAt: null, state: 'claimed', ...drawn, award: info, now });
}

/** Applies `event` to `entry`. */
export function transition(entry: JournalEntry, event: ClaimEvent): Step {
  switch (event.type) {
    case 'claim_answered':
      return step({ ...entry, state: 'claimed', voteId: event.voteId }, { type: 'pay', bindName: true });

    case 'claim_not_made':
      return stop(null, { code: 'not_claimed' });

    case 'recorded':
      return step({ ...entry, recorded: true }, { type: 'pay', bindName: false });

    case 'answer_lost':
      return decideLost({ ...entry, state: 'unknown', problem: 'answer_lost' }, event.recheckable, [
        { type: 'answer_lost', detail: event.detail },
      ]);

    case 'reopened':
      if (entry.state === 'claimed') return step(entry, { type: 'pay', bindName: false });
      return decideLost(
        entry.state === 'claiming' ? { ...entry, state: 'unknown' } : entry,
        event.recheckable,
        [],
      );

    case 'rechecked':
      if (!event.claimed) return stop(null, { code: 'not_claimed' }, [{ type: 'not_claimed' }]);
      return step({ ...entry, state: 'claimed', problem: null }, { type: 'pay', bindName: true }, [
        { type: 'claimed_after_loss' },
      ]);

    case 'recheck_failed':
      return stop(withProblem(entry, 'recheck_failed'), { code: 'uncertain' }, [
        { type: 'recheck_failed', detail: event.detail },
      ]);

    case 'player_found': {
      const index = entry.giving;
      if (index === null) return step(entry, { type: 'check_capacity' });
      // Entries written before readings existed have none: nothing tells what happened.
      if (!event.verifies || entry.before === 'unrecorded') {
        return transition(entry, { type: 'interrupted', detail: 'nothing was read before the call' });
      }
      // The reading is journalled before the paying call starts: without it, the call never started.
      if (entry.before === null) {
        return transition(entry, { type: 'resumed', given: false, detail: 'had not started; paying it now' });
      }
      if (!event.confirms)
        return transition(entry, { type: 'interrupted', detail: 'the framework cannot be read' });
      return step(entry, {
        type: 'confirm',
        index,
        before: entry.before,
        ...(entry.beforeOwner === undefined ? {} : { owner: entry.beforeOwner }),
      });
    }

    case 'payable':
      return nextReward(entry);

    case 'not_payable':
      return stop(
        withProblem(entry, event.problem.code),
        { code: 'pending', problem: event.problem, stage: 'payout' },
        frameworkNote(event.problem),
      );

    case 'read_before':
      return step(
        {
          ...withoutOwner(entry),
          before: event.value,
          ...(event.owner === undefined ? {} : { beforeOwner: event.owner }),
        },
        { type: 'continue' },
      );

    case 'given': {
      const given = entry.given.map((value, at) => value || at === entry.giving);
      return step(
        { ...withoutOwner(entry), given, giving: null, before: null, problem: null },
        { type: 'next_reward' },
      );
    }

    case 'refused':
      return stop(
        { ...withoutOwner(entry), giving: null, before: null, problem: event.problem.code },
        { code: 'pending', problem: event.problem, stage: 'payout' },
        frameworkNote(event.problem),
      );

    case 'maybe_given':
      return stop(
        { ...entry, state: 'needs_admin', problem: 'outcome_unknown' },
        { code: 'needs_admin', problem: 'outcome_unknown', parkedBy: 'payout' },
        [{ type: 'parked_unknown', index: entry.giving ?? -1, detail: event.detail }],
      );

    case 'resumed': {
      const index = entry.giving ?? -1;
      const given = entry.given.map((value, at) => value || (at === index && event.given));
      return step({ ...withoutOwner(entry), given, giving: null, before: null }, { type: 'check_capacity' }, [
        { type: 'resumed', index, detail: event.detail },
      ]);
    }

    case 'interrupted':
      return stop(
        { ...entry, state: 'needs_admin', problem: 'payout_interrupted' },
        { code: 'needs_admin', problem: 'payout_interrupted', parkedBy: 'resume' },
        [{ type: 'parked_interrupted', index: entry.giving ?? -1, detail: event.detail }],
      );

    case 'confirm_later':
      return stop(
        entry,
        { code: 'pending', problem: event.problem, stage: 'resume' },
        event.problem.code === 'framework_error'
          ? [{ type: 'unreadable', index: entry.giving ?? -1, detail: event.problem.detail }]
          : [],
      );

    case 'dropped':
      return stop(null, { code: 'dropped' }, [{ type: 'dropped' }]);

    case 'granted':
      // The admin's decision covers the rewards as they stand, even those the config's bounds held.
      return step(
        {
          ...withoutOwner(entry),
          state: 'claimed',
          giving: null,
          before: null,
          problem: 'granted_by_admin',
          approved: true,
        },
        { type: 'pay', bindName: true },
        [{ type: 'granted' }],
      );
  }
}

/** The entry without the owner of its reading (set again with the next reading). */
function withoutOwner(entry: JournalEntry): JournalEntry {
  if (entry.beforeOwner === undefined) return entry;
  const { beforeOwner: _owner, ...rest } = entry;
  return rest;
}
