/**
 * The poller's players: who is online and was told, when each last claimed (KVP), the broadcast of recent
 * votes, and what a detected vote sets off (accounting, latency, the player's message or an automatic claim).
 */
import { nameKey } from '../../contract/name-key';
import type { ResourceConfig } from '../config/schema';
import type { EventChannel } from '../domain/events';
import type { Translate } from '../i18n/messages';
import type { Runtime } from '../runtime/runtime';
import { LAST_CLAIM_PREFIX } from '../store/keys';
import type { CountGate } from './gate';
import { createLatencyRecorder, type LatencySummary } from './latency';
import type { PollScheduler } from './scheduler';

/** Spacing of automatic claims retried while the player's character loads. */
export const AUTO_CLAIM_RETRY_MS = 30_000;
/** Automatic claims tried for one found vote while the character loads (about five minutes). */
export const AUTO_CLAIM_ATTEMPTS = 10;

/** What an automatic claim came to, as far as the poller cares: `not_loaded` means the character is still loading. */
export type AutoClaimResult = 'done' | 'not_loaded';

/** One online player as the poller sees them; a new object per join, so an answer can tell it is stale. */
export interface Session {
  /** The player was told a reward is waiting (or it was claimed for them): not checked again until it is void. */
  told: boolean;
}

/** What the sessions are built from. */
export interface PollSessionsOptions {
  /** The runtime services the sessions use; `tell` is the resource's notifier. */
  runtime: Pick<Runtime, 'now' | 'kvp' | 'tell' | 'players' | 'log' | 'setTimeout'>;
  /** The round-robin and link-shown queues. */
  scheduler: PollScheduler;
  /** The count gate, told about found and claimed votes. */
  gate: CountGate;
  /** The `poll` section of config.json. */
  poll: ResourceConfig['poll'];
  /** Player-facing messages. */
  translate: Translate;
  /** The claim command players type. */
  command: string;
  /** The name a claim uses for this player, or null when unusable. */
  claimName(source: number): string | null;
  /** True when the claim flow holds an unpaid reward for this player. */
  hasPending?(source: number): boolean;
  /** Claims and pays through the claim flow when `poll.autoClaim` is on. */
  claim?(source: number): Promise<AutoClaimResult | undefined>;
  /** The resource's event channel, told of each detected vote. */
  events?: EventChannel;
}

/** The online players and what happens to them. */
export interface PollSessions {
  /** Online players known to the poller. */
  readonly size: number;
  /** The player's current session, or undefined when not online. */
  get(source: number): Session | undefined;
  /** A player joined (or was online at start). */
  join(source: number): void;
  /** A player left. */
  leave(source: number): void;
  /** The player was shown the vote link: an earlier "reward waiting" is void and they are checked often. */
  linkShown(source: number): void;
  /** The player's vote was claimed (`username`: the name the claim used, when the claim said it). */
  claimed(source: number, username?: string): void;
  /** A check found a vote of `name` cast at `votedAt`; `linkActive` when the player was shown the link recently. */
  voted(source: number, name: string, votedAt: string | null, linkActive: boolean): void;
  /** Tells everyone how many voted in the last window, when the window ends at or before `now`. */
  flushBroadcast(now: number): void;
  /** The next time `flushBroadcast` has work, or +Infinity. */
  nextWakeAt(): number;
  /** Figures for the status. */
  status(): {
    detected: { linkShown: number; others: number };
    latencyMs: { linkShown: LatencySummary; others: LatencySummary };
  };
}

/** Players who come back mostly vote soon after the site lets them (reminders say so); after this they are others. */
export const RETURNING_WINDOW_MS = 60 * 60_000;

/** Creates the sessions of the online players. */
export function createPollSessions(options: PollSessionsOptions): PollSessions {
  const { runtime, scheduler, gate, poll, translate } = options;
  const cooldownMs = poll.siteCooldownMinutes * 60_000;
  const sessions = new Map<number, Session>();
  const latency = { linkShown: createLatencyRecorder(), others: createLatencyRecorder() };
  const detected = { linkShown: 0, others: 0 };
  const broadcastNames = new Set<string>();
  let broadcastDueAt: number | null = null;

  const claimKey = (name: string): string => `${LAST_CLAIM_PREFIX}${nameKey(name)}`;

  const lastClaimAt = (name: string): number => {
    const raw = runtime.kvp.get(claimKey(name));
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
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
  };

  /**
   * Claims for a player whose vote was found. A character still loading (vRP 2 until the first spawn) leaves the vote
   * on the site: the claim is tried again a little later, a bounded number of times, while the player stays online.
   */
  const autoClaim = (source: number, session: Session, attempt: number): void => {
    options.claim?.(source).then(
      (result) => {
        if (result !== 'not_loaded' || sessions.get(source) !== session) return;
        if (attempt + 1 >= AUTO_CLAIM_ATTEMPTS) {
          runtime.log.info(
            `automatic claim for player ${source}: the character never loaded; /vote still claims it`,
          );
          return;
        }
        runtime.setTimeout(() => {
          if (sessions.get(source) === session) autoClaim(source, session, attempt + 1);
        }, AUTO_CLAIM_RETRY_MS);
      },
      (error: unknown) => {
        runtime.log.warn(`automatic claim for player ${source} failed: ${String(error)}`);
      },
    );
  };

  const voted = (source: number, name: string, votedAt: string | null, linkActive: boolean): void => {
    const now = runtime.now();
    const votedMs = votedAt === null ? Number.NaN : Date.parse(votedAt);
    // In last24h mode the site also reports votes already claimed; only a vote newer than the last claim is news.
    if (Number.isFinite(votedMs) && votedMs <= lastClaimAt(name)) return;
    const session = sessions.get(source);
    if (!session || session.told) return;
    session.told = true;
    scheduler.setSkipped(source, true, now);
    gate.found(nameKey(name), votedMs, now);
    const delay = Number.isFinite(votedMs) ? Math.max(0, now - votedMs) : null;
    const kind = linkActive ? 'linkShown' : 'others';
    detected[kind] += 1;
    if (delay !== null) latency[kind].add(delay);
    countForBroadcast(name, now);
    options.events?.emit('voteDetected', { source, name, votedAt });
    if (poll.autoClaim && options.claim) {
      autoClaim(source, session, 0);
    } else {
      runtime.tell(source, translate('reward_waiting', { command: options.command }));
    }
  };

  return {
    get size() {
      return sessions.size;
    },
    get: (source) => sessions.get(source),
    join,
    leave(source) {
      sessions.delete(source);
      scheduler.removePlayer(source);
    },
    linkShown(source) {
      const now = runtime.now();
      const session = sessions.get(source);
      if (!session) return;
      // The claim flow only shows the link when it found no vote, so an earlier "reward waiting" is void.
      session.told = false;
      scheduler.setSkipped(source, false, now);
      scheduler.linkShown(source, now);
    },
    claimed(source, username) {
      const now = runtime.now();
      const name = options.claimName(source) ?? username ?? null;
      const claimedAs = username ?? name;
      gate.claimed(claimedAs === null ? null : nameKey(claimedAs), now);
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
    },
    voted,
    flushBroadcast(now) {
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
    },
    nextWakeAt: () => broadcastDueAt ?? Number.POSITIVE_INFINITY,
    status: () => ({
      detected: { ...detected },
      latencyMs: { linkShown: latency.linkShown.summary(), others: latency.others.summary() },
    }),
  };
}
