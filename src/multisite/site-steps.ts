/**
 * The steps of one site vote's record (see `records.ts`): each writes the record, or the journal entry that pays,
 * before the request or payout it stands for, so a kill at any KVP write resumes the same vote and never pays twice.
 */
import type { RequestPriority } from '../api/rate-budget';
import type { Journal } from '../claim/journal';
import { siteVoteOpened } from '../claim/transitions';
import { ADMIN_COMMAND } from '../commands/admin';
import { drawRewards } from '../programs/draw';
import type { DrawRecord } from '../programs/types';
import type { Reward } from '../rewards/types';
import type { Runtime } from '../runtime/runtime';
import { checkVoteTime } from '../sites/http';
import type { SiteVote } from '../sites/types';
import {
  batchIdOf,
  confirmBackoffMs,
  entryIdFor,
  KEEP_MARGIN_MS,
  keepUntilOf,
  keyOf,
  MAX_VOTES_PER_RECORD,
  type SiteVoteRecord,
  type SiteVoteStore,
} from './records';
import type { ConfiguredSite } from './site-claims';

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

/** The steps. */
export interface SiteSteps {
  /** From `opened`: the batch's entry is written (or found), then the record moves on; answers the record now. */
  advance(record: SiteVoteRecord, count: number): SiteVoteRecord;
  /** A reward-then-claim record whose entries are all paid: pays votes counted beyond them, else confirms. */
  confirmOwed(record: SiteVoteRecord, priority: RequestPriority): Promise<void>;
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

  /** From `opened`: the batch's entry is written (or found), then the record moves to its model's next step. */
  const advance = (record: SiteVoteRecord, count: number): SiteVoteRecord => {
    if (!writeBatch(record, record.batches, count, false)) return record;
    // Claim-then-reward records are kept too: some sites' checks still show a claimed vote, and a lost claim answer
    // is decided by claiming again, which is only safe while the vote this resource paid is remembered.
    const next: SiteVoteRecord = {
      ...record,
      step: record.model === 'reward_then_claim' ? 'claim_owed' : 'journaled',
    };
    store.write(next);
    return next;
  };

  const allBatchesSettled = (record: SiteVoteRecord) =>
    Array.from({ length: record.batches }, (_, index) => batchIdOf(record, index + 1)).every(
      (id) => !journal.stored(id),
    );

  /**
   * A reward-then-claim record whose entries are all paid: confirms at the site. The site's claim consumes every
   * pending vote, so votes the site counts beyond those paid are paid first (one more batch), then confirmed.
   */
  const confirmOwed = async (record: SiteVoteRecord, priority: RequestPriority): Promise<void> => {
    const site = byId.get(record.site);
    if (site?.adapter.claimModel !== 'reward_then_claim') return;
    if (record.step !== 'claim_owed' || !allBatchesSettled(record) || record.nextAttemptAt > runtime.now())
      return;
    const seen = await site.adapter.check(record.identity, { priority });
    if (seen.kind === 'voted') {
      const extra = Math.min((seen.vote.pending ?? 1) - record.votes, MAX_VOTES_PER_RECORD - record.votes);
      if (extra > 0 && record.batches < MAX_VOTES_PER_RECORD) {
        const opened: SiteVoteRecord = {
          ...record,
          step: 'opened',
          votes: record.votes + extra,
          batches: record.batches + 1,
          batchVotes: extra,
        };
        store.write(opened);
        advance(opened, extra);
        await options.settle(record.license);
        return;
      }
    } else if (seen.kind !== 'not_voted' && seen.kind !== 'already_claimed') return;
    const answer = await site.adapter.confirmClaim(record.identity, { priority });
    if (answer.kind === 'confirmed') {
      store.write({ ...record, step: 'confirmed', attempts: 0 });
      return;
    }
    const attempts = record.attempts + 1;
    store.write({ ...record, attempts, nextAttemptAt: runtime.now() + confirmBackoffMs(attempts) });
    if (attempts % 5 === 1)
      log.warn(
        `site ${site.id}: the claim of ${record.name}'s paid vote is not confirmed yet (${answer.detail}); retried with backoff, never paid again`,
      );
  };

  /** Resumes a `claiming` record: the claim, sent again, says whether the first took. */
  const resumeClaiming = async (record: SiteVoteRecord, site: ConfiguredSite, priority: RequestPriority) => {
    const { adapter } = site;
    if (adapter.claimModel !== 'claim_then_reward') return;
    // Some sites' checks answer "voted" for a claimed vote too, so only the claim itself can tell: sent again, it
    // answers "claimed" (the first never reached the site) or "already claimed" (it did: this record was written
    // after a check showed the vote, and a vote this resource paid keeps its record for the window).
    const answer = await adapter.claim(record.identity, { priority });
    if (answer.kind === 'claimed' || answer.kind === 'already_claimed') {
      const opened: SiteVoteRecord = { ...record, step: 'opened' };
      store.write(opened);
      advance(opened, 1);
      await options.settle(record.license);
    } else if (answer.kind === 'not_voted') {
      // The vote is gone (its window ended, or the site dropped it): whether the lost claim took is for an admin.
      if (!writeBatch(record, 1, 1, true)) return;
      store.write({ ...record, step: 'journaled' });
      log.error(
        `site ${site.id}: the answer to ${record.name}'s claim was lost and the site now shows no vote to claim; ${batchIdOf(record, 1)} waits for an admin in ${ADMIN_COMMAND} pending (grant pays it, drop forgets it)`,
      );
    }
  };

  /** Moves one record as far as it goes now. */
  const resume = async (key: string, priority: RequestPriority): Promise<void> => {
    const found = store.read(key);
    if (found.state === 'unreadable') {
      once(`unreadable:${key}`, `site vote ${found.problem}; left as is`);
      return;
    }
    if (found.state === 'missing') return;
    const record = found.value;
    const site = byId.get(record.site);
    const lockKey = `${record.site}|${record.license}`;
    if (busy.has(lockKey)) return;
    busy.add(lockKey);
    try {
      if (record.step === 'opened') {
        advance(record, record.batchVotes);
        await options.settle(record.license);
      } else if (record.step === 'claiming' && site) await resumeClaiming(record, site, priority);
      else if (record.step === 'claim_owed') await confirmOwed(record, priority);
      else if (
        (record.step === 'journaled' || record.step === 'confirmed') &&
        record.keepUntil < runtime.now()
      )
        store.remove(key);
      else if (record.step === 'needs_admin')
        once(`admin:${key}`, `site vote ${key} of ${record.name} needs an admin (its claim answer was lost)`);
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

  return { advance, confirmOwed, resume, recordFor, paidLately, paidBefore, tooOld };
}
