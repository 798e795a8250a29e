import type { VoteApi } from '../api/client';
import { RateBudgetError, RateLimitedError, UnauthorizedError } from '../api/errors';
import type { RateBudget, RateBudgetSnapshot } from '../api/rate-budget';
import { nameKey } from '../claim/player-name';
import type { ResourceConfig } from '../config/schema';
import { type EventChannel, REWARDED_EVENT } from '../events';
import type { Translate } from '../i18n/messages';
import type { Runtime } from '../runtime/runtime';
import { LAST_CLAIM_PREFIX } from '../store/keys';
import { createLatencyRecorder, type LatencySummary } from './latency';
import { createReminderQueue, type ReminderQueue } from './reminders';
import {
  type CheckPick,
  type CheckReason,
  createPollScheduler,
  type PickPolicy,
  type SchedulerSizes,
} from './scheduler';

/** The runtime services the detector uses; `emitNet` (when given) carries ox_lib notifications to clients. */
export type PollRuntime = Pick<
  Runtime,
  | 'now'
  | 'players'
  | 'tell'
  | 'registerCommand'
  | 'onPlayerJoining'
  | 'onPlayerDropped'
  | 'setTimeout'
  | 'resourceState'
  | 'on'
  | 'kvp'
  | 'log'
> & {
  /** `emitNet(event, target, ...args)`: a client event to one player. */
  emitNet?(event: string, target: number, ...args: unknown[]): void;
};

/** What the detector needs from the API client. */
export type PollApi = Pick<VoteApi, 'checkVote' | 'getVoteCount'>;

/** What the detector needs from the shared rate budget. */
export type PollBudget = Pick<RateBudget, 'peek' | 'snapshot'>;

/** Everything the detector is built from. */
export interface VoteDetectorOptions {
  /** The FiveM boundary. */
  runtime: PollRuntime;
  /** The API client. */
  api: PollApi;
  /** The rate budget shared with claims. */
  budget: PollBudget;
  /** The `poll` section of config.json. */
  poll: ResourceConfig['poll'];
  /** Vote page shown in reminders and by the link command ('' when unknown). */
  voteUrl: string;
  /** The claim command players type (`vote`); the link command is this name + `link`. */
  command: string;
  /** Player-facing messages. */
  translate: Translate;
  /** The name a claim uses for this player (the claim flow's normalisation), or null when unusable. */
  claimName(source: number): string | null;
  /** True when the claim flow holds an unpaid reward for this player; such players are not checked. */
  hasPending?(source: number): boolean;
  /** Claims and pays through the claim flow; used instead of a notification when `poll.autoClaim` is on. */
  claim?(source: number): Promise<unknown>;
  /**
   * The resource's event channel: the detector hears `linkShown` and `rewarded` on it and announces `voteDetected`.
   * Without one it hears payouts as the FiveM event `vote-reward:rewarded`.
   */
  events?: EventChannel;
  /** Round-robin never re-checks a player sooner than this (ms); default 30 s. */
  minRecheckMs?: number;
  /** Checks allowed in flight at once; default 4. */
  maxInFlight?: number;
  /** Spacing of `/vote/count` reads that gate the round-robin (ms); default a quarter of a pass, 30 s to 2 min. */
  countIntervalMs?: number;
}

/** How new votes are looked for: gated by `/vote/count`, or everyone in turn when the count cannot be read. */
export interface GateStatus {
  /** `waiting` until the first count answer, `gated` while it answers, `fallback` after it failed. */
  mode: 'waiting' | 'gated' | 'fallback';
  /** Last `votes_total` read, or null. */
  votesTotal: number | null;
  /** New votes counted but not yet found on a check, claimed, or written off after a full pass. */
  unaccounted: number;
  /** Since when every player must be checked again to close the current search (null when none runs). */
  searchFrom: number | null;
  /** Spacing of the count reads, in milliseconds. */
  countEveryMs: number;
  /** Count reads answered (failed included) and failed. */
  counts: { sent: number; failed: number };
  /** New votes accounted for, by how: found on a check, claimed, or written off (voter not online). */
  accounted: { found: number; claimed: number; writtenOff: number };
  /** Why the count is not used, or null. */
  fallbackReason: string | null;
}

/** The likelihood order of the round-robin, for `votereward status`. */
export interface PriorityStatus {
  /** Players who claimed before and whose site cooldown ended within the window: checked first. */
  returning: number;
  /** How long after the site cooldown ends a player counts as returning, in minutes. */
  windowMinutes: number;
  /** A returning player is not checked again sooner than this, in milliseconds. */
  returningEveryMs: number;
  /** Players checked in turn after them. */
  others: number;
}

/** Figures for `votereward status` and the benchmarks. */
export interface PollStatus {
  /** False when `poll.enabled` is off or the detector is stopped. */
  running: boolean;
  /** Whether detected votes are claimed at once. */
  autoClaim: boolean;
  /** Spacing between two checks, in milliseconds. */
  paceMs: number;
  /** Checks waiting for an answer. */
  inFlight: number;
  /** End of a pause after a 401, or null. */
  pausedUntil: number | null;
  /** Queue sizes, plus planned reminders. */
  queues: SchedulerSizes & { reminders: number };
  /** Counters since start. */
  checks: { sent: number; failed: number; refused: number; skippedPending: number };
  /** Checks sent since start, by why the player was picked. */
  byReason: Record<CheckReason, number>;
  /** The `/vote/count` gate. */
  gate: GateStatus;
  /** The likelihood order. */
  priority: PriorityStatus;
  /** Votes detected since start: for players shown the link recently, and for the others. */
  detected: { linkShown: number; others: number };
  /** Delay from the vote (`voted_at`) to its detection. */
  latencyMs: { linkShown: LatencySummary; others: LatencySummary };
  /** The shared budget's figures. */
  budget: RateBudgetSnapshot;
}

/** The running detector. */
export interface VoteDetector {
  /** Subscribes to joins, drops and claims, registers the link command, and starts checking. */
  start(): void;
  /** Stops every timer and listener. */
  stop(): void;
  /** The player was shown the vote link (the claim flow found no vote): check them often for a while. */
  linkShown(source: number): void;
  /** The player's vote was claimed: remember it (KVP) for reminders and cooldown. */
  claimed(source: number): void;
  /** Current figures. */
  status(): PollStatus;
}

/** KVP key prefix of the last claim time per player name. */
export const LAST_CLAIM_KVP_PREFIX = LAST_CLAIM_PREFIX;

/** Safety margin added to the window when pacing, so jitter cannot make the server count more than its limit. */
const PACE_MARGIN_MS = 2_000;
const MIN_TICK_MS = 50;
const MAX_TICK_MS = 1_000;
const UNAUTHORIZED_PAUSE_MS = 5 * 60_000;
/** Picks skipped in one tick (pending rewards, unusable names) before yielding, to bound work per tick. */
const MAX_SKIPS_PER_TICK = 64;
/** Bounds of the count spacing: a quarter of one pass over every player, so the read adds little to a search. */
const COUNT_INTERVAL_MIN_MS = 30_000;
const COUNT_INTERVAL_MAX_MS = 120_000;
/** After a failed count read the round-robin runs as before; the count is tried again this much later. */
const COUNT_RETRY_MS = 10 * 60_000;
/** Players who come back mostly vote soon after the site lets them (reminders say so); after this they are others. */
const RETURNING_WINDOW_MS = 60 * 60_000;
/** Largest share of the checks returning players get, which sets how often each of them is checked again. */
const RETURNING_SHARE = 0.25;
/** Clock difference tolerated between the site's `voted_at` and this server's clock. */
const CLOCK_SKEW_MS = 2 * 60_000;
/** Votes credited ahead of the count, or written off, kept at most. */
const MAX_CREDITS = 1024;
/** How long a vote found on a check waits for its claim before it is forgotten (the claim then counts again). */
const FOUND_KEEP_MS = 24 * 60 * 60_000;

interface Session {
  told: boolean;
}

interface Credit {
  /** When the vote was cast (or, for a claim, the latest it can have been cast). */
  castAt: number;
  how: 'found' | 'claimed';
}

/** Creates the vote detector: the scheduler driven by the shared rate budget, the API and the runtime. */
export function createVoteDetector(options: VoteDetectorOptions): VoteDetector {
  const { runtime, api, budget, poll, translate } = options;
  const maxInFlight = options.maxInFlight ?? 4;
  const cooldownMs = poll.siteCooldownMinutes * 60_000;
  const scheduler = createPollScheduler({
    linkIntervalMs: poll.linkShownIntervalSeconds * 1_000,
    linkDurationMs: poll.linkShownDurationMinutes * 60_000,
    joinDelayMs: poll.joinCheckDelaySeconds * 1_000,
    minRecheckMs: options.minRecheckMs ?? 30_000,
  });
  const reminders: ReminderQueue | null =
    poll.reminderMinutes > 0 ? createReminderQueue(poll.reminderMinutes * 60_000) : null;
  const sessions = new Map<number, Session>();
  const latency = { linkShown: createLatencyRecorder(), others: createLatencyRecorder() };
  const counters = { sent: 0, failed: 0, refused: 0, skippedPending: 0 };
  const byReason: Record<CheckReason, number> = { link: 0, join: 0, returning: 0, round_robin: 0 };
  const minRecheckMs = options.minRecheckMs ?? 30_000;
  const countIntervalMs = (): number =>
    options.countIntervalMs ??
    Math.min(COUNT_INTERVAL_MAX_MS, Math.max(COUNT_INTERVAL_MIN_MS, (sessions.size * paceMs()) / 4));
  const gate = {
    mode: 'waiting' as GateStatus['mode'],
    votesTotal: null as number | null,
    lastReadAt: Number.NEGATIVE_INFINITY,
    unaccounted: 0,
    /** Votes cast before this cannot be the unaccounted ones. */
    searchSince: Number.NEGATIVE_INFINITY,
    /** A player checked at or after this cannot hide an unaccounted vote. */
    searchFrom: Number.POSITIVE_INFINITY,
    nextCountAt: Number.NEGATIVE_INFINITY,
    countInFlight: false,
    counts: { sent: 0, failed: 0 },
    accounted: { found: 0, claimed: 0, writtenOff: 0 },
    fallbackReason: null as string | null,
    fallbackLogged: false,
    recoveryLogged: false,
    /** Votes written off as cast by players not online: their claim on join accounts for nothing new. */
    awaitingJoin: 0,
  };
  /** Votes found or claimed before a count read included them, credited against the read that does. */
  const credits: Credit[] = [];
  /** Name keys whose new vote a check found, so their claim does not account for a second vote. */
  const found = new Map<string, number>();
  const detected = { linkShown: 0, others: 0 };
  const broadcastNames = new Set<string>();
  let broadcastDueAt: number | null = null;
  let nextSendAt = Number.NEGATIVE_INFINITY;
  let pausedUntil: number | null = null;
  let inFlight = 0;
  let running = false;
  let cancelTimer: (() => void) | null = null;
  const unsubscribe: (() => void)[] = [];
  let lastFailureLogAt = Number.NEGATIVE_INFINITY;

  const paceMs = (): number => {
    const { limit, windowMs, reserved } = budget.snapshot();
    return Math.ceil((windowMs + PACE_MARGIN_MS) / Math.max(1, limit - reserved));
  };

  const claimKey = (name: string): string => `${LAST_CLAIM_KVP_PREFIX}${nameKey(name)}`;

  const lastClaimAt = (name: string): number => {
    const raw = runtime.kvp.get(claimKey(name));
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
  };

  const notify = (source: number, message: string): void => {
    runtime.tell(source, message);
    if (runtime.emitNet && runtime.resourceState('ox_lib') === 'started') {
      runtime.emitNet('ox_lib:notify', source, { title: 'Vote', description: message, type: 'success' });
    }
  };

  const countForBroadcast = (name: string, now: number): void => {
    if (!poll.broadcast.enabled) return;
    broadcastNames.add(nameKey(name));
    broadcastDueAt ??= now + poll.broadcast.windowMinutes * 60_000;
  };

  const join = (source: number): void => {
    const now = runtime.now();
    sessions.set(source, { told: false });
    scheduler.addPlayer(source, now);
    const name = options.claimName(source);
    const canVoteAt = name === null ? Number.NEGATIVE_INFINITY : lastClaimAt(name) + cooldownMs;
    if (canVoteAt > now) scheduler.setCoolingUntil(source, canVoteAt, now);
    if (Number.isFinite(canVoteAt))
      scheduler.setReturning(source, canVoteAt, canVoteAt + RETURNING_WINDOW_MS, now);
    reminders?.addPlayer(source, now, canVoteAt);
  };

  const leave = (source: number): void => {
    sessions.delete(source);
    scheduler.removePlayer(source);
    reminders?.removePlayer(source);
  };

  /** A check found a new vote: it accounts for one counted vote when it can be one of them. */
  const accountFound = (name: string, votedMs: number, now: number): void => {
    if (found.size >= 4096) {
      for (const [key, at] of found) if (at + FOUND_KEEP_MS <= now) found.delete(key);
    }
    found.set(nameKey(name), now);
    const castAt = Number.isFinite(votedMs) ? votedMs : now;
    // Found before a count read included it (link-shown players are checked every few seconds): credit it then.
    if (gate.mode === 'gated' && castAt > gate.lastReadAt) {
      credit(castAt, 'found');
      return;
    }
    if (gate.unaccounted === 0) return;
    if (Number.isFinite(votedMs) && votedMs < gate.searchSince - CLOCK_SKEW_MS) return;
    gate.unaccounted -= 1;
    gate.accounted.found += 1;
  };

  const credit = (castAt: number, how: 'found' | 'claimed'): void => {
    if (credits.length < MAX_CREDITS) credits.push({ castAt, how });
  };

  /** A vote was claimed: unless a check already found it, it accounts for one counted vote. */
  const accountClaim = (name: string | null, now: number): void => {
    if (name !== null && found.delete(nameKey(name))) return;
    if (gate.unaccounted > 0) {
      gate.unaccounted -= 1;
      gate.accounted.claimed += 1;
    } else if (gate.awaitingJoin > 0) {
      // Most likely the vote of a player who was not online, written off after a pass.
      gate.awaitingJoin -= 1;
    } else if (gate.mode === 'gated') {
      credit(now, 'claimed');
    }
  };

  /** A full pass found nobody else: the remaining counted votes are from players not online (claimed on join). */
  const closeSearch = (now: number): void => {
    if (gate.mode !== 'gated' || gate.unaccounted === 0 || inFlight > 0) return;
    if (!scheduler.checkedSince(gate.searchFrom, now)) return;
    gate.accounted.writtenOff += gate.unaccounted;
    gate.awaitingJoin = Math.min(MAX_CREDITS, gate.awaitingJoin + gate.unaccounted);
    gate.unaccounted = 0;
    gate.searchFrom = Number.POSITIVE_INFINITY;
  };

  const onCount = (total: number, sentAt: number, now: number): void => {
    if (gate.mode !== 'gated' || gate.votesTotal === null) {
      if (gate.mode === 'fallback' && !gate.recoveryLogged) {
        gate.recoveryLogged = true;
        runtime.log.info('/vote/count answers again; players are checked only when votes arrive');
      }
      gate.mode = 'gated';
      gate.fallbackReason = null;
      credits.length = 0;
    } else {
      let increase = Math.max(0, total - gate.votesTotal);
      // Votes found or claimed before this read are in its count: they need no search.
      for (let i = 0; i < credits.length; ) {
        const entry = credits[i] as Credit;
        if (entry.castAt > sentAt) {
          i += 1;
          continue;
        }
        credits.splice(i, 1);
        if (increase === 0) continue;
        increase -= 1;
        gate.accounted[entry.how] += 1;
      }
      if (increase > 0) {
        if (gate.unaccounted === 0) gate.searchSince = gate.lastReadAt;
        gate.unaccounted += increase;
        gate.searchFrom = now;
      }
    }
    gate.votesTotal = total;
    gate.lastReadAt = sentAt;
  };

  const fallBack = (now: number, reason: string): void => {
    gate.nextCountAt = now + COUNT_RETRY_MS;
    gate.fallbackReason = reason;
    if (gate.mode === 'fallback') return;
    gate.mode = 'fallback';
    gate.unaccounted = 0;
    gate.searchFrom = Number.POSITIVE_INFINITY;
    if (gate.fallbackLogged) return;
    gate.fallbackLogged = true;
    runtime.log.warn(
      `/vote/count failed (${reason}); every player is checked in turn instead (more requests), and the count is tried again every ${COUNT_RETRY_MS / 60_000} minutes`,
    );
  };

  const pauseForKey = (now: number): void => {
    pausedUntil = now + UNAUTHORIZED_PAUSE_MS;
    runtime.log.error(
      'the API refused the key (401); vote detection paused for 5 minutes. Check vote_reward_api_key.',
    );
  };

  const readCount = async (sentAt: number): Promise<void> => {
    gate.countInFlight = true;
    gate.nextCountAt = sentAt + countIntervalMs();
    try {
      const count = await api.getVoteCount({ priority: 'poll' });
      gate.counts.sent += 1;
      if (running) onCount(count.votes_total, sentAt, runtime.now());
      options.events?.emit('voteCount', { count, at: sentAt });
    } catch (error) {
      const now = runtime.now();
      if (error instanceof RateBudgetError) {
        gate.nextCountAt = now + error.waitMs;
        nextSendAt = Math.max(nextSendAt, now + error.waitMs);
        return;
      }
      gate.counts.sent += 1;
      gate.counts.failed += 1;
      if (error instanceof UnauthorizedError) pauseForKey(now);
      else if (!(error instanceof RateLimitedError))
        fallBack(now, error instanceof Error ? error.message : String(error));
    } finally {
      gate.countInFlight = false;
    }
  };

  const returningEveryMs = (returning: number): number =>
    Math.max(minRecheckMs, Math.ceil((returning * paceMs()) / RETURNING_SHARE));

  const policy = (): PickPolicy => {
    const gated = gate.mode !== 'fallback';
    return {
      roundRobin: !gated || gate.unaccounted > 0,
      since: gated ? gate.searchFrom : Number.POSITIVE_INFINITY,
      returningEveryMs: returningEveryMs(scheduler.sizes().returning),
    };
  };

  const onVoted = (source: number, name: string, votedAt: string | null, linkActive: boolean): void => {
    const now = runtime.now();
    const votedMs = votedAt === null ? Number.NaN : Date.parse(votedAt);
    // In last24h mode the site also reports votes already claimed; only a vote newer than the last claim is news.
    if (Number.isFinite(votedMs) && votedMs <= lastClaimAt(name)) return;
    const session = sessions.get(source);
    if (!session || session.told) return;
    session.told = true;
    scheduler.setSkipped(source, true, now);
    accountFound(name, votedMs, now);
    const delay = Number.isFinite(votedMs) ? Math.max(0, now - votedMs) : null;
    if (linkActive) {
      detected.linkShown += 1;
      if (delay !== null) latency.linkShown.add(delay);
    } else {
      detected.others += 1;
      if (delay !== null) latency.others.add(delay);
    }
    countForBroadcast(name, now);
    options.events?.emit('voteDetected', { source, name, votedAt });
    if (poll.autoClaim && options.claim) {
      options.claim(source).catch((error: unknown) => {
        runtime.log.warn(`automatic claim for player ${source} failed: ${String(error)}`);
      });
    } else {
      notify(source, translate('reward_waiting', { command: options.command }));
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
      if (result.voted) onVoted(pick.id, name, result.votedAt, linkActive);
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
    closeSearch(now);
    let skips = 0;
    const rule = policy();
    while (inFlight < maxInFlight && now >= nextSendAt && skips < MAX_SKIPS_PER_TICK) {
      const verdict = budget.peek('poll');
      if (!verdict.ok) {
        nextSendAt = now + Math.max(verdict.waitMs, MIN_TICK_MS);
        return;
      }
      if (!gate.countInFlight && now >= gate.nextCountAt) {
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

  const remind = (now: number): void => {
    if (!reminders) return;
    for (const source of reminders.due(now)) {
      const session = sessions.get(source);
      if (!session || session.told || options.hasPending?.(source)) continue;
      const name = options.claimName(source);
      if (name !== null && lastClaimAt(name) + cooldownMs > now) continue;
      notify(source, translate('vote_reminder', { url: options.voteUrl, command: options.command }));
      scheduler.linkShown(source, now);
    }
  };

  const flushBroadcast = (now: number): void => {
    if (broadcastDueAt === null || now < broadcastDueAt) return;
    const count = broadcastNames.size;
    broadcastNames.clear();
    broadcastDueAt = null;
    if (count === 0) return;
    const message = translate(count === 1 ? 'vote_broadcast_one' : 'vote_broadcast', {
      count,
      minutes: poll.broadcast.windowMinutes,
      command: options.command,
    });
    for (const source of runtime.players()) runtime.tell(source, message);
  };

  const arm = (now: number): void => {
    const due = Math.min(scheduler.nextDueAt(now, policy()) ?? Number.POSITIVE_INFINITY, gate.nextCountAt);
    const sendAt = Number.isFinite(due)
      ? Math.max(due, nextSendAt, pausedUntil ?? Number.NEGATIVE_INFINITY)
      : Number.POSITIVE_INFINITY;
    const wakeAt = Math.min(
      sendAt,
      reminders?.nextDueAt() ?? Number.POSITIVE_INFINITY,
      broadcastDueAt ?? Number.POSITIVE_INFINITY,
    );
    const delay = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, wakeAt - now));
    cancelTimer = runtime.setTimeout(tick, delay);
  };

  const tick = (): void => {
    cancelTimer = null;
    if (!running) return;
    const now = runtime.now();
    remind(now);
    flushBroadcast(now);
    pump(now);
    arm(now);
  };

  const linkShown = (source: number): void => {
    const now = runtime.now();
    const session = sessions.get(source);
    if (!session) return;
    // The claim flow only shows the link when it found no vote, so an earlier "reward waiting" is void.
    session.told = false;
    scheduler.setSkipped(source, false, now);
    scheduler.linkShown(source, now);
  };

  const claimed = (source: number, username?: string): void => {
    const now = runtime.now();
    const name = options.claimName(source) ?? username ?? null;
    accountClaim(username ?? name, now);
    if (name !== null) {
      runtime.kvp.set(claimKey(name), String(now));
      countForBroadcast(name, now);
    }
    const session = sessions.get(source);
    if (!session) return;
    session.told = false;
    scheduler.setSkipped(source, false, now);
    scheduler.setCoolingUntil(source, now + cooldownMs, now);
    scheduler.setReturning(source, now + cooldownMs, now + cooldownMs + RETURNING_WINDOW_MS, now);
    reminders?.claimed(source, now, now + cooldownMs);
  };

  return {
    start() {
      if (running || !poll.enabled) return;
      running = true;
      unsubscribe.push(runtime.onPlayerJoining(join));
      unsubscribe.push(runtime.onPlayerDropped(leave));
      if (options.events) {
        unsubscribe.push(options.events.on('rewarded', ({ source, name }) => claimed(source, name)));
        unsubscribe.push(options.events.on('linkShown', ({ source }) => linkShown(source)));
      } else {
        unsubscribe.push(
          runtime.on(REWARDED_EVENT, (source: unknown, detail: unknown) => {
            const username = (detail as { username?: unknown } | null)?.username;
            if (typeof source === 'number')
              claimed(source, typeof username === 'string' ? username : undefined);
          }),
        );
      }
      runtime.registerCommand(
        `${options.command}link`,
        (source) => {
          if (source <= 0) return;
          runtime.tell(source, translate('vote_link', { url: options.voteUrl, command: options.command }));
          linkShown(source);
        },
        false,
      );
      for (const source of runtime.players()) join(source);
      arm(runtime.now());
    },
    stop() {
      running = false;
      cancelTimer?.();
      cancelTimer = null;
      for (const off of unsubscribe.splice(0)) off();
    },
    linkShown,
    claimed: (source) => claimed(source),
    status() {
      const sizes = scheduler.sizes();
      return {
        running,
        autoClaim: poll.autoClaim,
        paceMs: paceMs(),
        inFlight,
        pausedUntil,
        queues: { ...sizes, reminders: reminders?.size ?? 0 },
        checks: { ...counters },
        byReason: { ...byReason },
        gate: {
          mode: gate.mode,
          votesTotal: gate.votesTotal,
          unaccounted: gate.unaccounted,
          searchFrom: Number.isFinite(gate.searchFrom) ? gate.searchFrom : null,
          countEveryMs: countIntervalMs(),
          counts: { ...gate.counts },
          accounted: { ...gate.accounted },
          fallbackReason: gate.fallbackReason,
        },
        priority: {
          returning: sizes.returning,
          windowMinutes: RETURNING_WINDOW_MS / 60_000,
          returningEveryMs: returningEveryMs(sizes.returning),
          others: sizes.roundRobin,
        },
        detected: { ...detected },
        latencyMs: { linkShown: latency.linkShown.summary(), others: latency.others.summary() },
        budget: budget.snapshot(),
      };
    },
  };
}

const seconds = (ms: number | null): string => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

const formatGate = (gate: GateStatus, now: number): string => {
  const { found, claimed, writtenOff } = gate.accounted;
  const accounted = `new votes accounted for: ${found} found on a check, ${claimed} claimed, ${writtenOff} by players not online`;
  if (gate.mode === 'fallback')
    return `off, /vote/count failed (${gate.fallbackReason ?? 'unknown'}): every player is checked in turn; ${accounted}`;
  if (gate.mode === 'waiting') return 'waiting for the first /vote/count answer';
  const search =
    gate.unaccounted > 0
      ? `${gate.unaccounted} new vote(s) not yet accounted for: checking players not checked in the last ${seconds(now - (gate.searchFrom ?? now))}`
      : 'no new vote to look for: only link-shown and joining players are checked';
  return `votes_total ${gate.votesTotal} (read every ${seconds(gate.countEveryMs)}), ${search}; ${accounted}`;
};

/** Readable lines of a status, for the `votereward status` console command. */
export function formatPollStatus(status: PollStatus, now: number): string[] {
  const { queues, checks, latencyMs, detected } = status;
  const paused =
    status.pausedUntil && status.pausedUntil > now
      ? `, key refused: paused ${seconds(status.pausedUntil - now)}`
      : '';
  const { gate, priority, byReason } = status;
  return [
    `Polling    ${status.running ? 'running' : 'off'}${status.autoClaim ? ' (auto-claim)' : ''}, one check every ${seconds(status.paceMs)}${paused}`,
    `Gate       ${formatGate(gate, now)}`,
    `Priority   ${priority.returning} returning player(s) first (claimed before, site cooldown over in the last ${priority.windowMinutes} min; each checked again after ${seconds(priority.returningEveryMs)} at the soonest), then ${priority.others} other(s) in turn, longest unchecked first`,
    `Queues     ${queues.players} players: ${queues.link} link-shown, ${queues.join} joining, ${queues.returning} returning, ${queues.roundRobin} round-robin, ${queues.cooling} cooling down, ${queues.skipped} skipped; ${queues.reminders} reminders planned`,
    `Checks     ${checks.sent} sent, ${checks.failed} failed, ${checks.refused} refused by the budget, ${checks.skippedPending} skipped (reward pending); by reason ${byReason.link} link-shown, ${byReason.join} join, ${byReason.returning} returning, ${byReason.round_robin} round-robin`,
    `Detected   ${detected.linkShown} after the link (p50 ${seconds(latencyMs.linkShown.p50)}, p95 ${seconds(latencyMs.linkShown.p95)}), ${detected.others} others (p50 ${seconds(latencyMs.others.p50)}, p95 ${seconds(latencyMs.others.p95)})`,
  ];
}
