/** The identity a site names a player by: from FiveM's identifiers, or the kind missing (a hidden IP its own kind). */
import { describe, expect, it } from 'vitest';
import { identityOf, isHiddenIp } from '../../src/multisite/identity';

describe('identityOf', () => {
  it.each([
    { kind: 'name', ids: [], want: { ok: true, value: 'Steve' } },
    { kind: 'steam64', ids: ['steam:1100001025e4c01'], want: { ok: true, value: '76561198000000001' } },
    { kind: 'steam64', ids: [], want: { ok: false, missing: 'steam64' } },
    { kind: 'discord', ids: ['discord:123456789012345678'], want: { ok: true, value: '123456789012345678' } },
    { kind: 'discord', ids: ['steam:1100001025e4c01'], want: { ok: false, missing: 'discord' } },
    { kind: 'ip', ids: ['ip:203.0.113.7'], want: { ok: true, value: '203.0.113.7' } },
    { kind: 'ip', ids: ['ip:127.0.0.1'], want: { ok: false, missing: 'ip_hidden' } },
    { kind: 'ip', ids: ['ip:192.168.1.20'], want: { ok: false, missing: 'ip_hidden' } },
    { kind: 'ip', ids: [], want: { ok: false, missing: 'ip' } },
  ] as const)('$kind from $ids', ({ kind, ids, want }) => {
    expect(identityOf(kind, 'Steve', ids)).toEqual(want);
  });
});

describe('isHiddenIp: addresses a site never saw', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.0.5', true],
    ['169.254.1.1', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['203.0.113.7', false],
    ['8.8.8.8', false],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:192.168.1.1', true],
    ['2001:db8::1', false],
  ])('%s: %s', (ip, hidden) => {
    expect(isHiddenIp(ip)).toBe(hidden);
  });
});
