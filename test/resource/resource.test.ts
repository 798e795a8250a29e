import { describe, expect, it } from 'vitest';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeRuntime, type FakeRuntime } from '../../devkit/fakes/runtime';
import { type AdminCommand, formatTime, runAdminCommand, usageOf } from '../../src/domain/admin-command';
import { createResource } from '../../src/resource';

/** A runtime whose `fetch` is answered by the real mock in process; `key` replaces the mock's valid key. */
const setup = (
  config: Record<string, unknown>,
  options: { key?: string; checkMode?: 'unclaimed' | 'last24h' } = {},
) => {
  const runtime = createFakeRuntime();
  const api = createMockVoteApi({ now: runtime.now, checkMode: options.checkMode ?? 'unclaimed' });
  runtime.convars.set('vote_reward_api_key', options.key ?? api.apiKey);
  runtime.files.set('config.json', JSON.stringify({ apiUrl: 'https://votes.example', ...config }));
  runtime.fetch = async (input, init) => {
    // Real fetch reports a refused connection as TypeError('fetch failed') with the cause attached.
    const answer = await api
      .request({
        method: (init?.method ?? 'GET') as 'GET' | 'POST',
        url: String(input),
        headers: init?.headers as Record<string, string>,
        body: init?.body as string | undefined,
        timeoutMs: 5000,
      })
      .catch((error: Error) => {
        throw new TypeError('fetch failed', { cause: new Error(error.message.replace(/^.*: /, '')) });
      });
    return new Response(answer.status === 204 ? null : answer.body, {
      status: answer.status,
      headers: answer.headers,
    });
  };
  return { runtime, api, resource: createResource(runtime) };
};

const STANDALONE = {
  framework: 'standalone',
  reward: { type: 'custom', event: 'x:paid' },
  poll: { enabled: false },
};

const console_ = (runtime: FakeRuntime) => runtime.logs.map((l) => l.message);
const admin = async (runtime: FakeRuntime, line: string) => {
  const before = runtime.logs.length;
  runtime.commands.get('votereward')?.handler(0, line.split(' '), `votereward ${line}`);
  await runtime.clock.settle();
  return runtime.logs.slice(before).map((l) => l.message);
};

describe('createResource start-up', () => {
  it('counts the vote reward entries in the start line, not the programs, points or shop items', async () => {
    const { runtime, resource } = setup({
      ...STANDALONE,
      firstVote: { reward: { type: 'custom', event: 'x:first' } },
      milestones: [{ at: 5, reward: { type: 'custom', event: 'x:five' } }],
      points: { perVote: 10 },
    });
    await resource.start();
    expect(console_(runtime).find((line) => line.startsWith('vote-reward: version'))).toMatch(
      /, framework standalone, 1 reward\(s\), API /,
    );
  });

  it('connects, prints the server line with a masked key, and registers /vote, votereward and the exports', async () => {
    const { runtime, api, resource } = setup(STANDALONE);
    await resource.start();
    expect(console_(runtime)).toContain('vote-reward: connected to Test City (#1, 0 votes)');
    expect(console_(runtime).join('\n')).toContain(`key live_****${api.apiKey.slice(-4)}`);
    expect(console_(runtime).join('\n')).not.toContain(api.apiKey);
    expect([...runtime.commands.entries()].map(([name, c]) => [name, c.restricted])).toEqual([
      ['votereward', true],
      ['vote', false],
    ]);
    expect([...runtime.exportsProvided.keys()]).toEqual([
      'claim',
      'check',
      'getPending',
      'getServerInfo',
      'getVoteCount',
      'getTopVoters',
      'getVotePoints',
      'addVotePoints',
      'spendVotePoints',
    ]);
    expect(resource.isReady()).toBe(true);
  });

  it('stays inert with one block when the key is refused (401), and /vote says rewards are unavailable', async () => {
    const { runtime, resource } = setup(STANDALONE, { key: 'live_wrongwrongwrongwrongwrongwrongwrong' });
    await resource.start();
    const output = console_(runtime).join('\n');
    expect(output).toContain('vote-reward: not started, the API refused the key (401):');
    expect(output).toContain('the key live_****rong is wrong or revoked');
    expect(resource.isReady()).toBe(false);
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    expect(runtime.told.at(-1)?.message).toBe('Vote rewards are not available on this server right now.');
  });

  it('answers "starting" in the configured language while the first /server/info is in flight', async () => {
    const { runtime, api, resource } = setup({ ...STANDALONE, locale: 'fr' });
    api.hold();
    const started = resource.start();
    await runtime.clock.settle();
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    expect(runtime.told.at(-1)?.message).toBe(
      'Les récompenses de vote démarrent ; retape /vote dans quelques secondes.',
    );
    expect(resource.isReady()).toBe(false);
    api.release();
    await started;
    expect(resource.isReady()).toBe(true);
  });

  it('names the URL that failed when the API cannot be reached, and keeps serving claims', async () => {
    const { runtime, api, resource } = setup(STANDALONE);
    api.wire({ path: '/api/v1/server/info', fail: 'network' });
    await resource.start();
    expect(console_(runtime).join('\n')).toContain(
      'vote-reward: cannot reach the vote API yet (https://votes.example/api/v1/server/info: fetch failed (connect ECONNREFUSED)); claims will be tried anyway',
    );
    expect(resource.isReady()).toBe(true);
  });

  it.each([
    { from: 'server.cfg', convar: true, setting: '`vote_reward_api_url` in server.cfg' },
    { from: 'config.json', convar: false, setting: '"apiUrl" in config.json' },
  ])(
    'an API that does not answer at start: the line names the setting the address came from ($from)',
    async ({ convar, setting }) => {
      const { runtime, api, resource } = setup(STANDALONE);
      if (convar) runtime.convars.set('vote_reward_api_url', 'https://votes.example');
      api.wire({ path: '/api/v1/server/info', fail: 'network' });
      await resource.start();
      expect(console_(runtime)).toContain(
        `vote-reward: cannot reach the vote API yet (https://votes.example/api/v1/server/info: fetch failed (connect ECONNREFUSED)); claims will be tried anyway; check that https://votes.example is your listing site's address (${setting}), that the site is up, and that this server can reach it (firewall, DNS)`,
      );
    },
  );

  it('an API that answers with an error at start is not blamed on the address', async () => {
    const { runtime, api, resource } = setup(STANDALONE);
    await api.fault({ route: '/api/v1/server/info', status: 500, times: 1 });
    await resource.start();
    const line = console_(runtime).find((l) => l.includes('cannot reach the vote API yet'));
    expect(line).toMatch(
      /^vote-reward: cannot reach the vote API yet \(https:\/\/votes\.example\/api\/v1\/server\/info: /,
    );
    expect(line).not.toContain("listing site's address");
  });

  it('the key refused: /vote answers in the configured language', async () => {
    const { runtime, resource } = setup(
      { ...STANDALONE, locale: 'fr' },
      { key: 'live_wrongwrongwrongwrongwrongwrongwrong' },
    );
    await resource.start();
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    expect(runtime.told.at(-1)?.message).toBe(
      'Les récompenses de vote ne sont pas disponibles sur ce serveur pour le moment.',
    );
  });

  it('refuses money rewards when auto-detection finds no framework, naming the problem', async () => {
    const { runtime, resource } = setup({ reward: { type: 'money', amount: 5 } });
    await resource.start();
    const output = console_(runtime).join('\n');
    expect(output).toContain('vote-reward: not started, the framework cannot pay the configured rewards:');
    expect(output).toContain('needs a framework');
    expect(resource.isReady()).toBe(false);
  });

  it('registers /<command>link once, however many times config.json is reloaded, and it answers after a reload', async () => {
    const { runtime, resource } = setup({ ...STANDALONE, poll: { enabled: true } });
    await resource.start();
    await admin(runtime, 'reload');
    await admin(runtime, 'reload');
    expect(runtime.registrations.filter((name) => name === 'votelink')).toEqual(['votelink']);
    runtime.join(1, { name: 'Ana', license: 'license:aaa' });
    runtime.commands.get('votelink')?.handler(1, [], 'votelink');
    expect(runtime.told.at(-1)?.message).toContain('then type /vote to get your reward.');
  });

  it('reloads config.json: fixing the file brings an inert resource up', async () => {
    const { runtime, resource } = setup({ reward: { type: 'diamonds' } });
    await resource.start();
    expect(console_(runtime).join('\n')).toContain(
      'reward.type: expected one of money, bank, gold, item, points, custom, got "diamonds"',
    );
    runtime.files.set('config.json', JSON.stringify({ apiUrl: 'https://votes.example', ...STANDALONE }));
    const lines = await admin(runtime, 'reload');
    expect(lines).toContain('vote-reward: running, connected to Test City');
    expect(resource.isReady()).toBe(true);
  });
});

describe('votereward admin command', () => {
  it('votereward status prints a short healthy summary by default', async () => {
    const { runtime, resource } = setup(STANDALONE);
    await resource.start();
    expect(await admin(runtime, 'status')).toEqual([
      'vote-reward status',
      '  API        https://votes.example over fetch: reachable, key valid',
      '  Server     Test City (#1, 0 votes)',
      '  Framework  standalone',
      '  Pending    0 open claim(s)',
      '  Polling    off',
      '  (votereward status verbose: key, rate budget, names, poller figures, history)',
    ]);
  });

  it('votereward status on an unreachable API says so, since when, the last error and what to check', async () => {
    const { runtime, api, resource } = setup(STANDALONE);
    const down = { path: '/api/v1/server/info', fail: 'network' as const, times: 100 };
    api.wire(down);
    const since = runtime.now();
    await resource.start();
    // Right after the failure the rate budget backs off: the status request is not even sent.
    expect((await admin(runtime, 'status'))[1]).toBe(
      `  API        https://votes.example over fetch: unreachable since ${formatTime(since)} (0 min); last error: https://votes.example/api/v1/server/info: fetch failed (connect ECONNREFUSED)`,
    );
    await runtime.clock.advance(5 * 60_000);
    const lines = await admin(runtime, 'status');
    expect(lines.slice(0, 4)).toEqual([
      'vote-reward status',
      `  API        https://votes.example over fetch: unreachable since ${formatTime(since)} (5 min); last error: https://votes.example/api/v1/server/info: fetch failed (connect ECONNREFUSED)`,
      '             check that https://votes.example is your listing site\'s address ("apiUrl" in config.json), that the site is up, and that this server can reach it (firewall, DNS)',
      '  Framework  standalone',
    ]);
    expect(lines.join('\n')).not.toMatch(/request not sent|Server\s+unknown/);

    api.clearWire();
    await runtime.clock.advance(130_000);
    const healthy = await admin(runtime, 'status');
    expect(healthy[1]).toBe('  API        https://votes.example over fetch: reachable, key valid');
    expect(healthy[2]).toBe('  Server     Test City (#1, 0 votes)');
  });

  it.each([['verbose'], ['-v'], ['VERBOSE']])('votereward status %s prints every figure', async (word) => {
    const { runtime, api, resource } = setup(STANDALONE);
    await resource.start();
    const lines = await admin(runtime, `status ${word}`);
    expect(lines[0]).toBe('vote-reward status');
    expect(lines).toContain(`  Key        live_****${api.apiKey.slice(-4)}`);
    expect(lines.join('\n')).toMatch(/API\s+https:\/\/votes\.example over fetch: reachable, key valid/);
    expect(lines.join('\n')).toMatch(/Server\s+Test City \(#1, 0 votes\)/);
    expect(lines.join('\n')).toMatch(/Framework\s+standalone/);
    expect(lines.join('\n')).toMatch(/Budget\s+\d+\/60 in the last minute \(12 kept for claims\)/);
    expect(lines).toContain('  Pending    0 open claim(s)');
    expect(lines).toContain('  Names      0 bound (name lock on)');
    expect(lines.slice(-8)).toEqual([
      '  Polling    off',
      '  Party      off',
      '  Top        off',
      '  History    0 player(s) with votes claimed here',
      '  Discord    off',
      '  Points     none per vote (points rewards and exports still credit)',
      '  Shop       off',
      '  Panel      off (set vote_reward_panel true in server.cfg)',
    ]);
  });

  it('lists, retries and drops open claims by vote_id', async () => {
    const { runtime, api, resource } = setup(
      { ...STANDALONE, checkMode: 'last24h' },
      { checkMode: 'last24h' },
    );
    await resource.start();
    api.addVote('Ana', runtime.now() - 1000);
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    api.wire({ path: '/api/v1/vote/claim', fail: 'timeout', apply: true });
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    await runtime.clock.settle();
    const pending = await admin(runtime, 'pending');
    expect(pending[0]).toBe('vote-reward: 1 open claim(s)');
    expect(pending[1]).toMatch(/Ana\s+needs_admin\s+0\/1 given\s+undecidable_in_last24h_mode/);
    const id = pending[1]?.trim().split(/\s+/)[0] ?? '';
    expect(await admin(runtime, `retry ${id}`)).toEqual([
      `votereward retry: ${id} needs a decision: \`votereward grant ${id}\` or \`votereward drop ${id}\``,
    ]);
    expect(await admin(runtime, `drop ${id}`)).toContain(
      `votereward drop: ${id} dropped; nothing more will be paid for it`,
    );
    expect(await admin(runtime, 'pending')).toEqual(['vote-reward: no open claims']);
  });

  it.each([
    [['retry'], 'votereward retry: missing <vote_id>'],
    [['grant'], 'votereward grant: missing <vote_id>'],
    [['drop'], 'votereward drop: missing <vote_id>'],
    [['unbind'], 'votereward unbind: missing <name>'],
    [['player'], 'votereward player: missing <who>'],
    [['top', 'soon'], 'votereward top: "soon" is not a month (YYYY-MM)'],
    [['frobnicate'], 'votereward: unknown subcommand "frobnicate"'],
    [['help'], 'usage: votereward <subcommand>'],
    [[], 'usage: votereward <subcommand>'],
  ])('answers %j with "%s" and the usage generated from the table', async (args, first) => {
    const { runtime, resource } = setup(STANDALONE);
    await resource.start();
    const before = runtime.logs.length;
    runtime.commands.get('votereward')?.handler(0, args, `votereward ${args.join(' ')}`);
    await runtime.clock.settle();
    const lines = runtime.logs.slice(before).map((l) => l.message);
    expect(lines[0]).toBe(first);
    expect(lines.slice(lines.indexOf('usage: votereward <subcommand>'))).toEqual([
      'usage: votereward <subcommand>',
      '  status [verbose]    API, server, framework, open claims, polling, programs; `verbose` (or -v) for every figure',
      '  pending             open claims (owed rewards, undecided claims)',
      '  retry <vote_id>     try an open claim again now',
      '  grant <vote_id>     declare a claim owed and pay it (for claims waiting for an admin)',
      '  drop <vote_id>      forget an open claim; nothing more is paid for it',
      '  unbind <name>       free a name bound by the name lock',
      '  reload              reload config.json',
      '  testpay <id>        TEST: pay the online player with this server id the configured vote rewards once, without a vote',
      '  player <who>        vote history, streak and open awards of a player (<who>: name or license)',
      '  party               vote party progress and the last threshold paid',
      '  party confirm       pay a held vote-party count once (or accept the server clock after fixing it)',
      '  party skip          pass the parties of a held count without paying them',
      '  top [YYYY-MM]       top voters of a month (this month by default) and its month-end decision',
      '  points <who> [+N|-N reason]  vote points of a player (license, online server id or exact name): balance and last entries, or add/remove points with a reason',
      '  purchase            decide a held purchase: refund its points, or grant it as given',
      '  purchase refund <purchase_id>  give the points of a held or undeliverable purchase back (once)',
      '  purchase grant <purchase_id>  declare a held purchase given (nothing is paid again; the points stay spent)',
      '  network             the network of servers: `network import`',
      "  network import      move this server's own vote history and points balances into the network's shared tables (one-time; running it again changes nothing)",
    ]);
  });
});

describe('votereward table', () => {
  const TABLE: AdminCommand[] = [
    {
      name: 'party',
      help: 'progress',
      run: (args) => [`party ${args.join(',')}`],
      subcommands: [
        {
          name: 'confirm',
          args: '<threshold>',
          help: 'pay a held threshold',
          run: (args) => [`confirm ${args[0]}`],
        },
        { name: 'skip', args: '<threshold>', help: 'never pay it', check: () => 'not held', run: () => [] },
      ],
    },
  ];

  it.each([
    [['party'], ['party ']],
    [['PARTY', 'Confirm', '30'], ['confirm 30']],
    [['party', 'later'], ['party later']],
    [['party', 'confirm'], ['votereward party confirm: missing <threshold>']],
    [['party', 'skip', '30'], ['votereward party skip: not held']],
  ])('dispatches %j to the row of its words: %j', async (args, first) => {
    const lines = await runAdminCommand(TABLE, args);
    expect(lines.slice(0, first.length)).toEqual(first);
  });

  it('lists subcommands under their row in the usage', () => {
    expect(usageOf(TABLE)).toEqual([
      'usage: votereward <subcommand>',
      '  party               progress',
      '  party confirm <threshold>  pay a held threshold',
      '  party skip <threshold>  never pay it',
    ]);
  });
});

describe('exports', () => {
  it('claim(source), check(source), getPending(), getServerInfo(), getVoteCount() work for other resources', async () => {
    const { runtime, api, resource } = setup(STANDALONE);
    await resource.start();
    api.addVote('Ana', runtime.now() - 1000);
    runtime.join(4, { name: 'Ana', license: 'license:a' });
    const call = (name: string, ...args: unknown[]) =>
      (runtime.exportsProvided.get(name) as (...a: unknown[]) => unknown)(...args);
    expect(await call('check', 4)).toMatchObject({ ok: true, voted: true, username: 'Ana' });
    expect(await call('claim', '4')).toMatchObject({ code: 'rewarded' });
    expect(call('getPending')).toEqual([]);
    expect(await call('getServerInfo')).toMatchObject({ name: 'Test City', rank: 1 });
    expect(await call('getVoteCount')).toMatchObject({ votes_total: 1 });
    expect(runtime.emitted.map((e) => e.event)).toContain('vote-reward:rewarded');
  });

  it('answers not_ready while the resource is inert', async () => {
    const { runtime, resource } = setup({ reward: { type: 'gold' } });
    await resource.start();
    const call = (name: string, ...args: unknown[]) =>
      (runtime.exportsProvided.get(name) as (...a: unknown[]) => unknown)(...args);
    expect(await call('claim', 1)).toEqual({ code: 'not_ready' });
    expect(await call('getServerInfo')).toBeNull();
    expect(call('getPending')).toEqual([]);
  });
});
