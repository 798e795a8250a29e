import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, maskKey, rewardsOf } from '../../src/config/load';
import { configJsonSchema } from '../../src/config/schema';

const KEY = 'live_0123456789abcdef0123456789abcdef';
const base = { apiUrl: 'https://votes.example', apiKey: KEY };
const noConvars = () => null;

const load = (config: unknown, convars: Record<string, string> = {}) =>
  loadConfig({ text: JSON.stringify(config), convar: (name) => convars[name] ?? null });

describe('loadConfig', () => {
  it('fills every default from the schema', () => {
    const result = load(base);
    expect(result).toEqual({
      ok: true,
      apiUrlSource: 'config',
      config: {
        apiUrl: 'https://votes.example',
        apiKey: KEY,
        voteUrl: '',
        locale: 'en',
        framework: 'auto',
        command: 'vote',
        vrp: { variant: 'vrp1', cashItem: 'dollar', members: {} },
        rsg: { bank: 'bank' },
        notify: 'chat',
        checkMode: 'unclaimed',
        reward: { type: 'money', amount: 500 },
        timeZone: 'UTC',
        firstVote: null,
        milestones: [],
        streaks: { graceDays: 0, rewards: [], tellPlayers: true },
        voteParty: {
          enabled: false,
          every: 50,
          reward: [{ type: 'money', amount: 1000 }],
          minMonthlyVotes: 0,
          announceMinutes: 30,
          maxThresholdsPerRead: 3,
        },
        topVoters: { enabled: false, command: 'votetop', awards: [] },
        discord: {
          enabled: false,
          vote: true,
          milestone: true,
          streak: true,
          party: true,
          winners: true,
          batchSeconds: 2,
        },
        points: { perVote: 0 },
        shop: {
          enabled: false,
          command: 'voteshop',
          pointsCommand: 'votepoints',
          menu: false,
          discord: false,
          items: [],
        },
        messages: {},
        poll: {
          enabled: true,
          maxRequestsPerMinute: 60,
          reservePercent: 20,
          linkShownIntervalSeconds: 15,
          linkShownDurationMinutes: 10,
          joinCheckDelaySeconds: 5,
          autoClaim: false,
          reminderMinutes: 0,
          siteCooldownMinutes: 120,
          broadcast: { enabled: false, windowMinutes: 5 },
        },
        reminders: {
          enabled: false,
          joinDelaySeconds: 120,
          repeatMinutes: 0,
          maxPerHour: 2,
          partyNudgeVotes: 10,
          command: 'votereminders',
        },
        sites: [],
        allSites: { reward: null },
        nameLock: true,
        claimCooldownSeconds: 10,
        requestTimeoutMs: 10_000,
      },
    });
  });

  it('accepts every documented field with valid values', () => {
    const full = {
      $schema: './config.schema.json',
      ...base,
      voteUrl: 'https://votes.example/servers/123/vote',
      locale: 'fr',
      framework: 'qbox',
      command: 'voter',
      checkMode: 'last24h',
      reward: [
        { type: 'money', amount: 100 },
        { type: 'bank', amount: 200 },
        { type: 'item', item: 'bread', count: 2 },
        { type: 'custom', command: 'say {name}', event: 'my:event' },
      ],
      messages: { fr: { rewarded: 'Merci {rewards}' } },
      poll: { enabled: false, maxRequestsPerMinute: 30, autoClaim: true, broadcast: { enabled: true } },
      nameLock: false,
      claimCooldownSeconds: 0,
      requestTimeoutMs: 5000,
    };
    const result = load(full);
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.locale).toBe('fr');
    expect(result.config.poll.maxRequestsPerMinute).toBe(30);
    expect(result.config.poll.reservePercent).toBe(20);
    expect(result.config.poll.broadcast).toEqual({ enabled: true, windowMinutes: 5 });
    expect(rewardsOf(result.config)).toHaveLength(4);
  });

  it('turns a single reward into a one-item list and keeps a list as is', () => {
    const single = load({ ...base, reward: { type: 'item', item: 'bread' } });
    const list = load({ ...base, reward: [{ type: 'bank', amount: 5 }] });
    if (!single.ok || !list.ok) throw new Error('expected valid configs');
    expect(rewardsOf(single.config)).toEqual([{ type: 'item', item: 'bread', count: 1 }]);
    expect(rewardsOf(list.config)).toEqual([{ type: 'bank', amount: 5 }]);
  });

  it.each([
    [
      { reward: { type: 'diamonds' } },
      'reward.type: expected one of money, bank, gold, item, points, custom, got "diamonds"',
    ],
    [
      { reward: [{ type: 'money', amount: 5 }, { type: 'diamonds' }] },
      'reward[1].type: expected one of money, bank, gold, item, points, custom, got "diamonds"',
    ],
    [{ reward: { type: 'money', amount: 0 } }, 'reward.amount: expected a number ≥ 1, got 0'],
    [{ reward: { type: 'money', amount: 1.5 } }, 'reward.amount: expected a whole number, got 1.5'],
    [{ reward: { type: 'bank', amount: '100' } }, 'reward.amount: expected number, got "100"'],
    [{ reward: { type: 'money' } }, 'reward.amount: expected number, got nothing'],
    [
      { reward: { type: 'item', item: 'a b' } },
      'reward.item: expected an item name of letters, digits, _ . : or -, got "a b"',
    ],
    [{ reward: { type: 'item', item: 'bread', count: 0 } }, 'reward.count: expected a number ≥ 1, got 0'],
    [{ reward: { type: 'custom' } }, 'reward: a custom reward needs "command", "event" or both'],
    [
      { reward: { type: 'money', amount: 5, extra: 1 } },
      'reward.extra: unknown setting (check the spelling)',
    ],
    [{ reward: [] }, 'reward: expected at least 1 item, got a list'],
    [{ reward: 5 }, 'reward: expected object or array, got 5'],
    [{ locale: 'it' }, 'locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "it"'],
    [
      { framework: 'ox' },
      'framework: expected one of "auto", "esx", "ndcore", "oxcore", "qbcore", "qbox", "rsg", "vorp", "vrp", "standalone", got "ox"',
    ],
    [{ checkMode: 'all' }, 'checkMode: expected one of "unclaimed", "last24h", got "all"'],
    [
      { command: 'Vote Now' },
      'command: expected a command name of lowercase letters, digits, _ or -, got "Vote Now"',
    ],
    [{ voteUrl: 'ftp://x' }, 'voteUrl: expected an http(s) URL, got "ftp://x"'],
    [{ nameLock: 'yes' }, 'nameLock: expected boolean, got "yes"'],
    [{ claimCooldownSeconds: -1 }, 'claimCooldownSeconds: expected a number ≥ 0, got -1'],
    [{ requestTimeoutMs: 100 }, 'requestTimeoutMs: expected a number ≥ 1000, got 100'],
    [{ poll: { maxRequestsPerMinute: 61 } }, 'poll.maxRequestsPerMinute: expected a number ≤ 60, got 61'],
    [{ poll: { reservePercent: 95 } }, 'poll.reservePercent: expected a number ≤ 90, got 95'],
    [
      { poll: { broadcast: { windowMinutes: 0 } } },
      'poll.broadcast.windowMinutes: expected a number ≥ 1, got 0',
    ],
    [{ poll: { autoClaim: 1 } }, 'poll.autoClaim: expected boolean, got 1'],
    [{ messages: { en: { bogus: 'x' } } }, 'messages.en.bogus: unknown setting (check the spelling)'],
    [{ messages: { it: {} } }, 'messages.it: unknown setting (check the spelling)'],
    [{ apikey: 'x' }, 'apikey: unknown setting (check the spelling)'],
  ])('rejects %j with "%s"', (patch, message) => {
    expect(load({ ...base, ...patch })).toEqual({ ok: false, problems: [message] });
  });

  it.each([
    [
      { apiUrl: 'https://votes.example' },
      'apiKey: missing; put `set vote_reward_api_key "live_..."` in server.cfg or "apiKey" in config.json',
    ],
    [
      { apiKey: KEY },
      'apiUrl: missing; set "apiUrl" in config.json or `set vote_reward_api_url "https://..."`',
    ],
    [{ apiKey: KEY, apiUrl: 'votes.example' }, 'apiUrl: expected an http(s) URL, got "votes.example"'],
    [
      { apiKey: KEY, apiUrl: 'ftp://votes.example' },
      'apiUrl: expected an http(s) URL, got "ftp://votes.example"',
    ],
    [
      { apiKey: KEY, apiUrl: 'https://v.example/?key=1' },
      'apiUrl: expected a base URL without ?query or #hash, got "https://v.example/?…"',
    ],
    [
      { apiKey: 'live_abc def0123456789', apiUrl: 'https://v.example' },
      'apiKey: expected a key without spaces, got live_****6789',
    ],
  ])('reports the fatal problem of %j', (config, message) => {
    expect(load(config)).toEqual({ ok: false, problems: [message] });
  });

  it.each([
    [
      { apiKey: KEY, apiUrl: 'https://your-listing-site.example' },
      'apiUrl: set apiUrl in config.json (or `set vote_reward_api_url "https://..."` in server.cfg) to your listing site\'s address (it is still the placeholder "https://your-listing-site.example")',
    ],
    [
      { ...base, voteUrl: 'https://your-listing-site.example/servers/YOUR_SERVER_ID/vote' },
      'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
    ],
    [
      { ...base, voteUrl: 'https://votes.example/servers/YOUR_SERVER_ID/vote' },
      'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://votes.example/servers/YOUR_SERVER_ID/vote")',
    ],
    [
      { ...base, apiKey: 'live_your_key_here' },
      'apiKey: set `vote_reward_api_key` in server.cfg to the key from your listing site\'s Integrations page (it is still the placeholder "live_your_key_here")',
    ],
  ])('refuses the placeholder left in %j, naming the setting', (config, message) => {
    expect(load(config)).toEqual({ ok: false, problems: [message] });
  });

  it('refuses the committed config.json as shipped, naming each setting the owner must set', () => {
    const shipped = readFileSync(new URL('../../config.json', import.meta.url), 'utf8');
    expect(loadConfig({ text: shipped, convar: noConvars })).toEqual({
      ok: false,
      problems: [
        'apiKey: missing; put `set vote_reward_api_key "live_..."` in server.cfg or "apiKey" in config.json',
        'apiUrl: set apiUrl in config.json (or `set vote_reward_api_url "https://..."` in server.cfg) to your listing site\'s address (it is still the placeholder "https://your-listing-site.example")',
        'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
      ],
    });
  });

  it('accepts the shipped config.json once the convars set the site and the vote page is set', () => {
    const shipped = JSON.parse(readFileSync(new URL('../../config.json', import.meta.url), 'utf8'));
    const result = load(
      { ...shipped, voteUrl: 'https://votes.example/servers/7/vote' },
      { vote_reward_api_key: KEY, vote_reward_api_url: 'https://votes.example' },
    );
    expect(result.ok && result.config.apiUrl).toBe('https://votes.example');
  });

  it('refuses money, bank and item rewards on standalone, naming each', () => {
    const result = load({
      ...base,
      framework: 'standalone',
      reward: [
        { type: 'custom', event: 'x' },
        { type: 'bank', amount: 1 },
        { type: 'item', item: 'bread' },
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'reward[1].type: "bank" needs a framework (esx, ndcore, oxcore, qbcore, qbox, rsg, vrp); standalone can only give "custom" rewards',
        'reward[2].type: "item" needs a framework (esx, ndcore, oxcore, qbcore, qbox, rsg, vorp, vrp); standalone can only give "custom" rewards',
      ],
    });
  });

  it('lets the convars win over config.json', () => {
    const result = load(
      { apiKey: 'live_fromfile000000000000000000000', apiUrl: 'https://file.example' },
      {
        vote_reward_api_key: ' live_fromconvar0000000000000000000 ',
        vote_reward_api_url: 'http://127.0.0.1:8787',
      },
    );
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.apiKey).toBe('live_fromconvar0000000000000000000');
    expect(result.config.apiUrl).toBe('http://127.0.0.1:8787');
  });

  it('keeps config.json values when the convars are empty', () => {
    const result = load(base, { vote_reward_api_key: '', vote_reward_api_url: '  ' });
    expect(result.ok && result.config.apiKey).toBe(KEY);
  });

  it('reports invalid JSON with its line and column', () => {
    const result = loadConfig({ text: '{ "apiKey": ', convar: noConvars });
    expect(result).toEqual({
      ok: false,
      problems: [
        'config.json line 1, column 12: the file ends where a value was expected (the line reads: { "apiKey":)',
      ],
    });
  });

  it('treats a missing config.json as defaults, so convars alone are enough', () => {
    const result = loadConfig({
      text: null,
      convar: (name) =>
        ({ vote_reward_api_key: KEY, vote_reward_api_url: 'https://v.example' })[name] ?? null,
    });
    expect(result.ok).toBe(true);
  });

  it('accepts a UTF-8 byte order mark', () => {
    expect(loadConfig({ text: `\uFEFF${JSON.stringify(base)}`, convar: noConvars }).ok).toBe(true);
  });
});

describe('poll.reminderMinutes (0.4.0) and the reminders section', () => {
  it('reads reminderMinutes N > 0 as reminders on, repeating every N minutes, and says so', () => {
    const result = load({ ...base, poll: { reminderMinutes: 30 } });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.reminders).toMatchObject({
      enabled: true,
      repeatMinutes: 30,
      joinDelaySeconds: 1800,
    });
    expect(result.warnings).toEqual([
      "poll.reminderMinutes: read as reminders.enabled true, reminders.repeatMinutes 30, reminders.joinDelaySeconds 1800; reminders now follow each site's next-vote time and players can turn them off. Move the setting to the reminders section (docs/programs.md#reminders)",
    ]);
  });

  it('ignores reminderMinutes beside a reminders section, and says so', () => {
    const result = load({ ...base, poll: { reminderMinutes: 30 }, reminders: { enabled: false } });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.reminders.enabled).toBe(false);
    expect(result.warnings).toEqual([
      'poll.reminderMinutes: ignored, the reminders section sets the reminders; remove poll.reminderMinutes (docs/programs.md#reminders)',
    ]);
  });

  it('leaves reminders alone and says nothing when reminderMinutes is 0', () => {
    const result = load({ ...base, reminders: { enabled: true } });
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.reminders.enabled).toBe(true);
    expect(result.warnings).toBeUndefined();
  });

  it.each([
    [{ command: 'vote' }, '"vote" is already command'],
    [{ command: 'votelink' }, '"votelink" is already the vote link command'],
    [{ command: 'votereward' }, '"votereward" is already the admin command'],
  ])('refuses reminders.command %j that another command has', (reminders, said) => {
    const result = load({ ...base, reminders: { enabled: true, ...reminders } });
    expect(result.ok ? [] : result.problems).toEqual([
      `reminders.command: ${said}; give the reminders their own command name (default "votereminders")`,
    ]);
    const optional = loadConfig(
      { text: JSON.stringify({ ...base, reminders: { enabled: true, ...reminders } }), convar: noConvars },
      { optionalPrograms: true },
    );
    if (!optional.ok) throw new Error(optional.problems.join('\n'));
    expect(optional.config.reminders.enabled).toBe(false);
    expect(optional.disabled?.map((program) => program.program)).toEqual(['reminders']);
  });

  it('turns reminders off, not the server, when their settings are wrong (optional programs)', () => {
    const result = loadConfig(
      { text: JSON.stringify({ ...base, reminders: { enabled: true, maxPerHour: 0 } }), convar: noConvars },
      { optionalPrograms: true },
    );
    if (!result.ok) throw new Error(result.problems.join('\n'));
    expect(result.config.reminders.enabled).toBe(false);
    expect(result.disabled).toEqual([
      { program: 'reminders', problems: ['reminders.maxPerHour: expected a number ≥ 1, got 0'] },
    ]);
  });
});

describe('maskKey', () => {
  it.each([
    ['live_0123456789abcdef0123456789abcdef', 'live_****cdef'],
    ['abcdefghijkl', '****ijkl'],
    ['live_short', 'live_****'],
    ['', '(none)'],
  ])('masks %s as %s', (key, masked) => {
    expect(maskKey(key)).toBe(masked);
  });
});

describe('configJsonSchema', () => {
  it('describes every top-level field with its default', () => {
    const schema = configJsonSchema() as {
      properties: Record<string, { default?: unknown; description?: string }>;
    };
    expect(Object.keys(schema.properties)).toEqual([
      '$schema',
      'apiUrl',
      'apiKey',
      'voteUrl',
      'locale',
      'framework',
      'command',
      'vrp',
      'rsg',
      'notify',
      'checkMode',
      'reward',
      'timeZone',
      'firstVote',
      'milestones',
      'streaks',
      'voteParty',
      'topVoters',
      'discord',
      'points',
      'shop',
      'messages',
      'poll',
      'reminders',
      'sites',
      'allSites',
      'nameLock',
      'claimCooldownSeconds',
      'requestTimeoutMs',
    ]);
    for (const [name, property] of Object.entries(schema.properties)) {
      expect(property.description, name).toBeTruthy();
    }
    expect(schema.properties.command?.default).toBe('vote');
  });
});

describe('vrp settings', () => {
  it.each([
    { vrp: { variant: 'creative', cashItem: 'dollars' }, ok: true },
    { vrp: { variant: 'vrp2' }, ok: true },
    { vrp: { variant: 'vrp3' }, ok: false },
    { vrp: { members: { giveBank: 'addBank' } }, ok: true },
    { vrp: { members: { payEveryone: 'x' } }, ok: false },
  ])('vrp $vrp is accepted: $ok', ({ vrp, ok }) => {
    expect(load({ ...base, vrp }).ok).toBe(ok);
  });
});
