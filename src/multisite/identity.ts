/**
 * The identity a site names a player by, from FiveM's identifiers: or which one is missing. An IP address the server
 * sees as loopback or private means a proxy or a local test in front of the player: the site never saw that address,
 * so it is as missing as no address at all (`ip_hidden`).
 */
import { identitiesFromFiveM } from '../sites/identity';
import type { IdentityKind } from '../sites/types';

/** The player's identity for a site, or the kind that is missing. */
export type SiteIdentity = { ok: true; value: string } | { ok: false; missing: IdentityKind | 'ip_hidden' };

/** The `kind` identity of a player named `name` with FiveM `identifiers`. */
export function identityOf(kind: IdentityKind, name: string, identifiers: readonly string[]): SiteIdentity {
  const found = identitiesFromFiveM(name, identifiers)[kind];
  if (found === undefined) return { ok: false, missing: kind };
  if (kind === 'ip' && isHiddenIp(found)) return { ok: false, missing: 'ip_hidden' };
  return { ok: true, value: found };
}

/** True for loopback, private, link-local and unique-local addresses: not the address a site saw. */
export function isHiddenIp(ip: string): boolean {
  const v4 = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(ip);
  if (v4) {
    const a = Number(v4[1]);
    const b = Number(v4[2]);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:')) return isHiddenIp(lower.slice(7));
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}
