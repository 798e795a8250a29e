import { afterEach, describe, expect, it } from 'vitest';
import { createOxInventoryFake } from '../../devkit/fxserver/resources';
import { createE2e, type E2e, RESOURCE } from '../../devkit/worlds/e2e-harness';

const RULE = '-'.repeat(72);
const FIX = 'Fix config.json or server.cfg, then run `votereward reload` (or `ensure vote-reward`).';

let world: E2e | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** The lines between the first pair of rules the resource printed, or null when it printed no block. */
function block(lines: string[]): string[] | null {
  const start = lines.indexOf(RULE);
  const end = lines.indexOf(RULE, start + 1);
  return start === -1 || end === -1 ? null : lines.slice(start + 1, end);
}

const scriptErrors = (w: E2e) => w.consoleLines().filter((l) => l.includes('SCRIPT ERROR'));

describe('API key refused at start', () => {
  it.each([
    { what: 'an unknown key', key: (w: E2e) => `live_${'x'.repeat(w.apiKey.length - 5)}` },
    {
      what: 'a revoked key',
      key: (w: E2e) => {
        const revoked = w.store.keys.create(w.serverId).key;
        const prefix = w.store.keys.list(w.serverId).find((k) => revoked.startsWith(k.prefix))?.prefix;
        if (!prefix || !w.store.keys.revoke(prefix)) throw new Error('could not revoke the key');
        return revoked;
      },
    },
  ])(
    '$what prints one clear block, keeps the resource up and inert, and never prints the key',
    async ({ key }) => {
      const w = await createE2e({ framework: 'esx', start: false });
      world = w;
      const badKey = key(w);
      w.server.setConvar('vote_reward_api_key', badKey);
      await w.vote('Steve');
      w.server.start(RESOURCE);
      await w.advance(2000);

      const shown = block(w.output());
      expect(shown).toEqual([
        'vote-reward: not started, the API refused the key (401):',
        `  - the key live_****${badKey.slice(-4)} is wrong or revoked; create a new one in the site's Integrations page and set vote_reward_api_key`,
        FIX,
      ]);
      expect(w.output().filter((l) => l === RULE)).toHaveLength(2);
      expect(w.consoleLines().some((l) => l.includes(badKey))).toBe(false);
      expect(w.server.resourceState(RESOURCE)).toBe('started');
      expect(scriptErrors(w)).toEqual([]);

      const steve = await w.join('Steve');
      w.type(steve, '/vote');
      await w.advance(2000);
      expect(w.messages(steve)).toEqual(['Vote rewards are not available on this server right now.']);
      expect(w.ledger()).toEqual([]);
      expect(w.unclaimed('Steve')).toHaveLength(1);

      w.console('votereward status');
      await w.advance(500);
      expect(w.output().at(-1)).toBe(
        'vote-reward: inert (see the start-up block); fix the problem then `votereward reload`',
      );
    },
  );
});

describe('bad config.json', () => {
  const CASES: {
    what: string;
    config?: Record<string, unknown>;
    text?: string;
    key?: null;
    problems: (string | RegExp)[];
  }[] = [
    {
      what: 'a file that is not JSON',
      text: '{ "reward": { "type": "money", "amount": 500 ',
      problems: [
        'config.json line 1, column 45: the file ends before the } that closes the { of line 1, column 13 (the line reads: { "reward": { "type": "money", "amount": 500)',
      ],
    },
    {
      what: 'an unknown reward type',
      config: { reward: { type: 'diamonds', amount: 5 } },
      problems: ['reward.type: expected one of money, bank, gold, item, points, custom, got "diamonds"'],
    },
    {
      what: 'a negative amount',
      config: { reward: { type: 'money', amount: -5 } },
      problems: ['reward.amount: expected a number ≥ 1, got -5'],
    },
    {
      what: 'an item without a name',
      config: {
        reward: [
          { type: 'money', amount: 5 },
          { type: 'item', count: 2 },
        ],
      },
      problems: ['reward[1].item: expected string, got nothing'],
    },
    {
      what: 'a misspelt setting',
      config: { rewards: { type: 'money', amount: 5 } },
      problems: ['rewards: unknown setting; did you mean "reward"?'],
    },
    {
      what: 'an unsupported locale',
      config: { locale: 'it' },
      problems: ['locale: expected one of "en", "fr", "de", "es", "pt-BR", "pl", "nl", got "it"'],
    },
    {
      what: 'an apiUrl that is not http(s)',
      config: { apiUrl: 'ftp://votes.example' },
      problems: ['apiUrl: expected an http(s) URL, got "ftp://votes.example"'],
    },
    {
      what: 'no key anywhere',
      key: null,
      problems: [
        'apiKey: missing; put `set vote_reward_api_key "live_..."` in server.cfg or "apiKey" in config.json',
      ],
    },
    {
      what: 'money on standalone',
      config: { framework: 'standalone', reward: { type: 'money', amount: 500 } },
      problems: [
        'reward.type: "money" needs a framework (esx, ndcore, oxcore, qbcore, qbox, rsg, vorp, vrp); standalone can only give "custom" rewards',
      ],
    },
  ];

  it.each(CASES)(
    '$what: the exact problems, no crash, the resource inert',
    async ({ config, text, key, problems }) => {
      const w = await createE2e({
        framework: 'esx',
        config: config ?? {},
        configText: text,
        apiKey: key,
      });
      world = w;
      await w.advance(1000);

      const shown = block(w.output());
      expect(shown?.[0]).toBe('vote-reward: not started, config.json has problems:');
      expect(shown?.at(-1)).toBe(FIX);
      const lines = (shown ?? []).slice(1, -1).map((l) => l.replace(/^ {2}- /, ''));
      expect(lines).toHaveLength(problems.length);
      problems.forEach((problem, i) => {
        if (typeof problem === 'string') expect(lines[i]).toBe(problem);
        else expect(lines[i]).toMatch(problem);
      });
      expect(w.server.resourceState(RESOURCE)).toBe('started');
      expect(scriptErrors(w)).toEqual([]);

      await w.vote('Steve');
      const steve = await w.join('Steve');
      w.type(steve, '/vote');
      await w.advance(1000);
      expect(w.ledger()).toEqual([]);
      expect(w.unclaimed('Steve')).toHaveLength(1);
      w.console('votereward status');
      await w.advance(200);
      expect(w.output().at(-1)).toMatch(/^vote-reward: inert/);
    },
  );

  it('a framework that is not running is named, and the resource stays inert', async () => {
    const w = await createE2e({ framework: 'standalone', config: { framework: 'qbox' } });
    world = w;
    await w.advance(1000);
    const shown = block(w.output());
    expect(shown?.[0]).toBe('vote-reward: not started, the framework cannot pay the configured rewards:');
    expect((shown ?? []).slice(1, -1).join('\n')).toMatch(/qbx_core/);
    expect(scriptErrors(w)).toEqual([]);
  });
});

describe('/vote while the resource is not running', () => {
  it.each([
    {
      what: 'config.json with a trailing comma, command and locale still readable',
      options: {
        framework: 'esx' as const,
        configText:
          '{\n  "command": "belohnung",\n  "locale": "de",\n  "reward": { "type": "money", "amount": 500 },\n}\n',
      },
      command: 'belohnung',
      heard: 'Vote-Belohnungen sind auf diesem Server gerade nicht verfügbar.',
    },
    {
      what: 'config.json that cannot be read at all',
      options: { framework: 'esx' as const, configText: '{ "command": "claim" "locale": "fr" ' },
      command: 'vote',
      heard: 'Vote rewards are not available on this server right now.',
    },
    {
      what: 'a valid config.json with a setting the schema refuses',
      options: { framework: 'esx' as const, config: { locale: 'fr', reward: { type: 'gold', amount: 5 } } },
      command: 'vote',
      heard: 'Les récompenses de vote ne sont pas disponibles sur ce serveur pour le moment.',
    },
    {
      what: 'a framework that is not running',
      options: {
        framework: 'standalone' as const,
        config: { framework: 'qbox', locale: 'fr', command: 'voter' },
      },
      command: 'voter',
      heard: 'Les récompenses de vote ne sont pas disponibles sur ce serveur pour le moment.',
    },
  ])(
    '$what: a player hears that rewards are not available, the console points admins to the block',
    async ({ options, command, heard }) => {
      const w = await createE2e(options);
      world = w;
      await w.advance(1000);
      expect(block(w.output())?.[0]).toMatch(/^vote-reward: not started, /);

      await w.vote('Steve');
      const steve = await w.join('Steve');
      w.type(steve, `/${command}`);
      await w.advance(1000);
      expect(w.messages(steve)).toEqual([heard]);
      expect(w.output().at(-1)).toBe(
        `vote-reward: Steve typed /${command}, but vote rewards are not running: see the "not started" block printed at start-up (or \`votereward status\`), fix it, then \`votereward reload\``,
      );
      expect(w.ledger()).toEqual([]);
      expect(w.unclaimed('Steve')).toHaveLength(1);
      expect(scriptErrors(w)).toEqual([]);
    },
  );

  it('the console typing the claim command is pointed to the block too', async () => {
    const w = await createE2e({ framework: 'esx', config: { reward: { type: 'gold', amount: 5 } } });
    world = w;
    await w.advance(1000);
    w.console('vote');
    await w.advance(200);
    expect(w.output().at(-1)).toBe(
      'vote-reward: /vote: vote rewards are not running; see the "not started" block printed at start-up (or `votereward status`), fix it, then `votereward reload`',
    );
  });
});

describe('ox_inventory 2.42+ on QBCore (its QBCore bridge removed)', () => {
  it('is named at start with the fix, instead of players hearing later that an admin was told', async () => {
    const w = await createE2e({
      framework: 'qbcore',
      start: false,
      config: { reward: { type: 'item', item: 'bread', count: 2 } },
    });
    world = w;
    w.server.addFakeResource('ox_inventory', createOxInventoryFake({ state: 'no-qb-bridge' }).definition);
    w.server.start('ox_inventory');
    expect(w.server.resourceState('ox_inventory')).toBe('started');
    w.server.start(RESOURCE);
    await w.advance(1000);

    const shown = block(w.output());
    expect(shown?.[0]).toBe('vote-reward: not started, the framework cannot pay the configured rewards:');
    expect(shown?.slice(1, -1)).toEqual([
      "  - ox_inventory is started but did not finish loading (it does not export setPlayerInventory or forceOpenInventory, which a loaded ox_inventory 2.28 or later does); its own errors are earlier in the server console. On QBCore the usual cause: ox_inventory 2.42 and later has no QBCore bridge (removed upstream), so it cannot load QBCore players' inventories. Install ox_inventory 2.41.0, or use qb-inventory (stop ox_inventory), or move to Qbox",
    ]);
    expect(scriptErrors(w)).toEqual([]);

    await w.vote('Steve');
    const steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.advance(1000);
    expect(w.messages(steve)).toEqual(['Vote rewards are not available on this server right now.']);
    expect(w.ledger()).toEqual([]);
    expect(w.unclaimed('Steve')).toHaveLength(1);
  });
});

describe('an API that does not answer', () => {
  it('start-up names the setting to check, status says unreachable since when, and recovers once it answers', async () => {
    const w = await createE2e({ framework: 'esx', start: false });
    world = w;
    await w.mockDown();
    w.server.setConvar('vote_reward_api_url', w.mock.url);
    w.server.start(RESOURCE);
    await w.advance(3000);
    const url = w.mock.url;
    expect(w.output()).toContain(
      `vote-reward: cannot reach the vote API yet (${url}/api/v1/server/info: fetch failed (connect ECONNREFUSED ${new URL(url).host})); claims will be tried anyway; check that ${url} is your listing site's address (\`vote_reward_api_url\` in server.cfg), that the site is up, and that this server can reach it (firewall, DNS)`,
    );

    w.console('votereward status');
    await w.advance(1000);
    const status = w.output().slice(w.output().lastIndexOf('vote-reward status'));
    expect(status[1]).toMatch(
      new RegExp(
        `^ {2}API {8}${url} over fetch: unreachable since 2025-06-02 12:00 UTC \\(0 min\\); last error: ${url}/api/v1/[^ ]+: fetch failed \\(connect ECONNREFUSED ${new URL(url).host}\\)$`,
      ),
    );
    expect(status[2]).toContain('`vote_reward_api_url` in server.cfg');
    expect(status.join('\n')).not.toMatch(/request not sent|Server\s+unknown/);

    await w.mockUp();
    await w.advance(130_000);
    w.console('votereward status');
    await w.advance(1000);
    const healthy = w.output().slice(w.output().lastIndexOf('vote-reward status'));
    expect(healthy.slice(1, 3)).toEqual([
      `  API        ${url} over fetch: reachable, key valid`,
      '  Server     Harbor City RP (#1, 0 votes)',
    ]);
  });
});

describe('Node 16 profile (no fetch)', () => {
  it('claims and pays through PerformHttpRequestInternalEx', async () => {
    const w = await createE2e({ framework: 'qbox', profile: 'node16' });
    world = w;
    await w.advance(500);
    expect(w.output().some((l) => / over native, key live_\*{4}/.test(l))).toBe(true);
    expect(w.output()).toContain('vote-reward: connected to Harbor City RP (#1, 0 votes)');
    const vote = await w.vote('Steve');
    const steve = await w.join('Steve');

    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(11_000);
    w.type(steve, '/vote');
    await w.advance(3000);

    expect(w.ledger().map((e) => [e.framework, e.player, e.kind, e.name, e.amount])).toEqual([
      ['qbx_core', steve.id, 'money', 'cash', 500],
    ]);
    expect(w.votes('Steve')).toEqual([
      expect.objectContaining({ voteId: vote.voteId, claimedAt: expect.any(Number) }),
    ]);
    expect(w.messages(steve)).toEqual([
      'Thanks for voting! You received 500$ in cash.',
      `No vote found for "Steve". Vote here: ${w.mock.url}/servers/${w.serverId}/vote then type /vote again.`,
    ]);
  });
});

describe('a reward program with a problem is turned off; the vote still pays', () => {
  it.each([
    {
      what: 'a milestone item the framework does not have',
      config: {
        reward: { type: 'money', amount: 500 },
        milestones: [{ at: 1, reward: { type: 'item', item: 'breadd', count: 1 } }],
      },
      off: 'milestones',
      named: 'the item "breadd" does not exist in ESX (ESX.Items); did you mean "bread"?',
    },
    {
      what: 'a misspelt vote party setting',
      config: { reward: { type: 'money', amount: 500 }, voteParty: { enabled: true, evry: 5 } },
      off: 'voteParty',
      named: 'evry',
    },
  ])('$what: $off is named and off, the vote pays once', async ({ config, off, named }) => {
    const w = await createE2e({ framework: 'esx', config });
    world = w;
    await w.advance(1000);
    const output = w.output();
    expect(output).toContain(
      `vote-reward: ${off} is off: its settings have problems; the vote's reward and the other programs still pay:`,
    );
    expect(output.some((line) => line.includes(named))).toBe(true);
    expect(output.some((line) => line.includes('not started'))).toBe(false);
    await w.vote('Steve');
    const steve = await w.join('Steve');
    w.type(steve, '/vote');
    await w.until(() => w.ledger().length > 0);
    await w.advance(5000);
    expect(w.ledger().map((entry) => `${entry.name} ${entry.amount}`)).toEqual(['money 500']);
    expect(w.unclaimed('Steve')).toHaveLength(0);
  });

  it('the vote reward itself that the framework cannot pay still refuses the start', async () => {
    const w = await createE2e({
      framework: 'esx',
      config: {
        reward: { type: 'item', item: 'breadd', count: 1 },
        milestones: [{ at: 1, reward: { type: 'money', amount: 100 } }],
      },
    });
    world = w;
    await w.advance(1000);
    expect(w.output()).toContain(
      'vote-reward: not started, the framework cannot pay the configured rewards:',
    );
  });

  it('a time zone abbreviation is warned about with the IANA name to use', async () => {
    const w = await createE2e({ framework: 'esx', config: { timeZone: 'EST' } });
    world = w;
    await w.advance(1000);
    expect(w.output().some((line) => line.includes('timeZone: ') && line.includes('America/New_York'))).toBe(
      true,
    );
  });
});
