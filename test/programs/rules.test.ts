import { describe, expect, it } from 'vitest';
import { createCalendar } from '../../src/domain/calendar';
import type { AwardSpec, RewardSpec, VoteHistory } from '../../src/domain/types';
import { freshHistory } from '../../src/programs/history';
import {
  type MilestoneRule,
  nextStreak,
  recordVote,
  streakDeadline,
  type VotePrograms,
} from '../../src/programs/rules';

const LICENSE = 'license:aaa';
const utc = createCalendar('UTC');
const cash = (amount: number): RewardSpec[] => [{ type: 'money', amount }];

const programs = (patch: Partial<VotePrograms> = {}): VotePrograms => ({
  milestones: [],
  streaks: { graceDays: 0, rewards: [] },
  firstVote: null,
  ...patch,
});

/** Records one vote per instant, in order; answers the history after each and the award ids each vote earned. */
const replay = (instants: string[], rules: VotePrograms, calendar = utc, start?: VoteHistory) => {
  let history = start ?? freshHistory(LICENSE, 'Ana');
  const steps: { history: VoteHistory; awards: AwardSpec[] }[] = [];
  instants.forEach((instant, index) => {
    const recorded = recordVote(
      history,
      { ref: `v${index + 1}`, name: 'Ana', at: Date.parse(instant) },
      rules,
      calendar,
    );
    history = recorded.history;
    steps.push(recorded);
  });
  return { history, steps, ids: steps.map((step) => step.awards.map((award) => award.id)) };
};

/** One vote a day at noon UTC from `first`, `count` days. */
const daily = (first: string, count: number, hour = '12:00') =>
  Array.from({ length: count }, (_, i) => `${utc.addDays(first, i)}T${hour}:00.000Z`);

describe('recordVote: history', () => {
  it('counts the vote, the month, its time and the ref, and takes the name seen', () => {
    const before = { ...freshHistory(LICENSE, 'Old name'), total: 4, months: { '2026-10': 4 } };
    const { history, awards } = recordVote(
      before,
      { ref: 'vote-5', name: 'Ana', at: Date.parse('2026-11-21T10:00:00.000Z') },
      programs(),
      utc,
    );
    expect(history).toEqual({
      ...before,
      name: 'Ana',
      total: 5,
      months: { '2026-10': 4, '2026-11': 1 },
      monthReachedAt: { '2026-11': Date.parse('2026-11-21T10:00:00.000Z') },
      lastVoteAt: Date.parse('2026-11-21T10:00:00.000Z'),
      streak: { current: 1, best: 1, lastDay: '2026-11-21', startDay: '2026-11-21' },
      recent: ['vote-5'],
    });
    expect(awards).toEqual([]);
    expect(before.total).toBe(4);
  });

  it('counts months in the configured zone', () => {
    const paris = createCalendar('Europe/Paris');
    const { history } = replay(['2026-11-30T23:30:00.000Z'], programs(), paris);
    expect(history.months).toEqual({ '2026-12': 1 });
    expect(history.streak.lastDay).toBe('2026-12-01');
  });
});

describe('recordVote: first vote', () => {
  it('earns the first-vote award on the first vote only, with the vote as its source', () => {
    const rules = programs({ firstVote: cash(100) });
    const { steps, ids } = replay(['2026-11-21T10:00:00.000Z', '2026-11-21T14:00:00.000Z'], rules);
    expect(ids).toEqual([['a:first:license:aaa'], []]);
    expect(steps[0]?.awards[0]).toEqual({
      id: 'a:first:license:aaa',
      license: LICENSE,
      name: 'Ana',
      info: { program: 'first', value: 1, month: null, voteRef: 'v1' },
      rewards: cash(100),
    });
  });

  it('earns nothing when the first-vote bonus is off, or for a player with votes already', () => {
    expect(replay(['2026-11-21T10:00:00.000Z'], programs()).ids).toEqual([[]]);
    const known = { ...freshHistory(LICENSE, 'Ana'), total: 3 };
    expect(replay(['2026-11-21T10:00:00.000Z'], programs({ firstVote: cash(1) }), utc, known).ids).toEqual([
      [],
    ]);
  });
});

describe('recordVote: milestones', () => {
  const rules: MilestoneRule[] = [
    { at: 1, reward: cash(1) },
    { at: 3, reward: cash(3) },
    { every: 2, reward: cash(20) },
    { every: 3, reward: cash(30) },
    { at: 6, reward: cash(6) },
  ];

  it.each([
    [1, ['a:milestone:license:aaa:1:at1']],
    [2, ['a:milestone:license:aaa:2:every2']],
    [3, ['a:milestone:license:aaa:3:at3', 'a:milestone:license:aaa:3:every3']],
    [4, ['a:milestone:license:aaa:4:every2']],
    [5, []],
    [
      6,
      [
        'a:milestone:license:aaa:6:every2',
        'a:milestone:license:aaa:6:every3',
        'a:milestone:license:aaa:6:at6',
      ],
    ],
    [7, []],
    [12, ['a:milestone:license:aaa:12:every2', 'a:milestone:license:aaa:12:every3']],
  ])('vote number %i earns %j', (total, ids) => {
    const before = { ...freshHistory(LICENSE, 'Ana'), total: total - 1 };
    const { awards } = recordVote(
      before,
      { ref: 'v', name: 'Ana', at: 0 },
      programs({ milestones: rules }),
      utc,
    );
    expect(awards.map((award) => award.id)).toEqual(ids);
    for (const award of awards) {
      expect(award.info).toEqual({ program: 'milestone', value: total, month: null, voteRef: 'v' });
    }
  });

  it('gives each milestone its own rewards', () => {
    const before = { ...freshHistory(LICENSE, 'Ana'), total: 5 };
    const { awards } = recordVote(
      before,
      { ref: 'v', name: 'Ana', at: 0 },
      programs({ milestones: rules }),
      utc,
    );
    expect(awards.map((award) => award.rewards)).toEqual([cash(20), cash(30), cash(6)]);
  });

  it('fires with the first vote and the first-vote bonus together', () => {
    const { ids } = replay(['2026-11-21T10:00:00.000Z'], programs({ milestones: rules, firstVote: cash(5) }));
    expect(ids).toEqual([['a:first:license:aaa', 'a:milestone:license:aaa:1:at1']]);
  });
});

describe('recordVote: streaks', () => {
  const streakRules = (graceDays = 0) =>
    programs({
      streaks: {
        graceDays,
        rewards: [
          { days: 2, reward: cash(2) },
          { days: 3, reward: cash(3) },
        ],
      },
    });

  it.each<[string, string[], number, [number, number, string, string], string[][]]>([
    [
      'a second vote the same day keeps the streak and earns nothing',
      ['2026-11-21T00:00:01.000Z', '2026-11-21T23:59:59.000Z'],
      0,
      [1, 1, '2026-11-21', '2026-11-21'],
      [[], []],
    ],
    [
      'votes on consecutive days extend it, across a month and a year',
      ['2026-12-31T23:00:00.000Z', '2027-01-01T01:00:00.000Z', '2027-01-02T12:00:00.000Z'],
      0,
      [3, 3, '2027-01-02', '2026-12-31'],
      [[], ['a:streak:license:aaa:2026-12-31:2'], ['a:streak:license:aaa:2026-12-31:3']],
    ],
    [
      'a missed day breaks it without grace days',
      ['2026-11-21T12:00:00.000Z', '2026-11-23T12:00:00.000Z'],
      0,
      [1, 1, '2026-11-23', '2026-11-23'],
      [[], []],
    ],
    [
      'a gap of two missed days keeps it with two grace days',
      ['2026-11-21T12:00:00.000Z', '2026-11-24T12:00:00.000Z'],
      2,
      [2, 2, '2026-11-24', '2026-11-21'],
      [[], ['a:streak:license:aaa:2026-11-21:2']],
    ],
    [
      'a gap of three missed days breaks it with two grace days',
      ['2026-11-21T12:00:00.000Z', '2026-11-25T12:00:00.000Z'],
      2,
      [1, 1, '2026-11-25', '2026-11-25'],
      [[], []],
    ],
    [
      'a vote dated before the last one (clock moved back) leaves it as it is',
      ['2026-11-21T12:00:00.000Z', '2026-11-22T12:00:00.000Z', '2026-11-20T12:00:00.000Z'],
      0,
      [2, 2, '2026-11-22', '2026-11-21'],
      [[], ['a:streak:license:aaa:2026-11-21:2'], []],
    ],
    [
      'the clock moved back then forward again: the next day still extends it once',
      [
        '2026-11-21T12:00:00.000Z',
        '2026-11-22T12:00:00.000Z',
        '2026-11-20T12:00:00.000Z',
        '2026-11-23T12:00:00.000Z',
      ],
      0,
      [3, 3, '2026-11-23', '2026-11-21'],
      [[], ['a:streak:license:aaa:2026-11-21:2'], [], ['a:streak:license:aaa:2026-11-21:3']],
    ],
  ])('%s', (_label, instants, graceDays, [current, best, lastDay, startDay], ids) => {
    const result = replay(instants, streakRules(graceDays));
    expect(result.history.streak).toEqual({ current, best, lastDay, startDay });
    expect(result.ids).toEqual(ids);
  });

  it('a broken streak keeps its best, and a new streak earns the same lengths again under new ids', () => {
    const instants = [...daily('2026-11-01', 3), ...daily('2026-11-10', 3)];
    const { history, ids, steps } = replay(instants, streakRules());
    expect(ids).toEqual([
      [],
      ['a:streak:license:aaa:2026-11-01:2'],
      ['a:streak:license:aaa:2026-11-01:3'],
      [],
      ['a:streak:license:aaa:2026-11-10:2'],
      ['a:streak:license:aaa:2026-11-10:3'],
    ]);
    expect(history.streak).toEqual({ current: 3, best: 3, lastDay: '2026-11-12', startDay: '2026-11-10' });
    expect(steps[3]?.history.streak).toEqual({
      current: 1,
      best: 3,
      lastDay: '2026-11-10',
      startDay: '2026-11-10',
    });
    expect(steps[1]?.awards[0]?.info).toEqual({ program: 'streak', value: 2, month: null, voteRef: 'v2' });
  });

  it('counts days in the configured zone: 23:30 and 00:30 in Paris are two days, one UTC day', () => {
    const instants = ['2026-11-21T22:30:00.000Z', '2026-11-21T23:30:00.000Z'];
    expect(replay(instants, streakRules(), createCalendar('Europe/Paris')).history.streak.current).toBe(2);
    expect(replay(instants, streakRules(), utc).history.streak.current).toBe(1);
  });

  it('the same history and vote always decide the same awards with the same ids', () => {
    const rules = programs({
      firstVote: cash(1),
      milestones: [{ every: 1, reward: cash(1) }],
      streaks: { graceDays: 1, rewards: [{ days: 2, reward: cash(2) }] },
    });
    const before = replay(['2026-11-21T12:00:00.000Z'], rules).history;
    const vote = { ref: 'v2', name: 'Ana', at: Date.parse('2026-11-22T12:00:00.000Z') };
    const first = recordVote(before, vote, rules, utc);
    const again = recordVote(before, vote, rules, utc);
    expect(again).toEqual(first);
    expect(first.awards.map((award) => award.id)).toEqual([
      'a:milestone:license:aaa:2:every1',
      'a:streak:license:aaa:2026-11-21:2',
    ]);
  });

  it('ids are per player', () => {
    const rules = programs({ firstVote: cash(1), milestones: [{ at: 1, reward: cash(1) }] });
    const vote = { ref: 'v', name: 'Bo', at: 0 };
    const ids = recordVote(freshHistory('license:bbb', 'Bo'), vote, rules, utc).awards.map((a) => a.id);
    expect(ids).toEqual(['a:first:license:bbb', 'a:milestone:license:bbb:1:at1']);
  });
});

describe('nextStreak', () => {
  const none = { current: 0, best: 0, lastDay: null, startDay: null };
  it.each<[string, VoteHistory['streak'], string, number, VoteHistory['streak']]>([
    [
      'starts at 1',
      none,
      '2026-11-21',
      0,
      { current: 1, best: 1, lastDay: '2026-11-21', startDay: '2026-11-21' },
    ],
    [
      'a broken streak of 0 restarts even within the grace',
      { current: 0, best: 4, lastDay: '2026-11-20', startDay: '2026-11-17' },
      '2026-11-21',
      3,
      { current: 1, best: 4, lastDay: '2026-11-21', startDay: '2026-11-21' },
    ],
    [
      'the last allowed day extends it',
      { current: 4, best: 4, lastDay: '2026-11-20', startDay: '2026-11-17' },
      '2026-11-24',
      3,
      { current: 5, best: 5, lastDay: '2026-11-24', startDay: '2026-11-17' },
    ],
    [
      'the day after the last allowed one breaks it',
      { current: 4, best: 6, lastDay: '2026-11-20', startDay: '2026-11-17' },
      '2026-11-25',
      3,
      { current: 1, best: 6, lastDay: '2026-11-25', startDay: '2026-11-25' },
    ],
  ])('%s', (_label, before, day, graceDays, after) => {
    expect(nextStreak(before, day, graceDays, utc)).toEqual(after);
  });
});

describe('streakDeadline', () => {
  const streak = (lastDay: string | null, current = 3) => ({ current, best: 5, lastDay, startDay: lastDay });

  it.each([
    ['UTC', 0, '2026-11-21', '2026-11-23T00:00:00.000Z'],
    ['UTC', 2, '2026-11-21', '2026-11-25T00:00:00.000Z'],
    ['UTC', 0, '2026-12-30', '2027-01-01T00:00:00.000Z'],
    ['Europe/Paris', 0, '2026-11-21', '2026-11-22T23:00:00.000Z'],
    ['Europe/Paris', 0, '2026-10-24', '2026-10-25T23:00:00.000Z'],
    ['America/New_York', 1, '2026-03-06', '2026-03-09T04:00:00.000Z'],
  ])('%s, %i grace days, last vote on %s: breaks at %s', (zone, graceDays, lastDay, deadline) => {
    const calendar = createCalendar(zone);
    const ms = streakDeadline(streak(lastDay), graceDays, calendar);
    expect(new Date(ms ?? 0).toISOString()).toBe(deadline);
    // A vote in the last moment before it extends the streak; one at the deadline starts a new one.
    expect(nextStreak(streak(lastDay), calendar.dayOf((ms ?? 0) - 1), graceDays, calendar).current).toBe(4);
    expect(nextStreak(streak(lastDay), calendar.dayOf(ms ?? 0), graceDays, calendar).current).toBe(1);
  });

  it('is null without a streak', () => {
    expect(streakDeadline(streak(null, 0), 0, utc)).toBeNull();
    expect(streakDeadline(streak('2026-11-21', 0), 0, utc)).toBeNull();
  });
});
