import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFxServer, type FxServer } from '../../devkit/fxserver/server';
import { tempDir } from '../../devkit/fxserver/test-helpers';
import { shippedTable } from '../../devkit/locales';
import { copyLocales } from '../../devkit/worlds/e2e-harness';
import { startMockServer } from '../../mock-server/server';
import { createTranslator } from '../../src/i18n/messages';

const root = new URL('../..', import.meta.url).pathname;

/** Copies the built resource (dist/server.js must exist: `npm test` builds first) with the given config. */
const installResource = (dir: string, config: Record<string, unknown>) => {
  const target = path.join(dir, 'resources', 'vote-reward');
  fs.mkdirSync(path.join(target, 'dist'), { recursive: true });
  fs.copyFileSync(path.join(root, 'fxmanifest.lua'), path.join(target, 'fxmanifest.lua'));
  fs.copyFileSync(path.join(root, 'dist/server.js'), path.join(target, 'dist/server.js'));
  copyLocales(target);
  fs.writeFileSync(path.join(target, 'config.json'), JSON.stringify(config));
  return target;
};

/** Every source file of src/ joined, to find a function by its name. */
const sourceText = (dir = path.join(root, 'src')): string =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? sourceText(path.join(dir, entry.name))
        : entry.name.endsWith('.ts')
          ? fs.readFileSync(path.join(dir, entry.name), 'utf8')
          : '',
    )
    .join('\n');

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

const boot = (
  config: Record<string, unknown>,
  convars: Record<string, string> = {},
  profile: 'node22' | 'node16' = 'node22',
): FxServer => {
  const dir = tempDir('vote-reward-bundle-');
  const sim = createFxServer({ dataDir: path.join(dir, 'data'), clock: 'real', profile });
  for (const [name, value] of Object.entries(convars)) sim.setConvar(name, value);
  sim.addResourceFolder('vote-reward', installResource(dir, config));
  cleanup.push(() => sim.shutdown());
  return sim;
};

const lines = (sim: FxServer) => sim.consoleLines.filter((line) => line.includes('vote-reward'));

describe('dist/server.js in the simulated FXServer', () => {
  it('prints one clear block and stays inert without an API key, without throwing into the server', async () => {
    const sim = boot({
      apiUrl: 'http://127.0.0.1:1',
      reward: { type: 'custom', event: 'x:y' },
      framework: 'standalone',
    });
    expect(sim.start('vote-reward')).toBe(true);
    await sim.advance(200);
    const output = lines(sim).join('\n');
    expect(output).toContain('vote-reward: not started, config.json has problems:');
    expect(output).toContain('apiKey: missing; put `set vote_reward_api_key "live_..."` in server.cfg');
    expect(output).not.toContain('SCRIPT ERROR');
    expect(sim.resourceState('vote-reward')).toBe('started');
  });

  it.each(['node22', 'node16'] as const)(
    'on %s: connects with the convar key, never prints it, and pays a standalone custom reward once',
    async (profile) => {
      const mock = await startMockServer();
      cleanup.push(() => mock.close());
      const server = mock.store.servers.create({ name: 'Test City', game: 'gta5' });
      const key = mock.store.keys.create(server.id).key;
      // A fault that changes nothing (apply, no delay) but counts the claims that reach the mock.
      mock.app.faults.add({ route: '/api/v1/vote/claim', method: 'POST', apply: true, delayMs: 0 });
      const sim = boot(
        {
          apiUrl: mock.url,
          framework: 'standalone',
          reward: { type: 'custom', event: 'test:rewarded' },
          poll: { enabled: false },
        },
        { vote_reward_api_key: key },
        profile,
      );
      sim.start('vote-reward');
      await sim.until(() => lines(sim).some((l) => l.includes('connected to')), { timeoutMs: 5000 });
      expect(lines(sim).join('\n')).toContain('vote-reward: connected to Test City (#1, 0 votes)');
      expect(sim.consoleLines.join('\n')).not.toContain(key);
      mock.store.votes.insert({ serverId: server.id, username: 'Ana', votedAt: Date.now() - 60_000 });
      const id = await sim.join({ name: 'Ana', identifiers: ['license:aaa'] });
      sim.command(id, 'vote');
      sim.command(id, 'vote');
      await sim.until(() => mock.store.votes.list()[0]?.claimedAt !== null, { timeoutMs: 5000 });
      await sim.advance(500);
      const chat = sim.clientEvents(id).filter((event) => event.name === 'chat:addMessage');
      expect(chat.map((event) => (event.args[0] as { args: string[] }).args[1])).toEqual([
        'Your vote is already being checked, please wait.',
        'Thanks for voting! You received a special reward.',
      ]);
      expect(mock.app.faults.list().map((f) => f.hits)).toEqual([1]);
      expect(lines(sim).join('\n')).toContain(`over ${profile === 'node22' ? 'fetch' : 'native'}`);
    },
  );

  it.each([
    [12912, false],
    [12913, true],
  ])(
    'on server build %i (Node 22 came with 12913), starts: %s; FXServer names the build it needs',
    async (build, starts) => {
      const dir = tempDir('vote-reward-build-');
      const sim = createFxServer({ dataDir: path.join(dir, 'data'), clock: 'real', build });
      cleanup.push(() => sim.shutdown());
      sim.addResourceFolder(
        'vote-reward',
        installResource(dir, { apiUrl: 'http://127.0.0.1:1', reward: { type: 'custom', event: 'x:y' } }),
      );
      expect(sim.start('vote-reward')).toBe(starts);
      const refusal = [
        "[resources] Resource 'vote-reward' can't run:",
        '[resources]   1. server needs to be 12913 or higher',
        "[resources] Couldn't start resource vote-reward.",
      ];
      if (starts)
        expect(sim.consoleLines.filter((line) => line.startsWith('[resources] '))).not.toContain(refusal[0]);
      else expect(sim.consoleLines.filter((line) => line.startsWith('[resources] '))).toEqual(refusal);
    },
  );

  it('names the source functions in a stack trace although local names are shortened (keepNames)', () => {
    // The bundle on a bare context whose KVP store throws at start: the resource logs the stack of the start-up failure.
    const logged: string[] = [];
    const context = vm.createContext({
      console: { log: (line: string) => logged.push(line) },
      GetCurrentResourceName: () => 'vote-reward',
      LoadResourceFile: () => null,
      GetConvar: (_name: string, fallback: string) => fallback,
      setTimeout,
      clearTimeout,
      // FXServer's global require (Node built-ins such as node:crypto).
      require: createRequire(import.meta.url),
    });
    // Thrown by the context's own Error, as a native's error would be, with V8's default frame count.
    vm.runInContext("GetResourceKvpString = () => { throw new Error('the KVP store is gone'); };", context);
    vm.runInContext(fs.readFileSync(path.join(root, 'dist/server.js'), 'utf8'), context, {
      filename: 'dist/server.js',
    });
    return vi.waitFor(() => {
      const failure = logged.find((line) => line.includes('start-up failed: Error: the KVP store is gone'));
      expect(failure).toBeDefined();
      // The first bundle frame that is a plain function (not an object's method) is a function of src/ by its name.
      const frames = [...(failure as string).matchAll(/\bat ([\w$]+) \(dist\/server\.js:/g)].map((m) => m[1]);
      expect(frames.length, failure).toBeGreaterThan(0);
      const source = sourceText();
      for (const name of frames)
        expect(source, name).toMatch(new RegExp(`function ${name}\\b|const ${name} = `));
    });
  });

  describe('reads its language from locales/<locale>.json in the resource folder', () => {
    /** Boots a French server whose fr.json is `edit`ed, has a player with no vote type /vote; the answer and console. */
    const frenchVote = async (edit: (file: string) => void) => {
      const mock = await startMockServer();
      cleanup.push(() => mock.close());
      const server = mock.store.servers.create({ name: 'Test City', game: 'gta5' });
      const key = mock.store.keys.create(server.id).key;
      const dir = tempDir('vote-reward-locale-');
      const sim = createFxServer({ dataDir: path.join(dir, 'data'), clock: 'real', profile: 'node22' });
      cleanup.push(() => sim.shutdown());
      sim.setConvar('vote_reward_api_key', key);
      const target = installResource(dir, {
        apiUrl: mock.url,
        framework: 'standalone',
        locale: 'fr',
        reward: { type: 'custom', event: 'test:rewarded' },
        poll: { enabled: false },
        claimCooldownSeconds: 0,
      });
      const file = path.join(target, 'locales', 'fr.json');
      edit(file);
      sim.addResourceFolder('vote-reward', target);
      sim.start('vote-reward');
      await sim.until(() => lines(sim).some((l) => l.includes('connected to')), { timeoutMs: 5000 });
      const id = await sim.join({ name: 'Ana', identifiers: ['license:aaa'] });
      sim.command(id, 'vote');
      await sim.until(() => sim.clientEvents(id).some((event) => event.name === 'chat:addMessage'), {
        timeoutMs: 5000,
      });
      const said = () =>
        sim
          .clientEvents(id)
          .filter((event) => event.name === 'chat:addMessage')
          .map((event) => (event.args[0] as { args: string[] }).args[1]);
      return { said: said(), console: lines(sim), sim, id, file, saidNow: said };
    };
    const noVote = (builtIn = {}) =>
      createTranslator('fr', {}, builtIn)('no_vote_no_link', { name: 'Ana', command: 'vote' });

    it('speaks French from the shipped fr.json, with nothing about it in the console', async () => {
      const { said, console } = await frenchVote(() => {});
      expect(said).toEqual([noVote(shippedTable('fr'))]);
      expect(said[0]).toMatch(/^Aucun vote trouvé pour « Ana »/);
      expect(console.filter((line) => line.includes('locales/'))).toEqual([]);
    });

    it('reads the file again on `votereward reload`: a file put back makes players read French', async () => {
      const run = await frenchVote((file) => fs.rmSync(file));
      expect(run.said).toEqual([noVote()]);
      fs.copyFileSync(path.join(root, 'locales', 'fr.json'), run.file);
      run.sim.consoleCommand('votereward reload');
      const connected = () => lines(run.sim).filter((line) => line.includes('connected to')).length;
      await run.sim.until(() => connected() >= 2, { timeoutMs: 5000 });
      run.sim.command(run.id, 'vote');
      await run.sim.until(() => run.saidNow().length >= 2, { timeoutMs: 5000 });
      expect(run.saidNow()).toEqual([noVote(), noVote(shippedTable('fr'))]);
    });

    it.each<[string, (file: string) => void, string]>([
      [
        'missing',
        (file) => fs.rmSync(file),
        'vote-reward: locales/fr.json is missing from the resource folder; players who speak fr read English',
      ],
      [
        'broken by an edit',
        (file) => fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('",\n', '"\n')),
        'vote-reward: locales/fr.json line 2, column 60: a comma is missing here, before "no_vote" (the line reads: "rewarded": "Merci pour ton vote ! Tu as reçu {rewards}."); players who speak fr read English',
      ],
    ])(
      '%s: one console line naming the file and the problem, players read English, the rest runs',
      async (_, edit, problem) => {
        const { said, console } = await frenchVote(edit);
        expect(said).toEqual([noVote()]);
        expect(said[0]).toMatch(/^No vote found for "Ana"/);
        const told = console.filter((line) => line.includes('locales/fr.json'));
        expect(told).toHaveLength(1);
        expect(told[0]?.slice(told[0].indexOf('] ') + 2)).toBe(problem);
        expect(console.join('\n')).not.toContain('SCRIPT ERROR');
      },
    );
  });
});
