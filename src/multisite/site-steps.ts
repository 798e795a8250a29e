/**
 * The steps of one site vote's record (see `records.ts`): each writes the record, or the journal entry that pays,
 * before the request or payout it stands for, so a kill at any KVP write resumes the same vote and never pays twice.
 */
import type { RequestPriority } from '../api/rate-budget';
import { ADMIN_COMMAND } from '../domain/admin-command';
import { drawRewards } from '../domain/draw';
import type { DrawRecord } from '../domain/types';
import type { Journal } from '../engine/journal';
import { runSteps } from '../engine/step-runner';
import { siteVoteOpened } from '../engine/transitions';
import type { Reward } from '../rewards/types';
import type { Runtime } from '../runtime/runtime';
import { checkVoteTime } from '../sites/http';
import type { ClaimOutcome, SiteFailure, SiteVote } from '../sites/types';
import {
  batchIdOf,
  entryIdFor,
  KEEP_MARGIN_MS,
  keepUntilOf,
  keyOf,
  MAX_VOTES_PER_RECORD,
  type SiteVoteRecord,
  type SiteVoteStore,
} from './records';
import type { ConfiguredSite } from './site-claims';
import { type SiteVoteEffect, type SiteVoteEvent, siteVoteTransition } from './site-machine';

/** The player a site vote is for. */
export interface SitePlayer {
  source: number;
  name: string;
  license: string;
}

/** What the steps work with, shared with the claims. */
export interface SiteStepsOptions {
  byId: ReadonlyMap<string, ConfiguredSite>;
  store: SiteVoteStore;
  journal: Pick<Journal, 'save' | 'stored' | 'settledAt'>;
  runtime: Pick<Runtime, 'now' | 'log'>;
  random: () => number;
  settle(license: string): Promise<void>;
  /** Logs an error line once per key. */
  once(key: string, line: string): void;
  /** Per site and player: a step in flight. */
  busy: Set<string>;
}

/** One run of a site vote's machine: the request priority, and what the caller hears back. */
export interface SiteRun {
  priority: RequestPriority;
  /** Called once, before the first payout of the run (the player hears which site the vote was found on). */
  onFound?: (() => void) | undefined;
  /** The claim's answer, when the run sent a claim. */
  answer?: ClaimOutcome;
  /** Why the site did not confirm, when it did not. */
  detail?: string;
}

/** The steps. */
export interface SiteSteps {
  /** Runs `event` on a record (see `site-machine.ts`); answers the record as it stands after (null: removed). */
  run(record: SiteVoteRecord, event: SiteVoteEvent, context: SiteRun): Promise<SiteVoteRecord | null>;
  /** Moves the record at `key` as far as it goes now. */
  resume(key: string, priority: RequestPriority): Promise<void>;
  /** True when another vote of `identity` on `site` (not `key`) was paid within half the site's window. */
  paidLately(site: ConfiguredSite, identity: string, key: string): boolean;
  /**
   * True when batch `n` of this record's vote was paid already: its done-mark outlives the record, so the same vote
   * (site, voter, vote time) is never paid again however the clocks move. A vote without a time is one per window.
   */
  paidBefore(record: SiteVoteRecord, n?: number): boolean;
  /**
   * Why the vote the site shows is too old to be the one it means (older than the site's window, judged by the site's
   * own answer where it gives the time to the next vote, else by this server's clock), or null when it is not.
   */
  tooOld(site: ConfiguredSite, vote: SiteVote): string | null;
  /** A fresh record for a vote the site showed (or null: a claim without a check). */
  recordFor(
    site: ConfiguredSite,
    player: SitePlayer,
    identity: string,
    vote: SiteVote | null,
    step: SiteVoteRecord['step'],
  ): SiteVoteRecord;
}

/** Creates the steps. */
export function createSiteSteps(options: SiteStepsOptions): SiteSteps {
  const { byId, store, journal, runtime, once, busy } = options;
  const log = runtime.log;
  const paidBefore = (record: SiteVoteRecord, n = 1): boolean => {
    const at = journal.settledAt(batchIdOf(record, n));
    if (at === null) return false;
    if (record.votedAt !== null) return true;
    // No vote time: the site shows one vote per window, so a payout within the window is this one. A clock moved back
    // reads as within it (a delay, never a second payout).
    const window = byId.get(record.site)?.adapter.voteWindowMs ?? 0;
    return runtime.now() - at < window;
  };
  /** Writes the entry of batch `n` of `record` unless it is stored: rewards drawn now (nothing was paid yet). */
  const writeBatch = (record: SiteVoteRecord, n: number, count: number, parked: boolean): boolean => {
    const id = batchIdOf(record, n);
    if (journal.stored(id) || paidBefore(record, n)) return true;
    const site = byId.get(record.site);
    // A site no longer configured has no rewards to draw: its record waits, reported, until it is configured again.
    if (!site) {
      once(
        `gone:${record.site}`,
        `site ${record.site} is no longer in config.json; its open votes wait for it`,
      );
      return false;
    }
    const rewards: Reward[] = [];
    const draws: DrawRecord[] = [];
    for (let vote = 0; vote < count; vote += 1) {
      const drawn = drawRewards(site.rewards, options.random);
      rewards.push(...drawn.rewards);
      draws.push(...drawn.draws);
    }
    const entry = siteVoteOpened({
      id,
      site: record.site,
      name: record.name,
      license: record.license,
      votedAt: record.votedAt === null ? null : new Date(record.votedAt).toISOString(),
      rewards,
      draws,
      now: runtime.now(),
    });
    // Parked: an admin decides (`votereward pending`, then grant or drop), like a seed claim whose answer was lost.
    journal.save(parked ? { ...entry, state: 'needs_admin', problem: 'answer_lost' } : entry);
    return true;
  };

  const allBatchesSettled = (record: SiteVoteRecord) =>
    Array.from({ length: record.batches }, (_, index) => batchIdOf(record, index + 1)).every(
      (id) => !journal.stored(id),
    );

  /**
   * Confirms a reward-then-claim record whose entries are all paid. The site's claim consumes every pending vote, so
   * votes the site counts beyond those paid are paid first (one more batch), then confirmed.
   */
  const confirm = async (record: SiteVoteRecord, context: SiteRun): Promise<SiteVoteEvent | null> => {
    const site = byId.get(record.site);
    if (site?.adapter.claimModel !== 'reward_then_claim') return null;
    if (!allBatchesSettled(record) || record.nextAttemptAt > runtime.now()) return null;
    const seen = await site.adapter.check(record.identity, { priority: context.priority });
    if (seen.kind === 'voted') {
      const extra = (seen.vote.pending ?? 1) - record.votes;
      if (extra > 0 && record.batches < MAX_VOTES_PER_RECORD && record.votes < MAX_VOTES_PER_RECORD)
        return { type: 'more_votes', extra };
    } else if (seen.kind !== 'not_voted' && seen.kind !== 'already_claimed') return null;
    const answer = await site.adapter.confirmClaim(record.identity, { priority: context.priority });
    if (answer.kind === 'confirmed') return { type: 'site_confirmed' };
    context.detail = answer.detail;
    return { type: 'confirm_failed', at: runtime.now() };
  };

  /** The claim (or the claim sent again after a lost answer): what the site says about this vote. */
  const claim = async (
    record: SiteVoteRecord,
    context: SiteRun,
    again: boolean,
  ): Promise<SiteVoteEvent | null> => {
    const site = byId.get(record.site);
    if (site?.adapter.claimModel !== 'claim_then_reward') return null;
    const answer = await site.adapter.claim(record.identity, { priority: context.priority });
    context.answer = answer;
    if (answer.kind === 'claimed') return { type: 'claimed' };
    if (again) {
      // Some sites' checks answer "voted" for a claimed vote too, so only the claim itself can tell: sent again, it
      // answers "claimed" (the first never reached the site) or "already claimed" (it did: this record was written
      // after a check showed the vote, and a vote this resource paid keeps its record for the window). A vote gone
      // (its window ended, or the site dropped it): whether the lost claim took is for an admin.
      if (answer.kind === 'already_claimed') return { type: 'claimed' };
      return answer.kind === 'not_voted' ? { type: 'lost_and_gone' } : null;
    }
    if (answer.kind === 'not_voted' || answer.kind === 'already_claimed') return { type: 'claim_refused' };
    return isUnknown(answer) ? null : { type: 'claim_refused' };
  };

  const perform = (
    effect: SiteVoteEffect,
    record: SiteVoteRecord,
    context: SiteRun,
  ): SiteVoteEvent | null | Promise<SiteVoteEvent | null> => {
    switch (effect.type) {
      case 'claim':
        return claim(record, context, false);
      case 'reclaim':
        return claim(record, context, true);
      case 'open_batch':
        return writeBatch(record, record.batches, record.batchVotes, false)
          ? { type: 'batch_written' }
          : { type: 'waits' };
      case 'settle': {
        // The player hears which site a vote was found on before the payout's own line.
        context.onFound?.();
        context.onFound = undefined;
        return options.settle(record.license).then(() => ({ type: 'settled' }) as const);
      }
      case 'confirm':
        return confirm(record, context);
      case 'park_batch':
        return writeBatch(record, 1, 1, true) ? { type: 'parked' } : { type: 'waits' };
      case 'note_parked':
        log.error(
          `site ${record.site}: the answer to ${record.name}'s claim was lost and the site now shows no vote to claim; ${batchIdOf(record, 1)} waits for an admin in ${ADMIN_COMMAND} pending (grant pays it, drop forgets it)`,
        );
        return null;
      case 'note_unconfirmed':
        log.warn(
          `site ${record.site}: the claim of ${record.name}'s paid vote is not confirmed yet (${context.detail ?? 'no answer'}); retried with backoff, never paid again`,
        );
        return null;
      case 'check_expiry':
        return record.keepUntil < runtime.now() ? { type: 'expired' } : null;
      case 'note_admin':
        once(
          `admin:${keyOf(record)}`,
          `site vote ${keyOf(record)} of ${record.name} needs an admin (its claim answer was lost)`,
        );
        return null;
      case 'stop':
        return null;
    }
  };

  /** Runs `event` on a record through the one step runner, the only writer of site vote records. */
  const run = async (
    record: SiteVoteRecord,
    event: SiteVoteEvent,
    context: SiteRun,
  ): Promise<SiteVoteRecord | null> =>
    runSteps(
      {
        transition: siteVoteTransition,
        write(next: SiteVoteRecord | null, previous: SiteVoteRecord) {
          if (next === null) store.remove(keyOf(previous));
          else store.write(next);
          return next;
        },
        perform: (effect: SiteVoteEffect, current: SiteVoteRecord) => perform(effect, current, context),
      },
      record,
      event,
    );

  /** Moves one record as far as it goes now. */
  const resume = async (key: string, priority: RequestPriority): Promise<void> => {
    const found = store.read(key);
    if (found.state === 'unreadable') {
      once(`unreadable:${key}`, `site vote ${found.problem}; left as is`);
      return;
    }
    if (found.state === 'missing') return;
    const record = found.value;
    const lockKey = `${record.site}|${record.license}`;
    if (busy.has(lockKey)) return;
    busy.add(lockKey);
    try {
      await run(record, { type: 'resumed' }, { priority });
    } finally {
      busy.delete(lockKey);
    }
  };

  const recordFor = (
    site: ConfiguredSite,
    player: SitePlayer,
    identity: string,
    vote: SiteVote | null,
    step: SiteVoteRecord['step'],
  ): SiteVoteRecord => {
    const now = runtime.now();
    const usable = vote?.votedAt == null ? null : checkVoteTime(vote.votedAt, now);
    const window = site.adapter.voteWindowMs;
    const base = { site: site.id, identity, votedAt: usable };
    const pending = Math.max(1, Math.min(vote?.pending ?? 1, MAX_VOTES_PER_RECORD));
    return {
      format: 1,
      ...base,
      license: player.license,
      name: player.name,
      model: site.adapter.claimModel,
      step,
      entryId: entryIdFor(keyOf(base), usable, now),
      votes: site.adapter.claimModel === 'reward_then_claim' ? pending : 1,
      batches: 1,
      batchVotes: site.adapter.claimModel === 'reward_then_claim' ? pending : 1,
      attempts: 0,
      nextAttemptAt: now,
      keepUntil: keepUntilOf(usable, now, window),
      createdAt: now,
    };
  };

  /**
   * True when another vote of this identity on this site was paid within half the site's window: no honest site takes
   * two votes that close, so a vote time that changes on every check (a site lying, or a clock gone wrong) pays once
   * per half window at most, never on every /vote.
   */
  const paidLately = (site: ConfiguredSite, identity: string, key: string): boolean => {
    const gap = site.adapter.voteWindowMs / 2;
    const now = runtime.now();
    for (const other of store.keys(site.id, identity)) {
      if (other === key) continue;
      const found = store.read(other);
      if (found.state !== 'valid' || now - found.value.createdAt >= gap) continue;
      once(
        `lately:${site.id}`,
        `site ${site.id}: ${site.adapter.label} shows ${found.value.name} a new vote within half its window of the last one paid; it is paid once that time has passed`,
      );
      return true;
    }
    return false;
  };

  const tooOld = (site: ConfiguredSite, vote: SiteVote): string | null => {
    if (vote.votedAt === null) return null;
    const window = site.adapter.voteWindowMs;
    // The site's own clock speaks through the time it gives to the next vote; this server's may run ahead of it.
    const bySite =
      vote.nextVoteInMs !== null && vote.nextVoteInMs <= window ? window - vote.nextVoteInMs : null;
    const age = bySite ?? runtime.now() - vote.votedAt;
    if (age <= window + KEEP_MARGIN_MS) return null;
    const minutes = Math.round(age / 60_000);
    return bySite !== null
      ? `${site.adapter.label} shows a vote ${minutes} min old by its own answer, past its ${Math.round(window / 60_000)} min window`
      : `${site.adapter.label} shows a vote ${minutes} min old by this server's clock, past the site's ${Math.round(window / 60_000)} min window (check the server's clock if votes are recent)`;
  };

  return { run, resume, recordFor, paidLately, paidBefore, tooOld };
}

/** True for a claim whose answer was lost after it was sent: the site may have acted. */
export function isUnknown(failure: SiteFailure | { kind: 'claimed' }): boolean {
  return (failure.kind === 'unreachable' || failure.kind === 'malformed') && failure.outcomeUnknown;
}
