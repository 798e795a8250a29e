import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { NAME_KEY_VERSION_KVP } from '../../src/claim/name-key-upgrade';
import { DATA_VERSION_KVP, upgradeData } from '../../src/data-version';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { claimSent } from '../../src/engine/transitions';
import * as keys from '../../src/store/keys';
import {
  KVP_FAMILIES,
  POINTS_PREFIX,
  PROGRAMS_CLOCK_KEY,
  PURCHASE_PREFIX,
  SITE_VOTE_PREFIX,
} from '../../src/store/keys';

/** A reward still owed: the vote was claimed on the site, the custom reward not given yet. */
const owed = {
  ...claimSent({
    id: 'c1',
    name: 'Ana',
    license: 'license:aaa',
    votedAt: '2026-01-01T10:00:00.000Z',
    rewards: [{ type: 'custom', event: 'x:paid' }],
    now: 1,
  }),
  state: 'claimed' as const,
  voteId: 'v1',
};

/** The resource of version `version` started over `kvp`, its fetch answered by the real mock in process. */
const startResource = async (kvp: [string, string][], version: string) => {
  const { runtime } = await startResourceWorld({ kvp, version });
  await runtime.clock.settle();
  runtime.join(1, { name: 'Ana', license: 'license:aaa' });
  await runtime.clock.advance(6_000);
  return runtime;
};

const paid = (runtime: Awaited<ReturnType<typeof startResource>>) =>
  runtime.emitted.filter((e) => e.event === 'x:paid').length;

describe('the data version stamp', () => {
  it.each([
    [
      'unstamped data (0.1.0 or 0.2.0)',
      null,
      '0.3.0',
      'vote-reward: data of 0.1.0 (unstamped) upgraded to 0.3.0',
    ],
    ['data of an older release', '0.2.0', '0.3.0', 'vote-reward: data of 0.2.0 upgraded to 0.3.0'],
    [
      'data of a pre-release of this version',
      '0.3.0-beta.1',
      '0.3.0',
      'vote-reward: data of 0.3.0-beta.1 upgraded to 0.3.0',
    ],
    ['data of the same version', '0.3.0', '0.3.0', null],
  ])(
    '%s: starts, migrates, stamps the running version and pays what is owed once',
    async (_, stamp, version, line) => {
      const kvp: [string, string][] = [[`${JOURNAL_PREFIX}c1`, JSON.stringify(owed)]];
      if (stamp) kvp.push([DATA_VERSION_KVP, stamp]);
      const runtime = await startResource(kvp, version);
      const logs = runtime.logs.map((l) => l.message);
      if (line) expect(logs).toContain(line);
      else expect(logs.filter((l) => l.startsWith('vote-reward: data of'))).toEqual([]);
      expect(runtime.kvpData.get(DATA_VERSION_KVP)).toBe(version);
      expect(runtime.kvpData.get(NAME_KEY_VERSION_KVP)).toBe('2');
      expect(paid(runtime)).toBe(1);
    },
  );

  it.each([
    [
      'data of a newer release',
      '0.4.0',
      '0.3.0',
      "this server's data was written by vote-reward 0.4.0; you started 0.3.0; install 0.4.0 or newer (nothing was changed or paid: the rewards still owed are kept for it)",
    ],
    [
      'data of a release over its pre-release',
      '0.3.0',
      '0.3.0-beta.2',
      "this server's data was written by vote-reward 0.3.0; you started 0.3.0-beta.2; install 0.3.0 or newer (nothing was changed or paid: the rewards still owed are kept for it)",
    ],
    [
      'a stamp that is not a version',
      'banana',
      '0.3.0',
      'the KVP key meta:data_version holds "banana", not a version; the data was not written by vote-reward or is damaged, so it is left as is',
    ],
  ])(
    '%s: refuses to start, says which version to install, changes and pays nothing',
    async (_, stamp, version, problem) => {
      const kvp: [string, string][] = [
        [`${JOURNAL_PREFIX}c1`, JSON.stringify(owed)],
        ['namelock:%C3%9F', 'license:aaa'],
        [DATA_VERSION_KVP, stamp],
      ];
      const runtime = await startResource(kvp, version);
      expect(runtime.logs.map((l) => l.message)).toEqual([
        '-'.repeat(72),
        `vote-reward ${version}: not started, the data on this server is not for this version:`,
        `  - ${problem}`,
        '-'.repeat(72),
      ]);
      expect([...runtime.kvpData.entries()]).toEqual(kvp);
      expect(paid(runtime)).toBe(0);
      expect([...runtime.commands.keys()]).toEqual([]);
    },
  );

  it('stamps a fresh install without an upgrade line', async () => {
    const runtime = await startResource([], '0.3.0');
    expect(runtime.kvpData.get(DATA_VERSION_KVP)).toBe('0.3.0');
    expect(runtime.logs.map((l) => l.message).filter((l) => l.startsWith('vote-reward: data of'))).toEqual(
      [],
    );
  });

  // Before the families were listed once, "has data" knew only the 0.3 prefixes: a server whose only records were
  // points, shop or site votes read as a fresh install, and its upgrade went unsaid.
  it.each([
    ['a points ledger', `${POINTS_PREFIX}license:aaa`],
    ['a purchase', `${PURCHASE_PREFIX}p1`],
    ['a site vote', `${SITE_VOTE_PREFIX}top-serveurs:Ana:t1`],
    ['the programs clock', PROGRAMS_CLOCK_KEY],
  ])('reads unstamped data holding only %s as data, not a fresh install', (_, key) => {
    const runtime = createFakeRuntime({ kvp: new Map([[key, '{}']]) });
    const upgraded = upgradeData(runtime.kvp, '0.5.0');
    expect(upgraded).toMatchObject({ ok: true });
    expect(upgraded.ok && upgraded.lines).toContain(
      'vote-reward: data of 0.1.0 (unstamped) upgraded to 0.5.0',
    );
  });

  it('lists every stored family once in KVP_FAMILIES', () => {
    const declared = Object.entries(keys as Record<string, unknown>).flatMap(([, value]) =>
      typeof value === 'string' ? [value] : [],
    );
    expect([...KVP_FAMILIES].sort()).toEqual([...new Set(declared)].sort());
  });

  it('leaves the stamp to the next release when run from source, and migrates all the same', () => {
    const runtime = createFakeRuntime({ kvp: new Map([[DATA_VERSION_KVP, '0.2.0']]) });
    // Nothing was stored under an old name key, so the upgrade runs without a line.
    expect(upgradeData(runtime.kvp, 'dev')).toEqual({ ok: true, lines: [] });
    expect(runtime.kvpData.get(DATA_VERSION_KVP)).toBe('0.2.0');
    expect(runtime.kvpData.get(NAME_KEY_VERSION_KVP)).toBe('2');
  });
});
