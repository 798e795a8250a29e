import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  CLI_DEFAULTS,
  CliError,
  parseCli,
  parseDuration,
  startupProblem,
  USAGE,
} from '../../mock-server/cli';
import type { RunningMockServer } from '../../mock-server/server';
import { startFromCli, waitingLines } from '../../mock-server/startup';
import { checkedFetch } from './sockets-helpers';

const root = new URL('../..', import.meta.url).pathname;
const tsx = join(root, 'node_modules/.bin/tsx');

describe('parseCli', () => {
  it('applies the defaults', () => {
    expect(parseCli([])).toEqual(CLI_DEFAULTS);
  });

  it('reads every flag in both --flag value and --flag=value forms', () => {
    expect(
      parseCli([
        '--port',
        '0',
        '--host=0.0.0.0',
        '--db',
        ':memory:',
        '--seed=none',
        '--check-mode',
        'last24h',
        '--rate-limit=120',
        '--vote-cooldown',
        '90m',
        '--no-admin',
        '--sites',
      ]),
    ).toEqual({
      port: 0,
      host: '0.0.0.0',
      db: ':memory:',
      seed: 'none',
      checkMode: 'last24h',
      rateLimit: 120,
      voteCooldownMs: 90 * 60_000,
      admin: false,
      sites: true,
      help: false,
    });
  });

  it.each([
    [['--bogus'], 'unknown flag "--bogus"'],
    [['--port'], '--port needs a value'],
    [['--port', 'abc'], '--port expects a whole number, got "abc"'],
    [['--port', '70000'], '--port must be between 0 and 65535, got 70000'],
    [['--rate-limit', '0'], '--rate-limit must be between 1 and 1000000, got 0'],
    [['--check-mode', 'strict'], '--check-mode must be one of unclaimed, last24h, got "strict"'],
    [['--seed', 'lots'], '--seed must be one of demo, none, got "lots"'],
    [
      ['--game', 'rdr3'],
      '--game must be one of fivem, redm, got "rdr3" (RedM\'s game name in fxmanifest.lua; the listing calls RedM redm)',
    ],
    [['--game', 'gta5'], '--game must be one of fivem, redm, got "gta5"'],
    [['--game', 'RedM'], '--game must be one of fivem, redm, got "RedM"'],
    [['--game'], '--game needs a value'],
    [
      ['--game', 'redm', '--seed', 'none'],
      '--game sets the game of the seeded demo server; it has no effect with --seed none (drop one of them)',
    ],
    [
      ['--vote-cooldown', '2 hours'],
      '--vote-cooldown expects a duration like 2h, 90m, 30s or 500ms (0 or off: none), got "2 hours"',
    ],
    [['--db='], '--db must not be empty'],
    [
      ['--public-url', 'votes.lan:8787'],
      '--public-url must be an absolute URL such as http://192.168.1.20:8787, got "votes.lan:8787"',
    ],
    [
      ['--public-url', 'ftp://votes.lan'],
      '--public-url must start with http:// or https://, got "ftp://votes.lan"',
    ],
    [
      ['--public-url', 'http://votes.lan/?a=1'],
      '--public-url must not carry credentials, a query or a fragment, got "http://votes.lan/?a=1"',
    ],
    [['--public-url', 'http://0.0.0.0:8787'], '--public-url must name a reachable host, not 0.0.0.0'],
  ])('refuses %j with a clear message', (argv, message) => {
    expect(() => parseCli(argv)).toThrow(new CliError(message));
  });

  it.each([
    [['--game', 'redm'], 'redm'],
    [['--game=fivem'], 'fivem'],
    [[], undefined],
  ])('reads %j as the demo server game %s', (argv, game) => {
    expect(parseCli(argv).game).toBe(game);
  });

  it.each([
    ['http://192.168.1.20:8787', 'http://192.168.1.20:8787'],
    ['https://votes.example.test/', 'https://votes.example.test'],
    ['http://proxy.lan/vote-api/', 'http://proxy.lan/vote-api'],
  ])('reads --public-url %s as %s', (text, url) => {
    expect(parseCli(['--public-url', text]).publicUrl).toBe(url);
  });

  it.each([
    ['2h', 7_200_000],
    ['90m', 5_400_000],
    ['30s', 30_000],
    ['500ms', 500],
    ['1d', 86_400_000],
  ])('parses the duration %s', (text, ms) => {
    expect(parseDuration('--vote-cooldown', text)).toBe(ms);
  });
});

/** Runs the CLI's start-up in process, as `npm start -- <argv>` does once it parsed its flags. */
async function startInProcess(argv: string[], token?: string) {
  const started = await startFromCli(parseCli(argv), token);
  running.push(started.mock);
  return { ...started, output: started.lines.join('\n') };
}

const running: RunningMockServer[] = [];
afterEach(async () => {
  for (const mock of running.splice(0)) await mock.close();
});

/** What `npm start` would print for a start-up that failed with `error`. */
async function startupFailure(argv: string[]): Promise<string> {
  try {
    await startInProcess(argv);
  } catch (error) {
    return startupProblem(error);
  }
  throw new Error(`${argv.join(' ')} started`);
}

function writeTo(path: string, text: string): string {
  writeFileSync(path, text);
  return path;
}

describe('mock CLI start-up, in process', () => {
  it('with --sites prints each emulated site (base URL, key, identities) and serves it on the same port', async () => {
    const { mock, output } = await startInProcess([
      '--port',
      '0',
      '--db',
      ':memory:',
      '--seed',
      'none',
      '--sites',
    ]);
    const line = new RegExp(
      `trackyserver: (${mock.url}/sites/trackyserver)  key ([0-9a-f]{32})  \\(steam64, discord\\)`,
    );
    const [, base, key] = line.exec(output) ?? [];
    expect(base).toBe(`${mock.url}/sites/trackyserver`);
    for (const kind of ['top-serveurs', 'serveur-prive', 'top-server', 'topgservers'])
      expect(output).toContain(`  ${kind}: ${mock.url}/sites/${kind}`);
    const answer = await fetch(`${base}/vote/?action=status&key=${key}&steamid=76561198000000001`);
    expect(await answer.text()).toBe('0');
  });

  it('without --sites prints no site line and serves no /sites route', async () => {
    const { mock, output } = await startInProcess(['--port', '0', '--db', ':memory:', '--seed', 'none']);
    expect(output).not.toContain('listing-site emulations');
    expect((await fetch(`${mock.url}/sites/trackyserver/vote/`)).status).toBe(404);
  });

  it('seeds a demo database, prints the server.cfg lines, and remembers its key for the next start', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-cli-'));
    try {
      const db = join(dir, 'vote-api.sqlite');
      const { mock, lines, output } = await startInProcess(['--port', '0', '--db', db]);
      const url = mock.url;
      expect(lines[0]).toBe(`listening on ${url}`);
      const key = /demo API key: (live_[A-Za-z0-9]+)/.exec(output)?.[1] as string;
      expect(key).toBeDefined();
      expect(output).toContain(`set vote_reward_api_key "${key}"`);
      expect(output).toContain(`set vote_reward_api_url "${url}"`);
      expect(output).toContain('ensure vote-reward');
      expect(output).toContain(`${url}/openapi.json`);
      expect(lines).toContain(
        `owner dashboard: ${url}/dashboard/servers/1/integrations (API keys, recent votes and whether each was claimed)`,
      );
      expect(output).toContain('unclaimed votes on the demo server: SeedBen (2), SeedAva (1);');
      expect(JSON.parse(readFileSync(join(dir, 'demo.json'), 'utf8'))).toEqual({
        server_id: 1,
        api_key: key,
      });
      const check = (username: string) =>
        checkedFetch(`${url}/api/v1/vote/check?username=${username}`, {
          headers: { authorization: `Bearer ${key}` },
        });
      expect(await (await check('SeedBen')).json()).toMatchObject({ voted: true, username: 'SeedBen' });
      // The README's example name holds no seeded vote: a newcomer's own vote is the only one paid.
      for (const name of ['Steve', 'Alex']) {
        expect(await (await check(name)).json()).toMatchObject({ voted: false });
      }
      await (running.pop() as RunningMockServer).close();

      const again = await startInProcess(['--port', '0', '--db', db]);
      expect(again.output).toContain(`demo API key: ${key}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with --game redm seeds a RedM demo server, says so in the banner, and its page shows redm', async () => {
    const { mock, lines } = await startInProcess(['--port', '0', '--db', ':memory:', '--game', 'redm']);
    expect(lines).toContain('demo server game: redm');
    expect(mock.store.servers.get(1)?.game).toBe('redm');
    expect(await (await fetch(`${mock.url}/servers/1`)).text()).toContain('Game: <b>redm</b>');
  });

  it('names the default game and how to pick RedM', async () => {
    const { lines } = await startInProcess(['--port', '0', '--db', ':memory:']);
    expect(lines).toContain('demo server game: fivem (--game redm seeds a RedM one in a new database)');
  });

  it('says why --game did not apply to a database seeded earlier with another game', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-cli-game-'));
    try {
      const db = join(dir, 'vote-api.sqlite');
      await startInProcess(['--port', '0', '--db', db]);
      await (running.pop() as RunningMockServer).close();

      const again = await startInProcess(['--port', '0', '--db', db, '--game', 'redm']);
      expect(again.lines).toContain('demo server game: fivem');
      expect(again.lines).toContain(
        `--game redm did not apply: ${db} was seeded earlier with a fivem demo server; start with a new --db file (or delete this one and its demo.json) to seed a redm one`,
      );
      expect(again.mock.store.servers.get(1)?.game).toBe('fivem');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the server.cfg lines of the owner README, add_ace included', async () => {
    const { lines } = await startInProcess(['--port', '0', '--db', ':memory:']);
    const cfg = lines.indexOf('server.cfg lines for a real FXServer:');
    const block = lines.slice(cfg + 1).filter((line) => line.startsWith('  '));
    expect(block.map((line) => line.trim().split(' ').slice(0, 2).join(' '))).toEqual([
      'set vote_reward_api_key',
      'set vote_reward_api_url',
      'set vote_reward_discord_webhook',
      'ensure vote-reward',
      'add_ace group.admin',
    ]);
    expect(block).toContain('  add_ace group.admin command.votereward allow');
    const readme = readFileSync(new URL('../../docs/owner/README.md', import.meta.url), 'utf8');
    expect(readme).toContain('add_ace group.admin command.votereward allow');
  });

  it('after a restart keeps the tester’s own waiting vote apart from the seeded names, and stops saying "vote under your own name"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-cli-restart-'));
    try {
      const db = join(dir, 'vote-api.sqlite');
      const first = await startInProcess(['--port', '0', '--db', db]);
      first.mock.store.votes.insert({ serverId: 1, username: 'Neo Newcomer', ip: '127.0.0.1' });
      first.mock.store.votes.claimOldest(1, 'SeedAva');
      await (running.pop() as RunningMockServer).close();

      const again = await startInProcess(['--port', '0', '--db', db]);
      const seeded = again.lines.find((line) => line.includes('SeedBen')) as string;
      expect(seeded).toBe(
        'seeded unclaimed votes on the demo server: SeedBen (2); /vote in game as one of these names is paid for them',
      );
      expect(again.lines).toContain(
        'votes cast on an earlier run of this database, not claimed yet: Neo Newcomer (1); /vote in game under one of these names pays them (oldest first) before any new vote',
      );
      expect(again.output).not.toContain('vote under your own name');
      expect(again.lines.filter((line) => line.includes('Neo Newcomer'))).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    [[], ['unclaimed votes on the demo server: none']],
    [
      [{ username: 'SeedBen', count: 2 }],
      [
        'unclaimed votes on the demo server: SeedBen (2); /vote in game as one of these names is paid for them, so vote under your own name to test one fresh vote',
      ],
    ],
    [
      [{ username: 'Alex', count: 1 }],
      [
        'seeded unclaimed votes on the demo server: none left',
        'votes cast on an earlier run of this database, not claimed yet: Alex (1); /vote in game under one of these names pays them (oldest first) before any new vote',
      ],
    ],
  ])('describes the waiting votes %j as %j', (waiting, expected) => {
    expect(waitingLines(waiting)).toEqual(expected);
  });

  it('with --host 0.0.0.0 prints loopback URLs, never http://0.0.0.0, and a hint about --public-url', async () => {
    const { lines, output } = await startInProcess(['--port', '0', '--host', '0.0.0.0', '--db', ':memory:']);
    expect(lines[0]).toMatch(
      /^listening on every interface \(0\.0\.0\.0\), port \d+; on this machine: http:\/\/127\.0\.0\.1:\d+$/,
    );
    expect(output).toContain('"voteUrl"');
    expect(output).not.toContain('http://0.0.0.0');
    expect(output).toMatch(/set vote_reward_api_url "http:\/\/127\.0\.0\.1:\d+"/);
    expect(output).toContain('--public-url');
  });

  it('with --public-url prints that URL in the server.cfg lines and pages', async () => {
    const { output } = await startInProcess([
      '--port',
      '0',
      '--host',
      '0.0.0.0',
      '--db',
      ':memory:',
      '--public-url',
      'http://votes.lan:8787',
    ]);
    expect(output).toContain('set vote_reward_api_url "http://votes.lan:8787"');
    expect(output).toContain('vote page: http://votes.lan:8787/servers/1/vote');
    expect(output).toContain('OpenAPI: http://votes.lan:8787/openapi.json');
    expect(output).not.toContain('http://0.0.0.0');
    expect(output).toContain(
      'control API: refused to everyone, since others can reach this mock (--public-url http://votes.lan:8787); set MOCK_ADMIN_TOKEN to use it (and the owner dashboard)',
    );
  });

  it.each([
    [
      undefined,
      'control API: http://127.0.0.1:PORT/__admin (loopback clients only; set MOCK_ADMIN_TOKEN to require a token)',
    ],
    ['s3cret', 'control API: http://127.0.0.1:PORT/__admin (Authorization: Bearer $MOCK_ADMIN_TOKEN)'],
  ])('with MOCK_ADMIN_TOKEN %j prints who may use the control API', async (token, line) => {
    const { mock, lines } = await startInProcess(
      ['--port', '0', '--db', ':memory:', '--seed', 'none'],
      token,
    );
    expect(lines).toContain(line.replace('PORT', String(mock.port)));
  });

  it('with --no-admin says the control API is off', async () => {
    const { lines } = await startInProcess(['--port', '0', '--db', ':memory:', '--no-admin']);
    expect(lines).toContain('control API: disabled (--no-admin)');
    expect(lines.some((line) => line.startsWith('owner dashboard:'))).toBe(false);
  });

  it('names the port at fault when it is in use', async () => {
    const { mock } = await startInProcess(['--port', '0', '--db', ':memory:', '--seed', 'none']);
    expect(await startupFailure(['--port', String(mock.port), '--db', ':memory:', '--seed', 'none'])).toBe(
      `port ${mock.port} is in use on 127.0.0.1 (is another mock, such as npm start, already running?); stop it or pick another with --port`,
    );
  });

  it.each([
    ['a directory', (dir: string) => dir, 'it is a directory'],
    [
      'a file that is not a database',
      (dir: string) => writeTo(join(dir, 'notes.txt'), 'hello\n'.repeat(200)),
      'it is not an SQLite database',
    ],
    [
      'a path under a file',
      (dir: string) => join(writeTo(join(dir, 'plain'), 'x'), 'vote-api.sqlite'),
      'is a file, not a folder',
    ],
  ])('names the database file at fault when --db is %s', async (_what, pathIn, reason) => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-cli-db-'));
    try {
      const path = pathIn(dir);
      const problem = await startupFailure(['--port', '0', '--db', path]);
      expect(problem).toContain(`cannot use ${path} as the mock's database: `);
      expect(problem).toContain(reason);
      expect(problem).toContain('pick another file with --db');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has a usage text for --help that lists the flags', () => {
    expect(parseCli(['--help']).help).toBe(true);
    expect(parseCli(['-h']).help).toBe(true);
    for (const flag of [
      '--port N',
      '--host HOST',
      '--public-url URL',
      '--db PATH',
      '--check-mode MODE',
      '--game fivem|redm',
      '--no-admin',
    ])
      expect(USAGE).toContain(flag);
  });
});

/** Spawns the CLI (without npm, so signals reach it directly) and resolves once it printed its first line. */
function startCli(args: string[]) {
  const child = spawn(tsx, ['mock-server/index.ts', ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const firstLine = new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout as NonNullable<ChildProcess['stdout']> });
    rl.on('line', (line) => {
      lines.push(line);
      if (lines.length === 1) resolve(line);
    });
    child.once('exit', (code) => reject(new Error(`exited with ${code} before printing`)));
  });
  // Runs that are expected to fail never print; their rejection is not an error of the test.
  firstLine.catch(() => undefined);
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return { child, firstLine, exit, lines, stderr: () => stderr };
}

// Two real processes: what only the process shows (the tsx binary, stdout, signals, exit codes). The rest runs above.
describe('mock CLI process', () => {
  it('through the tsx binary, prints "listening on" first, serves the API, and exits 0 on SIGTERM', async () => {
    const cli = startCli(['--port', '0', '--db', ':memory:', '--check-mode', 'last24h']);
    const first = await cli.firstLine;
    expect(first).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
    const url = first.slice('listening on '.length);
    expect(await (await checkedFetch(`${url}/health`)).json()).toMatchObject({
      status: 'ok',
      check_mode: 'last24h',
      servers: 21,
    });
    await vi.waitFor(() => expect(cli.lines).toContain('  ensure vote-reward'));
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);
    expect(cli.lines.at(-1)).toBe('SIGTERM: finishing in-flight requests, closing the database');
  });

  it('exits 2 with a message and the --help hint for a bad flag', async () => {
    const cli = startCli(['--port', 'x']);
    expect(await cli.exit).toBe(2);
    expect(cli.stderr()).toBe(
      'error: --port expects a whole number, got "x"\nrun with --help for the list of flags\n',
    );
  });
});
