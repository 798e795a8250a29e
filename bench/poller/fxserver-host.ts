import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createFxServer } from '../../devkit/fxserver';
import type { PollerHost, PollerHostOptions } from './host';

const repoRoot = path.resolve(import.meta.dirname, '../..');

interface ChatArgs {
  args?: unknown[];
}

/**
 * The BUILT resource (`dist/server.js` + `fxmanifest.lua`) on the simulated FXServer (devkit/fxserver), virtual clock.
 * Standalone framework with a custom event reward, so no framework fake is needed; API key and URL by convar.
 */
export async function createFxServerHost(options: PollerHostOptions): Promise<PollerHost> {
  const root = mkdtempSync(path.join(tmpdir(), 'poller-bench-'));
  const dir = path.join(root, 'resources', 'vote-reward');
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  copyFileSync(path.join(repoRoot, 'fxmanifest.lua'), path.join(dir, 'fxmanifest.lua'));
  copyFileSync(path.join(repoRoot, 'dist', 'server.js'), path.join(dir, 'dist', 'server.js'));
  writeFileSync(
    path.join(dir, 'config.json'),
    JSON.stringify({
      apiUrl: options.apiUrl,
      voteUrl: 'https://votes.example/servers/1/vote',
      framework: 'standalone',
      reward: { type: 'custom', event: 'bench:rewarded' },
      poll: options.poll ?? {},
    }),
  );
  if (options.kvp) {
    mkdirSync(path.join(root, 'data', 'kvp'), { recursive: true });
    const typed = Object.fromEntries(Object.entries(options.kvp).map(([k, v]) => [k, { t: 's', v }]));
    writeFileSync(path.join(root, 'data', 'kvp', 'vote-reward.json'), JSON.stringify(typed));
  }
  const consoleLines: string[] = [];
  const server = createFxServer({
    dataDir: path.join(root, 'data'),
    clock: 'virtual',
    startTime: options.start,
    console: (line) => {
      if (consoleLines.length < 1000) consoleLines.push(line);
    },
  });
  server.setConvar('vote_reward_api_key', options.apiKey);
  server.addResourceFolder('vote-reward', dir);
  if (!server.start('vote-reward')) throw new Error(`vote-reward did not start:\n${consoleLines.join('\n')}`);
  await server.advance(1_000);
  if (!server.consoleLines.some((line) => line.includes('vote-reward: connected to'))) {
    throw new Error(
      `vote-reward is not running in the simulator:\n${server.consoleLines.slice(-20).join('\n')}`,
    );
  }

  const serverIds = new Map<number, number>();
  const read = new Map<number, number>();
  return {
    kind: 'fxserver',
    now: () => server.now(),
    join(id, name) {
      void server.join({ name, identifiers: [`license:bench${id}`] }).then((sid) => serverIds.set(id, sid));
    },
    async typeVote(id) {
      const sid = serverIds.get(id);
      if (sid !== undefined) server.command(sid, 'vote');
    },
    advance: (ms) => server.advance(ms),
    messagesFor(ids) {
      const lines: { source: number; message: string }[] = [];
      for (const id of ids) {
        const sid = serverIds.get(id);
        if (sid === undefined) continue;
        const events = server.clientEvents(sid);
        for (let i = read.get(id) ?? 0; i < events.length; i += 1) {
          const event = events[i];
          const text = (event?.args[0] as ChatArgs | undefined)?.args?.[1];
          if (event?.name === 'chat:addMessage' && typeof text === 'string')
            lines.push({ source: id, message: text });
        }
        read.set(id, events.length);
      }
      return lines;
    },
    async status() {
      const from = server.consoleLines.length;
      server.consoleCommand('votereward status verbose');
      for (
        let i = 0;
        i < 40 && !server.consoleLines.slice(from).some((l) => l.includes('  Priority'));
        i += 1
      )
        await server.advance(50);
      return server.consoleLines.slice(from).map((l) => l.replace(/^\[script:vote-reward\] /, ''));
    },
    async close() {
      await server.shutdown();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
