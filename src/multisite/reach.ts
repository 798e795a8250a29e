/**
 * Whether a listing site answers: every request of one site goes through its own view of the transport, which notes a
 * transport error or a 5xx answer. The first failure after a working spell (or at start) is named once in the console
 * with the site's address, and the spell's start, last error and address show in `votereward status`; the first
 * answer after it says the site is back. The address printed is the origin only: keys travel in paths and queries.
 */
import type { HttpTransport } from '../api/transport';
import { describeError } from '../runtime/errors';
import { redact } from '../runtime/redact';
import type { Runtime } from '../runtime/runtime';
import type { ConfiguredSite } from './site-claims';

/** A site that does not answer now: since when, the last error, and where it was asked. */
export interface SiteOutage {
  since: number;
  lastError: string;
  origin: string;
}

/** One site's reachability, fed by its transport. */
export interface SiteReach {
  /** The transport the site's adapter sends through. */
  transport: HttpTransport;
  /** The current outage, or null while the site answers. */
  outage(): SiteOutage | null;
}

/** What a reach tracker needs to name the site. */
export interface SiteReachOptions {
  id: string;
  label: string;
  /** The convar of the site's key, redacted from every detail. */
  key: string;
  /** True when config.json gives the site a `baseUrl` (the line then names that setting). */
  customBaseUrl: boolean;
  runtime: Pick<Runtime, 'now' | 'log'>;
}

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return 'an invalid address';
  }
};

/** Wraps `transport` for one site, noting when it stops and starts answering. */
export function createSiteReach(transport: HttpTransport, options: SiteReachOptions): SiteReach {
  const { id, label, key, customBaseUrl, runtime } = options;
  let outage: SiteOutage | null = null;
  const down = (url: string, detail: string) => {
    const origin = originOf(url);
    const lastError = key === '' ? detail : redact(detail, key);
    if (outage) {
      outage = { ...outage, lastError, origin };
      return;
    }
    outage = { since: runtime.now(), lastError, origin };
    const where = customBaseUrl ? '"baseUrl" of this site in config.json' : 'the server’s network';
    runtime.log.warn(
      `site ${id}: ${label} cannot be reached at ${origin} (${lastError}); players who type /vote are told to try again later. Check ${where}.`,
    );
  };
  const up = () => {
    if (!outage) return;
    outage = null;
    runtime.log.info(`site ${id}: ${label} answers again`);
  };
  return {
    transport: {
      kind: transport.kind,
      async request(request) {
        try {
          const response = await transport.request(request);
          if (response.status >= 500) down(request.url, `HTTP ${response.status}`);
          else up();
          return response;
        } catch (error) {
          down(request.url, describeError(error));
          throw error;
        }
      },
    },
    outage: () => outage,
  };
}

/** The reach tracker of a built site (undefined for a stand-in without one). */
export function reachOf(site: ConfiguredSite): SiteReach | undefined {
  return (site as { reach?: SiteReach }).reach;
}
