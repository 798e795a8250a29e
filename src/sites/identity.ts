/**
 * Player identities as listing sites take them: checks of each form (before anything is sent), and the conversion
 * from FiveM's identifiers (`steam:` is hex, a site wants the decimal SteamID64; `ip:` is the player's endpoint).
 */
import type { IdentityKind, PlayerIdentities } from './types';

/** Longest name sent to a site (in characters); FiveM names are far shorter. */
export const MAX_SITE_NAME_LENGTH = 64;

/** Null when `value` is a usable `kind` identity, else what is wrong with it (it never quotes an IP). */
export function checkIdentity(kind: IdentityKind, value: string): string | null {
  switch (kind) {
    case 'name':
      if (value.trim() === '') return 'the name is empty';
      if ([...value].length > MAX_SITE_NAME_LENGTH)
        return `the name is over ${MAX_SITE_NAME_LENGTH} characters`;
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
      if (/[\u0000-\u001f\u007f]/.test(value)) return 'the name holds control characters';
      return null;
    case 'steam64':
      return /^7656\d{13}$/.test(value) ? null : 'not a SteamID64 (17 digits starting with 7656)';
    case 'discord':
      return /^\d{17,20}$/.test(value) ? null : 'not a Discord user id (17 to 20 digits)';
    case 'ip':
      return isIp(value) ? null : 'not an IPv4 or IPv6 address';
  }
}

/** True for a dotted-quad IPv4 or an IPv6 address (without brackets, port or zone). */
export function isIp(value: string): boolean {
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(value);
  if (v4) return v4.slice(1).every((part) => Number(part) <= 255 && (part === '0' || !part.startsWith('0')));
  if (!/^[0-9a-fA-F:.]{2,45}$/.test(value) || !value.includes(':')) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** FiveM's `steam:` identifier (hex) as a decimal SteamID64; null when it is not one. */
export function steamHexToSteam64(hex: string): string | null {
  if (!/^[0-9a-fA-F]{1,16}$/.test(hex)) return null;
  const decimal = BigInt(`0x${hex}`).toString();
  return checkIdentity('steam64', decimal) === null ? decimal : null;
}

/**
 * The identities a site could use for one player, from FiveM's identifiers (`steam:`, `discord:`, `ip:`) and name.
 * A malformed identifier is left out, so a site that needs it names it missing instead of sending garbage.
 */
export function identitiesFromFiveM(name: string, identifiers: readonly string[]): PlayerIdentities {
  const found: PlayerIdentities = {};
  if (checkIdentity('name', name) === null) found.name = name;
  for (const identifier of identifiers) {
    const colon = identifier.indexOf(':');
    if (colon < 0) continue;
    const type = identifier.slice(0, colon);
    const value = identifier.slice(colon + 1);
    if (type === 'steam' && found.steam64 === undefined) {
      const steam64 = steamHexToSteam64(value);
      if (steam64 !== null) found.steam64 = steam64;
    } else if (type === 'discord' && found.discord === undefined) {
      if (checkIdentity('discord', value) === null) found.discord = value;
    } else if (type === 'ip' && found.ip === undefined) {
      // FiveM gives `ip:1.2.3.4`; an endpoint with a port is cut at its last colon only for IPv4.
      const ip = /^\d+\.\d+\.\d+\.\d+:\d+$/.test(value) ? value.slice(0, value.lastIndexOf(':')) : value;
      if (isIp(ip)) found.ip = ip;
    }
  }
  return found;
}
