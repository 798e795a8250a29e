import type { Context, MiddlewareHandler } from 'hono';
import type { Store } from '../db';
import { RATE_LIMIT_HEADERS, sendError } from '../errors';
import { clientIp } from './client-ip';
import type { SlidingWindowLimiter } from './rate-limit';

/** Variables the API guard puts on the context. */
export interface ApiGuardVariables {
  /** The server the presented key belongs to. */
  serverId: number;
  /** `RateLimit-*` headers of this request (lowercase, as sent), added to every answer. */
  [RATE_LIMIT_HEADERS]: Record<string, string>;
}

const BEARER = /^Bearer(?:[ \t]+(.*))?$/i;
const SCHEME = /^([A-Za-z][\w!#$%&'*+.^`|~-]*)(?:[ \t]+|$)/;

const UNAUTHORIZED: Record<'missing' | 'malformed' | 'unknown' | 'revoked', [string, string]> = {
  missing: ['missing_api_key', 'send the API key as "Authorization: Bearer <key>" or as ?key=<key>'],
  malformed: ['malformed_api_key', 'the API key must be "live_" followed by at least 32 letters or digits'],
  unknown: ['invalid_api_key', 'the API key is not known'],
  revoked: ['revoked_api_key', 'the API key was revoked; generate a new one in Integrations'],
};

/** The key a request presents, or why its Authorization header carries none. */
type Presented = { key: string | undefined; problem?: undefined } | { key?: undefined; problem: string };

/**
 * Reads the key from `Authorization: Bearer` (preferred) or `?key=`. A header in another scheme (`Basic live_…`),
 * with no scheme (the bare key) or with nothing after `Bearer` is named for what it is, not blamed on the key. The
 * query is only parsed when there is no header.
 */
function presentedKey(c: Context): Presented {
  const authorization = c.req.header('authorization');
  if (authorization === undefined) return { key: c.req.query('key') };
  const value = authorization.trim();
  const bearer = BEARER.exec(value);
  if (bearer) {
    const key = (bearer[1] ?? '').trim();
    return key
      ? { key }
      : { problem: 'the Authorization header has no key after "Bearer"; send "Authorization: Bearer <key>"' };
  }
  if (value.startsWith('live_'))
    return {
      problem:
        'the Authorization header holds the key without a scheme; use Bearer: "Authorization: Bearer <key>"',
    };
  const scheme = SCHEME.exec(value)?.[1];
  return {
    problem: scheme
      ? `the Authorization header uses the ${JSON.stringify(scheme.slice(0, 20))} scheme; use Bearer: "Authorization: Bearer <key>"`
      : 'the Authorization header is empty or unreadable; send "Authorization: Bearer <key>"',
  };
}

/** An error answer from a middleware that is not `async`. */
const refuse = (...args: Parameters<typeof sendError>) => Promise.resolve(sendError(...args));

/**
 * Authenticates every `/api/v1` request and applies the rate limit: per key when the key is valid, per client
 * IP otherwise (so keys cannot be guessed at speed). Puts the `RateLimit-*` headers on the context before the
 * handler runs, so every API answer carries them, and `Retry-After` on 429.
 */
export function apiGuard(
  store: Store,
  limiter: SlidingWindowLimiter,
): MiddlewareHandler<{
  Variables: ApiGuardVariables;
}> {
  // Not async: nothing runs after the handler, so the request goes on without an extra promise step.
  return (c, next) => {
    const { key, problem } = presentedKey(c);
    const auth =
      problem !== undefined
        ? ({ ok: false, reason: 'malformed' } as const)
        : key === undefined
          ? ({ ok: false, reason: 'missing' } as const)
          : store.keys.authenticate(key);
    const decision = limiter.hit(auth.ok ? `key:${auth.prefix}` : `ip:${clientIp(c)}`);
    c.set(RATE_LIMIT_HEADERS, {
      'ratelimit-limit': String(decision.limit),
      'ratelimit-remaining': String(decision.remaining),
      'ratelimit-reset': String(decision.resetSeconds),
    });
    if (!decision.allowed) {
      return refuse(
        c,
        429,
        'rate_limited',
        `more than ${decision.limit} requests in 60 seconds; retry in ${decision.resetSeconds} s`,
        { 'retry-after': String(decision.resetSeconds) },
      );
    }
    if (!auth.ok) {
      const [code, keyMessage] = UNAUTHORIZED[auth.reason];
      return refuse(c, 401, code, problem ?? keyMessage, {
        'www-authenticate': 'Bearer realm="vote-api"',
      });
    }
    c.set('serverId', auth.serverId);
    return next();
  };
}
