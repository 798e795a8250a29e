/**
 * The vote detector: finds new votes of online players within the API's rate limit and tells them a reward waits (or
 * claims it). Built from the count gate (`gate.ts`), the send loop (`send-loop.ts`) and the sessions (`sessions.ts`);
 * this file runs the timer, listens to joins, drops and claims, and answers the status.
 */

import type { ResourceConfig } from '../config/schema';
import { type EventChannel, REWARDED_EVENT } from '../domain/events';
import { SITE_VOTE_ID_PREFIX } from '../engine/journal';
import type { Translate } from '../i18n/messages';
import type { Runtime } from '../runtime/runtime';
import { LAST_CLAIM_PREFIX } from '../store/keys';
import { createCountGate } from './gate';
import { createPollScheduler } from './scheduler';
import { createSendLoop, MIN_TICK_MS, type PollApi, type PollBudget } from './send-loop';
import { type AutoClaimResult, createPollSessions, RETURNING_WINDOW_MS } from './sessions';
import type { PollStatus } from './status';

export type { GateStatus } from './gate';
export type { PollApi, PollBudget } from './send-loop';
export { formatPollStatus, type PollStatus, type PriorityStatus } from './status';

/** The runtime services the detector uses; `tell` is the resource's notifier, the one way messages reach players. */
export type PollRuntime = Pick<
  Runtime,
  | 'now'
  | 'players'
  | 'tell'
  | 'registerCommand'
  | 'onPlayerJoining'
  | 'onPlayerDropped'
  | 'setTimeout'
  | 'on'
  | 'kvp'
  | 'log'
>;

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
  /** Vote page shown by the link command ('' when unknown). */
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
  claim?(source: number): Promise<AutoClaimResult | undefined>;
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

/** The running detector. */
export interface VoteDetector {
  /** Subscribes to joins, drops and claims, registers the link command, and starts checking. */
  start(): void;
  /** Stops every timer and listener. */
  stop(): void;
  /** The player was shown the vote link (the claim flow found no vote): check them often for a while. */
  linkShown(source: number): void;
  /** `/<command>link`: tells the player the vote link, and polls them closely for a while (they may vote now). */
  showLink(source: number): void;
  /** The player's vote was claimed: remember it (KVP) for the next-vote time and cooldown. */
  claimed(source: number): void;
  /** True when the player was told a reward is waiting (a reminder would be noise). */
  isTold(source: number): boolean;
  /** The player was reminded they can vote: check them often for a while, as after the vote link. */
  reminded(source: number): void;
  /** Current figures. */
  status(): PollStatus;
}

/** KVP key prefix of the last claim time per player name. */
export const LAST_CLAIM_KVP_PREFIX = LAST_CLAIM_PREFIX;

const MAX_TICK_MS = 1_000;

/** Creates the vote detector: the scheduler driven by the shared rate budget, the API and the runtime. */
export function createVoteDetector(options: VoteDetectorOptions): VoteDetector {
  const { runtime, poll, translate } = options;
  const minRecheckMs = options.minRecheckMs ?? 30_000;
  const scheduler = createPollScheduler({
    linkIntervalMs: poll.linkShownIntervalSeconds * 1_000,
    linkDurationMs: poll.linkShownDurationMinutes * 60_000,
    joinDelayMs: poll.joinCheckDelaySeconds * 1_000,
    minRecheckMs,
  });
  const gate = createCountGate();
  const sessions = createPollSessions({ ...options, scheduler, gate });
  let running = false;
  const loop = createSendLoop({
    ...options,
    scheduler,
    gate,
    sessions,
    running: () => running,
    minRecheckMs,
    maxInFlight: options.maxInFlight ?? 4,
  });
  let cancelTimer: (() => void) | null = null;
  const unsubscribe: (() => void)[] = [];

  const arm = (now: number): void => {
    const wakeAt = Math.min(loop.dueAt(now), sessions.nextWakeAt());
    const delay = Math.min(MAX_TICK_MS, Math.max(MIN_TICK_MS, wakeAt - now));
    cancelTimer = runtime.setTimeout(tick, delay);
  };

  const tick = (): void => {
    cancelTimer = null;
    if (!running) return;
    const now = runtime.now();
    sessions.flushBroadcast(now);
    loop.pump(now);
    arm(now);
  };

  const listen = (): void => {
    unsubscribe.push(runtime.onPlayerJoining(sessions.join));
    unsubscribe.push(runtime.onPlayerDropped(sessions.leave));
    if (options.events) {
      // A vote paid on another listing site is not a claim on the API: the API's cooldown and count are not its own.
      unsubscribe.push(
        options.events.on('rewarded', ({ source, name, voteId }) => {
          if (!voteId.startsWith(SITE_VOTE_ID_PREFIX)) sessions.claimed(source, name);
        }),
      );
      unsubscribe.push(options.events.on('linkShown', ({ source }) => sessions.linkShown(source)));
      return;
    }
    unsubscribe.push(
      runtime.on(REWARDED_EVENT, (source: unknown, detail: unknown) => {
        const username = (detail as { username?: unknown } | null)?.username;
        if (typeof source === 'number')
          sessions.claimed(source, typeof username === 'string' ? username : undefined);
      }),
    );
  };

  return {
    start() {
      if (running || !poll.enabled) return;
      running = true;
      listen();
      for (const source of runtime.players()) sessions.join(source);
      arm(runtime.now());
    },
    stop() {
      running = false;
      cancelTimer?.();
      cancelTimer = null;
      for (const off of unsubscribe.splice(0)) off();
    },
    linkShown: (source) => sessions.linkShown(source),
    showLink(source) {
      runtime.tell(source, translate('vote_link', { url: options.voteUrl, command: options.command }));
      sessions.linkShown(source);
    },
    claimed: (source) => sessions.claimed(source),
    isTold: (source) => sessions.get(source)?.told === true,
    reminded(source) {
      if (running && sessions.get(source)) scheduler.linkShown(source, runtime.now());
    },
    status() {
      const sizes = scheduler.sizes();
      const players = sessions.status();
      return {
        running,
        autoClaim: poll.autoClaim,
        paceMs: loop.paceMs(),
        ...loop.status(),
        queues: sizes,
        gate: gate.status(loop.countIntervalMs()),
        priority: {
          returning: sizes.returning,
          windowMinutes: RETURNING_WINDOW_MS / 60_000,
          returningEveryMs: loop.returningEveryMs(sizes.returning),
          others: sizes.roundRobin,
        },
        detected: players.detected,
        latencyMs: players.latencyMs,
        budget: options.budget.snapshot(),
      };
    },
  };
}
