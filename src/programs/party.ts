/**
 * The vote party: a server-wide goal from the API's own counter. Every `every` votes of the month (`votes_monthly` of
 * `/vote/count`) is a threshold; each threshold is decided once, even when a read jumps past several and even across
 * restarts, and the players decided for it get the party reward as awards (journal entries, paid exactly once).
 *
 * Months are UTC calendar months: the API's monthly counter is assumed to count the current calendar month in UTC
 * (the mock does). The players' own votes of the month (`minMonthlyVotes`) come from the history, in the owner's zone.
 *
 * A count is evidence, not an order (`party-judge.ts`): a read that would decide more than `maxThresholdsPerRead`
 * thresholds, or rises far faster than the recent reads and this server's claims explain, is held for an admin
 * (`votereward party confirm|skip`); decisions only move forward in time (`month-guard.ts`).
 *
 * Durable records, in the order they are written for a threshold `t` of month `m` (`decisions.ts`):
 * 1. `party:decision:<m>:<t>`: the count read and the players decided (never decided again once written);
 * 2. one award per player (`a:party:<m>:<t>:<license>`: deterministic, and a settled one leaves a done-mark);
 * 3. `party:progress:<m>`: the last threshold decided.
 * A crash between two of them finishes the decision from record 1 (same players, same award ids) at the next start.
 */

import type { VoteCount } from '../../contract/answers';
import type { VoteApi } from '../api/client';
import { RateBudgetError } from '../api/errors';
import type { RateBudget } from '../api/rate-budget';
import { type Calendar, createCalendar } from '../domain/calendar';
import type { EventChannel } from '../domain/events';
import type { RewardSpec } from '../domain/types';
import type { MessageVars, Translate } from '../i18n/messages';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { PARTY_DECISION_PREFIX, PARTY_SINCE_KEY } from '../store/keys';
import { createPartyJudge, type PartyWait } from './party-judge';
import type { Programs } from './programs';
import type { PartyDecision, PartyHold } from './records';

export { PARTY_HOLD_KEY, PARTY_MONTHS_KEPT, partyAwardId } from './party-book';
export type { PartyDecision, PartyHold };
export { PARTY_DECISION_PREFIX, PARTY_SINCE_KEY };
/** Default spacing of the party's own `/vote/count` reads. */
export const PARTY_READ_INTERVAL_MS = 60_000;
/**
 * Default of `voteParty.maxThresholdsPerRead`: a read that would decide more thresholds at once is held for an admin,
 * so a wrong count pays nothing by itself (and one read never blocks the server thread).
 */
export const PARTY_MAX_THRESHOLDS_PER_READ = 3;
/** A failed read is logged at most this often. */
const FAILURE_LOG_MS = 10 * 60_000;

/** The settings of `voteParty` in config.json. */
export interface VotePartySettings {
  every: number;
  reward: RewardSpec[];
  minMonthlyVotes: number;
  announceMinutes: number;
  /** Thresholds one read may decide before it is held (default {@link PARTY_MAX_THRESHOLDS_PER_READ}). */
  maxThresholdsPerRead?: number;
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
  /** True while the API's monthly counter has not shown the new month yet. */
  waitingForReset: boolean;
  /** What decisions wait for: the clock, the month's confirmation, an admin's decision on a held count; or null. */
  waiting: PartyWait;
  /** The count held for an admin, if any. */
  hold: PartyHold | null;
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
  /** `votereward party confirm`: decides the held thresholds at the held count, once (or accepts the clock). */
  confirm(): Promise<string[]>;
  /** `votereward party skip`: passes the held thresholds without paying. */
  skip(): string[];
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
  programs: Pick<Programs, 'awards' | 'history' | 'calendar' | 'addLines'> &
    Partial<Pick<Programs, 'refresh' | 'network'>>;
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

/** Creates the vote party; nothing runs until `start()`. */
export function createVoteParty(options: VotePartyOptions): VoteParty {
  const { settings, runtime, api, programs, events, translate } = options;
  const utc: Calendar = createCalendar('UTC');
  const every = settings.every;
  const readIntervalMs = options.readIntervalMs ?? PARTY_READ_INTERVAL_MS;
  const stops: (() => void)[] = [];
  const reads = { sent: 0, failed: 0, refused: 0 };
  let lastError: string | null = null;
  let lastFailureLogAt = Number.NEGATIVE_INFINITY;
  let reading = false;
  /** Set when handling a count failed part-way: the next count finishes what it left (as a start does). */
  let unfinished = false;
  const judge = createPartyJudge({
    rules: {
      ...settings,
      maxThresholdsPerRead: settings.maxThresholdsPerRead ?? PARTY_MAX_THRESHOLDS_PER_READ,
    },
    runtime,
    programs,
    events,
    translate,
    command: options.command,
    settle: options.settle,
    utc,
  });
  const { book } = judge;

  const guarded = (what: string, body: () => void) => {
    try {
      body();
    } catch (error) {
      unfinished = true;
      runtime.log.error(`vote party: ${what} failed: ${describeError(error)}`);
    }
  };

  /** The loaded online players (asked of the framework), or null when every online player counts. */
  const loadedPlayers = async (): Promise<Set<number> | null> => {
    if (!options.isLoaded) return null;
    const isLoaded = options.isLoaded;
    const sources = runtime.players();
    const ready = await Promise.all(sources.map((source) => isLoaded(source).catch(() => false)));
    return new Set(sources.filter((_, index) => ready[index]));
  };

  /** Handles a count: when it could decide, asks the framework first which online players are loaded. */
  const onCount = async (count: VoteCount, at: number, by: 'party' | 'poller') => {
    const deciding = unfinished || judge.wouldDecide(count, at);
    const sharing = deciding ? await loadedPlayers() : null;
    // In a network the players' month counts (`minMonthlyVotes`) are the network's, read from the shared rows first;
    // while the store does not answer nothing is decided (the next read tries again).
    if (deciding && settings.minMonthlyVotes > 0 && programs.refresh) {
      const licenses = runtime.players().flatMap((source) => runtime.playerLicense(source) ?? []);
      if (!(await programs.refresh(licenses))) {
        lastError = 'the shared store did not answer; nothing decided until it does';
        return;
      }
    }
    guarded('deciding', () => {
      if (unfinished) {
        unfinished = false;
        judge.finishOpen();
      }
      judge.handle(count, at, by, sharing);
    });
  };

  const tick = async () => {
    const now = runtime.now();
    const latest = judge.latest();
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
    const latest = judge.latest();
    if (!latest || latest.month !== utc.monthOf(runtime.now())) return null;
    const goal = (Math.floor(Math.max(latest.votes, book.progress(latest.month)) / every) + 1) * every;
    return { left: goal - latest.votes, votes: latest.votes, goal };
  };

  const status = (): PartyStatus => {
    const month = utc.monthOf(runtime.now());
    const lastDecided = book.progress(month);
    const latest = judge.latest();
    const votes = latest && latest.month === month ? latest.votes : null;
    const hold = book.hold();
    return {
      month,
      every,
      votes,
      nextThreshold: (Math.floor(Math.max(votes ?? 0, lastDecided) / every) + 1) * every,
      lastDecided,
      lastDecision: lastDecided > 0 ? book.decision(month, lastDecided) : null,
      lastReadAt: latest?.at ?? null,
      readBy: latest?.by ?? null,
      reads: { ...reads },
      lastError,
      waitingForReset: judge.waiting() === 'month',
      waiting: judge.waiting(),
      hold: hold === 'unreadable' ? null : hold,
    };
  };

  return {
    start() {
      guarded('finishing open decisions', () => judge.finishOpen());
      stops.push(events.on('voteCount', ({ count, at }) => void onCount(count, at, 'poller')));
      stops.push(events.on('claimed', () => judge.noteClaim(runtime.now())));
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
            if (!vars) return;
            // {command} beyond en's placeholders: an owner's override in config.json may use it.
            for (const source of runtime.players())
              runtime.tell(
                source,
                translate('party_progress', { command: options.command, ...vars } as MessageVars),
              );
          }, settings.announceMinutes * 60_000),
        );
      }
      void tick();
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
    tick,
    handleCount: (count, at, by) => guarded('deciding', () => judge.handle(count, at, by, null)),
    status,
    decision: (month, threshold) => book.decision(month, threshold),
    async confirm() {
      const sharing = await loadedPlayers();
      let lines: string[] = [];
      guarded('confirming', () => {
        lines = judge.confirm(sharing);
      });
      return lines;
    },
    skip: () => judge.skip(),
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
  if (status.hold)
    lines.push(
      `  Held       ${status.hold.why}; \`votereward party confirm\` pays ${status.hold.from}..${status.hold.to} once, \`votereward party skip\` passes them`,
    );
  if (status.waiting === 'month')
    lines.push("  Waiting    the API's monthly counter has not been reset for the new month yet");
  if (status.waiting === 'clock')
    lines.push(
      '  Waiting    the server clock is behind the latest time seen; `votereward party confirm` accepts it',
    );
  return lines;
}
