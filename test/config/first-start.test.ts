import { describe, expect, it } from 'vitest';
import { createMockVoteApi, fetchThrough } from '../../devkit/fakes/mock-transport';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { nameKeyUpgradeLines, upgradeNameKeys } from '../../src/claim/name-key-upgrade';
import { createResource } from '../../src/resource';

/** Starts the whole resource over a fake runtime whose KVP holds `kvp`, the API being the real mock in process. */
const start = async (kvp: [string, string][]) => {
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
    }),
  );
  runtime.fetch = fetchThrough(api);
  await createResource(runtime).start();
  return runtime.logs.map((line) => line.message);
};

describe('the first start on an empty KVP', () => {
  it('prints no upgrade line: nothing was there to upgrade', async () => {
    const lines = await start([]);
    expect(lines.some((line) => line.includes('vote-reward: version'))).toBe(true);
    expect(lines.filter((line) => /upgraded|migrated/.test(line))).toEqual([]);
  });

  it('still reports an upgrade that moved keys', async () => {
    const lines = await start([['namelock:stra%C3%9Fe', 'license:one']]);
    expect(lines).toContain(
      'vote-reward: name keys upgraded to full Unicode case folding, 1 KVP key(s) migrated',
    );
  });

  it('a store whose name keys were all current already gets no line either', () => {
    expect(nameKeyUpgradeLines({ ran: true, migrated: 0, conflicts: [] })).toEqual([]);
    const runtime = createFakeRuntime({ kvp: new Map([['namelock:steve', 'license:steve']]) });
    expect(nameKeyUpgradeLines(upgradeNameKeys(runtime.kvp))).toEqual([]);
  });
});
