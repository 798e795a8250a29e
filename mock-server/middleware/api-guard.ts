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

const BEARER = /^Bearer[ \t]+(.*)$/i;

const UNAUTHORIZED: Record<'missing' | 'malformed' | 'unknown' | 'revoked', [string, string]> = {
  missing: ['missing_api_key', 'send the API key as "Authorization: Bearer <key>" or as ?key=<key>'],
  malformed: ['malformed_api_key', 'the API key must be "live_" followed by at least 32 letters or digits'],
  unknown: ['invalid_api_key', 'the API key is not known'],
  revoked: ['revoked_api_key', 'the API key was revoked; generate a new one in Integrations'],
};

/**
 * Reads the key from `Authorization: Bearer` (preferred) or `?key=`; `''` when a header is present but empty. The
 * query is only parsed when there is no header.
 */
function presentedKey(c: Context): string | undefined {
  const authorization = c.req.header('authorization');
  if (authorization !== undefined) {
    const match = BEARER.exec(authorization.trim());
    return match ? (match[1] as string).trim() : '';
  }
  return c.req.query('key');
}

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
  return async (c, next) => {
    const key = presentedKey(c);
    const auth =
      key === undefined ? ({ ok: false, reason: 'missing' } as const) : store.keys.authenticate(key);
    const decision = limiter.hit(auth.ok ? `key:${auth.prefix}` : `ip:${clientIp(c)}`);
    c.set(RATE_LIMIT_HEADERS, {
      'ratelimit-limit': String(decision.limit),
      'ratelimit-remaining': String(decision.remaining),
      'ratelimit-reset': String(decision.resetSeconds),
    });
    if (!decision.allowed) {
      return sendError(
        c,
        429,
        'rate_limited',
        `more than ${decision.limit} requests in 60 seconds; retry in ${decision.resetSeconds} s`,
        { 'retry-after': String(decision.resetSeconds) },
      );
    }
    if (!auth.ok) {
      const [code, message] = UNAUTHORIZED[auth.reason];
      return sendError(c, 401, code, message, { 'www-authenticate': 'Bearer realm="vote-api"' });
    }
    c.set('serverId', auth.serverId);
    await next();
  };
}
