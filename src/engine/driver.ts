/**
 * The claim driver: applies a transition, saves the entry (or removes it), prints the step's admin notes, then
 * performs the one API or framework call the effect names and feeds what came back into the next transition.
 * Every entry point of the claim flow (a claim, recovery at start, on join and on the timer, admin actions) runs here.
 */
import type { VoteApi } from '../api/client';
import type { RequestPriority } from '../api/rate-budget';
import type { EventChannel } from '../domain/events';
import type { Confirmation, PayoutContext, Reward, RewardAdapter } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import type { Journal, JournalEntry } from './journal';
import { type LogLine, noteLine } from './messages';
import type { NameLock } from './name-lock';
import { type EntryStop, refOf } from './outcome';
import { type ClaimEvent, type Effect, type Step, transition } from './transitions';

/** One run of the driver: the request priority, and the player being paid once known. */
export interface Drive {
  priority: RequestPriority;
  source: number | null;
}

/** What the driver works with. */
export interface ClaimDriverOptions {
  runtime: Pick<Runtime, 'players' | 'playerLicense'>;
  api: Pick<VoteApi, 'checkVote'>;
  adapter: RewardAdapter;
  journal: Journal;
  names: NameLock;
  events: EventChannel;
  nameLock: boolean;
  say(line: LogLine): void;
  /**
   * Writes a claimed vote to the player's history and decides the awards it earned, before anything is paid for it.
   * Idempotent: called again for the same vote (a crash before `recorded` was saved), it changes nothing. In a
   * network it first counts the vote in the shared history (async); a stop it answers (the shared store down) leaves
   * the vote unrecorded and unpaid, to be recorded on a later run.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: a recorder on one server returns nothing
  record?(entry: JournalEntry): void | EntryStop | Promise<EntryStop | undefined>;
}

/** The driver of one claim flow. */
export interface ClaimDriver {
  /** Applies `event` to `entry` and goes on until the claim stops. */
  run(entry: JournalEntry, event: ClaimEvent, drive: Drive): Promise<EntryStop>;
  /** Applies an event whose effect calls nothing (an admin's drop): saves and notes it, returns the step. */
  apply(entry: JournalEntry, event: ClaimEvent): Step;
}

/** Creates the driver. */
export function createClaimDriver(options: ClaimDriverOptions): ClaimDriver {
  const { runtime, api, adapter, journal, names, events, say } = options;

  const onlineSourceOf = (license: string): number | null =>
    runtime.players().find((source) => runtime.playerLicense(source) === license) ?? null;

  /** Saves (or removes) what a transition produced and prints its notes; returns the entry now current. */
  const persist = (entry: JournalEntry, step: Step): JournalEntry => {
    if (step.entry === null) journal.remove(entry.id);
    else if (step.entry !== entry) journal.save(step.entry);
    for (const note of step.notes) say(noteLine(note, step.entry ?? entry));
    return step.entry ?? entry;
  };

  const contextOf = (entry: JournalEntry, source: number, rewardIndex?: number): PayoutContext => ({
    source,
    name: entry.name,
    license: entry.license,
    voteId: refOf(entry),
    ...(rewardIndex === undefined ? {} : { entryId: entry.id, rewardIndex }),
  });

  /** Performs `effect` for the entry in `cursor`; answers the event it led to, or where the claim stopped. */
  const perform = async (
    effect: Exclude<Effect, { type: 'stop' | 'announce' | 'next_reward' }>,
    cursor: { entry: JournalEntry },
    drive: Drive,
  ): Promise<ClaimEvent | EntryStop> => {
    const entry = cursor.entry;
    switch (effect.type) {
      case 'recheck':
        try {
          const { voted, votedAt } = await api.checkVote(
            { username: entry.name },
            { priority: drive.priority },
          );
          const stillThere =
            voted && votedAt !== null && entry.votedAt !== null && sameInstant(votedAt, entry.votedAt);
          return { type: 'rechecked', claimed: !stillThere };
        } catch (error) {
          return { type: 'recheck_failed', detail: describeError(error, { withName: true }) };
        }

      case 'pay': {
        drive.source ??= onlineSourceOf(entry.license);
        if (effect.bindName && entry.award === null) {
          if (options.nameLock) names.bind(entry.name, entry.license);
          events.emit('claimed', {
            source: drive.source,
            name: entry.name,
            license: entry.license,
            voteId: refOf(entry),
          });
        }
        if (!entry.recorded) {
          const recording = options.record?.(entry);
          const held = recording instanceof Promise ? await recording : recording;
          return held ?? { type: 'recorded' };
        }
        if (drive.source === null)
          return { code: 'pending', problem: { code: 'player_not_loaded' }, stage: 'offline' };
        const reward = entry.giving === null ? undefined : entry.rewards[entry.giving];
        return {
          type: 'player_found',
          verifies: reward !== undefined && adapter.verifies?.(reward) === true,
          confirms: adapter.confirm !== undefined,
        };
      }

      case 'confirm': {
        const source = drive.source ?? -1;
        const reward = entry.rewards[effect.index];
        if (!reward || !(await safely(() => adapter.isPlayerReady(source), false))) {
          return { type: 'confirm_later', problem: { code: 'player_not_loaded' } };
        }
        const { before, owner } = effect;
        const confirmation = await safely(
          () =>
            adapter.confirm?.(contextOf(entry, source, effect.index), reward, before, owner) ??
            Promise.resolve(undefined),
          (detail) => ({ code: 'unreadable' as const, detail }),
        );
        return eventOfConfirmation(confirmation, before, reward);
      }

      case 'check_capacity': {
        // The paying-order rule: an interrupted payout of this player is read again before anything else pays them,
        // whichever path pays (a vote, a site vote, a purchase, an award): paying first would move the balance it is
        // read against, and its re-reading would take this payout for its own.
        const blocked = await readInterruptedFirst(entry, drive);
        if (blocked !== null)
          return { type: 'not_payable', problem: { code: 'framework_error', detail: blocked } };
        const source = drive.source ?? -1;
        if (!(await safely(() => adapter.isPlayerReady(source), false))) {
          return { type: 'not_payable', problem: { code: 'player_not_loaded' } };
        }
        const owed = entry.rewards.filter((_, index) => !entry.given[index]);
        const capacity = await safely(
          () => adapter.canReceive(contextOf(entry, source), owed),
          (detail) => ({ ok: false as const, problem: { code: 'framework_error' as const, detail } }),
        );
        return capacity.ok ? { type: 'payable' } : { type: 'not_payable', problem: capacity.problem };
      }

      case 'give': {
        const source = drive.source ?? -1;
        const reward = entry.rewards[effect.index];
        if (!reward) return { type: 'given' };
        let journalFailure: { error: unknown } | null = null;
        const hooks = {
          before(value: number, owner?: string) {
            try {
              cursor.entry = persist(
                cursor.entry,
                transition(cursor.entry, {
                  type: 'read_before',
                  value,
                  ...(owner === undefined ? {} : { owner }),
                }),
              );
            } catch (error) {
              journalFailure = { error };
              throw error;
            }
          },
        };
        // Adapters return every expected failure as a value: a throw escaped mid-payout, so it may have paid.
        const result = await safely(
          () => adapter.give(contextOf(entry, source, effect.index), reward, hooks),
          (detail) => ({
            ok: false as const,
            problem: { code: 'outcome_unknown' as const, detail: `the adapter threw: ${detail}` },
          }),
        );
        // The reading could not be journalled, so nothing was paid: fail like any other journal write.
        if (journalFailure) throw (journalFailure as { error: unknown }).error;
        if (result.ok) return { type: 'given' };
        if (result.problem.code === 'outcome_unknown')
          return { type: 'maybe_given', detail: result.problem.detail };
        return { type: 'refused', problem: result.problem };
      }

      case 'continue':
        throw new Error('a paying call cannot continue outside its own payout');
    }
  };

  /** Entries whose interrupted payout is being read again now (a guard: the rule never runs into itself). */
  const rereading = new Set<string>();

  /**
   * Settles the player's other interrupted payouts (a reading journalled, the call's outcome unknown) before `entry`
   * pays; answers why `entry` must wait when one stays unsettled, or null.
   */
  const readInterruptedFirst = async (entry: JournalEntry, drive: Drive): Promise<string | null> => {
    const interrupted = (other: JournalEntry) =>
      other.id !== entry.id &&
      other.giving !== null &&
      other.state !== 'needs_admin' &&
      !rereading.has(other.id);
    const waiting = journal.openOf(entry.license).filter(interrupted);
    if (waiting.length === 0) return null;
    for (const other of waiting) {
      rereading.add(other.id);
      try {
        await run(
          other,
          { type: 'reopened', recheckable: false },
          { priority: drive.priority, source: drive.source },
        );
      } finally {
        rereading.delete(other.id);
      }
    }
    const still = journal.openOf(entry.license).find(interrupted);
    return still === undefined
      ? null
      : `the interrupted payout ${refOf(still)} of this player is read again first; this one waits for it`;
  };

  /** The driver: applies each event, saves the entry, performs the effect, until the claim stops. */
  const run = async (entry: JournalEntry, event: ClaimEvent, drive: Drive): Promise<EntryStop> => {
    const cursor = { entry };
    let next: ClaimEvent = event;
    for (;;) {
      const before = cursor.entry;
      const step = transition(before, next);
      cursor.entry = persist(before, step);
      const { effect } = step;
      if (effect.type === 'stop') {
        const { settled } = effect;
        if (settled.code === 'needs_admin' && settled.parkedBy !== null) {
          const { name, license } = cursor.entry;
          events.emit('parked', { ref: refOf(cursor.entry), name, license, problem: settled.problem });
        }
        return settled;
      }
      if (effect.type === 'announce') {
        const source = drive.source ?? -1;
        if (before.award !== null) {
          events.emit('awarded', {
            source,
            id: before.id,
            name: before.name,
            license: before.license,
            info: before.award,
            rewards: before.rewards,
          });
          return { code: 'rewarded', entry: before, source };
        }
        events.emit('rewarded', {
          source,
          name: before.name,
          license: before.license,
          voteId: refOf(before),
          rewards: before.rewards,
        });
        return { code: 'rewarded', entry: before, source };
      }
      if (effect.type === 'next_reward') {
        next = { type: 'payable' };
        continue;
      }
      const result = await perform(effect, cursor, drive);
      if ('code' in result) return result;
      next = result;
    }
  };

  return {
    run,
    apply(entry, event) {
      const step = transition(entry, event);
      persist(entry, step);
      return step;
    },
  };
}

function amountOf(reward: Reward): number {
  if (reward.type === 'money' || reward.type === 'bank' || reward.type === 'gold') return reward.amount;
  return reward.type === 'item' ? reward.count : 0;
}

function sameInstant(a: string, b: string): boolean {
  const left = Date.parse(a);
  const right = Date.parse(b);
  return Number.isNaN(left) || Number.isNaN(right) ? a === b : left === right;
}

/** Runs `fn`; a throw becomes `fallback` (called with the error's text when it is a function). */
export async function safely<T>(fn: () => Promise<T>, fallback: T | ((detail: string) => T)): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const detail = describeError(error, { withName: true });
    return typeof fallback === 'function' ? (fallback as (detail: string) => T)(detail) : fallback;
  }
}

/** The event a re-reading after a restart leads to: given, not given (pay it now), read later, or for an admin. */
function eventOfConfirmation(
  confirmation: Confirmation | undefined,
  before: number,
  reward: Reward,
): ClaimEvent {
  if (confirmation === undefined) return { type: 'interrupted', detail: 'the framework cannot be read' };
  switch (confirmation.code) {
    case 'paid':
      return {
        type: 'resumed',
        given: true,
        detail: `did happen (read ${before} + ${amountOf(reward)}); marked given`,
      };
    case 'not_paid':
      return { type: 'resumed', given: false, detail: `did not happen (still ${before}); paying it now` };
    case 'unreadable':
      return { type: 'confirm_later', problem: { code: 'framework_error', detail: confirmation.detail } };
    default:
      return { type: 'interrupted', detail: confirmation.detail };
  }
}
