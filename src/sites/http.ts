/**
 * What every site adapter shares: one request through the resource's transport and this site's budget, mapped to a
 * response or a {@link SiteFailure} (never a throw), and readers of hostile answers (size-capped, parsed by zod).
 */

import { parseRetryAfter } from '../api/client';
import { ResponseTooLargeError, TimeoutError } from '../api/errors';
import type { HttpResponse } from '../api/transport';
import { describeError } from '../runtime/errors';
import { excerpt, redact, safeUrl } from '../runtime/redact';
import * as z from '../runtime/zod';
import type { SiteCallOptions, SiteDeps, SiteFailure } from './types';

/** Largest site answer read, in characters: every documented answer is under 1 KiB, so 16 KiB is generous. */
export const MAX_SITE_ANSWER_CHARS = 16 * 1024;

/**
 * A vote time more than this far ahead of the resource's clock is refused as evidence. A server clock behind the
 * site's (a VPS without NTP) reads recent votes as in the future; a vote time is a key that identifies the vote (paid
 * once through its done-mark), never a count or a deadline, so half a day of skew delays nothing.
 */
export const MAX_VOTE_CLOCK_SKEW_MS = 12 * 3_600_000;

/** One request an adapter builds. `effect: true` for a claim or confirmation (the site may act on it). */
export interface SiteRequest {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
  effect: boolean;
}

/** A response with a status the adapter reads itself, or the failure every site shares. */
export type SiteSendResult = { ok: true; response: HttpResponse } | { ok: false; failure: SiteFailure };

/** How one site sends: the label names the site in failure details. */
export interface SiteSender {
  /** Sends one request within the site's budget; 429, 5xx and transport errors become failures. */
  send(request: SiteRequest, opts: SiteCallOptions): Promise<SiteSendResult>;
}

/**
 * Longest pause a site's `Retry-After` can impose (ms): a site asking for more (or a broken header, `999999999`)
 * pauses that site 10 minutes, not until a restart.
 */
export const MAX_SITE_RETRY_AFTER_MS = 10 * 60_000;

/** Creates the sender of one site (its transport, budget, clock and timeout); `secret` is never put in a detail. */
export function createSiteSender(
  label: string,
  deps: SiteDeps,
  timeoutMs: number,
  secret: string,
): SiteSender {
  return {
    async send(request, opts) {
      const decision = deps.budget.take(opts.priority);
      if (!decision.ok) {
        return {
          ok: false,
          failure: {
            kind: 'rate_limited',
            retryAfterMs: decision.waitMs,
            local: true,
            detail: `${label}: request not sent, this site's budget is ${decision.reason}`,
          },
        };
      }
      let response: HttpResponse;
      try {
        response = await deps.transport.request({
          method: request.method,
          url: request.url,
          headers: { accept: 'application/json', ...request.headers },
          ...(request.body === undefined ? {} : { body: request.body }),
          timeoutMs,
        });
      } catch (error) {
        deps.budget.record('transport_error');
        const what =
          error instanceof TimeoutError
            ? `no answer within ${timeoutMs} ms`
            : error instanceof ResponseTooLargeError
              ? 'answer refused for its size'
              : describeError(error);
        return {
          ok: false,
          failure: {
            kind: 'unreachable',
            detail: `${label}: ${redact(what, secret)}`,
            outcomeUnknown: request.effect,
          },
        };
      }
      if (response.status === 429) {
        const asked = parseRetryAfter(response.headers['retry-after'], deps.now());
        const retryAfterMs = asked === null ? null : Math.min(asked, MAX_SITE_RETRY_AFTER_MS);
        deps.budget.record('rate_limited', retryAfterMs ?? undefined);
        return {
          ok: false,
          failure: { kind: 'rate_limited', retryAfterMs, local: false, detail: `${label}: HTTP 429` },
        };
      }
      if (response.status >= 500) {
        deps.budget.record('server_error');
        return {
          ok: false,
          failure: {
            kind: 'unreachable',
            detail: `${label}: HTTP ${response.status}`,
            outcomeUnknown: request.effect,
          },
        };
      }
      deps.budget.record('ok');
      if (response.body !== null && response.body.length > MAX_SITE_ANSWER_CHARS) {
        return {
          ok: false,
          failure: {
            kind: 'malformed',
            detail: `${label}: answer of ${response.body.length} characters (over ${MAX_SITE_ANSWER_CHARS})`,
            outcomeUnknown: request.effect,
          },
        };
      }
      return { ok: true, response };
    },
  };
}

/**
 * Reads a JSON body with `schema`; the error names what was wrong, never the whole body: a body that is not JSON is
 * quoted by {@link excerpt}, with `secret` (the site's key) masked.
 */
export function readJson<T extends z.ZodMiniType>(
  body: string | null,
  schema: T,
  secret?: string,
): { ok: true; value: z.output<T> } | { ok: false; detail: string } {
  if (body === null || body.trim() === '') return { ok: false, detail: 'empty body' };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { ok: false, detail: `not JSON: ${excerpt(body, secret)}` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    return { ok: false, detail: `${where}${first?.message ?? 'invalid'}` };
  }
  return { ok: true, value: parsed.data };
}

/** A malformed-answer failure for `label`. */
export function malformed(label: string, detail: string, effect: boolean): SiteFailure {
  return { kind: 'malformed', detail: `${label}: ${detail}`, outcomeUnknown: effect };
}

/** An ISO 8601 date-time with an offset, as sites write vote times. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** A site's vote id: bounded printable text. */
export const siteVoteId = z
  .string()
  .check(z.minLength(1), z.maxLength(128), z.regex(/^[\x21-\x7e]+$/, 'printable ASCII without spaces'));

/** Reads a vote time (ms) and checks it is not in the future beyond the skew allowance; null when unusable. */
export function checkVoteTime(ms: number, now: number): number | null {
  if (!Number.isFinite(ms) || ms <= 0) return null;
  if (ms > now + MAX_VOTE_CLOCK_SKEW_MS) return null;
  return ms;
}

/** Builds `base + path + ?query` with every value URL-encoded. */
export function buildUrl(base: string, path: string, query: Record<string, string> = {}): string {
  const params = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .join('&');
  return `${base}${path}${params === '' ? '' : `?${params}`}`;
}

/** Reads a base URL setting: http(s), no query, no userinfo (printed without them); the trailing slash is dropped. Throws `TypeError` naming it. */
export function readBaseUrl(kind: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError(
      `sites.${kind}.baseUrl: expected an http(s) URL, got ${JSON.stringify(safeUrl(value))}`,
    );
  }
  if (
    (url.protocol !== 'http:' && url.protocol !== 'https:') ||
    url.search !== '' ||
    url.hash !== '' ||
    url.username !== '' ||
    url.password !== ''
  )
    throw new TypeError(
      `sites.${kind}.baseUrl: expected an http(s) URL without query or user:password@ (the key goes in its convar), got ${JSON.stringify(safeUrl(value))}`,
    );
  return value.replace(/\/+$/, '');
}
