import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load';
import { didYouMean, editDistance } from '../../src/domain/suggest';

const base = { apiUrl: 'https://votes.example', apiKey: 'live_0123456789abcdef0123456789abcdef' };
const problemsOf = (settings: Record<string, unknown>) => {
  const result = loadConfig({ text: JSON.stringify({ ...base, ...settings }), convar: () => null });
  return result.ok ? [] : result.problems;
};

describe('config.json near misses name the value or setting meant', () => {
  it.each([
    [
      { framework: 'ESX' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "ESX"; did you mean "esx"?',
    ],
    [
      { framework: 'qb' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "qb"; did you mean "qbcore"?',
    ],
    [
      { framework: 'qb-core' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "qb-core"; did you mean "qbcore"?',
    ],
    [
      { framework: 'es_extended' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "es_extended"; did you mean "esx"?',
    ],
    [
      { framework: 'ND_Core' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "ND_Core"; did you mean "ndcore"?',
    ],
    [
      { framework: 'qbx_core' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "qbx_core"; did you mean "qbox"?',
    ],
    [
      { locale: 'de-DE' },
      'locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "de-DE"; did you mean "de"?',
    ],
    [
      { locale: 'pt' },
      'locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "pt"; did you mean "pt-BR"?',
    ],
    [
      { locale: 'pt_br' },
      'locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "pt_br"; did you mean "pt-BR"?',
    ],
    [{ locale: 'it' }, 'locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "it"'],
    [
      { notify: 'OX_LIB' },
      'notify: expected one of "chat", "ox_lib", "esx", "qbcore", "vorp", got "OX_LIB"; did you mean "ox_lib"?',
    ],
    [{ milestone: [] }, 'milestone: unknown setting; did you mean "milestones"?'],
    [
      {
        points: { perVote: 10 },
        shop: {
          enabled: true,
          items: [
            {
              id: 'bread',
              name: 'Bread',
              cost: 10,
              rewards: { type: 'item', item: 'bread' },
              limit: { count: 3, reset: 'week' },
            },
          ],
        },
      },
      'shop.items[0].limit.reset: expected one of "daily", "weekly", "monthly", "never", got "week"; did you mean "weekly"?',
    ],
    [{ voteParty: { evry: 5 } }, 'voteParty.evry: unknown setting; did you mean "every"?'],
    [{ poll: { autoclaim: true } }, 'poll.autoclaim: unknown setting; did you mean "autoClaim"?'],
    [
      { reminders: { joinDelaySecond: 60 } },
      'reminders.joinDelaySecond: unknown setting; did you mean "joinDelaySeconds"?',
    ],
    [{ reminders: { maxperhour: 3 } }, 'reminders.maxperhour: unknown setting; did you mean "maxPerHour"?'],
    [{ reminder: { enabled: true } }, 'reminder: unknown setting; did you mean "reminders"?'],
    [
      { reward: { type: 'money', amount: 5, chanse: 10 } },
      'reward.chanse: unknown setting; did you mean "chance"?',
    ],
    [
      { reward: { type: 'Money', amount: 5 } },
      'reward.type: expected one of money, bank, gold, item, points, custom, got "Money"; did you mean "money"?',
    ],
    [
      { milestones: [{ evry: 5, reward: { type: 'money', amount: 5 } }] },
      'milestones[0]: expected "at" or "every", got neither ("evry" is not a setting here; did you mean "every"?)',
    ],
    [{ bonus: 1 }, 'bonus: unknown setting (check the spelling)'],
    [
      { discord: { enabled: true, webhook: 'https://discord.com/api/webhooks/1/abc' } },
      'discord.webhook: not a config.json setting; the webhook address is a secret, so it goes in server.cfg: set vote_reward_discord_webhook "https://discord.com/api/webhooks/..."',
    ],
    [
      { discord: { webhookUrl: 'https://discord.com/api/webhooks/1/abc' } },
      'discord.webhookUrl: not a config.json setting; the webhook address is a secret, so it goes in server.cfg: set vote_reward_discord_webhook "https://discord.com/api/webhooks/..."',
    ],
  ])('%j', (settings, problem) => {
    expect(problemsOf(settings)).toEqual([problem]);
  });
});

describe('didYouMean', () => {
  it.each([
    ['ESX', ['esx', 'qbcore'], {}, 'esx'],
    ['qb', ['qbcore', 'qbox'], { qb: 'qbcore' }, 'qbcore'],
    ['qb', ['qbcore', 'qbox'], {}, null],
    ['de-DE', ['en', 'de', 'pt-BR'], {}, 'de'],
    ['en-US', ['en', 'de'], {}, 'en'],
    ['evry', ['every', 'reward'], {}, 'every'],
    ['milestone', ['milestones', 'streaks'], {}, 'milestones'],
    ['graceDay', ['graceDays', 'rewards'], {}, 'graceDays'],
    ['grace', ['graceDays', 'rewards'], {}, null],
    ['it', ['en', 'nl', 'pl'], {}, null],
    ['ab', ['ac', 'ad'], {}, null],
    ['', ['a'], {}, null],
  ])('%j among %j (aliases %j) is %j', (input, candidates, aliases, meant) => {
    expect(didYouMean(input, candidates, aliases)).toBe(meant);
  });

  it.each([
    ['', '', 0],
    ['evry', 'every', 1],
    ['ab', 'ba', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
  ])('the distance from %j to %j is %d', (a, b, distance) => {
    expect(editDistance(a, b)).toBe(distance);
    expect(editDistance(b, a)).toBe(distance);
  });
});
