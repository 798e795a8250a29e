import http from 'node:http';
import https from 'node:https';
import type { SimClock } from './clock';
import { isLoopbackUrl } from './offline';

/** The request table a resource passes to PerformHttpRequestInternalEx (msgpack-decoded). */
export interface HttpRequestData {
  /** Absolute http(s) URL. */
  url?: unknown;
  /** HTTP method, default GET. */
  method?: unknown;
  /** Request body string. */
  data?: unknown;
  /** Header map. */
  headers?: unknown;
  /** Follow 3xx redirects (Ex variant default: false). */
  followLocation?: unknown;
}

/** The arguments of `__cfx_internal:httpResponse` (token, status, body, headers, errorData). */
export type HttpResponseArgs = [
  number,
  number,
  string | null,
  Record<string, string | string[]>,
  string | null,
];

/** Options of one native request. */
export interface NativeRequestOptions {
  /** Clock for the 5 s no-response timeout. */
  clock: SimClock;
  /** Called once with the response event arguments. */
  onDone(args: HttpResponseArgs): void;
  /** Marks real I/O in flight. */
  ioStart(label: string): () => void;
}

const NO_RESPONSE_TIMEOUT_MS = 5000;
const MAX_REDIRECTS = 10;

/** Validates request data like HttpScriptFunctions.cpp would need it; returns an error text or null. */
export function validateHttpRequest(req: HttpRequestData): string | null {
  if (typeof req.url !== 'string' || !/^https?:\/\//i.test(req.url))
    return 'url must be an http(s) URL string';
  if (req.method !== undefined && req.method !== null && typeof req.method !== 'string')
    return 'method must be a string';
  if (
    req.headers !== undefined &&
    req.headers !== null &&
    (typeof req.headers !== 'object' || Array.isArray(req.headers))
  )
    return 'headers must be a map';
  return null;
}

/**
 * Performs one request with Node's http client and reports it in FXServer's shapes
 * (citizen-server-impl HttpScriptFunctions.cpp + http-client HttpClient.cpp): success → (status, body, headers, nil);
 * status >= 400 → (status, nil, {}, "HTTP <code>: <body>"); transport error → (0, nil, {}, "<msg> - CURL error code N (...)").
 * Returns an abort function (used when the server is killed).
 */
export function performNativeRequest(
  token: number,
  req: HttpRequestData,
  options: NativeRequestOptions,
): () => void {
  const method = typeof req.method === 'string' && req.method ? req.method.toUpperCase() : 'GET';
  const body = typeof req.data === 'string' ? req.data : '';
  const headers: Record<string, string> = { 'User-Agent': 'FXServer/PerformHttpRequest' };
  if (req.headers && typeof req.headers === 'object') {
    for (const [k, v] of Object.entries(req.headers as Record<string, unknown>)) headers[k] = String(v);
  }
  const followLocation = req.followLocation === true;
  const done = options.ioStart(`PerformHttpRequestInternalEx ${String(req.url)}`);
  let finished = false;
  let current: http.ClientRequest | null = null;
  let cancelTimer: () => void = () => {};

  const finish = (args: HttpResponseArgs): void => {
    if (finished) return;
    finished = true;
    cancelTimer();
    done();
    options.onDone(args);
  };
  const armTimer = (): void => {
    cancelTimer();
    cancelTimer = options.clock.schedule(NO_RESPONSE_TIMEOUT_MS, () => {
      current?.destroy();
      finish([
        token,
        0,
        null,
        {},
        `Operation timed out after ${NO_RESPONSE_TIMEOUT_MS} milliseconds with 0 bytes received - CURL error code 28 (Timeout was reached)`,
      ]);
    });
  };

  const run = (url: string, redirects: number): void => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish([
        token,
        0,
        null,
        {},
        `URL rejected: Malformed input to a URL function - CURL error code 3 (URL using bad/illegal format or missing URL)`,
      ]);
      return;
    }
    if (!isLoopbackUrl(target.href)) {
      // No internet in the simulation (see offline.ts): the name does not resolve, as on an offline machine.
      finish([
        token,
        0,
        null,
        {},
        `Could not resolve host: ${target.hostname} - CURL error code 6 (Couldn't resolve host name)`,
      ]);
      return;
    }
    const client = target.protocol === 'https:' ? https : http;
    const outgoing = { ...headers };
    if (body && !Object.keys(outgoing).some((k) => k.toLowerCase() === 'content-length')) {
      outgoing['Content-Length'] = String(Buffer.byteLength(body));
    }
    armTimer();
    const request = client.request(target, { method, headers: outgoing }, (res) => {
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (followLocation && status >= 300 && status < 400 && location && redirects < MAX_REDIRECTS) {
        res.resume();
        run(new URL(location, target).toString(), redirects + 1);
        return;
      }
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => {
        chunks.push(c);
        armTimer();
      });
      res.on('error', (e) =>
        finish([
          token,
          0,
          null,
          {},
          `${e.message} - CURL error code 56 (Failure when receiving data from the peer)`,
        ]),
      );
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (status >= 400) {
          finish([token, status, null, {}, `HTTP ${status}: ${text}`]);
          return;
        }
        const out: Record<string, string | string[]> = {};
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) {
          const k = res.rawHeaders[i] as string;
          const v = res.rawHeaders[i + 1] as string;
          const prev = out[k];
          out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
        }
        finish([token, status, text, out, null]);
      });
    });
    current = request;
    request.on('error', (e: NodeJS.ErrnoException) => {
      const code = e.code === 'ECONNREFUSED' ? 7 : e.code === 'ENOTFOUND' ? 6 : 56;
      const what =
        code === 7
          ? "Couldn't connect to server"
          : code === 6
            ? "Couldn't resolve host name"
            : 'Failure when receiving data from the peer';
      finish([token, 0, null, {}, `${e.message} - CURL error code ${code} (${what})`]);
    });
    if (body && method !== 'GET' && method !== 'HEAD') request.write(body);
    request.end();
  };

  run(String(req.url), 0);
  return () => {
    finished = true;
    cancelTimer();
    done();
    current?.destroy();
  };
}
