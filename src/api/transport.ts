import { NetworkError, ResponseTooLargeError, TimeoutError, VoteApiError } from './errors';

/** One HTTP request as the client builds it. */
export interface HttpRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Abort and throw `TimeoutError` after this many milliseconds. */
  timeoutMs: number;
}

/** One HTTP answer. Header names are lowercase; `body` is null when the transport does not give it. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** Sends requests; throws `NetworkError` or `TimeoutError`, returns every HTTP status as a value. */
export interface HttpTransport {
  /** `fetch` or `native`, shown in `votereward status`. */
  readonly kind: 'fetch' | 'native';
  /** Sends one request. */
  request(request: HttpRequest): Promise<HttpResponse>;
}

/**
 * Largest answer body accepted, in bytes after decompression. The largest real answer is `/server/info`: 14 312 bytes
 * with every field of the mock at its longest and each character JSON-escaped (7 247 bytes with 3-byte UTF-8 text).
 */
export const MAX_ANSWER_BYTES = 64 * 1024;

/** Options of {@link createFetchTransport}. */
export interface FetchTransportOptions {
  /** Cap of one answer body in bytes after decompression (default {@link MAX_ANSWER_BYTES}). */
  maxAnswerBytes?: number;
}

/**
 * A transport over the WHATWG `fetch` (FXServer's Node 22). The body is read as a stream and refused past the cap
 * (`fetch` inflates gzip/br/deflate itself, so bytes are counted inflated); the timeout covers headers and body.
 */
export function createFetchTransport(
  fetchFn: typeof fetch,
  options: FetchTransportOptions = {},
): HttpTransport {
  const cap = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  return {
    kind: 'fetch',
    async request(request) {
      const signal = AbortSignal.timeout(request.timeoutMs);
      let response: Response;
      try {
        response = await fetchFn(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'error',
          signal,
        });
      } catch (error) {
        throw toTransportError(error, request);
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      const declared = headers['content-length'];
      if (declared !== undefined && /^\s*\d+\s*$/.test(declared) && Number(declared) > cap) {
        discard(response.body);
        throw new ResponseTooLargeError(request.url, cap, `the declared Content-Length ${declared.trim()}`);
      }
      const body = await readCapped(response.body, cap, signal, request);
      return { status: response.status, headers, body };
    },
  };
}

/** Reads a body as UTF-8 up to `cap` bytes; cancels the stream and throws past the cap or when `signal` aborts. */
async function readCapped(
  stream: ReadableStream<Uint8Array> | null,
  cap: number,
  signal: AbortSignal,
  request: HttpRequest,
): Promise<string> {
  if (stream === null) return '';
  const reader = stream.getReader();
  // fetch stops erroring the body once every compressed byte has arrived, so the deadline is raced here as well.
  let onAbort: () => void = () => {};
  const aborted = new Promise<never>((_resolve, reject) => {
    onAbort = () => reject(new TimeoutError(request.url, request.timeoutMs));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  aborted.catch(() => {});
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let total = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await Promise.race([reader.read(), aborted]);
      } catch (error) {
        throw toTransportError(error, request);
      }
      if (chunk.done) break;
      total += chunk.value.byteLength;
      if (total > cap)
        throw new ResponseTooLargeError(
          request.url,
          cap,
          `the body (at least ${total} bytes after decompression)`,
        );
      parts.push(decoder.decode(chunk.value, { stream: true }));
    }
    parts.push(decoder.decode());
    return parts.join('');
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function discard(stream: ReadableStream<Uint8Array> | null): void {
  stream?.cancel().catch(() => {});
}

function toTransportError(error: unknown, request: HttpRequest): Error {
  if (error instanceof VoteApiError) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new TimeoutError(request.url, request.timeoutMs, { cause: error });
  const cause =
    error instanceof Error && error.cause instanceof Error ? ` (${causeDetail(error.cause)})` : '';
  return new NetworkError(
    request.url,
    `${error instanceof Error ? error.message : String(error)}${cause}`,
    error instanceof Error ? { cause: error } : undefined,
  );
}

/**
 * What fetch's `cause` says, on one line. An internal assertion of undici (an answer it cannot read, e.g. the status
 * line `000`) is worded by Node's assert, which differs per version ("false == true" on Node 20, three lines on Node 22):
 * it is named instead.
 */
function causeDetail(cause: Error): string {
  if ((cause as { code?: unknown }).code === 'ERR_ASSERTION') return 'an answer fetch could not read';
  return cause.message.replace(/\s+/g, ' ').trim();
}
