/**
 * The built bundle in the simulated FXServer over KVP left by another version: unstamped data (0.1.0, 0.2.0) is
 * upgraded and stamped with this version; data stamped by a newer version makes this one refuse to run, untouched.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createFxServer, type FxServer } from '../../devkit/fxserver/server';
import { installBundle } from '../../devkit/worlds/e2e-harness';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const [major, minor] = pkg.version.split('.').map(Number) as [number, number];
const newer = `${major}.${minor + 1}.0`;

/** A reward owed to Ana: her vote was claimed on the site before the restart, the payout not made. */
const OWED = {
  format: 2,
  id: 'c1',
  state: 'claimed',
  name: 'Ana',
  license: 'license:aaa',
  votedAt: '2026-01-01T10:00:00.000Z',
  voteId: 'v1',
  rewards: [{ type: 'custom', event: 'test:rewarded' }],
  given: [false],
  giving: null,
  before: null,
  problem: null,
  createdAt: 1,
  updatedAt: 1,
};

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0)) await fn();
});

/** The resource installed with `kvp` as the data a previous version left, started; the API is not reachable. */
async function bootOver(
  kvp: Record<string, string>,
): Promise<{ sim: FxServer; kvpFile: string; rewarded: unknown[][] }> {
  const { dir, target } = installBundle('vote-reward-data-version-', {
    apiUrl: 'http://127.0.0.1:1',
    framework: 'standalone',
    reward: { type: 'custom', event: 'test:rewarded' },
    poll: { enabled: false },
  });
  const kvpFile = path.join(dir, 'data', 'kvp', 'vote-reward.json');
  fs.mkdirSync(path.dirname(kvpFile), { recursive: true });
  fs.writeFileSync(
    kvpFile,
    JSON.stringify(Object.fromEntries(Object.entries(kvp).map(([key, v]) => [key, { t: 's', v }]))),
  );
  const sim = createFxServer({ dataDir: path.join(dir, 'data'), profile: 'node22' });
  cleanup.push(() => sim.shutdown());
  const rewarded: unknown[][] = [];
  sim.addFakeResource('reward-listener', {
    setup(g) {
      g.on('test:rewarded', (...args: unknown[]) => rewarded.push(args));
    },
  });
  sim.start('reward-listener');
  sim.setConvar('vote_reward_api_key', 'live_0123456789abcdef0123456789abcdef');
  sim.addResourceFolder('vote-reward', target);
  expect(sim.start('vote-reward')).toBe(true);
  await sim.until(() => output(sim).some((line) => /not started|^vote-reward: version /.test(line)), {
    timeoutMs: 10_000,
  });
  return { sim, kvpFile, rewarded };
}

const output = (sim: FxServer) =>
  sim.consoleLines
    .filter((line) => line.startsWith('[script:vote-reward] '))
    .map((line) => line.slice('[script:vote-reward] '.length).replace(/\^\d/g, ''));

const stored = (kvpFile: string) =>
  JSON.parse(fs.readFileSync(kvpFile, 'utf8')) as Record<string, { t: string; v: string }>;

describe('the data version stamp, in the simulated FXServer', () => {
  it(`refuses to run over data stamped by a newer version (${newer}), names it, and pays and changes nothing`, async () => {
    const kvp = { 'claim:c1': JSON.stringify(OWED), 'meta:data_version': newer };
    const { sim, kvpFile, rewarded } = await bootOver(kvp);
    const before = fs.readFileSync(kvpFile, 'utf8');
    expect(output(sim)).toEqual([
      '-'.repeat(72),
      `vote-reward ${pkg.version}: not started, the data on this server is not for this version:`,
      `  - this server's data was written by vote-reward ${newer}; you started ${pkg.version}; install ${newer} or newer (nothing was changed or paid: the rewards still owed are kept for it)`,
      '-'.repeat(72),
    ]);
    const ana = await sim.join({ name: 'Ana', identifiers: ['license:aaa'] });
    sim.chat(ana, '/vote');
    await sim.advance(6_000);
    expect(rewarded).toEqual([]);
    expect(sim.consoleLines.join('\n')).not.toContain('SCRIPT ERROR');
    expect(fs.readFileSync(kvpFile, 'utf8')).toBe(before);
  });

  it(`upgrades unstamped data (0.1.0, 0.2.0) and stamps it with ${pkg.version}, keeping the reward owed`, async () => {
    const { sim, kvpFile } = await bootOver({ 'claim:c1': JSON.stringify(OWED) });
    expect(output(sim)).toContain(`vote-reward: data of 0.1.0 (unstamped) upgraded to ${pkg.version}`);
    expect(stored(kvpFile)['meta:data_version']).toEqual({ t: 's', v: pkg.version });
    expect(Object.keys(stored(kvpFile))).toContain('claim:c1');
    expect(sim.consoleLines.join('\n')).not.toContain('SCRIPT ERROR');
  });
});
