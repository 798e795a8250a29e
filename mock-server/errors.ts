import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

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

/** Answers with the JSON error shape (headers already set on `c` are kept). */
export function sendError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Response {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json(errorBody(code, message), status);
}
