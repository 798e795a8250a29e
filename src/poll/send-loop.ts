/**
 * The poller's requests under the shared rate budget: `/vote/count` reads that feed the gate, and `/vote/check` for
 * the players the scheduler picks, paced so the poller never takes more than its share of the API's limit.
 */
import type { VoteApi } from '../api/client';
import { RateBudgetError, RateLimitedError, UnauthorizedError } from '../api/errors';
import type { RateBudget } from '../api/rate-budget';
import type { EventChannel } from '../domain/events';
import type { Runtime } from '../runtime/runtime';
import type { CountGate } from './gate';
import type { CheckPick, CheckReason, PickPolicy, PollScheduler } from './scheduler';
import type { PollSessions } from './sessions';

/** What the detector needs from the API client. */
export type PollApi = Pick<VoteApi, 'checkVote' | 'getVoteCount'>;

/** What the detector needs from the shared rate budget. */
export type PollBudget = Pick<RateBudget, 'peek' | 'snapshot'>;

/** What the send loop is built from. */
export interface SendLoopOptions {
  /** The clock and the console. */
  runtime: Pick<Runtime, 'now' | 'log'>;
  /** The API client. */
  api: PollApi;
  /** The rate budget shared with claims. */
  budget: PollBudget;
  /** Who to check next. */
  scheduler: PollScheduler;
  /** The count gate the reads feed. */
  gate: CountGate;
  /** The online players; a detected vote goes to `voted`. */
  sessions: PollSessions;
  /** The name a claim uses for this player, or null when unusable. */
  claimName(source: number): string | null;
  /** True when the claim flow holds an unpaid reward for this player; such players are not checked. */
  hasPending?(source: number): boolean;
  /** The resource's event channel, told of each count read. */
  events?: EventChannel;
  /** False once the detector stopped: a late count answer is not applied. */
  running(): boolean;
  /** Round-robin never re-checks a player sooner than this (ms). */
  minRecheckMs: number;
  /** Checks allowed in flight at once. */
  maxInFlight: number;
  /** Spacing of count reads (ms); default a quarter of a pass, 30 s to 2 min. */
  countIntervalMs?: number;
}

/** The send loop: `pump` sends what is due; the rest answers when it next has work and what it did. */
export interface SendLoop {
  /** Sends every count read and check due at `now`, within the budget and the in-flight bound. */
  pump(now: number): void;
  /** When the next request is due, or +Infinity when none is planned. */
  dueAt(now: number): number;
  /** Spacing between two requests, from the budget's share. */
  paceMs(): number;
  /** Spacing of the count reads. */
  countIntervalMs(): number;
  /** How often one returning player is checked at the soonest, with `returning` of them. */
  returningEveryMs(returning: number): number;
  /** Figures for the status. */
  status(): {
    inFlight: number;
    pausedUntil: number | null;
    checks: { sent: number; failed: number; refused: number; skippedPending: number };
    byReason: Record<CheckReason, number>;
  };
}

/** Safety margin added to the window when pacing, so jitter cannot make the server count more than its limit. */
const PACE_MARGIN_MS = 2_000;
/** Shortest wait before trying again when the budget refuses. */
export const MIN_TICK_MS = 50;
const UNAUTHORIZED_PAUSE_MS = 5 * 60_000;
/** Picks skipped in one tick (pending rewards, unusable names) before yielding, to bound work per tick. */
const MAX_SKIPS_PER_TICK = 64;
/** Bounds of the count spacing: a quarter of one pass over every player, so the read adds little to a search. */
const COUNT_INTERVAL_MIN_MS = 30_000;
const COUNT_INTERVAL_MAX_MS = 120_000;
/** After a failed count read the round-robin runs as before; the count is tried again this much later. */
const COUNT_RETRY_MS = 10 * 60_000;
/** Largest share of the checks returning players get, which sets how often each of them is checked again. */
const RETURNING_SHARE = 0.25;

/** Creates the send loop. */
export function createSendLoop(options: SendLoopOptions): SendLoop {
  const { runtime, api, budget, scheduler, gate, sessions } = options;
  const counters = { sent: 0, failed: 0, refused: 0, skippedPending: 0 };
  const byReason: Record<CheckReason, number> = { link: 0, join: 0, returning: 0, round_robin: 0 };
  let nextSendAt = Number.NEGATIVE_INFINITY;
  let nextCountAt = Number.NEGATIVE_INFINITY;
  let countInFlight = false;
  let pausedUntil: number | null = null;
  let inFlight = 0;
  let lastFailureLogAt = Number.NEGATIVE_INFINITY;

  const paceMs = (): number => {
    const { limit, windowMs, reserved } = budget.snapshot();
    return Math.ceil((windowMs + PACE_MARGIN_MS) / Math.max(1, limit - reserved));
  };

  const countIntervalMs = (): number =>
    options.countIntervalMs ??
    Math.min(COUNT_INTERVAL_MAX_MS, Math.max(COUNT_INTERVAL_MIN_MS, (sessions.size * paceMs()) / 4));

  const returningEveryMs = (returning: number): number =>
    Math.max(options.minRecheckMs, Math.ceil((returning * paceMs()) / RETURNING_SHARE));

  const policy = (): PickPolicy => ({
    ...gate.rule(),
    returningEveryMs: returningEveryMs(scheduler.sizes().returning),
  });

  const pauseForKey = (now: number): void => {
    pausedUntil = now + UNAUTHORIZED_PAUSE_MS;
    runtime.log.error(
      'the API refused the key (401); vote detection paused for 5 minutes. Check vote_reward_api_key.',
    );
  };

  const fallBack = (now: number, reason: string): void => {
    nextCountAt = now + COUNT_RETRY_MS;
    if (!gate.fallBack(reason)) return;
    runtime.log.warn(
      `/vote/count failed (${reason}); every player is checked in turn instead (more requests), and the count is tried again every ${COUNT_RETRY_MS / 60_000} minutes`,
    );
  };

  const readCount = async (sentAt: number): Promise<void> => {
    countInFlight = true;
    nextCountAt = sentAt + countIntervalMs();
    try {
      const count = await api.getVoteCount({ priority: 'poll' });
      gate.read(false);
      if (options.running() && gate.counted(count.votes_total, sentAt, runtime.now()))
        runtime.log.info('/vote/count answers again; players are checked only when votes arrive');
      options.events?.emit('voteCount', { count, at: sentAt });
    } catch (error) {
      const now = runtime.now();
      if (error instanceof RateBudgetError) {
        nextCountAt = now + error.waitMs;
        nextSendAt = Math.max(nextSendAt, now + error.waitMs);
        return;
      }
      gate.read(true);
      if (error instanceof UnauthorizedError) pauseForKey(now);
      else if (!(error instanceof RateLimitedError))
        fallBack(now, error instanceof Error ? error.message : String(error));
    } finally {
      countInFlight = false;
    }
  };

  const logFailure = (now: number, message: string): void => {
    if (now - lastFailureLogAt < 60_000) return;
    lastFailureLogAt = now;
    runtime.log.warn(`vote detection check failed (${message}); retrying with backoff`);
  };

  const check = async (pick: CheckPick, name: string, linkActive: boolean): Promise<void> => {
    const session = sessions.get(pick.id);
    inFlight += 1;
    try {
      const result = await api.checkVote({ username: name }, { priority: 'poll' });
      counters.sent += 1;
      if (sessions.get(pick.id) !== session) return;
      if (result.voted) sessions.voted(pick.id, name, result.votedAt, linkActive);
    } catch (error) {
      const now = runtime.now();
      if (sessions.get(pick.id) === session) scheduler.retrySoon(pick.id, now);
      if (error instanceof RateBudgetError) {
        counters.refused += 1;
        nextSendAt = Math.max(nextSendAt, now + error.waitMs);
        return;
      }
      counters.sent += 1;
      counters.failed += 1;
      if (error instanceof UnauthorizedError) {
        pauseForKey(now);
        return;
      }
      logFailure(now, error instanceof Error ? error.message : String(error));
    } finally {
      inFlight -= 1;
    }
  };

  const pump = (now: number): void => {
    if (pausedUntil !== null && now < pausedUntil) return;
    pausedUntil = null;
    if (inFlight === 0) gate.closeSearch((from) => scheduler.checkedSince(from, now));
    let skips = 0;
    const rule = policy();
    while (inFlight < options.maxInFlight && now >= nextSendAt && skips < MAX_SKIPS_PER_TICK) {
      const verdict = budget.peek('poll');
      if (!verdict.ok) {
        nextSendAt = now + Math.max(verdict.waitMs, MIN_TICK_MS);
        return;
      }
      if (!countInFlight && now >= nextCountAt) {
        nextSendAt = now + paceMs();
        void readCount(now);
        continue;
      }
      const pick = scheduler.next(now, rule);
      if (!pick) return;
      const name = options.claimName(pick.id);
      if (name === null) {
        skips += 1;
        continue;
      }
      if (options.hasPending?.(pick.id)) {
        counters.skippedPending += 1;
        skips += 1;
        continue;
      }
      nextSendAt = now + paceMs();
      byReason[pick.reason] += 1;
      void check(pick, name, pick.reason === 'link' || scheduler.isLinkActive(pick.id, now));
    }
  };

  return {
    pump,
    dueAt(now) {
      const due = Math.min(scheduler.nextDueAt(now, policy()) ?? Number.POSITIVE_INFINITY, nextCountAt);
      return Number.isFinite(due)
        ? Math.max(due, nextSendAt, pausedUntil ?? Number.NEGATIVE_INFINITY)
        : Number.POSITIVE_INFINITY;
    },
    paceMs,
    countIntervalMs,
    returningEveryMs,
    status: () => ({ inFlight, pausedUntil, checks: { ...counters }, byReason: { ...byReason } }),
  };
}
