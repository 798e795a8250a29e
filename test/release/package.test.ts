/**
 * The owner's first start, proven: `build.mjs --package-only` zips the built resource, the zip is unpacked the way
 * its own README says, FXServer finds the resource the way it scans `resources/`, the server.cfg lines of the README
 * are run, and a player on ESX who voted types /vote and is paid by the real mock's claim.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFxServer, type FxServer } from '../../devkit/fxserver';
import { createChatFake, createEsxFake, type EsxFake } from '../../devkit/fxserver/resources';
import { tempDir } from '../../devkit/fxserver/test-helpers';
import { requireBundle } from '../../devkit/worlds/e2e-harness';
import { startMockServer } from '../../mock-server/server';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  version: string;
  repository: { url: string };
};
/** The project on GitHub (package.json's repository): the one address outside the zip its pages may link. */
const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

/** Files of the zip, under its one folder. */
const EXPECTED_ENTRIES = [
  'CHANGELOG.md',
  'LICENSE',
  'README.md',
  'config.json',
  'config.schema.json',
  'dist/server.js',
  'docs/config.md',
  'docs/messages.md',
  'docs/sites.md',
  'fxmanifest.lua',
  'lua/vrp2.lua',
].map((file) => `vote-reward/${file}`);

/** Builds the zip from the current files (dist/server.js comes from `npm test`'s build) into a temp folder. */
function packageZip(dir: string): Uint8Array {
  requireBundle();
  const out = path.join(dir, 'vote-reward.zip');
  const run = spawnSync(process.execPath, ['build.mjs', '--package-only', `--out=${out}`], {
    cwd: root,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`build.mjs --package-only failed: ${run.stderr}${run.stdout}`);
  return new Uint8Array(fs.readFileSync(out));
}

/** Writes every entry of the zip under `dest`, as an unzip tool does. */
function unzipInto(zip: Uint8Array, dest: string): void {
  for (const [name, bytes] of Object.entries(unzipSync(zip))) {
    if (name.endsWith('/')) continue;
    const target = path.resolve(dest, name);
    if (!target.startsWith(`${path.resolve(dest)}${path.sep}`)) throw new Error(`zip entry escapes: ${name}`);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, bytes);
  }
}

/**
 * FXServer's resource scan: every folder of `resources/` holding an fxmanifest.lua is a resource named after the
 * folder; `[category]` folders are searched inside; any other folder is not a resource and is not searched.
 */
function scanResources(server: FxServer, dir: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const folder = path.join(dir, entry.name);
    if (/^\[.*\]$/.test(entry.name)) found.push(...scanResources(server, folder));
    else if (fs.existsSync(path.join(folder, 'fxmanifest.lua'))) {
      server.addResourceFolder(entry.name, folder);
      found.push(entry.name);
    }
  }
  return found;
}

/** The text of the README's section starting at the heading `## title`, up to the next `## `. */
function section(readme: string, title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`the packaged README has no "## ${title}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  return readme.slice(start, end < 0 ? undefined : end);
}

/** The first fenced block of a language in a text, without its fence and list indentation. */
function fenced(text: string, lang: string): string {
  const match = new RegExp(`^( *)\`\`\`${lang}\\n([\\s\\S]*?)^\\1\`\`\``, 'm').exec(text);
  if (!match) throw new Error(`no \`\`\`${lang} block`);
  const indent = match[1]?.length ?? 0;
  return (match[2] ?? '')
    .split('\n')
    .map((line) => line.slice(indent))
    .join('\n');
}

describe('release/vote-reward.zip, installed as its README says', () => {
  let dir: string;
  let zip: Uint8Array;
  let readme: string;
  const cleanup: (() => Promise<void> | void)[] = [];

  beforeAll(async () => {
    dir = tempDir('vote-reward-release-');
    zip = packageZip(dir);
    readme = new TextDecoder().decode(unzipSync(zip)['vote-reward/README.md']);
  });

  afterAll(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('holds one vote-reward/ folder with the resource, its docs, licence and changelog, and nothing else', () => {
    expect(Object.keys(unzipSync(zip)).sort()).toEqual(EXPECTED_ENTRIES);
  });

  it('carries the version of package.json in its manifest and has a changelog entry for it', () => {
    const files = unzipSync(zip);
    const manifest = new TextDecoder().decode(files['vote-reward/fxmanifest.lua']);
    expect(manifest).toMatch(new RegExp(`^version '${pkg.version.replace(/\./g, '\\.')}'$`, 'm'));
    for (const key of ['author', 'description', 'repository'])
      expect(manifest).toMatch(new RegExp(`^${key} '.+'$`, 'm'));
    const committed = fs.readFileSync(path.join(root, 'fxmanifest.lua'), 'utf8');
    expect(committed, 'fxmanifest.lua is behind package.json: run npm run build').toBe(manifest);
    const changelog = new TextDecoder().decode(files['vote-reward/CHANGELOG.md']);
    expect(changelog).toContain(`\n## ${pkg.version}\n`);
  });

  it('has a README whose links all lead to files inside the zip or to the project, and no development instructions', () => {
    const files = unzipSync(zip);
    const prose = readme.replace(/`[^`\n]*`/g, '');
    const all = [...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string);
    const links = all.filter((link) => !link.startsWith(`${repository}/`) && link !== repository);
    expect(all).toEqual(expect.arrayContaining([`${repository}/releases/latest`, `${repository}/issues`]));
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link, `${link} leaves the zip`).not.toMatch(/^(\.\.\/|\/|[a-z]+:)/);
      expect(Object.keys(files), `${link} is not in the zip`).toContain(`vote-reward/${link}`);
    }
    for (const developerOnly of ['npm ', 'node_modules', 'vitest', 'build.mjs', 'mock-server'])
      expect(readme).not.toContain(developerOnly);
    for (const page of ['docs/config.md', 'docs/messages.md', 'docs/sites.md']) {
      const text = new TextDecoder().decode(files[`vote-reward/${page}`]);
      expect(text, `${page} names a repository path the zip does not have`).not.toContain('docs/owner/');
      for (const link of text.matchAll(/\]\(([^)#\s]+)/g)) {
        const target = path.posix.join('vote-reward/docs', link[1] as string);
        expect(Object.keys(files), `${page} links ${link[1]}`).toContain(target);
      }
    }
    expect(new TextDecoder().decode(files['vote-reward/docs/config.md'])).toContain(
      '[Reward programs](../README.md#reward-programs)',
    );
  });

  it("refuses to start on the zip's config.json as unzipped, naming each placeholder, until steps 2 and 3 replace them", async () => {
    const install = section(readme, 'Install');
    const resources = path.join(dir, 'placeholders', 'resources');
    fs.mkdirSync(resources, { recursive: true });
    unzipInto(zip, resources);
    const mock = await startMockServer();
    cleanup.push(() => mock.close());
    const listed = mock.store.servers.create({ name: 'Harbor City RP', game: 'fivem' });
    const key = mock.store.keys.create(listed.id).key;
    const sim = createFxServer({ dataDir: path.join(dir, 'placeholders', 'data'), profile: 'node22' });
    cleanup.push(() => sim.shutdown());
    const esx = createEsxFake();
    sim.addFakeResource('chat', createChatFake().definition);
    sim.addFakeResource('es_extended', esx.definition);
    expect(scanResources(sim, resources)).toEqual(['vote-reward']);
    sim.start('chat');
    sim.start('es_extended');
    const problems = () => {
      const lines = sim.consoleLines.map((line) => line.replace(/\^\d/g, ''));
      // The heading names config.json, or server.cfg when a convar's value is wrong.
      const last = lines.findLastIndex((line) =>
        /^\[script:vote-reward\] vote-reward: not started, .* (has|have) problems:$/.test(line),
      );
      const block = lines.slice(last + 1);
      return block
        .slice(
          0,
          block.findIndex((line) => !line.includes('  - ')),
        )
        .map((line) => line.slice(line.indexOf('  - ') + 4));
    };

    // Step 1 only: the shipped placeholders are refused by name.
    sim.consoleCommand('ensure vote-reward');
    await sim.until(() => problems().length > 0, { timeoutMs: 10_000 });
    expect(problems()).toEqual([
      'apiKey: missing; put `set vote_reward_api_key "live_..."` in server.cfg or "apiKey" in config.json',
      'apiUrl: set apiUrl in config.json (or `set vote_reward_api_url "https://..."` in server.cfg) to your listing site\'s address (it is still the placeholder "https://your-listing-site.example")',
      'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
    ]);

    // Step 2 as written, its example key unchanged: the key placeholder is named too.
    const cfg = fenced(install, 'cfg')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    for (const line of cfg) sim.consoleCommand(line.replace('https://vote.example.com', mock.url));
    await sim.until(() => problems()[0]?.startsWith('vote_reward_api_key') === true, { timeoutMs: 10_000 });
    expect(problems()).toEqual([
      'vote_reward_api_key (set in server.cfg): set it to the key from your listing site\'s Integrations page (it is still the placeholder "live_your_key_here")',
      'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
    ]);

    // Step 2 with the site's key: only the vote page of step 3 is left.
    for (const line of cfg)
      sim.consoleCommand(
        line.replace('live_your_key_here', key).replace('https://vote.example.com', mock.url),
      );
    await sim.until(() => problems().length === 1, { timeoutMs: 10_000 });
    expect(problems()).toEqual([
      'voteUrl: set voteUrl in config.json to your server\'s vote page on your listing site (it is still the placeholder "https://your-listing-site.example/servers/YOUR_SERVER_ID/vote")',
    ]);
    expect(sim.ledger).toEqual([]);
  });

  /** An owner's server after steps 1 to 3 of the README's Install section, booted with ESX and the real mock. */
  async function installAsReadmeSays(name: string): Promise<Installed> {
    const install = section(readme, 'Install');
    // Step 1: where to unzip, and what must exist afterwards, as the README words them.
    const into = /Unzip `vote-reward\.zip` into your server's `([^`]+)` folder/.exec(install)?.[1];
    const expected = /you should now have `([^`]+)`/.exec(install)?.[1];
    expect(into, 'the README says where to unzip').toBeDefined();
    expect(expected, 'the README says which file the owner should then see').toBeDefined();
    const serverDir = path.join(dir, name);
    const resources = path.join(serverDir, into as string);
    fs.mkdirSync(resources, { recursive: true });
    unzipInto(zip, resources);
    expect(fs.existsSync(path.join(serverDir, expected as string)), `${expected} after unzipping`).toBe(true);

    // The site: a listed server with its key.
    const mock = await startMockServer();
    cleanup.push(() => mock.close());
    const listed = mock.store.servers.create({ name: 'Harbor City RP', game: 'fivem' });
    const key = mock.store.keys.create(listed.id).key;

    // Step 3: config.json as the README's example, pointing at this site instead of vote.example.com.
    const example = fenced(install, 'json')
      .replaceAll('https://vote.example.com', mock.url)
      .replace('/servers/123/', `/servers/${listed.id}/`);
    const configPath = path.join(serverDir, 'resources', 'vote-reward', 'config.json');
    fs.writeFileSync(configPath, example);

    // Step 2: the server.cfg lines of the README, with this site's key and address.
    const cfg = fenced(install, 'cfg')
      .replace('live_your_key_here', key)
      .replace('https://vote.example.com', mock.url)
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.trim().startsWith('#'));
    expect(cfg.at(-1)).toBe('ensure vote-reward');

    /** Starts the game server on these folders: FXServer's scan of resources/, the framework, then server.cfg. */
    const boot = async (): Promise<Booted> => {
      const sim = createFxServer({
        dataDir: path.join(serverDir, 'data'),
        startTime: Date.now(),
        profile: 'node22',
      });
      cleanup.push(() => sim.shutdown());
      const esx = createEsxFake();
      sim.addFakeResource('chat', createChatFake().definition);
      sim.addFakeResource('es_extended', esx.definition);
      expect(scanResources(sim, resources)).toEqual(['vote-reward']);
      sim.start('chat');
      sim.start('es_extended');
      for (const line of cfg) sim.consoleCommand(line);
      const output = () =>
        sim.consoleLines
          .filter((line) => line.startsWith('[script:vote-reward] '))
          .map((line) => line.slice('[script:vote-reward] '.length));
      await sim.until(() => output().some((line) => line.startsWith('vote-reward: connected to')), {
        timeoutMs: 10_000,
      });
      return { sim, esx, output };
    };

    const vote = async (username: string) => {
      const res = await fetch(`${mock.url}/__admin/votes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ server_id: listed.id, username }),
      });
      expect(res.status).toBe(201);
    };
    const claimed = (username: string) =>
      mock.store.votes.list({ serverId: listed.id, username }).map((v) => v.claimedAt !== null);
    return { ...(await boot()), boot, key, configPath, install, vote, claimed, mockUrl: mock.url };
  }

  it("boots on ESX in a fresh resources/ folder and pays a player who voted and typed /vote: the owner's first start", async () => {
    const { sim, esx, key, install, output, vote, claimed, mockUrl } =
      await installAsReadmeSays('first-start');
    expect(output()).toContain('vote-reward: connected to Harbor City RP (#1, 0 votes)');
    expect(
      output().some((line) => line.startsWith(`vote-reward: version ${pkg.version}, framework esx,`)),
    ).toBe(true);
    // The README's start-up sample is this very output, with the README's site, key and server in place of the test's.
    const sample = fenced(install.slice(install.indexOf('At start the console shows:')), '')
      .trim()
      .split('\n')
      .map((line) => line.replace('[script:vote-reward] ', ''));
    const seen = output()
      .filter((line) => /^vote-reward: (version|connected)/.test(line))
      .map((line) =>
        line
          .replace(mockUrl, 'https://vote.example.com')
          .replace(/live_\*\*\*\*\w{4}/, 'live_****abcd')
          .replace(/connected to .*$/, 'connected to My Server RP (#3, 1250 votes)'),
      );
    expect(seen).toEqual(sample);
    expect(sim.consoleLines.join('\n')).not.toContain(key);

    await vote('Steve');
    const steve = await sim.join({ name: 'Steve', identifiers: ['license:5b1e7ed2c0ffee'] });
    esx.loadPlayer(steve, { identifier: '5b1e7ed2c0ffee', name: 'Steve' });
    sim.chat(steve, '/vote');
    await sim.until(() => sim.ledger.length > 0, { timeoutMs: 10_000 });
    await sim.until(() => chatLines(sim, steve).length > 0, { timeoutMs: 5_000 });
    expect(
      sim.ledger.map(({ framework, player, kind, amount }) => ({ framework, player, kind, amount })),
    ).toEqual([{ framework: 'es_extended', player: steve, kind: 'money', amount: 500 }]);

    // "Try it before going live", as the README words each step's answer.
    const tryIt = install.slice(install.indexOf('### Try it before going live'));
    const paidText = /type `\/vote`: you get `([^`]+)`/.exec(tryIt)?.[1];
    expect(chatLines(sim, steve)).toEqual([paidText]);
    expect(claimed('Steve')).toEqual([true]);

    await sim.advance(11_000);
    sim.chat(steve, '/vote');
    await sim.until(() => chatLines(sim, steve).length > 1, { timeoutMs: 10_000 });
    const againText = /Type `\/vote` again: `([^`]+?)…`/.exec(tryIt)?.[1];
    expect(againText).toBeDefined();
    expect(chatLines(sim, steve)[1]?.startsWith(againText as string)).toBe(true);
    expect(sim.ledger).toHaveLength(1);

    const statusCommand = /the server console, `([^`]+)`/.exec(tryIt)?.[1] as string;
    expect(statusCommand).toBe('votereward status');
    sim.consoleCommand(statusCommand);
    await sim.until(() => output().some((line) => line.includes('reachable, key valid')), {
      timeoutMs: 10_000,
    });
    expect(output()).toContain('  Server     Harbor City RP (#1, 1 votes)');
  });

  it('keeps a reward still owed across an upgrade done as the README says, and pays it once', async () => {
    const { sim, esx, configPath, vote, claimed, boot } = await installAsReadmeSays('upgrade');
    await vote('Ana');
    const ana = await sim.join({ name: 'Ana', identifiers: ['license:a11ce'] });
    esx.loadPlayer(ana, { identifier: 'a11ce', name: 'Ana' });
    // ESX fails the payment: the vote is claimed on the site, the reward is owed and journalled.
    sim.payoutHook = () => 'fail';
    sim.chat(ana, '/vote');
    await sim.until(() => chatLines(sim, ana).length > 0, { timeoutMs: 10_000 });
    expect(chatLines(sim, ana)).toEqual([
      'Your reward is waiting: it could not be given yet, an admin has been told.',
    ]);
    expect(claimed('Ana')).toEqual([true]);
    expect(sim.ledger).toEqual([]);
    sim.payoutHook = null;

    // Upgrading, as the README says: keep config.json, unzip the new zip over the folder, put config.json back,
    // restart the server.
    const upgrade = section(readme, 'Upgrading');
    expect(upgrade).toContain('Unzip the new `vote-reward.zip` into `resources/` over the old folder');
    await sim.shutdown();
    const kept = fs.readFileSync(configPath);
    unzipInto(zip, path.dirname(path.dirname(configPath)));
    expect(fs.readFileSync(configPath)).not.toEqual(kept);
    fs.writeFileSync(configPath, kept);
    const after = await boot();

    const back = await after.sim.join({ name: 'Ana', identifiers: ['license:a11ce'] });
    after.esx.loadPlayer(back, { identifier: 'a11ce', name: 'Ana' });
    await after.sim.advance(11_000);
    after.sim.chat(back, '/vote');
    await after.sim.until(() => after.sim.ledger.length > 0, { timeoutMs: 10_000 });
    await after.sim.advance(2_000);
    expect(after.sim.ledger.map(({ player, kind, amount }) => ({ player, kind, amount }))).toEqual([
      { player: back, kind: 'money', amount: 500 },
    ]);
    expect(claimed('Ana')).toEqual([true]);
    expect(chatLines(after.sim, back)).toContain('Thanks for voting! You received 500$ in cash.');
  });
});

/** A started game server of the owner. */
interface Booted {
  sim: FxServer;
  esx: EsxFake;
  /** The resource's console lines, without the channel prefix. */
  output(): string[];
}

/** What {@link installAsReadmeSays} leaves running, and how to start the server again on the same folders. */
interface Installed extends Booted {
  /** Starts the server again (after the running one was shut down). */
  boot(): Promise<Booted>;
  key: string;
  configPath: string;
  /** The README's Install section. */
  install: string;
  /** A vote for the listed server on the mock (control API). */
  vote(username: string): Promise<void>;
  /** Claimed or not, for each vote of a username. */
  claimed(username: string): boolean[];
  /** The mock's address, which the README's samples write as https://vote.example.com. */
  mockUrl: string;
}

/** The chat lines a player received. */
function chatLines(server: FxServer, player: number): string[] {
  return server
    .clientEvents(player)
    .filter((event) => event.name === 'chat:addMessage')
    .map((event) => String((event.args[0] as { args: unknown[] }).args.at(-1)));
}
