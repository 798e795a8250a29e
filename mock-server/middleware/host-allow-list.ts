import { networkInterfaces } from 'node:os';
import type { Context } from 'hono';

/** Which `Host` and `Origin` values name this mock (DNS-rebinding and cross-site defence). */
export interface HostAllowList {
  /** True when a `Host` header value (`name[:port]`) is one of the mock's own hosts. */
  allowsHost(host: string): boolean;
  /** True when an `Origin` header value is one of the mock's own origins (`null` never is). */
  allowsOrigin(origin: string): boolean;
  /** The accepted hosts, for error messages (`localhost:8787`, …). */
  readonly hosts: readonly string[];
}

/** What the mock serves: its bound port and interface, and the URL a proxy or LAN name gives it. */
export interface HostAllowListOptions {
  /** Bound port; without one (in process) loopback names are accepted on any port. */
  port?: number | undefined;
  /** The `--host` it listens on; a wildcard (`0.0.0.0`, `::`) adds the addresses of every interface. */
  listenHost?: string | undefined;
  /** `--public-url`: its host (with its port, or the scheme's default) is accepted too. */
  publicUrl?: string | undefined;
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/** True for an address that means "every interface" (`0.0.0.0`, `::`). */
export function isWildcardHost(host: string): boolean {
  return WILDCARD_HOSTS.has(host.trim());
}

/** `name:port` in lowercase with IPv6 in brackets and the scheme's default port written out; null if unparsable. */
function normalize(host: string, defaultPort: string): string | null {
  try {
    const url = new URL(`http://${host}`);
    if (url.username || url.password || url.pathname !== '/' || url.search || url.hash) return null;
    if (url.host !== host.toLowerCase() && `${url.hostname}:80` !== host.toLowerCase()) return null;
    return `${url.hostname}:${url.port || defaultPort}`;
  } catch {
    return null;
  }
}

function bracket(address: string): string {
  return address.includes(':') && !address.startsWith('[') ? `[${address}]` : address;
}

function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((info) => info !== undefined && !info.address.startsWith('fe80:'))
    .map((info) => bracket((info as { address: string }).address));
}

/** Builds the allow-list: loopback names and the listen host with the port, plus the `--public-url` host. */
export function createHostAllowList(options: HostAllowListOptions = {}): HostAllowList {
  const port = options.port === undefined ? undefined : String(options.port);
  const names = new Set(LOOPBACK_NAMES);
  const listen = options.listenHost?.trim();
  if (listen !== undefined) {
    if (isWildcardHost(listen)) for (const address of interfaceAddresses()) names.add(address);
    else names.add(bracket(listen.toLowerCase()));
  }
  const exact = new Set<string>();
  if (port !== undefined) for (const name of names) exact.add(`${name}:${port}`);
  let publicOrigin: string | undefined;
  if (options.publicUrl !== undefined) {
    const url = new URL(options.publicUrl);
    exact.add(`${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`);
    // A TLS proxy forwards `Host: name` without its port, which reads as port 80 here.
    if (!url.port) exact.add(`${url.hostname}:80`);
    publicOrigin = url.origin;
  }
  const anyPortNames = port === undefined ? names : new Set<string>();

  const allows = (normalized: string | null): boolean => {
    if (normalized === null) return false;
    if (exact.has(normalized)) return true;
    return anyPortNames.has(normalized.slice(0, normalized.lastIndexOf(':')));
  };

  return {
    allowsHost(host) {
      return allows(normalize(host.trim(), '80'));
    },
    allowsOrigin(origin) {
      if (origin === publicOrigin) return true;
      const match = /^(https?):\/\/([^/]+)$/i.exec(origin.trim());
      if (!match) return false;
      return allows(normalize(match[2] as string, match[1]?.toLowerCase() === 'https' ? '443' : '80'));
    },
    hosts: [...(port === undefined ? [...names].map((name) => `${name}:*`) : exact)],
  };
}

/**
 * Why a request to the control API or the dashboard is refused as coming from another site, or undefined:
 * `Sec-Fetch-Site` must be `same-origin` or `none` (typed in the address bar) when a browser sends it, and an
 * `Origin` must be one of the mock's own.
 */
export function crossSiteReason(c: Context, hosts: HostAllowList): string | undefined {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') {
    return `Sec-Fetch-Site is ${JSON.stringify(site.slice(0, 40))}: a page of another site sent it`;
  }
  const origin = c.req.header('origin');
  if (origin !== undefined && !hosts.allowsOrigin(origin)) {
    return `Origin ${JSON.stringify(origin.slice(0, 100))} is not this mock`;
  }
  return undefined;
}

/** The `Host` of a request when it is not one of the mock's own, else undefined (no header: not a browser). */
export function foreignHost(c: Context, hosts: HostAllowList): string | undefined {
  const host = c.req.header('host');
  if (host === undefined || hosts.allowsHost(host)) return undefined;
  return host;
}

/**
 * Checks a `--public-url` (an http or https URL without credentials, query or fragment; a path prefix is kept)
 * and returns it without a trailing slash. Throws a `TypeError` naming what is wrong.
 */
export function normalizePublicUrl(text: string): string {
  let url: URL;
  try {
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text.trim())) throw new TypeError('no scheme');
    url = new URL(text.trim());
  } catch {
    throw new TypeError(
      `--public-url must be an absolute URL such as http://192.168.1.20:8787, got ${JSON.stringify(text)}`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`--public-url must start with http:// or https://, got ${JSON.stringify(text)}`);
  if (url.username || url.password || url.search || url.hash)
    throw new TypeError(
      `--public-url must not carry credentials, a query or a fragment, got ${JSON.stringify(text)}`,
    );
  if (isWildcardHost(url.hostname))
    throw new TypeError(`--public-url must name a reachable host, not ${url.hostname}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
