/**
 * Whether the vote API answers at all, as every request through the transport found it: since when it has not, and
 * the last error. `votereward status` and the start-up line use it to say "unreachable" and which setting to check,
 * instead of the rate budget's backoff that an unreachable API causes.
 */
import { NetworkError, ResponseTooLargeError, TimeoutError } from '../api/errors';
import type { HttpTransport } from '../api/transport';
import { API_URL_CONVAR, type ApiUrlSource } from '../config/load';
import { describeError } from '../runtime/errors';

export type { ApiUrlSource };

/** What the requests so far found. */
export interface ReachSnapshot {
  /** When an answer (any HTTP status) last came, or null. */
  lastAnswerAt: number | null;
  /** When the run of requests that got no answer began, or null while the API answers. */
  failingSince: number | null;
  /** The last request that got no answer: why (the URL named), or null. */
  lastError: string | null;
}

/** A transport that remembers whether the API answers. */
export interface ApiReach {
  /** Sends through the wrapped transport, recording answers and failures. */
  readonly transport: HttpTransport;
  /** The record as it stands. */
  snapshot(): ReachSnapshot;
}

/** Wraps `transport`: an answer of any status (or too large) means reached; a network error or a timeout means not. */
export function trackReach(transport: HttpTransport, now: () => number): ApiReach {
  const state: ReachSnapshot = { lastAnswerAt: null, failingSince: null, lastError: null };
  return {
    transport: {
      kind: transport.kind,
      async request(request) {
        const answered = () => {
          state.lastAnswerAt = now();
          state.failingSince = null;
        };
        try {
          const response = await transport.request(request);
          answered();
          return response;
        } catch (error) {
          // An answer refused for its size came from the site: it is reached, only misbehaving.
          if (error instanceof ResponseTooLargeError) answered();
          else if (error instanceof NetworkError || error instanceof TimeoutError) {
            state.failingSince ??= now();
            state.lastError = describeError(error);
          }
          throw error;
        }
      },
    },
    snapshot: () => ({ ...state }),
  };
}

/** The setting that holds the API address, as an owner finds it. */
export function apiUrlSetting(source: ApiUrlSource): string {
  return source === 'convar' ? `\`${API_URL_CONVAR}\` in server.cfg` : '"apiUrl" in config.json';
}

/** What to check when the API at `url` does not answer. */
export function unreachableHint(url: string, source: ApiUrlSource): string {
  return `check that ${url} is your listing site's address (${apiUrlSetting(source)}), that the site is up, and that this server can reach it (firewall, DNS)`;
}
