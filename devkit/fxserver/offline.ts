/**
 * The simulated server has no internet: a request to any host but a loopback one fails the way it fails on an offline
 * machine (the name does not resolve), so no test ever reaches the internet, whatever the resource asks for (the
 * start-up update notice asks GitHub; a listing site's documented address; an owner's placeholder).
 */

/** True for a URL whose host is this machine (`localhost`, `127.x.x.x`, `::1`). */
export function isLoopbackUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return true; // a malformed URL fails on its own, as it would online
  }
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** What `fetch` throws for a host that does not resolve (undici: TypeError "fetch failed" with an ENOTFOUND cause). */
export function offlineFetchError(url: string): TypeError {
  const host = new URL(url).hostname;
  const cause = Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), {
    code: 'ENOTFOUND',
    hostname: host,
  });
  return new TypeError('fetch failed', { cause });
}
