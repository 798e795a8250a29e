import type { Context } from 'hono';

/** Address used for requests that did not come through a socket (`app.request()` in tests). */
export const IN_PROCESS_CLIENT = 'in-process';

/**
 * The peer address of the TCP connection. Forwarding headers are ignored on purpose: a client could
 * otherwise pick a new address per request and escape the per-IP limit.
 */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? IN_PROCESS_CLIENT;
}

/** True for 127.0.0.0/8, ::1, IPv4-mapped loopback, and in-process requests. */
export function isLoopback(address: string): boolean {
  if (address === IN_PROCESS_CLIENT || address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.');
}
