/** Errors thrown by the API client. Expected outcomes (no unclaimed vote) are values, never these. */

/** Base class of every API failure. */
export class VoteApiError extends Error {
  override name = 'VoteApiError';
}

/** The local rate budget refused the request; nothing was sent. */
export class RateBudgetError extends VoteApiError {
  override name = 'RateBudgetError';
  /** Milliseconds until a slot may be free. */
  readonly waitMs: number;
  /** Why the budget refused. */
  readonly reason: string;
  constructor(waitMs: number, reason: string) {
    super(`request not sent: rate budget ${reason}, retry in ${Math.ceil(waitMs / 1000)} s`);
    this.waitMs = waitMs;
    this.reason = reason;
  }
}

/** The API answered with an unexpected HTTP status. */
export class HttpError extends VoteApiError {
  override name = 'HttpError';
  /** HTTP status code. */
  readonly status: number;
  /** `error.code` of the answer's JSON body, when there was one. */
  readonly code: string | null;
  constructor(status: number, code: string | null, detail: string) {
    super(`HTTP ${status}${code ? ` ${code}` : ''}: ${detail}`);
    this.status = status;
    this.code = code;
  }
}

/** 401: the API key is missing, wrong or revoked. */
export class UnauthorizedError extends HttpError {
  override name = 'UnauthorizedError';
  constructor(code: string | null, detail: string) {
    super(401, code, detail);
  }
}

/** 429: the API's rate limit was hit. */
export class RateLimitedError extends HttpError {
  override name = 'RateLimitedError';
  /** Delay from `Retry-After`, or null when the transport hides the header. */
  readonly retryAfterMs: number | null;
  constructor(retryAfterMs: number | null, code: string | null, detail: string) {
    super(429, code, detail);
    this.retryAfterMs = retryAfterMs;
  }
}

/** 5xx: the API failed on its side. */
export class ServerError extends HttpError {
  override name = 'ServerError';
}

/** The API answered a claim 200 with `success: false`: a definite refusal, like a 4xx (the vote was not claimed). */
export class ClaimRefusedError extends HttpError {
  override name = 'ClaimRefusedError';
  constructor(code: string | null, detail: string) {
    super(200, code, detail);
  }
}

/** The request could not be completed (DNS, refused connection, TLS, connection dropped). */
export class NetworkError extends VoteApiError {
  override name = 'NetworkError';
  /** The URL that failed. */
  readonly url: string;
  constructor(url: string, detail: string, options?: ErrorOptions) {
    super(`${url}: ${detail}`, options);
    this.url = url;
  }
}

/**
 * The answer was refused for its size (declared or counted after decompression) before it was read whole: the site
 * is misbehaving. A transport error, so a refused claim answer counts as lost and is decided by checking again.
 */
export class ResponseTooLargeError extends NetworkError {
  override name = 'ResponseTooLargeError';
  /** The cap in bytes the answer went over. */
  readonly limitBytes: number;
  constructor(url: string, limitBytes: number, detail: string, options?: ErrorOptions) {
    super(url, `answer refused: ${detail} is over the ${formatBytes(limitBytes)} cap`, options);
    this.limitBytes = limitBytes;
  }
}

/** No answer arrived in time. */
export class TimeoutError extends VoteApiError {
  override name = 'TimeoutError';
  /** The URL that timed out. */
  readonly url: string;
  constructor(url: string, timeoutMs: number, options?: ErrorOptions) {
    super(`${url}: no answer within ${timeoutMs} ms`, options);
    this.url = url;
  }
}

/** A 200 answer whose body is not what the API contract says. */
export class ResponseValidationError extends VoteApiError {
  override name = 'ResponseValidationError';
  /** The request path, e.g. `/api/v1/vote/claim`. */
  readonly path: string;
  constructor(path: string, detail: string, options?: ErrorOptions) {
    super(`${path}: unexpected answer (${detail})`, options);
    this.path = path;
  }
}

function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** Errors after which the claim may have happened on the API side. */
export function answerMayBeLost(error: unknown): boolean {
  if (
    error instanceof RateBudgetError ||
    error instanceof RateLimitedError ||
    error instanceof UnauthorizedError
  ) {
    return false;
  }
  if (error instanceof HttpError) return error instanceof ServerError;
  return true;
}
