import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { OPTIONAL_PROGRAMS, rewardsByPart, withoutProgram } from '../../src/config/optional-programs';
import type { ResourceConfig } from '../../src/config/schema';

const base = { apiUrl: 'https://votes.example', apiKey: 'live_0123456789abcdef0123456789abcdef' };
const load = (settings: Record<string, unknown>, optionalPrograms = true) =>
  loadConfig({ text: JSON.stringify({ ...base, ...settings }), convar: () => null }, { optionalPrograms });
const configOf = (settings: Record<string, unknown>): ResourceConfig => {
  const result = load(settings, false);
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.config;
};

const money = (amount: number) => ({ type: 'money', amount });

describe('loadConfig with optionalPrograms: one program with wrong settings is turned off, the vote still pays', () => {
  it.each([
    [
      'discord.webhook put in config.json',
      { discord: { enabled: true, webhook: 'https://discord.com/api/webhooks/1/x' } },
      'discord',
      'discord.webhook: not a config.json setting; the webhook address is a secret, so it goes in server.cfg: set vote_reward_discord_webhook "https://discord.com/api/webhooks/..."',
      (config: ResourceConfig) => config.discord.enabled,
      false,
    ],
    [
      'a milestone with at "5"',
      { milestones: [{ at: '5', reward: money(5) }] },
      'milestones',
      'milestones[0].at: expected number, got "5"',
      (config: ResourceConfig) => config.milestones,
      [],
    ],
    [
      'voteParty.evry',
      { voteParty: { enabled: true, evry: 5 } },
      'voteParty',
      'voteParty.evry: unknown setting; did you mean "every"?',
      (config: ResourceConfig) => config.voteParty.enabled,
      false,
    ],
    [
      'a streak reward of -500',
      { streaks: { rewards: [{ days: 3, reward: money(-500) }] } },
      'streaks',
      'streaks.rewards[0].reward.amount: expected a number ≥ 1, got -500',
      (config: ResourceConfig) => config.streaks.rewards,
      [],
    ],
  ])('%s', (_label, settings, program, problem, read, off) => {
    const result = load({ ...settings, reward: money(500), firstVote: { reward: money(100) } });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.disabled).toEqual([{ program, problems: [problem] }]);
    expect(read(result.config)).toEqual(off);
    expect(result.config.reward).toEqual(money(500));
    expect(result.config.firstVote).toEqual({ reward: [money(100)] });
  });

  it('still refuses a wrong core setting, listing the broken programs too', () => {
    expect(load({ reward: money(0), milestones: [{ at: 0, reward: money(5) }] })).toEqual({
      ok: false,
      problems: [
        'reward.amount: expected a number ≥ 1, got 0',
        'milestones[0].at: expected a number ≥ 1, got 0',
      ],
    });
  });

  it('still refuses an unknown top-level key: it may be a core setting misspelt', () => {
    expect(load({ rewards: money(5) })).toEqual({
      ok: false,
      problems: ['rewards: unknown setting; did you mean "reward"?'],
    });
  });

  it('lists the programs it turned off when the core stops the start for another reason', () => {
    const result = load({
      voteUrl: 'https://your-listing-site.example/servers/YOUR_SERVER_ID/vote',
      topVoters: { rank: 1 },
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
        'topVoters.rank: unknown setting (check the spelling)',
      ],
    });
  });

  it('without the option, a program with wrong settings refuses the whole config as before', () => {
    expect(load({ discord: { webhook: 'https://discord.com/api/webhooks/1/x' } }, false).ok).toBe(false);
  });

  it('gives no disabled list when every program is fine', () => {
    expect(load({ milestones: [{ at: 5, reward: money(5) }] })).not.toHaveProperty('disabled');
  });
});

describe('rewardsByPart and withoutProgram', () => {
  const everything = configOf({
    reward: [
      money(500),
      {
        oneOf: [
          { ...money(1), weight: 1 },
          { type: 'item', item: 'bread', weight: 1 },
        ],
      },
    ],
    firstVote: { reward: money(100) },
    milestones: [{ at: 5, reward: { type: 'item', item: 'goldbar' } }],
    streaks: { rewards: [{ days: 3, reward: { type: 'bank', amount: 7 } }] },
    voteParty: { enabled: true, reward: money(9) },
    topVoters: { enabled: true, awards: [{ rank: 1, reward: money(11) }] },
    discord: { enabled: true },
  });

  it('names the part each reward belongs to, every option of a choice included', () => {
    expect(rewardsByPart(everything)).toEqual([
      { part: 'reward', rewards: [money(500), money(1), { type: 'item', item: 'bread', count: 1 }] },
      { part: 'firstVote', rewards: [money(100)] },
      { part: 'milestones', rewards: [{ type: 'item', item: 'goldbar', count: 1 }] },
      { part: 'streaks', rewards: [{ type: 'bank', amount: 7 }] },
      { part: 'voteParty', rewards: [money(9)] },
      { part: 'topVoters', rewards: [money(11)] },
    ]);
  });

  it.each(OPTIONAL_PROGRAMS)(
    'withoutProgram(%s) leaves no reward of it and touches nothing else',
    (program) => {
      const off = withoutProgram(everything, program);
      expect(rewardsByPart(off).map(({ part }) => part)).not.toContain(program);
      expect(rewardsByPart(off).filter(({ part }) => part !== program)).toEqual(
        rewardsByPart(everything).filter(({ part }) => part !== program),
      );
      expect(off.discord.enabled).toBe(program !== 'discord');
      expect(everything.discord.enabled).toBe(true);
    },
  );
});
