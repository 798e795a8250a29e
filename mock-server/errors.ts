import type { Context, TypedResponse } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { JSONParsed } from 'hono/utils/types';

/** The one error body of the mock: `{ "error": { "code", "message" } }`. */
export interface ErrorBody {
  /** The error. */
  error: {
    /** snake_case code, stable, meant for programs. */
    code: string;
    /** One human sentence, meant for people. */
    message: string;
  };
}

/** An error that becomes an HTTP answer with the JSON error shape; thrown anywhere, rendered by `onError`. */
export class ApiError extends Error {
  /** HTTP status. */
  readonly status: ContentfulStatusCode;
  /** snake_case error code. */
  readonly code: string;
  /** Extra response headers (e.g. `Retry-After`, `Allow`). */
  readonly headers: Record<string, string>;

  constructor(
    status: ContentfulStatusCode,
    code: string,
    message: string,
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

/** Builds the error body. */
export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** Context variable holding the `RateLimit-*` headers of an `/api/v1` request (set by the API guard). */
export const RATE_LIMIT_HEADERS = 'rateLimitHeaders';

function rateLimitHeaders(c: Context): Record<string, string> | undefined {
  return c.get(RATE_LIMIT_HEADERS) as Record<string, string> | undefined;
}

/** Answers with the JSON error shape, with the request's `RateLimit-*` headers if it has any (and headers set on `c`). */
export function sendError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  const rate = rateLimitHeaders(c);
  return c.json(errorBody(code, message), status, rate ? { ...rate, ...headers } : headers);
}

/**
 * A JSON answer of an `/api/v1` route with the request's `RateLimit-*` headers, built from a plain header object:
 * on @hono/node-server that stays on its fast path, where `c.header()` would build a `Headers` per request.
 */
export function apiJson<T, S extends ContentfulStatusCode>(
  c: Context,
  body: T,
  status: S,
): Response & TypedResponse<JSONParsed<T>, S, 'json'> {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...rateLimitHeaders(c) },
  }) as Response & TypedResponse<JSONParsed<T>, S, 'json'>;
}
