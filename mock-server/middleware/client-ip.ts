import type { Socket } from 'node:net';
import type { Context } from 'hono';

/** Address used for requests that did not come through a socket (`app.request()` in tests). */
export const IN_PROCESS_CLIENT = 'in-process';

/**
 * Address of a socket whose peer cannot be read (the client reset the connection before it was asked): never
 * loopback, so every guard refuses it.
 */
export const UNKNOWN_PEER = 'unknown-peer';

const peers = new WeakMap<Socket, string>();

/**
 * Reads and keeps a new connection's peer address; false when it is already unknown (the caller drops the
 * connection). Node reads `remoteAddress` lazily and a reset socket no longer has one, so it is read at once.
 */
export function rememberPeer(socket: Socket): boolean {
  const address = socket.remoteAddress;
  if (address === undefined) return false;
  peers.set(socket, address);
  return true;
}

/**
 * The peer address of the TCP connection, or `UNKNOWN_PEER` when a real socket has none. Forwarding headers are
 * ignored on purpose: a client could otherwise pick a new address per request and escape the per-IP limit.
 */
export function clientIp(c: Context): string {
  const env = c.env as { incoming?: { socket?: Socket } } | undefined;
  const incoming = env?.incoming;
  if (!incoming) return IN_PROCESS_CLIENT;
  const socket = incoming.socket;
  if (!socket) return UNKNOWN_PEER;
  return peers.get(socket) ?? socket.remoteAddress ?? UNKNOWN_PEER;
}

/** True for 127.0.0.0/8, ::1, IPv4-mapped loopback, and in-process requests; false for `UNKNOWN_PEER`. */
export function isLoopback(address: string): boolean {
  if (address === IN_PROCESS_CLIENT || address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.');
}
