/**
 * The month's top voters, from the votes this resource claimed (the vote history, months in the owner's time zone):
 * `/votetop`, the `getTopVoters` export, and the month-end awards.
 *
 * Ranking: most votes in the month first; a tie goes to the player who reached that count first (the time their last
 * vote of the month was recorded), then to the smaller license, so every rank has exactly one player.
 *
 * Month-end, once per month, in the order the records are written (the "decide once" helper, `decisions.ts`):
 * 1. `top:decision:<month>`: the ranking at that moment and the awards it gives (never decided again once written);
 * 2. one award per configured rank (`a:top:<month>:<rank>:<license>`: deterministic, settled ones leave a done-mark);
 * 3. `top:lastMonth`: the month after it, so it is done (never moved back).
 * A crash between two of them finishes the month from record 1 at the next start. The very first run only stores the
 * month: it decides nothing for the months before the resource kept the ranking.
 *
 * Time only moves forward (`month-guard.ts`): nothing is decided while the clock is behind the latest time seen or
 * before `top:lastMonth`, and, when this run reads `/vote/count`, a month change waits for the API's counter.
 */

import { createCalendar } from '../domain/calendar';
import type { EventChannel } from '../domain/events';
import { HISTORY_MONTHS, type RewardSpec } from '../domain/types';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import { displayName } from '../runtime/display-name';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { TOP_DECISION_PREFIX, TOP_LAST_MONTH_KEY } from '../store/keys';
import { readRecord } from '../store/record';
import { createDecideOnce } from './decisions';
import { CLOCK_KEY, createMonthGuard } from './month-guard';
import type { Programs } from './programs';
import { type TopDecision, topDecisionSchema } from './records';
import { createTopAcross } from './top-network';
import { TOP_SHOWN } from './top-period';

/** KVP key of the last month whose predecessors were decided. */
/** KVP prefix of the month decisions (`top:decision:<month>`). */
export { TOP_DECISION_PREFIX, TOP_LAST_MONTH_KEY };
/** How often the month change is looked for. */
export const TOP_CHECK_INTERVAL_MS = 60_000;
/** Months at most decided at once after a long stop (the history keeps no more). */
const MAX_CATCH_UP = HISTORY_MONTHS - 1;
/** A month change that waits for the API's counter this long gets a line. */
const WAIT_LINE_MS = 3_600_000;
const MONTH_KEY = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The `topVoters` settings of config.json. */
export interface TopVotersSettings {
  command: string;
  awards: readonly { rank: number; reward: RewardSpec[] }[];
}

export type { TopDecision };

/** The running top-voters program. */
export interface TopVoters {
  /** Decides the months passed (not on a first run), then looks for the month change every minute. */
  start(): void;
  stop(): void;
  /** Decides what the month change calls for now. */
  check(): void;
  /** The lines `/votetop` shows to a player. */
  lines(source: number): string[];
  /** The decision of a month, if it was decided. */
  decision(month: string): TopDecision | null;
}

/** Everything the program is built from. */
export interface TopVotersOptions {
  settings: TopVotersSettings;
  runtime: Pick<Runtime, 'now' | 'kvp' | 'players' | 'playerLicense' | 'setInterval' | 'log'>;
  programs: Pick<Programs, 'awards' | 'history' | 'calendar'> & Partial<Pick<Programs, 'network'>>;
  events: EventChannel;
  translate: Translate;
  /** The claim command (`vote`), for `top_own_none`. */
  command: string;
  /** Pays the open awards of an online player now (the claim flow's `settlePlayer`). */
  settle(license: string): Promise<unknown>;
  /**
   * True when this run reads `/vote/count` (the poller or the vote party): a month change then waits until the API's
   * monthly counter shows the new UTC month. Without counts, the clock alone (never moving back) decides.
   */
  counts?: boolean;
}

/** The award id of a month's prize for a rank. */
export const topAwardId = (month: string, rank: number, license: string): string =>
  `a:top:${month}:${rank}:${license}`;

/** Reads the decision of `month` from the KVP, or null (missing or not passing its schema). */
export function readTopDecision(kvp: Runtime['kvp'], month: string): TopDecision | null {
  const found = readRecord(kvp, `${TOP_DECISION_PREFIX}${month}`, topDecisionSchema);
  return found.state === 'valid' ? found.value : null;
}

/** The month after `month`. */
const nextMonth = (month: string): string => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return index === 12
    ? `${String(year + 1).padStart(4, '0')}-01`
    : `${String(year).padStart(4, '0')}-${String(index + 1).padStart(2, '0')}`;
};

/** Creates the program; nothing runs until `start()`. */
export function createTopVoters(options: TopVotersOptions): TopVoters {
  const { settings, runtime, programs, events, translate } = options;
  const { kvp } = runtime;
  const { calendar, history } = programs;
  const utc = createCalendar('UTC');
  const guard = createMonthGuard(kvp);
  const stops: (() => void)[] = [];
  const ranks = [...new Set(settings.awards.map((award) => award.rank))].sort((a, b) => a - b);
  const rewardsOf = (rank: number) =>
    settings.awards.filter((award) => award.rank === rank).flatMap((award) => award.reward);
  const depth = Math.max(TOP_SHOWN, ...ranks);
  const lastMonth = () => {
    const value = kvp.get(TOP_LAST_MONTH_KEY);
    return value !== null && MONTH_KEY.test(value) ? value : null;
  };
  const decisions = createDecideOnce<TopDecision>({
    kvp,
    log: runtime.log,
    what: 'top voters',
    schema: topDecisionSchema,
    awardsOf: (decision) =>
      decision.awards.map((award) => ({
        id: award.id,
        license: award.license,
        name: decision.ranking.find((line) => line.rank === award.rank)?.name ?? '',
        info: { program: 'top', value: award.rank, month: decision.month, voteRef: null },
        rewards: rewardsOf(award.rank),
      })),
    createAward: (spec) => programs.awards.create(spec),
    marked: (decision) => (lastMonth() ?? '') > decision.month,
    // Only forward: a month already past stays past.
    mark: (decision) => kvp.set(TOP_LAST_MONTH_KEY, nextMonth(decision.month)),
  });
  const said = new Set<string>();
  const once = (key: string, line: string) => {
    if (said.has(key)) return;
    said.add(key);
    runtime.log.warn(`top voters: ${line}`);
  };

  /** The decision of a month from its ranking. */
  const decisionOf = (month: string, ranking: TopDecision['ranking']): TopDecision => ({
    format: 1,
    month,
    decidedAt: runtime.now(),
    ranking,
    awards: ranks.flatMap((rank) => {
      const voter = ranking.find((line) => line.rank === rank);
      return voter ? [{ rank, license: voter.license, id: topAwardId(month, rank, voter.license) }] : [];
    }),
  });

  /** Decides one month (or finishes its written decision); null when its record is unreadable. */
  const decideMonth = (month: string, made?: TopDecision): TopDecision | null => {
    const done = decisions.decide(
      `${TOP_DECISION_PREFIX}${month}`,
      () => made ?? decisionOf(month, history.top(month, depth)),
    );
    if (!done && (lastMonth() ?? '') <= month) kvp.set(TOP_LAST_MONTH_KEY, nextMonth(month));
    return done?.decision ?? null;
  };

  /** Null when the clock may decide the month change now, else why not (`key`: one line per kind of wait). */
  const clockProblem = (
    now: number,
    current: string,
    last: string,
  ): { key: 'behind' | 'month' | 'counter'; line: string } | null => {
    const behind = guard.behind(now);
    if (behind > 0)
      return {
        key: 'behind',
        line: Number.isFinite(behind)
          ? `the server clock is ${Math.round(behind / 60_000)} min behind the latest time this resource saw; nothing is decided until it catches up`
          : `${CLOCK_KEY} is unreadable (left as is); nothing is decided until it is deleted or \`votereward party confirm\` accepts the clock`,
      };
    if (current < last)
      return {
        key: 'month',
        line: `the server clock says ${current}, before ${last} already decided; nothing is decided until it catches up`,
      };
    const confirmed = guard.read()?.month ?? null;
    if (options.counts && current !== last && (confirmed === null || confirmed < utc.monthOf(now)))
      return {
        key: 'counter',
        line: `the month change to ${current} waits until the API's monthly counter shows the new month`,
      };
    return null;
  };

  const check = () => {
    const now = runtime.now();
    const current = calendar.monthOf(now);
    const last = lastMonth();
    if (last === null) {
      // First run (or a record this version cannot use): nothing is decided for months it did not watch.
      if (guard.behind(now) === 0) kvp.set(TOP_LAST_MONTH_KEY, current);
      guard.advance(now);
      return;
    }
    const problem = clockProblem(now, current, last);
    if (problem) {
      // A normal month change waits a minute or so for the counter: only a long wait is worth a line.
      const since = waitingSince ?? now;
      waitingSince = since;
      if (problem.key !== 'counter' || now - since >= WAIT_LINE_MS) once(problem.key, problem.line);
      return;
    }
    waitingSince = null;
    said.clear();
    if (last === current) {
      guard.advance(now);
      return;
    }
    const months: string[] = [];
    for (let month = calendar.previousMonth(current); month >= last; month = calendar.previousMonth(month)) {
      months.unshift(month);
      if (months.length >= MAX_CATCH_UP) break;
    }
    if (decideAcross) {
      void decideAcross(months, current, now);
      return;
    }
    const decided = months.flatMap((month) => decideMonth(month) ?? []);
    if ((lastMonth() ?? '') < current) kvp.set(TOP_LAST_MONTH_KEY, current);
    guard.advance(now);
    announce(decided);
  };

  const network = programs.network ?? null;
  const decideAcross = network
    ? createTopAcross({
        network,
        depth,
        written: (month) => readTopDecision(kvp, month) !== null,
        decisionOf,
        decideMonth,
        finish(current, now) {
          if ((lastMonth() ?? '') < current) kvp.set(TOP_LAST_MONTH_KEY, current);
          guard.advance(now);
        },
        announce: (decided, mine) => announce(decided, mine),
        warn: once,
        log: runtime.log,
      })
    : null;

  /** Logs and announces decided months (`told`: those this server announces), and pays their online winners now. */
  const announce = (decided: readonly TopDecision[], told: readonly TopDecision[] = decided) => {
    const online = new Set(
      runtime.players().flatMap((source) => {
        const license = runtime.playerLicense(source);
        return license ? [license] : [];
      }),
    );
    const winners = new Set<string>();
    for (const decision of decided) {
      runtime.log.info(
        `top voters of ${decision.month} decided: ${decision.ranking.length} ranked, ${decision.awards.length} award(s)`,
      );
      if (told.includes(decision))
        events.emit('monthDecided', { month: decision.month, winners: decision.ranking });
      for (const award of decision.awards) if (online.has(award.license)) winners.add(award.license);
    }
    for (const license of winners) {
      options
        .settle(license)
        .catch((error: unknown) =>
          runtime.log.error(`top voters: paying ${license} failed: ${describeError(error)}`),
        );
    }
  };
  let waitingSince: number | null = null;

  const guardedCheck = () => {
    // In a network `/votetop` shows the network's ranking, read again every minute.
    void network?.history.refreshRankings();
    try {
      check();
    } catch (error) {
      runtime.log.error(`top voters: the month change check failed: ${describeError(error)}`);
    }
  };

  return {
    start() {
      try {
        announce(decisions.finishOpen(TOP_DECISION_PREFIX));
      } catch (error) {
        runtime.log.error(`top voters: finishing open decisions failed: ${describeError(error)}`);
      }
      guardedCheck();
      stops.push(runtime.setInterval(guardedCheck, TOP_CHECK_INTERVAL_MS));
      stops.push(
        events.on('voteCount', ({ count, at }) => {
          try {
            guard.noteCount(utc.monthOf(at), count, at);
          } catch (error) {
            runtime.log.error(`top voters: noting the count failed: ${describeError(error)}`);
          }
        }),
      );
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
    check,
    lines: (() => {
      // A player asking again within a few seconds hears one short line and nothing is ranked: /votetop on a loop
      // costs the server thread next to nothing.
      const cooldownMs = 3_000;
      const askedAt = new Map<number, number>();
      return (source: number): string[] => {
        const now = runtime.now();
        const since = now - (askedAt.get(source) ?? Number.NEGATIVE_INFINITY);
        if (since < cooldownMs) {
          const seconds = Math.max(1, Math.ceil((cooldownMs - since) / 1000));
          return [translate('cooldown', { command: settings.command, seconds })];
        }
        if (askedAt.size > 1024)
          for (const [who, at] of askedAt) if (now - at >= cooldownMs) askedAt.delete(who);
        askedAt.set(source, now);
        const month = calendar.monthOf(now);
        const say = (key: MessageKey, vars: MessageVars = {}) =>
          translate(key, { command: options.command, month, ...vars });
        const top = history.top(month, TOP_SHOWN);
        const lines = [say('top_title')];
        if (top.length === 0) lines.push(say('top_empty'));
        for (const line of top)
          lines.push(
            say('top_line', { rank: line.rank, name: displayName(line.name, 'chat'), votes: line.votes }),
          );
        const license = runtime.playerLicense(source);
        const own = license ? history.rankOf(license, month) : null;
        lines.push(own ? say('top_own', { rank: own.rank, votes: own.votes }) : say('top_own_none'));
        return lines;
      };
    })(),
    decision: (month) => readTopDecision(kvp, month),
  };
}

export { TOP_SHOWN, type TopVotersAnswer, topVotersOf } from './top-period';
