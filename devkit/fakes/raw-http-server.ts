import { once } from 'node:events';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { MockApp } from '../../mock-server/app';

/** One request as the raw server received it. */
export interface RawRequest {
  method: string;
  /** Path and query. */
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * What to send back: exact bytes (status line, headers and body as given, lies included, then the connection is
 * closed), or a function that writes to the socket itself (a slow drip, a connection held open).
 */
export type RawReply = Buffer | ((socket: Socket) => void);

/** A node:http server on 127.0.0.1 that answers with raw bytes, so tests can send what no well-behaved server would. */
export interface RawHttpServer {
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** Every request received, in order. */
  readonly requests: RawRequest[];
  /** Resolves when every socket the server accepted so far has closed. */
  allSocketsClosed(): Promise<void>;
  /** Stops listening and destroys open connections. */
  close(): Promise<void>;
}

/** Starts a raw server; `answer` decides each reply. */
export async function startRawHttpServer(
  answer: (request: RawRequest) => RawReply | Promise<RawReply>,
): Promise<RawHttpServer> {
  const requests: RawRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request: RawRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      // The reply bypasses `res`: Node would otherwise fix the framing the test means to break.
      void Promise.resolve(answer(request)).then(
        (reply) => {
          if (Buffer.isBuffer(reply)) req.socket.end(reply);
          else reply(req.socket);
        },
        () => req.socket.destroy(),
      );
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('raw server: no TCP address');
  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    requests,
    async allSocketsClosed() {
      // A socket the client reset emits 'error' (ECONNRESET) before 'close': closed all the same. events.once would
      // reject on that error, which made tests that cancel a body flaky on both Node 20 and 22.
      await Promise.all(
        [...sockets].map((socket) => new Promise<void>((resolve) => socket.once('close', () => resolve()))),
      );
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Builds the bytes of an HTTP/1.1 answer: `headers` are sent exactly as given (no Content-Length is added). */
export function rawAnswer(status: number, headers: [string, string][], body: Buffer | string): Buffer {
  const head = [
    `HTTP/1.1 ${status} X`,
    ...headers.map(([name, value]) => `${name}: ${value}`),
    'connection: close',
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]);
}

/** Framing headers are rewritten: the body is re-sent decoded, with its exact length. */
const FRAMING = new Set([
  'content-length',
  'content-encoding',
  'accept-encoding',
  'connection',
  'transfer-encoding',
  'keep-alive',
]);

/** Passes the request to the real mock app in process and returns its answer as raw bytes. */
export async function forwardToApp(app: MockApp, request: RawRequest): Promise<Buffer> {
  const init: RequestInit = { method: request.method, headers: headersOf(request) };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = request.body;
  return toRaw(await app.request(`http://votes.test${request.url}`, init));
}

/** The request's own headers, without those that describe this hop (the forwarder frames its request itself). */
function headersOf(request: RawRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string' && !FRAMING.has(name) && name !== 'host') headers[name] = value;
  }
  return headers;
}

/** Passes the request to a real server at `baseUrl` and returns its answer as raw bytes (decoded, exact length). */
export async function forwardToUrl(baseUrl: string, request: RawRequest): Promise<Buffer> {
  const init: RequestInit = { method: request.method, headers: headersOf(request) };
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = request.body;
  return toRaw(await fetch(`${baseUrl}${request.url}`, init));
}

async function toRaw(response: Response): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: [string, string][] = [];
  response.headers.forEach((value, name) => {
    if (!FRAMING.has(name)) headers.push([name, value]);
  });
  headers.push(['content-length', String(body.length)]);
  return rawAnswer(response.status, headers, body);
}
