/**
 * Time only moves forward for decisions. The server clock is evidence, not an order: the vote party and the month's
 * top voters decide only while the clock is not behind the latest time the resource saw (a high-water mark kept in the
 * KVP), and a new month only once the API's monthly counter shows it too (the counter dropped below the last month's
 * count, or holds no more than the last 24 hours' votes). One record, `clock:programs`, shared by both programs.
 */

import type { VoteCount } from '../../contract/answers';
import type { KvpStore } from '../runtime/runtime';
import * as z from '../runtime/zod';
import { PROGRAMS_CLOCK_KEY as CLOCK_KEY } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';

export { CLOCK_KEY };

/** A clock behind the high-water mark by at most this much is not a wrong clock (NTP slews, send-time order). */
export const CLOCK_SLACK_MS = 5 * 60_000;
/** The high-water mark is written when it moved by at least this much (not at every read). */
export const MARK_STEP_MS = 10 * 60_000;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY_MS = 86_400_000;

/** The stored clock record. */
export const clockRecordSchema = z.object({
  format: z.literal(1),
  /** The latest server time seen (ms). */
  seen: z.number().check(z.int(), z.nonnegative()),
  /** The UTC month the API's counter last confirmed, or null before any count was read. */
  month: z.nullable(z.string().check(z.regex(MONTH))),
  /** The highest monthly count read in that month. */
  votes: z.number().check(z.int(), z.nonnegative()),
});

/** The stored clock record. */
export type ClockRecord = z.output<typeof clockRecordSchema>;

/** What a count says about the month. */
export type MonthCheck = 'same' | 'confirmed' | 'unconfirmed' | 'behind';

/**
 * Pure: whether a count read at `at` in UTC month `month` confirms it (`highest`: the highest trusted count of the
 * confirmed month). The first count ever confirms its month; a later month is confirmed by the counter's reset: below
 * the last month's count, zero, or (on the month's first day) no more than the last 24 hours' votes. An earlier month
 * is a clock behind the API.
 */
export function checkMonth(
  confirmed: string | null,
  highest: number,
  month: string,
  count: VoteCount,
  at: number,
): MonthCheck {
  if (confirmed === null) return 'confirmed';
  if (month === confirmed) return 'same';
  if (month < confirmed) return 'behind';
  const votes = count.votes_monthly;
  const firstDay = at - monthStart(month) < DAY_MS;
  return votes < highest || votes === 0 || (firstDay && votes <= count.votes_24h)
    ? 'confirmed'
    : 'unconfirmed';
}

/** The instant UTC month `month` starts. */
export function monthStart(month: string): number {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return Date.UTC(year, index - 1, 1);
}

/** The clock record over the KVP (read each time: both programs write it). */
export interface MonthGuard {
  /** The record, or a fresh one when missing; null when it is unreadable (left as is, decisions wait). */
  read(): ClockRecord | null;
  /** How far `now` is behind the mark beyond the slack (0 when it is not). */
  behind(now: number): number;
  /** Moves the mark forward to `now` (written once it moved by {@link MARK_STEP_MS}); after the decisions it allows. */
  advance(now: number): void;
  /** Records what a count read at `at` in UTC month `month` says; the month moves only when confirmed. */
  noteCount(month: string, count: VoteCount, at: number): MonthCheck;
  /** Raises the month's highest count to a count the party trusted. */
  trusted(votes: number): void;
  /** The admin accepts the server clock and its UTC month as right. */
  accept(now: number, month: string, votes: number): void;
}

/** Creates the guard. */
export function createMonthGuard(kvp: Pick<KvpStore, 'get' | 'set'>): MonthGuard {
  const read = (): ClockRecord | null => {
    const found = readRecord(kvp, CLOCK_KEY, clockRecordSchema);
    if (found.state === 'missing') return { format: 1, seen: 0, month: null, votes: 0 };
    return found.state === 'valid' ? found.value : null;
  };
  return {
    read,
    behind(now) {
      const record = read();
      if (!record) return Number.POSITIVE_INFINITY;
      return now < record.seen - CLOCK_SLACK_MS ? record.seen - now : 0;
    },
    advance(now) {
      const record = read();
      if (record && now >= record.seen + MARK_STEP_MS) writeRecord(kvp, CLOCK_KEY, { ...record, seen: now });
    },
    noteCount(month, count, at) {
      const record = read();
      if (!record) return 'unconfirmed';
      const check = checkMonth(record.month, record.votes, month, count, at);
      if (check === 'confirmed')
        writeRecord(kvp, CLOCK_KEY, { ...record, month, votes: count.votes_monthly });
      return check;
    },
    trusted(votes) {
      const record = read();
      if (record && votes > record.votes) writeRecord(kvp, CLOCK_KEY, { ...record, votes });
    },
    accept(now, month, votes) {
      writeRecord(kvp, CLOCK_KEY, { format: 1, seen: now, month, votes });
    },
  };
}
