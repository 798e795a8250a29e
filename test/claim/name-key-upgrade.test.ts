import { describe, expect, it } from 'vitest';
import { createMockVoteApi, fetchThrough } from '../../devkit/fakes/mock-transport';
import { createFakeRuntime, type FakeRuntime } from '../../devkit/fakes/runtime';
import { NAME_KEY_VERSION_KVP, nameKeyUpgradeLines, upgradeNameKeys } from '../../src/claim/name-key-upgrade';
import { createResource } from '../../src/resource';

/** How version 1 keyed the name lock and the poller's last claims. */
const oldLockKey = (name: string) => `namelock:${encodeURIComponent(name.normalize('NFKC').toLowerCase())}`;
const oldLastClaimKey = (name: string) => `poll:last_claim:${name.normalize('NFKC').toLowerCase()}`;
const lockKey = (key: string) => `namelock:${encodeURIComponent(key)}`;

const kvpOf = (entries: [string, string][]) => {
  const runtime = createFakeRuntime({ kvp: new Map(entries) });
  return runtime;
};

describe('upgradeNameKeys', () => {
  it('moves lock bindings and last-claim times to the new keys, once', () => {
    const runtime = kvpOf([
      [oldLockKey('Straße'), 'license:victim'],
      [oldLockKey('Steve'), 'license:steve'],
      [oldLastClaimKey('Σίσυφος'), '1000'],
      ['claim:42', '{"unrelated":true}'],
    ]);
    const upgrade = upgradeNameKeys(runtime.kvp);
    expect(upgrade).toEqual({ ran: true, migrated: 2, conflicts: [] });
    expect(Object.fromEntries(runtime.kvpData)).toEqual({
      [lockKey('strasse')]: 'license:victim',
      [lockKey('steve')]: 'license:steve',
      'poll:last_claim:σίσυφοσ': '1000',
      'claim:42': '{"unrelated":true}',
      [NAME_KEY_VERSION_KVP]: '2',
    });
    expect(nameKeyUpgradeLines(upgrade)).toEqual([
      'vote-reward: name keys upgraded to full Unicode case folding, 2 KVP key(s) migrated',
    ]);

    runtime.kvpData.set(oldLockKey('Ivan'), 'license:late');
    const again = upgradeNameKeys(runtime.kvp);
    expect(again).toEqual({ ran: false, migrated: 0, conflicts: [] });
    expect(nameKeyUpgradeLines(again)).toEqual([]);
    expect(runtime.kvpData.get(oldLockKey('Ivan'))).toBe('license:late');
  });

  it('keeps the first binding when two spellings bound to two licenses are now one name, and says so', () => {
    const runtime = kvpOf([
      [lockKey('strasse'), 'license:first'],
      [oldLockKey('Straße'), 'license:second'],
      [oldLockKey('Ｓｔｅｖｅ'), 'license:steve'],
    ]);
    const upgrade = upgradeNameKeys(runtime.kvp);
    expect(upgrade.conflicts).toEqual([{ name: 'straße', kept: 'license:first', dropped: 'license:second' }]);
    expect([...runtime.kvp.keys('namelock:')]).toEqual([lockKey('steve'), lockKey('strasse')]);
    expect(runtime.kvpData.get(lockKey('strasse'))).toBe('license:first');
    expect(nameKeyUpgradeLines(upgrade)[1]).toBe(
      'vote-reward: the name "straße" was bound to license:first and, under another spelling, to license:second; the API sees one name, so it stays bound to license:first (votereward unbind to change)',
    );
  });

  it('keeps the latest of two last-claim times that now share a key', () => {
    const runtime = kvpOf([
      [oldLastClaimKey('ıvan'), '5000'],
      ['poll:last_claim:ivan', '3000'],
    ]);
    upgradeNameKeys(runtime.kvp);
    expect(runtime.kvpData.get('poll:last_claim:ivan')).toBe('5000');
    expect(runtime.kvpData.has(oldLastClaimKey('ıvan'))).toBe(false);
  });

  it('finishes an upgrade interrupted after a binding was copied but before the old key was deleted', () => {
    const runtime = kvpOf([
      [oldLockKey('Straße'), 'license:victim'],
      [lockKey('strasse'), 'license:victim'],
    ]);
    expect(upgradeNameKeys(runtime.kvp).conflicts).toEqual([]);
    expect([...runtime.kvpData.keys()].sort()).toEqual([NAME_KEY_VERSION_KVP, lockKey('strasse')]);
  });

  it('leaves a key with a malformed escape alone instead of failing the start', () => {
    const runtime = kvpOf([['namelock:%E0%A4%A', 'license:x']]);
    expect(upgradeNameKeys(runtime.kvp)).toEqual({ ran: true, migrated: 0, conflicts: [] });
    expect(runtime.kvpData.get('namelock:%E0%A4%A')).toBe('license:x');
  });
});

/** The whole resource over a fake runtime whose fetch reaches the real mock in process. */
const startResource = async (kvp: [string, string][], config: Record<string, unknown> = {}) => {
  const runtime = createFakeRuntime({ kvp: new Map(kvp) });
  const api = createMockVoteApi({ now: runtime.now, checkMode: 'unclaimed' });
  runtime.convars.set('vote_reward_api_key', api.apiKey);
  runtime.files.set(
    'config.json',
    JSON.stringify({
      apiUrl: 'https://votes.example',
      framework: 'standalone',
      reward: { type: 'custom', event: 'x:paid' },
      poll: { enabled: false },
      ...config,
    }),
  );
  runtime.fetch = fetchThrough(api);
  const resource = createResource(runtime);
  await resource.start();
  return { runtime, api };
};
const toldTo = (runtime: FakeRuntime, source: number) =>
  runtime.told.filter((t) => t.source === source).map((t) => t.message);

describe('a name bound before the upgrade, after the resource starts', () => {
  it('still refuses another license spelling it the way the API matches it', async () => {
    const { runtime, api } = await startResource([[oldLockKey('Straße'), 'license:victim']]);
    expect(runtime.logs.map((l) => l.message)).toContain(
      'vote-reward: name keys upgraded to full Unicode case folding, 1 KVP key(s) migrated',
    );

    api.addVote('Straße', runtime.now() - 1000);
    runtime.join(7, { name: 'STRASSE', license: 'license:attacker' });
    runtime.commands.get('vote')?.handler(7, [], 'vote');
    await runtime.clock.settle();

    expect(toldTo(runtime, 7)).toEqual([
      'The name "STRASSE" is already bound to another player, so its votes cannot be claimed here.',
    ]);
    expect(runtime.emitted.map((e) => e.event)).not.toContain('x:paid');
  });
});

describe('the per-name busy lock', () => {
  it('treats two spellings the API matches as one name: the second /vote waits for the first', async () => {
    const { runtime, api } = await startResource([], { nameLock: false });
    api.addVote('Straße', runtime.now() - 1000);
    runtime.join(1, { name: 'Straße', license: 'license:one' });
    runtime.join(2, { name: 'STRASSE', license: 'license:two' });
    runtime.commands.get('vote')?.handler(1, [], 'vote');
    runtime.commands.get('vote')?.handler(2, [], 'vote');
    await runtime.clock.settle();

    expect(toldTo(runtime, 2)).toEqual(['Your vote is already being checked, please wait.']);
    expect(runtime.emitted.filter((e) => e.event === 'x:paid')).toHaveLength(1);
  });
});
