/**
 * Who an admin's words name (`votereward points|player <who>`): a `license:` names that license only, digits the
 * online player with that server id, a name one player among those online, the vote history and the purchases, or
 * it is refused with every candidate.
 */
import { describe, expect, it } from 'vitest';
import { createFakeRuntime } from '../../devkit/fakes/runtime';
import type { VoteHistory } from '../../src/domain/types';
import { findPlayer, type PlayerSources } from '../../src/shop/surface';

const STEVE = { license: 'license:5555', name: 'Steve' };

const setup = () => {
  const runtime = createFakeRuntime();
  runtime.onlinePlayers.set(3, { name: 'STEVE', license: 'license:6666' });
  runtime.onlinePlayers.set(4, { name: 'license:5555', license: 'license:8888' });
  runtime.onlinePlayers.set(7, { name: 'Ana', license: 'license:aaaa' });
  const histories = [{ license: STEVE.license, name: STEVE.name } as VoteHistory];
  const sources: PlayerSources = {
    history: {
      find: (ref) =>
        histories.find((h) => h.license === ref) ??
        histories.find((h) => h.name.toLowerCase() === ref.toLowerCase()) ??
        null,
      named: (ref) => histories.filter((h) => h.name.toLowerCase() === ref.toLowerCase()),
    },
    purchases: {
      named: (ref) => (ref.toLowerCase() === 'bo' ? [{ license: 'license:b0b0', name: 'Bo' }] : []),
      byLicense: (license) => (license === 'license:b0b0' ? { license, name: 'Bo' } : null),
    },
    hasPoints: (license) => license === 'license:7777',
  };
  return (ref: string, anyLicense = false) => findPlayer(runtime, sources, ref, { anyLicense });
};

describe('findPlayer', () => {
  it.each<[string, string, boolean, unknown]>([
    [
      'a license names the license, never a player who took it as a name',
      'license:5555',
      false,
      { ok: true, player: STEVE },
    ],
    [
      'an online server id names that player',
      '3',
      false,
      { ok: true, player: { license: 'license:6666', name: 'STEVE' } },
    ],
    [
      'a name several players go by is refused with each of them',
      'steve',
      false,
      {
        ok: false,
        code: 'ambiguous',
        candidates: [{ license: 'license:6666', name: 'STEVE' }, STEVE],
      },
    ],
    [
      'a name only one player goes by names them',
      'ana',
      false,
      { ok: true, player: { license: 'license:aaaa', name: 'Ana' } },
    ],
    [
      'a player whose only history is purchases, by name',
      'Bo',
      false,
      { ok: true, player: { license: 'license:b0b0', name: 'Bo' } },
    ],
    [
      'a player whose only history is points, by license',
      'license:7777',
      false,
      { ok: true, player: { license: 'license:7777', name: 'license:7777' } },
    ],
    [
      'a license nothing knows is not found for `player`',
      'license:9999',
      false,
      { ok: false, code: 'not_found' },
    ],
    [
      'a license nothing knows is taken for `points`',
      'license:9999',
      true,
      { ok: true, player: { license: 'license:9999', name: 'license:9999' } },
    ],
    ['a name nobody goes by is not found', 'Zed', false, { ok: false, code: 'not_found' }],
  ])('%s', (_name, ref, anyLicense, expected) => {
    expect(setup()(ref, anyLicense)).toEqual(expected);
  });
});
