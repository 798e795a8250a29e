/**
 * The vote party: a server-wide goal from the API's own counter. Every `every` votes of the month (`votes_monthly` of
 * `/vote/count`) is a threshold; each threshold is decided once, even when a read jumps past several and even across
 * restarts, and the players decided for it get the party reward as awards (journal entries, paid exactly once).
 *
 * Months are UTC calendar months: the API's monthly counter is assumed to count the current calendar month in UTC
 * (the mock does). The players' own votes of the month (`minMonthlyVotes`) come from the history, in the owner's zone.
 *
 * Durable records, in the order they are written for a threshold `t` of month `m`:
 * 1. `party:decision:<m>:<t>`: the count read and the players decided (never decided again once written);
 * 2. one award per player (`a:party:<m>:<t>:<license>`: deterministic, and a settled one leaves a done-mark);
 * 3. `party:<m>`: the last threshold decided.
 * A crash between two of them finishes the decision from record 1 (same players, same award ids) at the next start.
 */

import type { VoteCount } from '../../contract/answers';
import type { VoteApi } from '../api/client';
import { RateBudgetError } from '../api/errors';
import type { RateBudget } from '../api/rate-budget';
import { claimNameOf } from '../claim/player-name';
import type { EventChannel } from '../events';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { PARTY_DECISION_PREFIX, PARTY_PREFIX, PARTY_SINCE_KEY } from '../store/keys';
import { type Calendar, createCalendar } from './calendar';
import type { Programs } from './programs';
import { readDecisionRecord } from './records';
import type { RewardSpec } from './types';

/** KVP prefix of the party's records (`party:<month>` and `party:decision:<month>:<threshold>`). */
/** KVP prefix of the decision records. */
/** KVP key of the UTC month the party first read a count in: thresholds passed before it are never decided. */
export { PARTY_DECISION_PREFIX, PARTY_PREFIX, PARTY_SINCE_KEY };
/** Default spacing of the party's own `/vote/count` reads. */
export const PARTY_READ_INTERVAL_MS = 60_000;
/** Months of party records kept (the current UTC month and the ones before it). */
export const PARTY_MONTHS_KEPT = 3;
/**
 * Thresholds decided at most per count handled: a count that jumps past more (an API answering nonsense, or a small
 * `every` after a long stop) decides the rest on the next reads, so one read never blocks the server thread.
 */
export const PARTY_MAX_DECISIONS_PER_READ = 25;
/** Within this long after a UTC month starts, a monthly count above the 24-hour count has not been reset yet. */
const RESET_WINDOW_MS = 86_400_000;
/** A failed read is logged at most this often. */
const FAILURE_LOG_MS = 10 * 60_000;

/** The settings of `voteParty` in config.json. */
export interface VotePartySettings {
  every: number;
  reward: RewardSpec[];
  minMonthlyVotes: number;
  announceMinutes: number;
}

/** A decided threshold, as stored in `party:decision:<month>:<threshold>`. */
export interface PartyDecision {
  format: 1;
  month: string;
  threshold: number;
  /** The month's count of the read that decided it. */
  votes: number;
  decidedAt: number;
  /** The `minMonthlyVotes` it was decided with. */
  minMonthlyVotes: number;
  /** The players who share it. */
  players: { license: string; name: string }[];
}

/** What `votereward party` shows. */
export interface PartyStatus {
  /** The UTC month now. */
  month: string;
  every: number;
  /** The month's count as last read (null before the first read of this month). */
  votes: number | null;
  /** The next threshold to reach. */
  nextThreshold: number;
  /** The last threshold decided this month (0 when none). */
  lastDecided: number;
  /** The last decision of this month, if any. */
  lastDecision: PartyDecision | null;
  /** When the count used was read (send time), and by whom. */
  lastReadAt: number | null;
  readBy: 'party' | 'poller' | null;
  /** The party's own reads: sent, failed, refused by the shared budget (never sent). */
  reads: { sent: number; failed: number; refused: number };
  lastError: string | null;
  /** True while the API's monthly counter looks not yet reset for the new month. */
  waitingForReset: boolean;
}

/** The running vote party. */
export interface VoteParty {
  /** Finishes decisions a crash left open, then reads the count at a steady pace and announces progress. */
  start(): void;
  stop(): void;
  /** One read of the count now (skipped when a fresh count is known); resolves once it is handled. */
  tick(): Promise<void>;
  /** Decides what a count read at `at` (send time) shows; the poller's reads come here through `voteCount`. */
  handleCount(count: VoteCount, at: number, by: 'party' | 'poller'): void;
  status(): PartyStatus;
  /** The decision record of a threshold, if it was decided. */
  decision(month: string, threshold: number): PartyDecision | null;
}

/** Everything the party is built from. */
export interface VotePartyOptions {
  settings: VotePartySettings;
  runtime: Pick<
    Runtime,
    'now' | 'kvp' | 'players' | 'playerName' | 'playerLicense' | 'tell' | 'setInterval' | 'log'
  >;
  api: Pick<VoteApi, 'getVoteCount'>;
  /** The shared request budget: a read the budget would refuse is not attempted. */
  budget?: Pick<RateBudget, 'peek'>;
  programs: Pick<Programs, 'awards' | 'history' | 'calendar' | 'addLines'>;
  events: EventChannel;
  translate: Translate;
  /** The claim command (`vote`), for messages that name it. */
  command: string;
  /** Pays the open awards of an online player now (the claim flow's `settlePlayer`). */
  settle(license: string): Promise<unknown>;
  /** Spacing of the party's own reads (ms); a count read by the poller within it is used instead. */
  readIntervalMs?: number;
  /**
   * Whether a player's character is loaded in the framework (the adapter's `isPlayerReady`). Asked only when a read
   * crosses a threshold, for the players online then: only loaded players share a party. Without it, every online
   * player does.
   */
  isLoaded?(source: number): Promise<boolean>;
}

/** The award id of a player's share of a threshold. */
export const partyAwardId = (month: string, threshold: number, license: string): string =>
  `a:party:${month}:${threshold}:${license}`;

/** Creates the vote party; nothing runs until `start()`. */
export function createVoteParty(options: VotePartyOptions): VoteParty {
  const { settings, runtime, api, programs, events, translate } = options;
  const { kvp } = runtime;
  const utc: Calendar = createCalendar('UTC');
  const every = settings.every;
  const readIntervalMs = options.readIntervalMs ?? PARTY_READ_INTERVAL_MS;
  const stops: (() => void)[] = [];
  const reads = { sent: 0, failed: 0, refused: 0 };
  let latest: { month: string; votes: number; at: number; by: 'party' | 'poller' } | null = null;
  let lastError: string | null = null;
  let lastFailureLogAt = Number.NEGATIVE_INFINITY;
  let waitingForReset = false;
  let reading = false;
  /** Set when handling a count failed part-way: the next count finishes what it left (as a start does). */
  let unfinished = false;

  const progressKey = (month: string) => `${PARTY_PREFIX}${month}`;
  const decisionKey = (month: string, threshold: number) => `${PARTY_DECISION_PREFIX}${month}:${threshold}`;

  const progress = (month: string): number => {
    const value = Number(kvp.get(progressKey(month)));
    return Number.isFinite(value) && value >= 0 ? value : 0;
  };

  const readDecision = (key: string): PartyDecision | null =>
    readDecisionRecord<PartyDecision>(
      kvp,
      key,
      (raw) => typeof raw.threshold === 'number' && Array.isArray(raw.players),
    );

  const tellAll = (key: MessageKey, vars: MessageVars) => {
    for (const source of runtime.players())
      runtime.tell(source, translate(key, { command: options.command, ...vars }));
  };

  /** The players found loaded just before this read's decisions, or null when every online player counts. */
  let loadedNow: Set<number> | null = null;

  /**
   * Online players with the license and the name a claim would use; `sharing` keeps only those who can share a party
   * now (loaded, when that was asked).
   */
  const onlinePlayers = (sharing = true) =>
    runtime.players().flatMap((source) => {
      if (sharing && loadedNow && !loadedNow.has(source)) return [];
      const license = runtime.playerLicense(source);
      const name = claimNameOf(runtime.playerName(source));
      return license && name ? [{ source, license, name }] : [];
    });

  const eligible = <P extends { license: string }>(players: P[]): P[] => {
    if (settings.minMonthlyVotes <= 0) return players;
    const month = programs.calendar.monthOf(runtime.now());
    return players.filter(
      (player) => (programs.history.get(player.license).months[month] ?? 0) >= settings.minMonthlyVotes,
    );
  };

  /** Writes the awards and the progress of a written decision, then tells; adds its players to `winners`. */
  const complete = (decision: PartyDecision, announce: boolean, winners: Set<string>) => {
    const { month, threshold } = decision;
    for (const player of decision.players) {
      programs.awards.create({
        id: partyAwardId(month, threshold, player.license),
        license: player.license,
        name: player.name,
        info: { program: 'party', value: threshold, month, voteRef: null },
        rewards: settings.reward,
      });
    }
    if (progress(month) < threshold) kvp.set(progressKey(month), String(threshold));
    runtime.log.info(
      `vote party: ${month} reached ${threshold} votes (count ${decision.votes}); ${decision.players.length} player(s) share it`,
    );
    events.emit('partyReached', {
      month,
      threshold,
      votes: decision.votes,
      players: decision.players.length,
    });
    const shared = new Set(decision.players.map((player) => player.license));
    for (const license of shared) winners.add(license);
    if (announce) {
      for (const player of onlinePlayers(false)) {
        runtime.tell(
          player.source,
          translate('party_started', { command: options.command, votes: threshold }),
        );
        if (settings.minMonthlyVotes > 0 && !shared.has(player.license))
          runtime.tell(
            player.source,
            translate('party_not_eligible', { command: options.command, min: settings.minMonthlyVotes }),
          );
      }
    }
  };

  /** Pays the online players among `winners` now, once each, after every decision of a read is written. */
  const payOnline = (winners: Set<string>) => {
    const online = new Set(onlinePlayers().map((player) => player.license));
    for (const license of winners) {
      if (!online.has(license)) continue;
      options
        .settle(license)
        .catch((error: unknown) =>
          runtime.log.error(`vote party: paying ${license} failed: ${describeError(error)}`),
        );
    }
  };

  /** Decides threshold `threshold` of `month` (or finishes its decision when the record exists). */
  const decide = (month: string, threshold: number, votes: number, winners: Set<string>) => {
    const key = decisionKey(month, threshold);
    const existing = readDecision(key);
    if (existing) {
      complete(existing, false, winners);
      return;
    }
    const decision: PartyDecision = {
      format: 1,
      month,
      threshold,
      votes,
      decidedAt: runtime.now(),
      minMonthlyVotes: settings.minMonthlyVotes,
      players: eligible(onlinePlayers()).map(({ license, name }) => ({ license, name })),
    };
    kvp.set(key, JSON.stringify(decision));
    complete(decision, true, winners);
  };

  /** Finishes every decision a crash left before its progress record. */
  const finishOpen = (winners: Set<string>) => {
    for (const key of kvp.keys(PARTY_DECISION_PREFIX)) {
      const decision = readDecision(key);
      if (decision && decision.threshold > progress(decision.month)) complete(decision, false, winners);
    }
  };

  /** Forgets the records of months older than the ones kept. */
  const prune = () => {
    let oldest = utc.monthOf(runtime.now());
    for (let i = 1; i < PARTY_MONTHS_KEPT; i += 1) oldest = utc.previousMonth(oldest);
    for (const key of kvp.keys(PARTY_PREFIX)) {
      const month = key.startsWith(PARTY_DECISION_PREFIX)
        ? key.slice(PARTY_DECISION_PREFIX.length, PARTY_DECISION_PREFIX.length + 7)
        : key.slice(PARTY_PREFIX.length);
      if (/^\d{4}-\d{2}$/.test(month) && month < oldest) kvp.delete(key);
    }
  };

  const handleCount = (count: VoteCount, at: number, by: 'party' | 'poller') => {
    if (latest && at < latest.at) return;
    const month = utc.monthOf(at);
    const [year, index] = month.split('-').map(Number) as [number, number];
    // Early in a month a counter that still holds the last month's votes shows more than the last 24 hours.
    waitingForReset =
      at - Date.UTC(year, index - 1, 1) < RESET_WINDOW_MS && count.votes_monthly > count.votes_24h;
    if (waitingForReset) return;
    latest = { month, votes: count.votes_monthly, at, by };
    if (kvp.get(PARTY_SINCE_KEY) === null) {
      // First read ever: the thresholds already passed this month were before the party existed.
      const base = Math.floor(count.votes_monthly / every) * every;
      kvp.set(progressKey(month), String(base));
      kvp.set(PARTY_SINCE_KEY, month);
      runtime.log.info(
        `vote party: starts at ${count.votes_monthly} votes this month (${month}, UTC); the next party at ${base + every}`,
      );
      return;
    }
    const winners = new Set<string>();
    if (unfinished) {
      unfinished = false;
      finishOpen(winners);
    }
    const first = (Math.floor(progress(month) / every) + 1) * every;
    const last = Math.min(count.votes_monthly, first + (PARTY_MAX_DECISIONS_PER_READ - 1) * every);
    for (let t = first; t <= last; t += every) decide(month, t, count.votes_monthly, winners);
    if (last < count.votes_monthly && Math.floor(count.votes_monthly / every) * every > last)
      runtime.log.warn(
        `vote party: ${month} jumped to ${count.votes_monthly} votes; ${PARTY_MAX_DECISIONS_PER_READ} threshold(s) decided now, the next ones at the next reads`,
      );
    payOnline(winners);
  };

  /** True when `count` would decide a threshold (or finish one a failure left), so loaded players must be known. */
  const wouldDecide = (count: VoteCount, at: number): boolean => {
    if (unfinished) return true;
    if (kvp.get(PARTY_SINCE_KEY) === null) return false;
    const month = utc.monthOf(at);
    return count.votes_monthly >= (Math.floor(progress(month) / every) + 1) * every;
  };

  /** Handles a count: when it decides, asks the framework first which online players are loaded. */
  const onCount = async (count: VoteCount, at: number, by: 'party' | 'poller') => {
    let loaded: Set<number> | null = null;
    if (options.isLoaded && wouldDecide(count, at)) {
      const isLoaded = options.isLoaded;
      const sources = runtime.players();
      const ready = await Promise.all(sources.map((source) => isLoaded(source).catch(() => false)));
      loaded = new Set(sources.filter((_, index) => ready[index]));
    }
    loadedNow = loaded;
    try {
      guarded('deciding', () => handleCount(count, at, by));
    } finally {
      loadedNow = null;
    }
  };

  const guarded = (what: string, body: () => void) => {
    try {
      body();
    } catch (error) {
      unfinished = true;
      runtime.log.error(`vote party: ${what} failed: ${describeError(error)}`);
    }
  };

  const tick = async () => {
    const now = runtime.now();
    if (reading || (latest && now - latest.at < readIntervalMs && latest.month === utc.monthOf(now))) return;
    if (options.budget && !options.budget.peek('poll').ok) {
      reads.refused += 1;
      return;
    }
    reading = true;
    try {
      const count = await api.getVoteCount({ priority: 'poll' });
      reads.sent += 1;
      lastError = null;
      await onCount(count, now, 'party');
    } catch (error) {
      if (error instanceof RateBudgetError) {
        reads.refused += 1;
        return;
      }
      reads.sent += 1;
      reads.failed += 1;
      lastError = describeError(error);
      if (runtime.now() - lastFailureLogAt >= FAILURE_LOG_MS) {
        lastFailureLogAt = runtime.now();
        runtime.log.warn(`vote party: /vote/count failed (${lastError}); tried again in a minute`);
      }
    } finally {
      reading = false;
    }
  };

  /** The progress line for the current UTC month, or null before its first read. */
  const progressVars = (): MessageVars | null => {
    if (!latest || latest.month !== utc.monthOf(runtime.now())) return null;
    const goal = (Math.floor(Math.max(latest.votes, progress(latest.month)) / every) + 1) * every;
    return { left: goal - latest.votes, votes: latest.votes, goal };
  };

  const status = (): PartyStatus => {
    const month = utc.monthOf(runtime.now());
    const lastDecided = progress(month);
    const votes = latest && latest.month === month ? latest.votes : null;
    return {
      month,
      every,
      votes,
      nextThreshold: (Math.floor(Math.max(votes ?? 0, lastDecided) / every) + 1) * every,
      lastDecided,
      lastDecision: lastDecided > 0 ? readDecision(decisionKey(month, lastDecided)) : null,
      lastReadAt: latest?.at ?? null,
      readBy: latest?.by ?? null,
      reads: { ...reads },
      lastError,
      waitingForReset,
    };
  };

  return {
    start() {
      guarded('finishing open decisions', () => {
        const winners = new Set<string>();
        finishOpen(winners);
        prune();
        payOnline(winners);
      });
      stops.push(events.on('voteCount', ({ count, at }) => void onCount(count, at, 'poller')));
      stops.push(
        programs.addLines((_source, _license, outcome) => {
          if (outcome !== 'rewarded' && outcome !== 'no_vote') return [];
          const vars = progressVars();
          return vars ? [['party_progress', vars]] : [];
        }),
      );
      stops.push(runtime.setInterval(() => void tick(), readIntervalMs));
      if (settings.announceMinutes > 0) {
        stops.push(
          runtime.setInterval(() => {
            const vars = progressVars();
            if (vars) tellAll('party_progress', vars);
          }, settings.announceMinutes * 60_000),
        );
      }
      void tick();
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
    tick,
    handleCount,
    status,
    decision: (month, threshold) => readDecision(decisionKey(month, threshold)),
  };
}

/** Admin lines of `votereward party`. */
export function formatPartyStatus(status: PartyStatus, now: number): string[] {
  const read =
    status.lastReadAt === null
      ? 'not read yet'
      : `read ${Math.max(0, Math.round((now - status.lastReadAt) / 1000))} s ago by the ${status.readBy}`;
  const lines = [
    `vote party (${status.month}, UTC month; every ${status.every} votes)`,
    `  Count      ${status.votes === null ? 'unknown' : `${status.votes} vote(s) this month`} (${read})`,
    `  Next       ${status.nextThreshold}${status.votes === null ? '' : ` (${Math.max(0, status.nextThreshold - status.votes)} to go)`}`,
    `  Last paid  ${status.lastDecided > 0 ? `${status.lastDecided}${status.lastDecision ? ` (${status.lastDecision.players.length} player(s), decided at a count of ${status.lastDecision.votes})` : ''}` : 'none this month'}`,
    `  Reads      ${status.reads.sent} sent, ${status.reads.failed} failed, ${status.reads.refused} left to the budget${status.lastError ? `; last error: ${status.lastError}` : ''}`,
  ];
  if (status.waitingForReset)
    lines.push("  Waiting    the API's monthly counter has not been reset for the new month yet");
  return lines;
}
