import { describe, expect, it } from 'vitest';
import { CLOCK_SKEW_MS, createCountGate, MAX_CREDITS } from '../../src/poll/gate';

/** One thing that happens to the gate; times in milliseconds. */
type Step =
  | { count: number; sentAt: number; now?: number }
  | { fail: string }
  | { read: 'ok' | 'failed' }
  | { found: string; votedAt: number; now: number }
  | { claimed: string | null; now: number; times?: number }
  | { close: 'checked' | 'not_checked' };

/** What the steps come to, in a form a row can state. */
interface Shape {
  mode: 'waiting' | 'gated' | 'fallback';
  unaccounted: number;
  accounted: { found: number; claimed: number; writtenOff: number };
  searchFrom: number | null;
  rule: { roundRobin: boolean; since: number };
  counts?: { sent: number; failed: number };
  /** What the gate asked its caller to log, in order. */
  said: ('recovered' | 'fell_back')[];
}

const run = (steps: Step[]): Shape & { counts: { sent: number; failed: number } } => {
  const gate = createCountGate();
  const said: Shape['said'] = [];
  for (const step of steps) {
    if ('count' in step) {
      if (gate.counted(step.count, step.sentAt, step.now ?? step.sentAt)) said.push('recovered');
    } else if ('fail' in step) {
      if (gate.fallBack(step.fail)) said.push('fell_back');
    } else if ('read' in step) gate.read(step.read === 'failed');
    else if ('found' in step) gate.found(step.found, step.votedAt, step.now);
    else if ('claimed' in step) {
      for (let i = 0; i < (step.times ?? 1); i += 1) gate.claimed(step.claimed, step.now);
    } else gate.closeSearch(() => step.close === 'checked');
  }
  const status = gate.status(30_000);
  return {
    mode: status.mode,
    unaccounted: status.unaccounted,
    accounted: status.accounted,
    searchFrom: status.searchFrom,
    rule: gate.rule(),
    counts: status.counts,
    said,
  };
};

const none = { found: 0, claimed: 0, writtenOff: 0 };
const INF = Number.POSITIVE_INFINITY;
const quiet = { roundRobin: false, since: INF };

const cases: [string, Step[], Omit<Shape, 'counts'>][] = [
  [
    'a new gate waits for its first count and checks nobody in turn',
    [],
    { mode: 'waiting', unaccounted: 0, accounted: none, searchFrom: null, rule: quiet, said: [] },
  ],
  [
    'the first count only sets the baseline',
    [{ count: 500, sentAt: 1_000 }],
    { mode: 'gated', unaccounted: 0, accounted: none, searchFrom: null, rule: quiet, said: [] },
  ],
  [
    'an unchanged count looks for nothing',
    [
      { count: 500, sentAt: 1_000 },
      { count: 500, sentAt: 31_000 },
    ],
    { mode: 'gated', unaccounted: 0, accounted: none, searchFrom: null, rule: quiet, said: [] },
  ],
  [
    'a count going down looks for nothing',
    [
      { count: 500, sentAt: 1_000 },
      { count: 490, sentAt: 31_000 },
    ],
    { mode: 'gated', unaccounted: 0, accounted: none, searchFrom: null, rule: quiet, said: [] },
  ],
  [
    'a rise of two starts a search of everyone not checked since the answer',
    [
      { count: 500, sentAt: 1_000 },
      { count: 502, sentAt: 31_000, now: 31_200 },
    ],
    {
      mode: 'gated',
      unaccounted: 2,
      accounted: none,
      searchFrom: 31_200,
      rule: { roundRobin: true, since: 31_200 },
      said: [],
    },
  ],
  [
    'a vote found after the last read is credited against the read that includes it: no search',
    [
      { count: 500, sentAt: 1_000 },
      { found: 'ana', votedAt: 5_000, now: 6_000 },
      { count: 501, sentAt: 31_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 0,
      accounted: { ...none, found: 1 },
      searchFrom: null,
      rule: quiet,
      said: [],
    },
  ],
  [
    'a vote found without a time counts as cast when found, so it is credited too',
    [
      { count: 500, sentAt: 1_000 },
      { found: 'ana', votedAt: Number.NaN, now: 6_000 },
      { count: 501, sentAt: 31_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 0,
      accounted: { ...none, found: 1 },
      searchFrom: null,
      rule: quiet,
      said: [],
    },
  ],
  [
    'a credit cast after a read was sent waits for the next read',
    [
      { count: 500, sentAt: 1_000 },
      { found: 'ana', votedAt: 40_000, now: 40_500 },
      { count: 501, sentAt: 31_000, now: 41_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: none,
      searchFrom: 41_000,
      rule: { roundRobin: true, since: 41_000 },
      said: [],
    },
  ],
  [
    'a claim with nothing to look for is credited against the next read',
    [
      { count: 500, sentAt: 1_000 },
      { claimed: 'ana', now: 5_000 },
      { count: 501, sentAt: 31_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 0,
      accounted: { ...none, claimed: 1 },
      searchFrom: null,
      rule: quiet,
      said: [],
    },
  ],
  [
    'credits beyond a rise are spent by that read too: the next rise is searched',
    [
      { count: 500, sentAt: 1_000 },
      { claimed: null, now: 5_000, times: 2 },
      { count: 501, sentAt: 31_000 },
      { count: 502, sentAt: 61_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: { ...none, claimed: 1 },
      searchFrom: 61_000,
      rule: { roundRobin: true, since: 61_000 },
      said: [],
    },
  ],
  [
    'a claim before the first count is not credited (the first count is the baseline)',
    [
      { claimed: 'ana', now: 500 },
      { count: 500, sentAt: 1_000 },
      { count: 501, sentAt: 31_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: none,
      searchFrom: 31_000,
      rule: { roundRobin: true, since: 31_000 },
      said: [],
    },
  ],
  [
    'a vote found during a search, cast since the search began, accounts for one',
    [
      { count: 500, sentAt: 1_000 },
      { count: 502, sentAt: 31_000 },
      { found: 'ana', votedAt: 20_000, now: 35_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: { ...none, found: 1 },
      searchFrom: 31_000,
      rule: { roundRobin: true, since: 31_000 },
      said: [],
    },
  ],
  [
    'a vote found during a search but cast long before it began is not one of the counted votes',
    [
      { count: 500, sentAt: 1_000_000 },
      { count: 501, sentAt: 1_030_000 },
      { found: 'ana', votedAt: 1_000_000 - CLOCK_SKEW_MS - 1, now: 1_035_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: none,
      searchFrom: 1_030_000,
      rule: { roundRobin: true, since: 1_030_000 },
      said: [],
    },
  ],
  [
    'a vote cast within the clock skew before the search began still accounts for one',
    [
      { count: 500, sentAt: 1_000_000 },
      { count: 501, sentAt: 1_030_000 },
      { found: 'ana', votedAt: 1_000_000 - CLOCK_SKEW_MS, now: 1_035_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 0,
      accounted: { ...none, found: 1 },
      searchFrom: 1_030_000,
      rule: { roundRobin: false, since: 1_030_000 },
      said: [],
    },
  ],
  [
    'the claim of a vote a check already found accounts for nothing more',
    [
      { count: 500, sentAt: 1_000 },
      { count: 502, sentAt: 31_000 },
      { found: 'ana', votedAt: 20_000, now: 35_000 },
      { claimed: 'ana', now: 36_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: { ...none, found: 1 },
      searchFrom: 31_000,
      rule: { roundRobin: true, since: 31_000 },
      said: [],
    },
  ],
  [
    'a claim during a search accounts for one',
    [
      { count: 500, sentAt: 1_000 },
      { count: 502, sentAt: 31_000 },
      { claimed: null, now: 36_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: { ...none, claimed: 1 },
      searchFrom: 31_000,
      rule: { roundRobin: true, since: 31_000 },
      said: [],
    },
  ],
  [
    'a full pass that found nobody writes the rest off as votes of players not online',
    [{ count: 500, sentAt: 1_000 }, { count: 502, sentAt: 31_000 }, { close: 'checked' }],
    {
      mode: 'gated',
      unaccounted: 0,
      accounted: { ...none, writtenOff: 2 },
      searchFrom: null,
      rule: quiet,
      said: [],
    },
  ],
  [
    'a search is not closed before every player was checked since it began',
    [{ count: 500, sentAt: 1_000 }, { count: 502, sentAt: 31_000 }, { close: 'not_checked' }],
    {
      mode: 'gated',
      unaccounted: 2,
      accounted: none,
      searchFrom: 31_000,
      rule: { roundRobin: true, since: 31_000 },
      said: [],
    },
  ],
  [
    'the claims on join of written-off votes credit nothing, so the next rise is searched in full',
    [
      { count: 500, sentAt: 1_000 },
      { count: 502, sentAt: 31_000 },
      { close: 'checked' },
      { claimed: 'ana', now: 40_000, times: 2 },
      { count: 503, sentAt: 61_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: { ...none, writtenOff: 2 },
      searchFrom: 61_000,
      rule: { roundRobin: true, since: 61_000 },
      said: [],
    },
  ],
  [
    'a failed count falls back to everyone in turn, drops the search, and asks to log once',
    [
      { count: 500, sentAt: 1_000 },
      { count: 502, sentAt: 31_000 },
      { fail: 'HTTP 500' },
      { fail: 'HTTP 502' },
    ],
    {
      mode: 'fallback',
      unaccounted: 0,
      accounted: none,
      searchFrom: null,
      rule: { roundRobin: true, since: INF },
      said: ['fell_back'],
    },
  ],
  [
    'a search is not closed in fallback',
    [{ fail: 'HTTP 500' }, { close: 'checked' }],
    {
      mode: 'fallback',
      unaccounted: 0,
      accounted: none,
      searchFrom: null,
      rule: { roundRobin: true, since: INF },
      said: ['fell_back'],
    },
  ],
  [
    'a count answering after a fallback is a new baseline, and recovery and fallback are each logged once ever',
    [
      { fail: 'HTTP 500' },
      { count: 500, sentAt: 1_000 },
      { fail: 'HTTP 500' },
      { count: 520, sentAt: 31_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 0,
      accounted: none,
      searchFrom: null,
      rule: quiet,
      said: ['fell_back', 'recovered'],
    },
  ],
  [
    'credits left when the count fails are dropped when it answers again',
    [
      { count: 500, sentAt: 1_000 },
      { claimed: 'ana', now: 5_000 },
      { fail: 'HTTP 500' },
      { count: 501, sentAt: 31_000 },
      { count: 502, sentAt: 61_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 1,
      accounted: none,
      searchFrom: 61_000,
      rule: { roundRobin: true, since: 61_000 },
      said: ['fell_back', 'recovered'],
    },
  ],
  [
    `credits are kept up to ${MAX_CREDITS}; the rest of a rise is searched`,
    [
      { count: 0, sentAt: 1_000 },
      { claimed: null, now: 5_000, times: MAX_CREDITS + 6 },
      { count: MAX_CREDITS + 6, sentAt: 31_000 },
    ],
    {
      mode: 'gated',
      unaccounted: 6,
      accounted: { ...none, claimed: MAX_CREDITS },
      searchFrom: 31_000,
      rule: { roundRobin: true, since: 31_000 },
      said: [],
    },
  ],
];

describe('the count gate, one row per case', () => {
  it.each(cases)('%s', (_, steps, expected) => {
    const { counts: _counts, ...shape } = run(steps);
    expect(shape).toEqual(expected);
  });

  it('counts the reads sent and the ones that failed', () => {
    expect(run([{ read: 'ok' }, { read: 'failed' }, { read: 'ok' }]).counts).toEqual({ sent: 3, failed: 1 });
  });

  it('keeps the last fallback reason and clears it when the count answers', () => {
    const gate = createCountGate();
    gate.fallBack('HTTP 500');
    gate.fallBack('timeout');
    expect(gate.status(1).fallbackReason).toBe('timeout');
    gate.counted(1, 2, 3);
    expect(gate.status(1)).toMatchObject({ fallbackReason: null, votesTotal: 1, countEveryMs: 1 });
  });
});
