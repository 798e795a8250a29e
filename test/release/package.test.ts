/**
 * The owner's first start, proven: `build.mjs --package-only` zips the built resource, the zip is unpacked the way
 * its own README says, FXServer finds the resource the way it scans `resources/`, the server.cfg lines of the README
 * are run, and a player on ESX who voted types /vote and is paid by the real mock's claim.
 */
import fs from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFxServer, type FxServer } from '../../devkit/fxserver';
import {
  createChatFake,
  createEsxFake,
  createRsgFake,
  createVorpFake,
  type EsxFake,
} from '../../devkit/fxserver/resources';
import { tempDir } from '../../devkit/fxserver/test-helpers';
import { startMockServer } from '../../mock-server/server';
import {
  chatLines,
  EXPECTED_ENTRIES,
  fenced,
  headingSlugs,
  packageZip,
  pkg,
  recipeTasks,
  repository,
  root,
  scanResources,
  section,
  unzipInto,
} from './release-kit';

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

  it('has a README that links the download, the issues and its pages in the zip, and no development instructions', () => {
    const files = unzipSync(zip);
    const prose = readme.replace(/`[^`\n]*`/g, '');
    const all = [...prose.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1] as string);
    expect(all).toEqual(
      expect.arrayContaining([
        `${repository}/releases/latest/download/vote-reward.zip`,
        `${repository}/releases/latest`,
        `${repository}/issues`,
      ]),
    );
    const pages = all.filter((link) => !/^[a-z]+:/.test(link));
    expect(pages.length).toBeGreaterThan(5);
    for (const link of pages)
      expect(Object.keys(files), `${link} is not in the zip`).toContain(`vote-reward/${link}`);
    for (const developerOnly of ['npm ', 'node_modules', 'vitest', 'build.mjs', 'mock-server'])
      expect(readme).not.toContain(developerOnly);
    expect(new TextDecoder().decode(files['vote-reward/docs/config.md'])).toContain(
      '[Reward programs](programs.md)',
    );
  });

  it('has no dangling link on any page of the zip: every file linked is in the zip, every #anchor a heading of it', () => {
    const files = unzipSync(zip);
    const texts = Object.fromEntries(
      Object.entries(files)
        .filter(([name]) => name.endsWith('.md'))
        .map(([name, bytes]) => [name, new TextDecoder().decode(bytes)]),
    );
    expect(Object.keys(texts).length).toBeGreaterThanOrEqual(10);
    const dangling: string[] = [];
    for (const [page, text] of Object.entries(texts)) {
      const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
      for (const match of prose.matchAll(/\]\(([^)\s]*)\)/g)) {
        const link = match[1] as string;
        if (link === repository || link.startsWith(`${repository}/`)) continue;
        if (/^[a-z]+:/.test(link)) {
          dangling.push(`${page}: ${link} leaves the zip`);
          continue;
        }
        const [file = '', anchor] = link.split('#');
        const target =
          file === '' ? page : path.posix.normalize(path.posix.join(path.posix.dirname(page), file));
        if (!(target in files)) {
          dangling.push(`${page}: ${link} (no ${target} in the zip)`);
          continue;
        }
        if (anchor !== undefined && !headingSlugs(texts[target] ?? '').has(anchor))
          dangling.push(`${page}: ${link} (no heading #${anchor} in ${target})`);
      }
    }
    expect(dangling).toEqual([]);
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

  it.each([
    {
      framework: 'VORP',
      fake: createVorpFake,
      ensure: (line: string) => line,
      paid: [
        ['vorp_core', 'money', 50],
        ['vorp_core', 'gold', 1],
        ['vorp_inventory', 'item', 2],
      ],
      told: (text: string) => ['vorp:TipRight', text, 5000],
    },
    {
      framework: 'RSG',
      fake: createRsgFake,
      // "start it as above with `ensure rsg-core` and `ensure rsg-inventory`"
      ensure: (line: string) =>
        line
          .replace('ensure vorp_core', 'ensure rsg-core')
          .replace('ensure vorp_inventory', 'ensure rsg-inventory'),
      paid: [
        ['rsg-core', 'money', 50],
        ['rsg-core', 'valbank', 100],
        ['rsg-inventory', 'item', 2],
      ],
      told: (text: string) => ['chat:addMessage', text],
    },
  ])(
    'the RedM quick start for $framework, copied as written, starts and pays each reward of its example once',
    async ({ framework, fake, ensure, paid, told }) => {
      const quick = section(readme, 'RedM quick start (VORP or RSG)');
      const vorpPart = quick.slice(quick.indexOf('**VORP**'), quick.indexOf('**RSG**'));
      const part = framework === 'VORP' ? vorpPart : quick.slice(quick.indexOf('**RSG**'));
      expect(vorpPart).toContain('set steam_webApiKey');
      const serverDir = path.join(dir, `redm-${framework}`);
      const resources = path.join(serverDir, 'resources');
      fs.mkdirSync(resources, { recursive: true });
      unzipInto(zip, resources);

      const mock = await startMockServer();
      cleanup.push(() => mock.close());
      const listed = mock.store.servers.create({ name: 'Valentine RP', game: 'rdr3' });
      const key = mock.store.keys.create(listed.id).key;
      fs.writeFileSync(
        path.join(resources, 'vote-reward', 'config.json'),
        fenced(part, 'json')
          .replaceAll('https://vote.example.com', mock.url)
          .replace('/servers/123/', `/servers/${listed.id}/`),
      );
      const cfg = fenced(vorpPart, 'cfg')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) =>
          ensure(line).replace('live_your_key_here', key).replace('https://vote.example.com', mock.url),
        );

      const sim = createFxServer({
        dataDir: path.join(serverDir, 'data'),
        startTime: Date.now(),
        profile: 'node22',
        game: 'rdr3',
      });
      cleanup.push(() => sim.shutdown());
      const redm = fake();
      sim.addFakeResource('chat', createChatFake().definition);
      for (const [name, definition] of redm.resources) sim.addFakeResource(name, definition);
      expect(scanResources(sim, resources)).toEqual(['vote-reward']);
      sim.start('chat');
      for (const line of cfg) sim.consoleCommand(line);
      const output = () =>
        sim.consoleLines
          .filter((line) => line.startsWith('[script:vote-reward] '))
          .map((line) => line.slice('[script:vote-reward] '.length));
      await sim.until(() => output().some((line) => line.startsWith('vote-reward: connected to')), {
        timeoutMs: 10_000,
      });
      expect(output().find((line) => line.startsWith('vote-reward: version'))).toContain(
        `framework ${framework.toLowerCase()}, 3 reward(s)`,
      );
      expect(output().filter((line) => /not started|needs|problem/i.test(line))).toEqual([]);

      const res = await fetch(`${mock.url}/__admin/votes`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ server_id: listed.id, username: 'Arthur' }),
      });
      expect(res.status).toBe(201);
      const steam = 'steam:110000112345678';
      const arthur = await sim.join({ name: 'Arthur', identifiers: [steam, 'license:a7f0e1'] });
      redm.loadPlayer(arthur, steam);
      await sim.advance(1000);
      sim.chat(arthur, '/vote');
      await sim.until(() => sim.ledger.length >= 3, { timeoutMs: 10_000 });
      await sim.advance(2000);
      expect(sim.ledger.map(({ framework: by, kind, amount }) => [by, kind, amount])).toEqual(paid);
      const thanks = sim
        .clientEvents(arthur)
        .filter((event) => event.name === told('').at(0))
        .map((event) =>
          event.name === 'chat:addMessage'
            ? [event.name, chatLines(sim, arthur).at(-1)]
            : [event.name, ...event.args],
        );
      expect(thanks.at(-1)?.[1]).toMatch(/^Thanks for voting! You received /);
      expect(thanks.at(-1)).toEqual(told(thanks.at(-1)?.[1] as string));
      expect(
        mock.store.votes.list({ serverId: listed.id, username: 'Arthur' }).map((v) => v.claimedAt !== null),
      ).toEqual([true]);
    },
  );

  it("runs the troubleshooting page's txAdmin recipe on the zip: the resource lands in resources/[vote], starts after the framework and names the two steps left to the owner", async () => {
    const files = unzipSync(zip);
    const page = new TextDecoder().decode(files['vote-reward/docs/troubleshooting.md']);
    const tasks = recipeTasks(fenced(section(page, 'txAdmin recipe'), 'yaml'));
    expect(tasks.map((task) => task.action)).toEqual(['download_file', 'unzip', 'move_path', 'write_file']);
    const serverDir = path.join(dir, 'txadmin');
    const at = (where: unknown) => {
      const target = path.resolve(serverDir, String(where));
      // A recipe is jailed to the server folder.
      expect(target.startsWith(`${serverDir}${path.sep}`), `${String(where)} leaves the server folder`).toBe(
        true,
      );
      return target;
    };
    // What a txAdmin base leaves before this recipe's tasks: its server.cfg starts chat and the framework.
    fs.mkdirSync(path.join(serverDir, 'resources'), { recursive: true });
    fs.writeFileSync(
      path.join(serverDir, 'server.cfg'),
      'endpoint_add_tcp "0.0.0.0:30120"\nensure chat\nensure es_extended\n',
    );
    for (const task of tasks) {
      if (task.action === 'download_file') {
        // The release asset, as GitHub serves it: the zip built from these files.
        expect(task.url).toBe(`${repository}/releases/latest/download/vote-reward.zip`);
        fs.mkdirSync(path.dirname(at(task.path)), { recursive: true });
        fs.writeFileSync(at(task.path), zip);
      } else if (task.action === 'unzip') {
        unzipInto(new Uint8Array(fs.readFileSync(at(task.src))), at(task.dest));
      } else if (task.action === 'move_path') {
        fs.mkdirSync(path.dirname(at(task.dest)), { recursive: true });
        fs.renameSync(at(task.src), at(task.dest));
      } else if (task.action === 'write_file') {
        expect(task.append).toBe(true);
        fs.appendFileSync(at(task.file), String(task.data));
      }
    }
    expect(fs.existsSync(path.join(serverDir, 'resources', '[vote]', 'vote-reward', 'fxmanifest.lua'))).toBe(
      true,
    );

    const mock = await startMockServer();
    cleanup.push(() => mock.close());
    const sim = createFxServer({
      dataDir: path.join(serverDir, 'data'),
      startTime: Date.now(),
      profile: 'node22',
    });
    cleanup.push(() => sim.shutdown());
    sim.addFakeResource('chat', createChatFake().definition);
    sim.addFakeResource('es_extended', createEsxFake().definition);
    expect(scanResources(sim, path.join(serverDir, 'resources'))).toEqual(['vote-reward']);
    const cfg = fs
      .readFileSync(path.join(serverDir, 'server.cfg'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.startsWith('endpoint_add'));
    expect(cfg.indexOf('ensure vote-reward')).toBeGreaterThan(cfg.indexOf('ensure es_extended'));
    for (const line of cfg) sim.consoleCommand(line.replace('https://vote.example.com', mock.url));
    const lines = () => sim.consoleLines.map((line) => line.replace(/\^\d/g, ''));
    await sim.until(() => lines().some((line) => line.includes('not started')), { timeoutMs: 10_000 });
    const problems = lines().filter((line) => line.includes('  - '));
    expect(problems.map((line) => line.slice(line.indexOf('  - ') + 4).split(':')[0])).toEqual([
      'apiKey',
      'voteUrl',
    ]);
    expect(page).toContain('apiKey: missing; put set vote_reward_api_key');
    expect(page).toContain('voteUrl: set voteUrl in config.json');
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
    await sim.until(() => sim.ledger.length > 1, { timeoutMs: 10_000 });
    await sim.until(() => chatLines(sim, steve).length > 0, { timeoutMs: 5_000 });
    expect(
      sim.ledger.map(({ framework, player, kind, amount }) => ({ framework, player, kind, amount })),
    ).toEqual([
      { framework: 'es_extended', player: steve, kind: 'money', amount: 500 },
      { framework: 'es_extended', player: steve, kind: 'item', amount: 2 },
    ]);

    // "Try it before going live", as the README words each step's answer.
    const tryIt = section(readme, 'Try it before going live');
    const paidText = /type `\/vote`: you get `([^`]+)`/.exec(tryIt)?.[1];
    expect(chatLines(sim, steve)).toEqual([paidText]);
    expect(claimed('Steve')).toEqual([true]);

    await sim.advance(11_000);
    sim.chat(steve, '/vote');
    await sim.until(() => chatLines(sim, steve).length > 1, { timeoutMs: 10_000 });
    const againText = /Type `\/vote` again: `([^`]+?)…`/.exec(tryIt)?.[1];
    expect(againText).toBeDefined();
    expect(chatLines(sim, steve)[1]?.startsWith(againText as string)).toBe(true);
    expect(sim.ledger).toHaveLength(2);

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
    const upgrade = section(
      new TextDecoder().decode(unzipSync(zip)['vote-reward/docs/troubleshooting.md']),
      'Upgrading',
    );
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
    await after.sim.until(() => after.sim.ledger.length > 1, { timeoutMs: 10_000 });
    await after.sim.advance(2_000);
    expect(after.sim.ledger.map(({ player, kind, amount }) => ({ player, kind, amount }))).toEqual([
      { player: back, kind: 'money', amount: 500 },
      { player: back, kind: 'item', amount: 2 },
    ]);
    expect(claimed('Ana')).toEqual([true]);
    expect(chatLines(after.sim, back)).toContain('Thanks for voting! You received 500$ in cash, 2 x bread.');
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
