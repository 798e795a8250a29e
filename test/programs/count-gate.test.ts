import { describe, expect, it } from 'vitest';
import { type CountGateInput, type CountVerdict, judgeCount } from '../../src/programs/count-gate';
import { checkMonth, createMonthGuard, type MonthCheck } from '../../src/programs/month-guard';

const T = Date.parse('2026-11-21T10:00:00.000Z');
const MIN = 60_000;
const HOUR = 60 * MIN;

/** A party with `every: 10`, 3 thresholds a read, 20 decided, the last trusted read 25 votes a minute ago. */
const input = (
  patch: Partial<CountGateInput> & { votes: number; votes24h?: number; at?: number },
): CountGateInput => {
  const { votes, votes24h, at, ...rest } = patch;
  return {
    every: 10,
    maxThresholds: 3,
    decided: 20,
    highest: 25,
    samples: [{ at: T - MIN, votes: 25 }],
    claims: [],
    read: { votes, votes24h: votes24h ?? 1000, at: at ?? T },
    ...rest,
  };
};

const cases: [string, CountGateInput, CountVerdict][] = [
  ['a count that passes no new threshold decides nothing', input({ votes: 29 }), { verdict: 'nothing' }],
  [
    'a count at the next threshold decides it',
    input({ votes: 30 }),
    { verdict: 'trusted', from: 30, to: 30 },
  ],
  [
    'a count passing as many thresholds as allowed decides them all',
    input({ votes: 55 }),
    { verdict: 'trusted', from: 30, to: 50 },
  ],
  [
    'a count that would decide one threshold more than allowed is held',
    input({ votes: 60 }),
    { verdict: 'held', reason: 'too_many_thresholds', from: 30, to: 60, allowed: 3 },
  ],
  [
    'a count of a billion is held: it pays nothing by itself',
    input({ votes: 1_000_000_000 }),
    { verdict: 'held', reason: 'too_many_thresholds', from: 30, to: 1_000_000_000, allowed: 3 },
  ],
  [
    'the allowance is configurable (maxThresholdsPerRead)',
    input({ votes: 60, maxThresholds: 4 }),
    { verdict: 'trusted', from: 30, to: 60 },
  ],
  [
    'a count below the highest trusted one went down: nothing decided',
    input({ votes: 3 }),
    { verdict: 'went_down', from: 25, to: 3 },
  ],
  [
    'a count back up to thresholds already decided decides nothing again',
    input({ votes: 25, highest: 25, decided: 20 }),
    { verdict: 'nothing' },
  ],
  [
    'more new votes than the API says came in the last 24 hours is a contradiction',
    input({ votes: 35, votes24h: 5 }),
    { verdict: 'held', reason: 'inconsistent', from: 30, to: 30, allowed: 30 },
  ],
  [
    'the first read after a start (no trusted read yet) is only bounded by the thresholds it decides',
    input({ votes: 45, samples: [], highest: null }),
    { verdict: 'trusted', from: 30, to: 40 },
  ],
  [
    'within an hour, a fourth threshold on the API word alone is held (a drip of one party a read)',
    input({
      votes: 51,
      decided: 40,
      highest: 41,
      samples: [
        { at: T - 50 * MIN, votes: 11 },
        { at: T - 30 * MIN, votes: 21 },
        { at: T - 10 * MIN, votes: 41 },
      ],
    }),
    { verdict: 'held', reason: 'too_fast', from: 50, to: 50, allowed: 3 },
  ],
  [
    "the same rise is trusted when this server's own claims explain it (ten votes each)",
    input({
      votes: 51,
      decided: 40,
      highest: 41,
      samples: [
        { at: T - 50 * MIN, votes: 11 },
        { at: T - 30 * MIN, votes: 21 },
        { at: T - 10 * MIN, votes: 41 },
      ],
      claims: [T - 40 * MIN],
    }),
    { verdict: 'trusted', from: 50, to: 50 },
  ],
  [
    'the same rise is trusted on a server whose last day ran at that pace (230 votes in 23 hours)',
    input({
      votes: 281,
      decided: 270,
      highest: 271,
      samples: [
        { at: T - 23 * HOUR, votes: 0 },
        { at: T - 2 * HOUR, votes: 230 },
        { at: T - 50 * MIN, votes: 241 },
        { at: T - 10 * MIN, votes: 271 },
      ],
    }),
    { verdict: 'trusted', from: 280, to: 280 },
  ],
  [
    'a rise an hour after the last trusted read starts a new window',
    input({ votes: 55, decided: 20, highest: 25, samples: [{ at: T - 2 * HOUR, votes: 25 }] }),
    { verdict: 'trusted', from: 30, to: 50 },
  ],
];

describe('count gate: one row per case', () => {
  it.each(cases)('%s', (_name, given, expected) => {
    expect(judgeCount(given)).toEqual(expected);
  });
});

const count = (monthly: number, day: number) => ({
  votes_total: 5000,
  votes_24h: day,
  votes_7d: 500,
  votes_monthly: monthly,
  server_name: 'S',
  server_game: 'gta5',
});
const DEC_1_3H = Date.parse('2026-12-01T03:00:00.000Z');
const DEC_21 = Date.parse('2026-12-21T10:00:00.000Z');

const months: [string, Parameters<typeof checkMonth>, MonthCheck][] = [
  ['the first count ever confirms its month', [null, 0, '2026-11', count(31, 5), T], 'confirmed'],
  ['a count of the confirmed month is the same month', ['2026-11', 31, '2026-11', count(40, 5), T], 'same'],
  [
    'a month before the confirmed one is a clock behind',
    ['2026-11', 31, '2026-10', count(31, 5), T],
    'behind',
  ],
  [
    'a new month whose count dropped below the last month is confirmed',
    ['2026-11', 31, '2026-12', count(4, 4), DEC_21],
    'confirmed',
  ],
  [
    'a new month with the count unchanged is not (a clock a month ahead)',
    ['2026-11', 31, '2026-12', count(31, 31), DEC_21],
    'unconfirmed',
  ],
  [
    'a new month whose counter reads 0 is confirmed',
    ['2026-11', 0, '2026-12', count(0, 0), DEC_21],
    'confirmed',
  ],
  [
    "on a new month's first day, a count no larger than the last 24 hours' is confirmed",
    ['2026-11', 0, '2026-12', count(4, 5), DEC_1_3H],
    'confirmed',
  ],
  [
    "on a new month's first day, a count above the last 24 hours' still holds last month's votes",
    ['2026-11', 0, '2026-12', count(40, 5), DEC_1_3H],
    'unconfirmed',
  ],
  [
    'later in a month, a count no larger than 24 hours is not enough by itself',
    ['2026-11', 0, '2026-12', count(4, 5), DEC_21],
    'unconfirmed',
  ],
];

describe('month guard: a month change confirmed by the API counter, one row per case', () => {
  it.each(months)('%s', (_name, args, expected) => {
    expect(checkMonth(...args)).toBe(expected);
  });
});

describe('month guard: the clock high-water mark, one row per case', () => {
  const kvpOf = (seen: number | null) => {
    const data = new Map<string, string>();
    if (seen !== null)
      data.set('clock:programs', JSON.stringify({ format: 1, seen, month: '2026-11', votes: 0 }));
    return {
      data,
      kvp: {
        get: (key: string) => data.get(key) ?? null,
        set: (key: string, value: string) => {
          data.set(key, value);
        },
      },
    };
  };
  const seenOf = (data: Map<string, string>) =>
    (JSON.parse(data.get('clock:programs') ?? '{}') as { seen?: number }).seen;

  it.each([
    ['a clock at the mark is not behind', T, T, 0, T],
    ['a clock up to 5 minutes behind the mark is within the slack', T, T - 5 * MIN, 0, T],
    ['a clock more than 5 minutes behind the mark is behind by that much', T, T - 6 * MIN, 6 * MIN, T],
    ['a clock a month behind is behind a month', T, T - 30 * 24 * HOUR, 30 * 24 * HOUR, T],
    ['the mark moves forward once the clock passed it by 10 minutes', T, T + 10 * MIN, 0, T + 10 * MIN],
    ['the mark is not rewritten for less than 10 minutes', T, T + 9 * MIN, 0, T],
    ['without a record the first time seen is the mark', null, T, 0, T],
  ] as const)('%s', (_name, seen, now, behind, mark) => {
    const { data, kvp } = kvpOf(seen);
    const guard = createMonthGuard(kvp);
    expect(guard.behind(now)).toBe(behind);
    if (behind === 0) guard.advance(now);
    expect(seenOf(data)).toBe(mark);
  });

  it('an unreadable record is behind without end (decisions wait for an admin) and is left as is', () => {
    const { data, kvp } = kvpOf(null);
    data.set('clock:programs', 'not json');
    const guard = createMonthGuard(kvp);
    expect(guard.behind(T)).toBe(Number.POSITIVE_INFINITY);
    guard.advance(T);
    expect(data.get('clock:programs')).toBe('not json');
  });
});
