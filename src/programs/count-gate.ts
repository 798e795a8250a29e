/**
 * The vote party's count gate: a pure judgement of one `/vote/count` read against what the party has seen. A count is
 * evidence, not an order: a read decides thresholds only when it is plausible. It is held (nothing decided, an admin
 * confirms or skips) when it would decide more than `maxThresholds` thresholds at once, when it contradicts the same
 * answer (more new votes than the last 24 hours hold), or when it rises far faster than the recent trusted reads and
 * this server's own claims explain: within an hour, `maxThresholds` thresholds pass on the API's word alone, and more
 * only as far as this server's claims (ten votes each) and the pace of the last day (twice it) explain.
 */

/** A count the party trusted: the month's count and when it was read (send time). */
export interface CountSample {
  at: number;
  votes: number;
}

/** Everything the gate judges a read against. */
export interface CountGateInput {
  every: number;
  /** Thresholds one read may decide before it is held (`voteParty.maxThresholdsPerRead`). */
  maxThresholds: number;
  /** The last threshold decided (or passed) this month. */
  decided: number;
  /** The highest count trusted this month, or null before the first trusted read of the month. */
  highest: number | null;
  /** Trusted reads of this month, oldest first (the party keeps the last 24 hours). */
  samples: readonly CountSample[];
  /** When this server's own claims were made (ms), oldest first. */
  claims: readonly number[];
  /** The read: the month's count, the API's own 24-hour count and when it was sent. */
  read: { votes: number; votes24h: number; at: number };
}

/** Why a read was held. */
export type HoldReason = 'too_many_thresholds' | 'inconsistent' | 'too_fast';

/** What a read comes to. */
export type CountVerdict =
  | { verdict: 'trusted'; from: number; to: number }
  | { verdict: 'nothing' }
  | { verdict: 'went_down'; from: number; to: number }
  | { verdict: 'held'; reason: HoldReason; from: number; to: number; allowed: number };

/** The window in which a rise must be explained. */
export const GATE_WINDOW_MS = 3_600_000;
/** How much of a rise one claim of this server explains: at least one voter in ten claims in game. */
export const VOTES_PER_OWN_CLAIM = 10;
/** A rise may run this many times the pace of the trusted reads of the last day. */
export const PACE_FACTOR = 2;
const DAY_MS = 86_400_000;

/**
 * Judges one read. `from`..`to` are the thresholds it would decide (a multiple of `every` each); `nothing` when it
 * decides none and did not go down.
 */
export function judgeCount(input: CountGateInput): CountVerdict {
  const { every, read } = input;
  if (input.highest !== null && read.votes < input.highest)
    return { verdict: 'went_down', from: input.highest, to: read.votes };
  const from = (Math.floor(input.decided / every) + 1) * every;
  const to = Math.floor(read.votes / every) * every;
  if (to < from) return { verdict: 'nothing' };
  const count = (to - from) / every + 1;
  if (count > input.maxThresholds)
    return { verdict: 'held', reason: 'too_many_thresholds', from, to, allowed: input.maxThresholds };
  const last = input.samples.at(-1);
  if (!last) return { verdict: 'trusted', from, to };
  // New votes since a read less than a day ago are all votes of the last 24 hours: more than that is a contradiction.
  if (read.at - last.at < DAY_MS && read.votes - last.votes > read.votes24h)
    return { verdict: 'held', reason: 'inconsistent', from, to, allowed: last.votes + read.votes24h };
  const allowed = input.maxThresholds + Math.floor(explainedRise(input) / every);
  const base = baseOfWindow(input.samples, read.at);
  if (Math.floor(read.votes / every) - Math.floor(base.votes / every) > allowed)
    return { verdict: 'held', reason: 'too_fast', from, to, allowed };
  return { verdict: 'trusted', from, to };
}

/** The earliest trusted read of the window (or the last one before it): the rise of the window starts there. */
function baseOfWindow(samples: readonly CountSample[], at: number): CountSample {
  const inWindow = samples.find((sample) => sample.at >= at - GATE_WINDOW_MS);
  return inWindow ?? (samples.at(-1) as CountSample);
}

/**
 * The rise of the window that evidence explains: ten votes per own claim in the window, plus twice the pace of the
 * trusted reads of the last day before the window (averaged over the whole day, so a few jumps do not teach the gate a
 * fast pace). Beyond it, a window may still pass `maxThresholds` thresholds on the API's word alone.
 */
export function explainedRise(input: Pick<CountGateInput, 'samples' | 'claims' | 'read'>): number {
  const { samples, read } = input;
  const base = baseOfWindow(samples, read.at);
  const claims = input.claims.filter((at) => at >= base.at && at <= read.at).length;
  const dayAgo = samples.find((sample) => sample.at >= read.at - DAY_MS);
  const before = [...samples].reverse().find((sample) => sample.at < read.at - GATE_WINDOW_MS);
  const dayRise = dayAgo && before && before.at > dayAgo.at ? before.votes - dayAgo.votes : 0;
  const pace = (dayRise / (DAY_MS - GATE_WINDOW_MS)) * GATE_WINDOW_MS;
  return VOTES_PER_OWN_CLAIM * claims + Math.ceil(PACE_FACTOR * pace);
}

/** The admin's sentence for a held read. */
export function describeHold(reason: HoldReason, votes: number, allowed: number): string {
  switch (reason) {
    case 'too_many_thresholds':
      return `a count of ${votes} would decide more than ${allowed} parties at once`;
    case 'inconsistent':
      return `a count of ${votes} has more new votes than the API's own count of the last 24 hours (at most ${allowed})`;
    case 'too_fast':
      return `a count of ${votes} passed more parties in an hour than the recent reads and this server's claims explain (at most ${allowed})`;
  }
}
