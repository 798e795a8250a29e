import { describe, expect, it } from 'vitest';
import { loadConfig, possibleRewardsOf, rewardsOf } from '../../src/config/load';
import type { ResourceConfig } from '../../src/config/schema';
import { voteProgramsOf } from '../../src/programs/programs';

const base = {
  apiUrl: 'https://votes.example',
  apiKey: 'live_0123456789abcdef0123456789abcdef',
  voteUrl: 'https://votes.example/servers/1/vote',
};

const load = (settings: Record<string, unknown>) =>
  loadConfig({ text: JSON.stringify({ ...base, ...settings }), convar: () => null });

const loaded = (settings: Record<string, unknown>): ResourceConfig => {
  const result = load(settings);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
};

/** The worked example of the README's programs section, every program on. */
const EVERYTHING = {
  timeZone: 'Europe/Paris',
  reward: [
    { type: 'money', amount: 500 },
    { type: 'item', item: 'lockpick', count: 1, chance: 12.5 },
    {
      oneOf: [
        { type: 'item', item: 'bread', count: 2, weight: 3 },
        { type: 'bank', amount: 250, weight: 1 },
      ],
      chance: 50,
    },
  ],
  firstVote: { reward: { type: 'bank', amount: 1000 } },
  milestones: [
    { at: 10, reward: { type: 'item', item: 'medal', count: 1 } },
    { every: 25, reward: [{ type: 'bank', amount: 5000 }] },
  ],
  streaks: {
    graceDays: 1,
    rewards: [
      { days: 7, reward: { type: 'money', amount: 2000 } },
      {
        days: 30,
        reward: {
          oneOf: [
            { type: 'custom', command: 'givecar {source} adder', weight: 1 },
            { type: 'bank', amount: 50000, weight: 9 },
          ],
        },
      },
    ],
    tellPlayers: false,
  },
  voteParty: {
    enabled: true,
    every: 100,
    reward: { type: 'money', amount: 1500 },
    minMonthlyVotes: 1,
    announceMinutes: 15,
  },
  topVoters: {
    enabled: true,
    command: 'top',
    awards: [
      { rank: 1, reward: { type: 'bank', amount: 100000 } },
      { rank: 2, reward: { type: 'item', item: 'trophy', count: 1 } },
    ],
  },
};

describe('config: reward programs that load', () => {
  it('every program off by default', () => {
    const config = loaded({});
    expect(config).toMatchObject({
      timeZone: 'UTC',
      firstVote: null,
      milestones: [],
      streaks: { graceDays: 0, rewards: [], tellPlayers: true },
      voteParty: { enabled: false },
      topVoters: { enabled: false, awards: [] },
    });
    expect(voteProgramsOf(config)).toEqual({
      milestones: [],
      streaks: { graceDays: 0, rewards: [] },
      firstVote: null,
    });
  });

  it('the worked example loads, one reward or a list read as a list, defaults filled', () => {
    const config = loaded(EVERYTHING);
    expect(rewardsOf(config)).toEqual(EVERYTHING.reward);
    expect(config.firstVote).toEqual({ reward: [{ type: 'bank', amount: 1000 }] });
    expect(config.milestones).toEqual([
      { at: 10, reward: [{ type: 'item', item: 'medal', count: 1 }] },
      { every: 25, reward: [{ type: 'bank', amount: 5000 }] },
    ]);
    expect(config.streaks.rewards[1]?.reward).toEqual([EVERYTHING.streaks.rewards[1]?.reward]);
    expect(config.voteParty.reward).toEqual([{ type: 'money', amount: 1500 }]);
    expect(config.topVoters.awards[1]?.reward).toEqual([{ type: 'item', item: 'trophy', count: 1 }]);
    expect(voteProgramsOf(config)).toEqual({
      milestones: config.milestones,
      streaks: { graceDays: 1, rewards: config.streaks.rewards },
      firstVote: [{ type: 'bank', amount: 1000 }],
    });
  });

  it.each<[string, Record<string, unknown>]>([
    ['a chance of 100', { reward: { type: 'money', amount: 5, chance: 100 } }],
    ['a chance with two decimals', { reward: { type: 'money', amount: 5, chance: 0.01 } }],
    ['an item count filled with 1', { reward: { type: 'item', item: 'bread', chance: 5 } }],
    ['a oneOf of one option', { reward: { oneOf: [{ type: 'money', amount: 5, weight: 1 }] } }],
    ['fractional weights', { reward: { oneOf: [{ type: 'money', amount: 5, weight: 0.5 }] } }],
    ['a fixed offset', { timeZone: '-03:00' }],
    ['a milestone at 1', { milestones: [{ at: 1, reward: { type: 'money', amount: 5 } }] }],
    ['seven grace days', { streaks: { graceDays: 7 } }],
  ])('%s', (_label, settings) => {
    expect(load(settings).ok).toBe(true);
  });

  it('an item reward without a count gets count 1, inside a choice too', () => {
    const config = loaded({
      reward: { oneOf: [{ type: 'item', item: 'bread', weight: 1 }], chance: 5 },
    });
    expect(rewardsOf(config)).toEqual([
      { oneOf: [{ type: 'item', item: 'bread', count: 1, weight: 1 }], chance: 5 },
    ]);
  });
});

describe('config: reward programs that are refused, with a line naming the setting', () => {
  it.each<[string, Record<string, unknown>, string[]]>([
    [
      'a milestone at 0 without a reward',
      { milestones: [{ at: 0 }] },
      [
        'milestones[0].at: expected a number ≥ 1, got 0',
        'milestones[0].reward: expected object or array, got nothing',
      ],
    ],
    ['an empty choice', { reward: { oneOf: [] } }, ['reward.oneOf: expected at least 1 item, got a list']],
    [
      'a chance above 100',
      { reward: { type: 'money', amount: 5, chance: 150 } },
      ['reward.chance: expected a number ≤ 100, got 150'],
    ],
    [
      'a chance of 0',
      { reward: { type: 'money', amount: 5, chance: 0 } },
      ['reward.chance: expected a number > 0, got 0'],
    ],
    [
      'a choice option without a weight',
      { reward: { oneOf: [{ type: 'money', amount: 5 }] } },
      ['reward.oneOf[0].weight: expected number, got nothing'],
    ],
    [
      'a weight of 0 in a list of entries',
      { reward: [{ type: 'money', amount: 5 }, { oneOf: [{ type: 'money', amount: 5, weight: 0 }] }] },
      ['reward[1].oneOf[0].weight: expected a number > 0, got 0'],
    ],
    [
      'a weight outside a choice',
      { reward: { type: 'money', amount: 5, weight: 3 } },
      ['reward.weight: unknown setting (check the spelling)'],
    ],
    [
      'a chance on a choice option (it goes on the choice)',
      { reward: { oneOf: [{ type: 'money', amount: 5, weight: 1, chance: 5 }] } },
      ['reward.oneOf[0].chance: unknown setting (check the spelling)'],
    ],
    [
      'a misspelled chance on a choice',
      { reward: { oneOf: [{ type: 'money', amount: 5, weight: 1 }], chanse: 5 } },
      ['reward.chanse: unknown setting; did you mean "chance"?'],
    ],
    [
      'a choice option without a type',
      { reward: { oneOf: [{ amount: 5, weight: 1 }] } },
      ['reward.oneOf[0].type: expected one of money, bank, gold, item, points, custom, got nothing'],
    ],
    [
      'a milestone with both at and every',
      { milestones: [{ at: 3, every: 2, reward: { type: 'money', amount: 5 } }] },
      ['milestones[0]: use "at" or "every", not both'],
    ],
    [
      'a milestone with a misspelled every',
      { milestones: [{ evry: 3, reward: { type: 'money', amount: 5 } }] },
      [
        'milestones[0]: expected "at" or "every", got neither ("evry" is not a setting here; did you mean "every"?)',
      ],
    ],
    [
      'a milestone with neither at nor every',
      { milestones: [{ reward: { type: 'money', amount: 5 } }] },
      ['milestones[0]: expected "at" or "every", got neither'],
    ],
    [
      'an unknown key in a milestone',
      { milestones: [{ at: 3, reward: { type: 'money', amount: 5 }, bonus: 1 }] },
      ['milestones[0].bonus: unknown setting (check the spelling)'],
    ],
    [
      'an unknown key in streaks',
      { streaks: { grace: 1 } },
      ['streaks.grace: unknown setting (check the spelling)'],
    ],
    [
      'an unknown key in a streak reward',
      { streaks: { rewards: [{ days: 3, reward: { type: 'money', amount: 5 }, extra: 1 }] } },
      ['streaks.rewards[0].extra: unknown setting (check the spelling)'],
    ],
    [
      'an unknown key in firstVote',
      { firstVote: { reward: { type: 'money', amount: 5 }, extra: 1 } },
      ['firstVote.extra: unknown setting (check the spelling)'],
    ],
    [
      'a streak of one day',
      { streaks: { rewards: [{ days: 1, reward: { type: 'money', amount: 5 } }] } },
      ['streaks.rewards[0].days: expected a number ≥ 2, got 1'],
    ],
    ['eight grace days', { streaks: { graceDays: 8 } }, ['streaks.graceDays: expected a number ≤ 7, got 8']],
    [
      'an empty first-vote list',
      { firstVote: { reward: [] } },
      ['firstVote.reward: expected at least 1 item, got a list'],
    ],
    [
      'a first-vote chance above 100',
      { firstVote: { reward: { type: 'money', amount: 5, chance: 101 } } },
      ['firstVote.reward.chance: expected a number ≤ 100, got 101'],
    ],
    [
      'an empty vote-party choice',
      { voteParty: { enabled: true, reward: { oneOf: [] } } },
      ['voteParty.reward.oneOf: expected at least 1 item, got a list'],
    ],
    [
      'a vote party that may decide no threshold per read',
      { voteParty: { enabled: true, maxThresholdsPerRead: 0 } },
      ['voteParty.maxThresholdsPerRead: expected a number ≥ 1, got 0'],
    ],
    [
      'a top-voter rank of 0',
      { topVoters: { awards: [{ rank: 0, reward: { type: 'money', amount: 5 } }] } },
      ['topVoters.awards[0].rank: expected a number ≥ 1, got 0'],
    ],
    [
      'an unknown time zone',
      { timeZone: 'Mars/Olympus' },
      [
        'timeZone: "Mars/Olympus" is not a time zone this server knows; use an IANA name such as "Europe/Paris", "UTC", or a fixed offset such as "+02:00"',
      ],
    ],
  ])('%s', (_label, settings, problems) => {
    expect(load(settings)).toEqual({ ok: false, problems });
  });

  it('standalone refuses a money reward hidden in any program, naming it', () => {
    const result = load({
      framework: 'standalone',
      reward: { type: 'custom', command: 'say hi' },
      streaks: { rewards: [{ days: 3, reward: { oneOf: [{ type: 'bank', amount: 5, weight: 1 }] } }] },
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.join('\n')).toContain('bank');
  });
});

describe('possibleRewardsOf', () => {
  it("lists every reward of every program's options once, without chance or weight", () => {
    expect(possibleRewardsOf(loaded(EVERYTHING))).toEqual([
      { type: 'money', amount: 500 },
      { type: 'item', item: 'lockpick', count: 1 },
      { type: 'item', item: 'bread', count: 2 },
      { type: 'bank', amount: 250 },
      { type: 'bank', amount: 1000 },
      { type: 'item', item: 'medal', count: 1 },
      { type: 'bank', amount: 5000 },
      { type: 'money', amount: 2000 },
      { type: 'custom', command: 'givecar {source} adder' },
      { type: 'bank', amount: 50000 },
      { type: 'money', amount: 1500 },
      { type: 'bank', amount: 100000 },
      { type: 'item', item: 'trophy', count: 1 },
    ]);
  });

  it('leaves out the vote party and top voters while they are off', () => {
    const config = loaded({
      ...EVERYTHING,
      voteParty: { ...EVERYTHING.voteParty, enabled: false },
      topVoters: { ...EVERYTHING.topVoters, enabled: false },
    });
    const rewards = possibleRewardsOf(config);
    expect(rewards).not.toContainEqual({ type: 'money', amount: 1500 });
    expect(rewards).not.toContainEqual({ type: 'item', item: 'trophy', count: 1 });
    expect(rewards).toContainEqual({ type: 'custom', command: 'givecar {source} adder' });
  });

  it('lists a reward given by two programs once', () => {
    const config = loaded({
      reward: { type: 'money', amount: 500 },
      firstVote: { reward: { type: 'money', amount: 500, chance: 50 } },
      milestones: [{ every: 2, reward: { oneOf: [{ type: 'money', amount: 500, weight: 2 }] } }],
    });
    expect(possibleRewardsOf(config)).toEqual([{ type: 'money', amount: 500 }]);
  });
});
