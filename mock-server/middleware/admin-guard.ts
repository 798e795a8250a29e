import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { sendError } from '../errors';
import { clientIp, isLoopback, UNKNOWN_PEER } from './client-ip';
import { crossSiteReason, foreignHost, type HostAllowList } from './host-allow-list';

/** Who may use the control API and the owner dashboard. */
export interface AdminOptions {
  /** False with `--no-admin`: every admin route answers 404 `admin_disabled`. */
  enabled: boolean;
  /** `MOCK_ADMIN_TOKEN`: when set, `Authorization: Bearer <token>` is required (from any address). */
  token?: string;
  /**
   * Why others can reach this mock (`--public-url …`, `--host 0.0.0.0`), when they can. A proxy on the same machine
   * makes every client look like loopback, so without a token the control API and the dashboard then refuse
   * everyone (403 `admin_token_required`) instead of trusting loopback.
   */
  exposedBy?: string;
}

/**
 * Why a mock listening on `host` with `publicUrl` can be reached by clients other than this machine's, or undefined
 * when it listens on loopback only and has no public URL.
 */
export function exposure(host: string, publicUrl: string | undefined): string | undefined {
  if (publicUrl !== undefined) return `--public-url ${publicUrl}`;
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (bare === 'localhost' || bare === '::1' || bare.startsWith('127.')) return undefined;
  return `--host ${host}`;
}

/** The refusal of a control API or dashboard that others can reach and that has no token. */
export const tokenRequiredMessage = (exposedBy: string) =>
  `this mock can be reached by others (${exposedBy}), so its control API and dashboard need MOCK_ADMIN_TOKEN; restart it with MOCK_ADMIN_TOKEN set and send "Authorization: Bearer <MOCK_ADMIN_TOKEN>"`;

/** Largest control-API body, bytes: a 10,000-vote batch is about 1.5 MB. */
export const ADMIN_BODY_LIMIT = 4 * 1024 * 1024;

const JSON_TYPE = /^application\/json\s*(;.*)?$/i;
const WRITES = new Set(['POST', 'PATCH']);

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

const tooLarge = (c: Context) =>
  sendError(
    c,
    413,
    'payload_too_large',
    `the control API takes bodies of at most ${ADMIN_BODY_LIMIT} bytes; split a vote batch`,
  );

/**
 * Guards the control API: disabled → 404; a `Host` that is not this mock → 403; with a token → Bearer token
 * required (compared in constant time); without a token → refused to everyone when others can reach the mock
 * (`exposedBy`: a same-host proxy makes every client loopback), else loopback clients only (a socket whose peer is
 * unknown is not); then no request sent by another site, JSON on every write (a cross-site form or `no-cors` fetch cannot
 * send it without a preflight) and a body limit.
 */
export function adminGuard(deps: { admin: AdminOptions; hosts: HostAllowList }): MiddlewareHandler {
  const { enabled, token, exposedBy } = deps.admin;
  const expected = token ? digest(token) : undefined;
  const limitBody = bodyLimit({ maxSize: ADMIN_BODY_LIMIT, onError: tooLarge });
  return async (c, next) => {
    if (!enabled) return sendError(c, 404, 'admin_disabled', 'the control API is disabled (--no-admin)');
    const host = foreignHost(c, deps.hosts);
    if (host !== undefined) {
      return sendError(
        c,
        403,
        'host_not_allowed',
        `Host ${JSON.stringify(host.slice(0, 100))} is not this mock (it answers ${deps.hosts.hosts.join(', ')}); start it with --public-url to add a name`,
      );
    }
    if (expected) {
      const match = /^Bearer[ \t]+(.+)$/i.exec(c.req.header('authorization')?.trim() ?? '');
      if (!match || !timingSafeEqual(digest((match[1] as string).trim()), expected)) {
        return sendError(c, 401, 'admin_unauthorized', 'send "Authorization: Bearer <MOCK_ADMIN_TOKEN>"');
      }
    } else if (exposedBy !== undefined) {
      return sendError(c, 403, 'admin_token_required', tokenRequiredMessage(exposedBy));
    } else {
      const peer = clientIp(c);
      if (!isLoopback(peer)) {
        const who = peer === UNKNOWN_PEER ? 'a client whose address is unknown' : `client ${peer}`;
        return sendError(
          c,
          403,
          'admin_forbidden',
          `the control API answers loopback clients only, not ${who}; set MOCK_ADMIN_TOKEN to open it to others`,
        );
      }
    }
    const crossSite = crossSiteReason(c, deps.hosts);
    if (crossSite !== undefined) {
      return sendError(c, 403, 'cross_site_request', `refused: ${crossSite}`);
    }
    if (WRITES.has(c.req.method)) {
      const type = c.req.header('content-type');
      if (!type || !JSON_TYPE.test(type)) {
        return sendError(
          c,
          415,
          'invalid_content_type',
          `control-API writes need Content-Type: application/json, even without a body (got ${type ? JSON.stringify(type.slice(0, 100)) : 'none'})`,
        );
      }
      return limitBody(c, next);
    }
    await next();
  };
}
