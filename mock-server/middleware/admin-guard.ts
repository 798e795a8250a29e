import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { sendError } from '../errors';
import { clientIp, isLoopback } from './client-ip';

/** Who may use the control API and the owner dashboard. */
export interface AdminOptions {
  /** False with `--no-admin`: every admin route answers 404 `admin_disabled`. */
  enabled: boolean;
  /** `MOCK_ADMIN_TOKEN`: when set, `Authorization: Bearer <token>` is required (from any address). */
  token?: string;
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}

/**
 * Guards the control API (and the dashboard pages): disabled → 404; with a token → Bearer token required
 * (compared in constant time); without a token → loopback clients only.
 */
export function adminGuard(deps: { admin: AdminOptions }): MiddlewareHandler {
  const { enabled, token } = deps.admin;
  const expected = token ? digest(token) : undefined;
  return async (c, next) => {
    if (!enabled) return sendError(c, 404, 'admin_disabled', 'the control API is disabled (--no-admin)');
    if (expected) {
      const match = /^Bearer[ \t]+(.+)$/i.exec(c.req.header('authorization')?.trim() ?? '');
      if (!match || !timingSafeEqual(digest((match[1] as string).trim()), expected)) {
        return sendError(c, 401, 'admin_unauthorized', 'send "Authorization: Bearer <MOCK_ADMIN_TOKEN>"');
      }
    } else if (!isLoopback(clientIp(c))) {
      return sendError(
        c,
        403,
        'admin_forbidden',
        'the control API answers loopback clients only; set MOCK_ADMIN_TOKEN to open it to others',
      );
    }
    await next();
  };
}
