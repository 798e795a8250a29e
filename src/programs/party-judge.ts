/**
 * What a vote-party count decides. A count is evidence, not an order: it decides thresholds only when the clock is not
 * behind the latest time seen, its UTC month is confirmed by the API's counter, the month is not before the party
 * started or before the last month decided, and the count gate trusts it. A count the gate does not trust is held with
 * one line until an admin confirms (`votereward party confirm`: decided at the held count, once) or skips it
 * (`votereward party skip`: its thresholds are passed without paying); the hold is a record, so it survives a restart.
 */
import type { VoteCount } from '../../contract/answers';
import type { Calendar } from '../domain/calendar';
import type { EventChannel } from '../domain/events';
import type { RewardSpec } from '../domain/types';
import type { Translate } from '../i18n/messages';
import type { Runtime } from '../runtime/runtime';
import { type CountSample, describeHold, judgeCount } from './count-gate';
import { CLOCK_KEY, CLOCK_SLACK_MS, createMonthGuard, monthStart } from './month-guard';
import { createPartyBook, PARTY_HOLD_KEY, type PartyBook } from './party-book';
import { createPartyPayout } from './party-payout';
import type { Programs } from './programs';

/** Within this long after a UTC month starts, a monthly count that has not been reset yet is normal. */
const RESET_WINDOW_MS = 86_400_000;
/** Trusted reads and own claims are kept this long (the gate looks back a day). */
const KEEP_MS = 86_400_000;
/** `votereward party confirm` decides at most this many held thresholds; more is a wrong count, for `skip`. */
export const PARTY_CONFIRM_MAX = 100;

/** The settings the judge uses. */
export interface PartyRules {
  every: number;
  reward: readonly RewardSpec[];
  minMonthlyVotes: number;
  maxThresholdsPerRead: number;
}

/** What decisions wait for, when they wait. */
export type PartyWait = 'clock' | 'month' | 'hold' | null;

/** The count last used. */
export interface PartyRead {
  month: string;
  votes: number;
  at: number;
  by: 'party' | 'poller';
}

/** Everything the judge is built from. */
export interface PartyJudgeOptions {
  rules: PartyRules;
  runtime: Pick<Runtime, 'now' | 'kvp' | 'players' | 'playerName' | 'playerLicense' | 'tell' | 'log'>;
  programs: Pick<Programs, 'awards' | 'history' | 'calendar'> & Partial<Pick<Programs, 'network'>>;
  events: EventChannel;
  translate: Translate;
  command: string;
  settle(license: string): Promise<unknown>;
  utc: Calendar;
}

/** The judge of counts. */
export interface PartyJudge {
  book: PartyBook;
  /** Handles a count read at `at`; `sharing` are the loaded players (null: every online player). */
  handle(count: VoteCount, at: number, by: 'party' | 'poller', sharing: Set<number> | null): void;
  /** True when `count` could decide a threshold, so the loaded players must be known first. */
  wouldDecide(count: VoteCount, at: number): boolean;
  /** Finishes the decisions a crash left open, prunes old months and pays online players. */
  finishOpen(): void;
  /** `votereward party confirm`: lines for the admin. */
  confirm(sharing: Set<number> | null): string[];
  /** `votereward party skip`: lines for the admin. */
  skip(): string[];
  /** A claim of this server, for the gate. */
  noteClaim(at: number): void;
  latest(): PartyRead | null;
  waiting(): PartyWait;
}

/** Creates the judge. */
export function createPartyJudge(options: PartyJudgeOptions): PartyJudge {
  const { rules, runtime, programs, utc } = options;
  const { every } = rules;
  const guard = createMonthGuard(runtime.kvp);
  const book = createPartyBook({
    kvp: runtime.kvp,
    log: runtime.log,
    reward: rules.reward,
    createAward: (spec) => programs.awards.create(spec),
  });
  const { decideRange, told, payOnline } = createPartyPayout({ ...options, book });
  let latest: PartyRead | null = null;
  let samples: CountSample[] = [];
  let claims: number[] = [];
  let wait: PartyWait = null;
  /** The monthly count of the last read, used or not: what accepting the clock takes as the month's count. */
  let lastCount = 0;
  let down = false;
  const said = new Set<string>();
  /** One line per episode: `key` is forgotten when the episode ends. */
  const once = (key: string, line: string) => {
    if (said.has(key)) return;
    said.add(key);
    runtime.log.warn(`vote party: ${line}`);
  };

  /** The clock and the month: null when decisions may go on, else why they wait. */
  const timeWait = (count: VoteCount, at: number, month: string): PartyWait => {
    const behind = guard.behind(at);
    if (behind > 0) {
      once(
        'clock',
        Number.isFinite(behind)
          ? `the server clock is ${Math.round(behind / 60_000)} min behind the latest time this resource saw; nothing is decided until it catches up (or \`votereward party confirm\` accepts the clock)`
          : `${CLOCK_KEY} is unreadable (left as is); nothing is decided until \`votereward party confirm\` accepts the clock`,
      );
      return 'clock';
    }
    said.delete('clock');
    const check = guard.noteCount(month, count, at);
    if (check === 'behind') {
      once(
        'behind',
        `the server clock says ${month}, before the month the API's counter last showed; nothing is decided until it catches up (or \`votereward party confirm\` accepts the clock)`,
      );
      return 'clock';
    }
    said.delete('behind');
    if (check === 'unconfirmed') {
      if (at - monthStart(month) >= RESET_WINDOW_MS)
        once(
          'month',
          `the server clock says ${month} but the API's monthly count (${count.votes_monthly}) has not started a new month; nothing is decided until it does (or \`votereward party confirm\` accepts the clock)`,
        );
      return 'month';
    }
    said.delete('month');
    if (check === 'confirmed') {
      samples = [];
      down = false;
    }
    return null;
  };

  const handle = (count: VoteCount, at: number, by: 'party' | 'poller', sharing: Set<number> | null) => {
    // A read sent before the last one used is stale (answers can arrive out of order); far before, it is a clock gone
    // back, which the guard reports.
    if (latest && at < latest.at && at >= latest.at - CLOCK_SLACK_MS) return;
    const month = utc.monthOf(at);
    lastCount = count.votes_monthly;
    wait = timeWait(count, at, month);
    if (wait) return;
    const votes = count.votes_monthly;
    latest = { month, votes, at, by };
    claims = claims.filter((claim) => claim >= at - KEEP_MS);
    const since = book.since();
    if (since === null) {
      const base = Math.floor(votes / every) * every;
      book.begin(month, base);
      guard.trusted(votes);
      guard.advance(at);
      samples.push({ at, votes });
      runtime.log.info(
        `vote party: starts at ${votes} votes this month (${month}, UTC); the next party at ${base + every}`,
      );
      return;
    }
    const last = book.lastMonth();
    if (month < since || (last !== null && month < last)) return;
    const hold = book.hold();
    if (hold === 'unreadable' || (hold && (hold.month !== month || votes >= hold.from))) {
      wait = 'hold';
      return;
    }
    if (hold) {
      book.clearHold();
      runtime.log.warn(
        `vote party: the count is back to ${votes}, below the held thresholds: the held count of ${hold.votes} is dropped, nothing was paid for it`,
      );
    }
    const record = guard.read();
    const verdict = judgeCount({
      every,
      maxThresholds: rules.maxThresholdsPerRead,
      decided: book.progress(month),
      highest: record && record.month === month ? record.votes : null,
      samples,
      claims,
      read: { votes, votes24h: count.votes_24h, at },
    });
    if (verdict.verdict === 'went_down') {
      if (!down)
        runtime.log.warn(
          `vote party: the API's count of ${month} went down from ${verdict.from} to ${verdict.to}; thresholds already decided are not decided again`,
        );
      down = true;
      return;
    }
    down = false;
    if (verdict.verdict === 'held') {
      const why = describeHold(verdict.reason, votes, verdict.allowed);
      book.setHold({
        format: 1,
        month,
        from: verdict.from,
        to: verdict.to,
        votes,
        at,
        reason: verdict.reason,
        why,
      });
      wait = 'hold';
      runtime.log.warn(
        `vote party: count not trusted, nothing paid: ${why}. \`votereward party confirm\` pays the ${(verdict.to - verdict.from) / every + 1} threshold(s) ${verdict.from}..${verdict.to} once; \`votereward party skip\` passes them without paying`,
      );
      return;
    }
    samples = [...samples.filter((sample) => sample.at >= at - KEEP_MS), { at, votes }];
    const winners =
      verdict.verdict === 'trusted' ? decideRange(month, verdict.from, verdict.to, votes, sharing) : null;
    guard.trusted(votes);
    guard.advance(at);
    if (winners) payOnline(winners);
  };

  /** An admin decided a held count: the window starts again from it, so what it explained is not held again. */
  const settled = (hold: { at: number; votes: number; month: string }) => {
    wait = null;
    samples = [{ at: hold.at, votes: hold.votes }];
    if (guard.read()?.month === hold.month) guard.trusted(hold.votes);
  };

  return {
    book,
    handle,
    wouldDecide(count, at) {
      if (book.since() === null) return false;
      const month = utc.monthOf(at);
      return count.votes_monthly >= (Math.floor(book.progress(month) / every) + 1) * every;
    },
    finishOpen() {
      const winners = new Set<string>();
      for (const decision of book.finishOpen()) told(decision, false, winners);
      const hold = book.hold();
      if (hold && hold !== 'unreadable' && book.progress(hold.month) >= hold.to) {
        // A confirm the server died in: its decisions are all written; their players are paid now, the hold goes.
        for (
          let threshold = hold.from;
          threshold <= hold.to && threshold - hold.from < PARTY_CONFIRM_MAX * every;
          threshold += every
        )
          for (const player of book.decision(hold.month, threshold)?.players ?? [])
            winners.add(player.license);
        book.clearHold();
      }
      book.prune(utc.monthOf(runtime.now()), utc.previousMonth);
      payOnline(winners);
    },
    confirm(sharing) {
      const lines: string[] = [];
      if (wait === 'clock' || wait === 'month') {
        const now = runtime.now();
        guard.accept(now, utc.monthOf(now), lastCount);
        said.clear();
        wait = null;
        lines.push(
          `vote party: the server clock (${new Date(now).toISOString()}) is accepted; decisions go on at the next read`,
        );
      }
      const hold = book.hold();
      if (hold === 'unreadable')
        return [
          ...lines,
          `vote party: the held count (${PARTY_HOLD_KEY}) is unreadable; \`votereward party skip\` drops it`,
        ];
      if (!hold) return lines.length > 0 ? lines : ['vote party: no count is held'];
      const count = (hold.to - hold.from) / every + 1;
      if (count > PARTY_CONFIRM_MAX)
        return [
          ...lines,
          `vote party: the held count of ${hold.votes} would pay ${count} parties; that is not a real count. \`votereward party skip\` passes them without paying`,
        ];
      const winners = decideRange(hold.month, hold.from, hold.to, hold.votes, sharing);
      settled(hold);
      book.clearHold();
      payOnline(winners);
      return [
        ...lines,
        `vote party: confirmed: ${count} threshold(s) ${hold.from}..${hold.to} of ${hold.month} decided at the held count of ${hold.votes}`,
      ];
    },
    skip() {
      const hold = book.hold();
      if (!hold) return ['vote party: no count is held'];
      if (hold !== 'unreadable') book.pass(hold.month, hold.to);
      if (hold !== 'unreadable') settled(hold);
      book.clearHold();
      wait = null;
      return [
        hold === 'unreadable'
          ? 'vote party: the unreadable held count is dropped'
          : `vote party: skipped: thresholds ${hold.from}..${hold.to} of ${hold.month} are passed, nothing paid for them`,
      ];
    },
    noteClaim(at) {
      claims.push(at);
    },
    latest: () => latest,
    waiting: () => wait,
  };
}
