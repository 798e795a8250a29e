import { describe, expect, it } from 'vitest';
import { createMockVoteApi, fetchThrough } from '../../devkit/fakes/mock-transport';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { createResource } from '../../src/resource';
import { notificationText } from '../../src/runtime/notify';

/** An owner's override with chat colour codes: the chat keeps them, notifications must not show them. */
const NO_VOTE = '^2No vote^7 for {name}: vote at {url}';
const CHAT_TEXT = '^2No vote^7 for Ana: vote at https://votes.example/servers/1/vote';
const PLAIN_TEXT = 'No vote for Ana: vote at https://votes.example/servers/1/vote';

/** The resource with `notify` and the given resources started; Ana, who has not voted, types /vote. */
const voteWithoutVoting = async (notify: string | undefined, started: string[]) => {
  const { runtime } = await startResourceWorld({
    started,
    config: {
      voteUrl: 'https://votes.example/servers/1/vote',
      messages: { en: { no_vote: NO_VOTE } },
      ...(notify ? { notify } : {}),
    },
  });
  runtime.join(1, { name: 'Ana', license: 'license:aaa' });
  runtime.commands.get('vote')?.handler(1, [], 'vote');
  await runtime.clock.settle();
  return {
    chat: runtime.told.filter((t) => t.source === 1).map((t) => t.message),
    notifications: runtime.netEvents
      .filter((e) => e.target === 1 && e.event !== 'chat:addSuggestion')
      .map((e) => [e.event, ...e.args]),
    warnings: runtime.logs.filter((l) => l.level === 'warn').map((l) => l.message),
    info: runtime.logs.filter((l) => l.level === 'info').map((l) => l.message),
  };
};

describe('notify: where players read messages', () => {
  it.each([
    ['chat (the default)', undefined, [], [], null],
    ['chat', 'chat', ['ox_lib'], [], null],
    [
      'ox_lib',
      'ox_lib',
      ['ox_lib'],
      [['ox_lib:notify', { title: 'Vote', description: PLAIN_TEXT, type: 'info' }]],
      'vote-reward: player messages shown as ox_lib notifications',
    ],
    [
      'esx',
      'esx',
      ['es_extended', 'esx_notify'],
      [['esx:showNotification', PLAIN_TEXT, 'info', 5000, 'Vote']],
      'vote-reward: player messages shown as esx notifications',
    ],
    [
      'qbcore on QBCore',
      'qbcore',
      ['qb-core'],
      [['QBCore:Notify', PLAIN_TEXT, 'primary', 5000]],
      'vote-reward: player messages shown as qbcore notifications',
    ],
    [
      'qbcore on Qbox',
      'qbcore',
      ['qbx_core'],
      [['QBCore:Notify', PLAIN_TEXT, 'primary', 5000]],
      'vote-reward: player messages shown as qbcore notifications',
    ],
    [
      'vorp on RedM (what Core.NotifyRightTip sends)',
      'vorp',
      ['vorp_core'],
      [['vorp:TipRight', PLAIN_TEXT, 5000]],
      'vote-reward: player messages shown as vorp notifications',
    ],
  ])(
    '%s: the answer to /vote arrives there, without chat colour codes',
    async (_, notify, started, expected, line) => {
      const seen = await voteWithoutVoting(notify, started);
      expect(seen.notifications).toEqual(expected);
      expect(seen.chat).toEqual(expected.length === 0 ? [CHAT_TEXT] : []);
      expect(seen.warnings).toEqual([]);
      if (line) expect(seen.info).toContain(line);
      else expect(seen.info.filter((l) => l.includes('notifications'))).toEqual([]);
    },
  );

  it.each([
    [
      'ox_lib',
      [],
      'vote-reward: notify "ox_lib" needs ox_lib started (before vote-reward); player messages go to the chat',
    ],
    [
      'esx',
      ['es_extended'],
      'vote-reward: notify "esx" needs esx_notify started (before vote-reward); player messages go to the chat',
    ],
    [
      'esx',
      [],
      'vote-reward: notify "esx" needs es_extended and esx_notify started (before vote-reward); player messages go to the chat',
    ],
    [
      'qbcore',
      ['ox_lib'],
      'vote-reward: notify "qbcore" needs qb-core or qbx_core started (before vote-reward); player messages go to the chat',
    ],
    [
      'vorp',
      ['rsg-core'],
      'vote-reward: notify "vorp" needs vorp_core started (before vote-reward); player messages go to the chat',
    ],
  ])('%s with %j started: says so at start and falls back to the chat', async (notify, started, warning) => {
    const seen = await voteWithoutVoting(notify, started);
    expect(seen.warnings).toEqual([warning]);
    expect(seen.notifications).toEqual([]);
    expect(seen.chat).toEqual([CHAT_TEXT]);
  });

  it('refuses an unknown notify value by name', async () => {
    const runtime = createFakeRuntime();
    runtime.convars.set('vote_reward_api_key', 'live_0123456789abcdef0123456789abcdef');
    runtime.files.set(
      'config.json',
      JSON.stringify({ apiUrl: 'https://votes.example', notify: 'okokNotify' }),
    );
    await createResource(runtime).start();
    expect(runtime.logs.map((l) => l.message)).toContain(
      '  - notify: expected one of "chat", "ox_lib", "esx", "qbcore", "vorp", got "okokNotify"',
    );
  });

  it.each([
    ['^1red^7 and ^*bold^r', 'red and bold'],
    ['no codes, 100^2 stays ', 'no codes, 100 stays '],
    ['caret ^ alone', 'caret ^ alone'],
  ])('strips the chat codes of %j', (chat, shown) => {
    expect(notificationText(chat)).toBe(shown);
  });
});

/** The resource polling with `notify` and `started`; Ana votes on the site and is online until the poller finds it. */
const detectAVote = async (notify: string, started: string[]) => {
  const runtime = createFakeRuntime();
  for (const name of started) runtime.resourceStates.set(name, 'started');
  const api = createMockVoteApi({ now: runtime.now, checkMode: 'unclaimed' });
  runtime.convars.set('vote_reward_api_key', api.apiKey);
  runtime.files.set(
    'config.json',
    JSON.stringify({
      apiUrl: 'https://votes.example',
      voteUrl: 'https://votes.example/servers/1/vote',
      framework: 'standalone',
      reward: { type: 'custom', event: 'x:paid' },
      poll: { enabled: true, autoClaim: false, reminderMinutes: 0 },
      notify,
    }),
  );
  runtime.fetch = fetchThrough(api);
  await createResource(runtime).start();
  runtime.join(1, { name: 'Ana', license: 'license:aaa' });
  api.addVote('Ana', runtime.now());
  await runtime.clock.advance(60_000);
  return {
    chat: runtime.told.filter((t) => t.source === 1).map((t) => t.message),
    notifications: runtime.netEvents
      .filter((e) => e.target === 1 && e.event !== 'chat:addSuggestion')
      .map((e) => [e.event, ...e.args]),
  };
};

describe('notify: a vote the poller detects', () => {
  const WAITING = 'Your vote was received: type /vote to get your reward.';
  it.each([
    [
      'ox_lib',
      'ox_lib',
      ['ox_lib'],
      [['ox_lib:notify', { title: 'Vote', description: WAITING, type: 'info' }]],
      [],
    ],
    [
      'esx',
      'esx',
      ['es_extended', 'esx_notify', 'ox_lib'],
      [['esx:showNotification', WAITING, 'info', 5000, 'Vote']],
      [],
    ],
    ['chat while ox_lib runs', 'chat', ['ox_lib'], [], [WAITING]],
  ])(
    '%s: the reward-waiting message arrives once, through the configured notifier only',
    async (_, notify, started, toasts, chat) => {
      const seen = await detectAVote(notify, started);
      expect(seen.notifications).toEqual(toasts);
      expect(seen.chat).toEqual(chat);
    },
  );
});
