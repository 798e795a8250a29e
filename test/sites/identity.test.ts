import { describe, expect, it } from 'vitest';
import { checkIdentity, identitiesFromFiveM, isIp, steamHexToSteam64 } from '../../src/sites/identity';

describe('site identities', () => {
  it.each([
    ['110000112345678', '76561198265685624'],
    ['11000010ABCDEF0', '76561198140415728'],
    ['zz', null],
    ['1', null],
    ['11000011234567800', null],
  ])('converts the FiveM steam hex %s to a SteamID64', (hex, expected) => {
    expect(steamHexToSteam64(hex)).toBe(expected);
  });

  it.each([
    ['1.2.3.4', true],
    ['255.255.255.255', true],
    ['256.1.1.1', false],
    ['01.2.3.4', false],
    ['2001:db8::1', true],
    ['::1', true],
    ['1.2.3.4:30120', false],
    ['[::1]', false],
    ['example.com', false],
    ['', false],
  ])('reads %j as an IP: %s', (value, expected) => {
    expect(isIp(value)).toBe(expected);
  });

  it.each([
    ['name', 'Jean', null],
    ['name', '  ', 'the name is empty'],
    ['name', 'a\u0007b', 'the name holds control characters'],
    ['steam64', '76561198000000001', null],
    ['steam64', '110000112345678', 'not a SteamID64 (17 digits starting with 7656)'],
    ['discord', '123456789012345678', null],
    ['discord', '12345', 'not a Discord user id (17 to 20 digits)'],
  ] as const)('checks the %s %j', (kind, value, expected) => {
    expect(checkIdentity(kind, value)).toBe(expected);
  });

  it('reads every identity a site could use from FiveM identifiers, leaving out the malformed', () => {
    expect(
      identitiesFromFiveM('Jean', [
        'license:abc',
        'steam:110000112345678',
        'discord:123456789012345678',
        'ip:203.0.113.9',
      ]),
    ).toEqual({
      name: 'Jean',
      steam64: '76561198265685624',
      discord: '123456789012345678',
      ip: '203.0.113.9',
    });
    expect(identitiesFromFiveM('', ['steam:nothex', 'discord:abc', 'ip:not-an-ip'])).toEqual({});
    expect(identitiesFromFiveM('Jean', ['ip:203.0.113.9:30120'])).toEqual({
      name: 'Jean',
      ip: '203.0.113.9',
    });
  });
});
