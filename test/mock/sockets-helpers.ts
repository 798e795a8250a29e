import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** An answer read off a real socket. */
export interface SocketAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request on its own connection (no keep-alive); headers are sent as given, `host` included. */
export function sendOver(
  base: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; localAddress?: string } = {},
): Promise<SocketAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        agent: false,
        localAddress: options.localAddress,
        headers: {
          ...(options.body === undefined || options.headers?.['transfer-encoding'] !== undefined
            ? {}
            : { 'content-length': Buffer.byteLength(options.body) }),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on('error', reject);
      },
    );
    // The server may answer (413) and close before a large body is written.
    req.on('error', (error) => (/EPIPE|ECONNRESET/.test(String(error)) ? undefined : reject(error)));
    req.end(options.body);
  });
}

/**
 * Writes a whole raw HTTP request and resets the connection at once (RST), without reading the answer: the
 * blind client of a reset-connection attack. Resolves once the socket is closed.
 */
export function sendAndReset(base: string, rawRequest: string, localAddress?: string): Promise<void> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: url.hostname, port: Number(url.port), localAddress });
    socket.on('error', () => undefined);
    socket.once('connect', () => {
      socket.write(rawRequest, () => {
        socket.resetAndDestroy();
      });
    });
    socket.once('close', () => resolve());
    socket.once('timeout', () => reject(new Error('sendAndReset: timed out')));
  });
}

/** A raw HTTP/1.1 request with a JSON body and `Connection: close`. */
export function rawJsonRequest(method: string, path: string, host: string, body: string): string {
  return (
    `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
}

/** Parses a JSON error answer and returns its code, or throws when the body is not the error shape. */
export function errorCode(answer: SocketAnswer): string {
  const type = String(answer.headers['content-type'] ?? '');
  if (!type.startsWith('application/json'))
    throw new Error(`not JSON (${type}): ${answer.body.slice(0, 200)}`);
  const body = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown } };
  if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string' || !body.error.message) {
    throw new Error(`not the error shape: ${answer.body.slice(0, 200)}`);
  }
  return body.error.code;
}
