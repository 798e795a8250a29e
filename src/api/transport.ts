import { NetworkError, TimeoutError } from './errors';

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

/** A transport over the WHATWG `fetch` (FXServer's Node 22), with `AbortSignal.timeout`. */
export function createFetchTransport(fetchFn: typeof fetch): HttpTransport {
  return {
    kind: 'fetch',
    async request(request) {
      let response: Response;
      try {
        response = await fetchFn(request.url, {
          method: request.method,
          headers: request.headers,
          body: request.body,
          redirect: 'error',
          signal: AbortSignal.timeout(request.timeoutMs),
        });
      } catch (error) {
        throw toTransportError(error, request);
      }
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => {
        headers[name.toLowerCase()] = value;
      });
      let body: string;
      try {
        body = await response.text();
      } catch (error) {
        throw toTransportError(error, request);
      }
      return { status: response.status, headers, body };
    },
  };
}

function toTransportError(error: unknown, request: HttpRequest): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new TimeoutError(request.url, request.timeoutMs);
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  return new NetworkError(request.url, `${error instanceof Error ? error.message : String(error)}${cause}`);
}
