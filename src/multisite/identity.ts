/**
 * The identity a site names a player by, from FiveM's identifiers: or which one is missing. An IP address the server
 * sees as loopback or private means a proxy or a local test in front of the player: the site never saw that address,
 * so it is as missing as no address at all (`ip_hidden`).
 */
import { isHiddenIp } from '../../contract/addresses';
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

export { isHiddenIp };
