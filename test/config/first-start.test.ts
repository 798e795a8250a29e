import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { nameKeyUpgradeLines, upgradeNameKeys } from '../../src/claim/name-key-upgrade';

/** Starts the whole resource over a fake runtime whose KVP holds `kvp`, the API being the real mock in process. */
const start = async (kvp: [string, string][]) => {
  const { runtime } = await startResourceWorld({ kvp });
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
