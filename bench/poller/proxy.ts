import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One API request as the mock answered it. */
export interface ProxiedRequest {
  /** Virtual time the request arrived. */
  at: number;
  method: string;
  path: string;
  status: number;
}

/** A loopback HTTP proxy in front of the mock that records every request the resource sends. */
export interface RecordingProxy {
  /** Base URL the resource is pointed at. */
  readonly url: string;
  /** Every request, in arrival order. */
  readonly log: ProxiedRequest[];
  /** Requests still waiting for the mock's answer. */
  inFlight(): number;
  /** Resolves once no request is in flight (checked across a few event-loop turns). */
  idle(): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Starts a proxy to `target` on a free loopback port; `now` stamps each request with the simulation's clock.
 * `missing` paths are answered 404 by the proxy itself (an API without that route).
 */
export async function startRecordingProxy(
  target: string,
  now: () => number,
  options: { missing?: readonly string[] } = {},
): Promise<RecordingProxy> {
  const upstream = new URL(target);
  const log: ProxiedRequest[] = [];
  let inFlight = 0;
  const server = createServer((req, res) => {
    inFlight += 1;
    const entry: ProxiedRequest = { at: now(), method: req.method ?? 'GET', path: req.url ?? '/', status: 0 };
    log.push(entry);
    if (options.missing?.some((path) => entry.path.startsWith(path))) {
      entry.status = 404;
      inFlight -= 1;
      req.resume();
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not_found","message":"no such route"}');
      return;
    }
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        entry.status = answer.statusCode ?? 0;
        res.writeHead(entry.status, answer.headers);
        answer.pipe(res);
        answer.on('end', () => {
          inFlight -= 1;
        });
      },
    );
    forward.on('error', (error) => {
      inFlight -= 1;
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    });
    req.pipe(forward);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    inFlight: () => inFlight,
    async idle() {
      for (let quiet = 0; quiet < 10; ) {
        await turn();
        if (inFlight > 0) {
          quiet = 0;
          await new Promise<void>((resolve) => setTimeout(resolve, 1));
        } else quiet += 1;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
