/**
 * Which player addresses a listing site could have seen, shared by the resource (an IP site never pays a hidden
 * address) and the mock (its vote pages never pre-fill one).
 */

/** True for loopback, private, shared (CGNAT), link-local and unique-local addresses: not the address a site saw. */
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
