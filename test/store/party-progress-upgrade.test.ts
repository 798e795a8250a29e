import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { upgradeData } from '../../src/data-version';
import { movePartyProgress } from '../../src/store/party-progress-upgrade';

const kvpOf = (entries: Record<string, string>) =>
  createFakeRuntime({ kvp: new Map(Object.entries(entries)) });

const OTHERS = {
  'party:since': '2026-10',
  'party:decision:2026-11:5': '{"format":1}',
  'party:decision:2026-11:10': '{"format":1}',
};

describe('moving the vote party progress to party:progress:<month>', () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    [
      'moves each old key and leaves the decisions and party:since alone',
      { ...OTHERS, 'party:2026-10': '15', 'party:2026-11': '10' },
      { ...OTHERS, 'party:progress:2026-10': '15', 'party:progress:2026-11': '10' },
    ],
    [
      'after a crash between the write and the delete, keeps the higher threshold',
      { 'party:2026-11': '10', 'party:progress:2026-11': '5' },
      { 'party:progress:2026-11': '10' },
    ],
    [
      'never lowers what the new key already holds',
      { 'party:2026-11': '5', 'party:progress:2026-11': '10' },
      { 'party:progress:2026-11': '10' },
    ],
    [
      'does nothing to data already moved',
      { ...OTHERS, 'party:progress:2026-11': '10' },
      { ...OTHERS, 'party:progress:2026-11': '10' },
    ],
  ])('%s', (_name, before, after) => {
    const runtime = kvpOf(before);
    movePartyProgress(runtime.kvp);
    expect(Object.fromEntries(runtime.kvpData)).toEqual(after);
    movePartyProgress(runtime.kvp);
    expect(Object.fromEntries(runtime.kvpData)).toEqual(after);
  });

  it('runs from the one list of migrations at start and says what it moved', () => {
    const runtime = kvpOf({ 'party:2026-11': '10' });
    const upgrade = upgradeData(runtime.kvp, '0.4.0');
    expect(upgrade.ok && upgrade.lines.slice(-2)).toEqual([
      'vote party: 1 progress record(s) moved to party:progress:<month>',
      'vote-reward: data of 0.1.0 (unstamped) upgraded to 0.4.0',
    ]);
    expect(runtime.kvpData.get('party:progress:2026-11')).toBe('10');
  });

  it('is safe to interrupt: a crash at any write leaves data the next start finishes', () => {
    const before = { ...OTHERS, 'party:2026-10': '15', 'party:2026-11': '10' };
    const done = { ...OTHERS, 'party:progress:2026-10': '15', 'party:progress:2026-11': '10' };
    for (let crashAt = 1; crashAt <= 4; crashAt += 1) {
      const runtime = kvpOf(before);
      let writes = 0;
      const dying = {
        ...runtime.kvp,
        set(key: string, value: string) {
          writes += 1;
          if (writes === crashAt) throw new Error('crash');
          runtime.kvp.set(key, value);
        },
        delete(key: string) {
          writes += 1;
          if (writes === crashAt) throw new Error('crash');
          runtime.kvp.delete(key);
        },
      };
      expect(() => movePartyProgress(dying)).toThrow('crash');
      movePartyProgress(runtime.kvp);
      expect(Object.fromEntries(runtime.kvpData)).toEqual(done);
    }
  });
});
