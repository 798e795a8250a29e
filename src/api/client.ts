import type { z } from 'zod/mini';
import {
  claimBody,
  errorBody,
  type ServerInfo,
  serverInfoBody,
  type VoteCount,
  voteCheckBody,
  voteCountBody,
} from '../../contract/answers';
import { describeError } from '../runtime/errors';
import { excerpt, redact } from '../runtime/redact';
import {
  ClaimRefusedError,
  HttpError,
  NetworkError,
  RateBudgetError,
  RateLimitedError,
  ResponseTooLargeError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
  VoteApiError,
} from './errors';
import type { RateBudget, RequestPriority } from './rate-budget';
import type { HttpResponse, HttpTransport } from './transport';

/** Result of `/vote/check` by username. `votedAt` is the vote a claim would take (in `unclaimed` mode). */
export interface VoteCheck {
  voted: boolean;
  votedAt: string | null;
  username: string;
}

/** Result of `/vote/check` by IP: without a vote there is no username to report, so it is null. */
export interface IpVoteCheck extends Omit<VoteCheck, 'username'> {
  username: string | null;
}

/** Result of `/vote/claim`: the claimed vote, or the expected "nothing to claim". */
export type ClaimResult = { claimed: true; voteId: string } | { claimed: false; code: 'no_unclaimed_vote' };

/** Per-call options: which share of the budget the request uses. */
export interface CallOptions {
  priority: RequestPriority;
}

/** Typed client of the Vote Verification and Reward API v1. */
export interface VoteApi {
  /** The base URL requests go to (without `/api/v1`). */
  readonly baseUrl: string;
  /** The transport in use. */
  readonly transport: HttpTransport['kind'];
  /** `GET /vote/check` by username. */
  checkVote(query: { username: string }, opts: CallOptions): Promise<VoteCheck>;
  /** `GET /vote/check` by IP. */
  checkVote(query: { ip: string }, opts: CallOptions): Promise<IpVoteCheck>;
  /** `POST /vote/claim`; 404 `no_unclaimed_vote` is a value, not an error. */
  claimVote(username: string, opts: CallOptions): Promise<ClaimResult>;
  /** `GET /vote/count`. */
  getVoteCount(opts: CallOptions): Promise<VoteCount>;
  /** `GET /server/info`. */
  getServerInfo(opts: CallOptions): Promise<ServerInfo>;
}

/** Options of {@link createVoteApi}. */
export interface VoteApiOptions {
  /** `{base_url}` of the API; `/api/v1/...` is appended. */
  baseUrl: string;
  /** The server's API key, sent as a bearer token. */
  apiKey: string;
  /** How requests are sent. */
  transport: HttpTransport;
  /** The shared request budget; every call takes a slot first. */
  budget: RateBudget;
  /** The clock, for HTTP-date `Retry-After` values. */
  now: () => number;
  /** Timeout of one request in ms. */
  timeoutMs: number;
  /** Where the one admin line of an episode of refused (oversized) answers goes. */
  log?: { error(message: string): void };
}

/** A new line about refused answers is printed at most this often, even when the API flaps between good and bad. */
export const MISBEHAVING_LOG_INTERVAL_MS = 10 * 60_000;

/** Creates the API client. Every method takes a budget slot first and throws `RateBudgetError` without sending. */
export function createVoteApi(options: VoteApiOptions): VoteApi {
  if (options.apiKey.trim() === '') throw new TypeError('createVoteApi: apiKey must not be empty');
  if (!(options.timeoutMs > 0))
    throw new TypeError(`createVoteApi: timeoutMs must be > 0, got ${options.timeoutMs}`);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const { transport, budget } = options;
  // An episode starts at a refused answer and ends at the next answer read normally; it gets one admin line.
  let episodeOpen = false;
  let lastLineAt = Number.NEGATIVE_INFINITY;
  let refusedSinceLine = 0;
  const noteRefused = (error: ResponseTooLargeError) => {
    refusedSinceLine += 1;
    const now = options.now();
    if (episodeOpen || now - lastLineAt < MISBEHAVING_LOG_INTERVAL_MS) return;
    episodeOpen = true;
    const earlier =
      refusedSinceLine > 1 ? ` (${refusedSinceLine - 1} more refused since the last such line)` : '';
    refusedSinceLine = 0;
    lastLineAt = now;
    options.log?.error(
      `the vote API is misbehaving: ${error.message}${earlier}. Nothing is paid or lost on such answers; players are told to try later. Further refusals are not logged until the API answers normally again.`,
    );
  };

  const send = async (
    method: 'GET' | 'POST',
    path: string,
    priority: RequestPriority,
    body?: unknown,
  ): Promise<HttpResponse> => {
    const decision = budget.take(priority);
    if (!decision.ok) throw new RateBudgetError(decision.waitMs, decision.reason);
    const headers: Record<string, string> = {
      authorization: `Bearer ${options.apiKey}`,
      accept: 'application/json',
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: HttpResponse;
    try {
      response = await transport.request({
        method,
        url: `${baseUrl}${path}`,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: options.timeoutMs,
      });
    } catch (error) {
      budget.record('transport_error');
      if (error instanceof ResponseTooLargeError) noteRefused(error);
      throw error instanceof VoteApiError
        ? error
        : new NetworkError(`${baseUrl}${path}`, describeError(error), { cause: error });
    }
    episodeOpen = false;
    const failure = readError(response.body, options.apiKey);
    if (response.status === 429) {
      const retryAfterMs = parseRetryAfter(response.headers['retry-after'], options.now());
      budget.record('rate_limited', retryAfterMs ?? undefined);
      throw new RateLimitedError(retryAfterMs, failure.code, failure.message);
    }
    if (response.status >= 500) {
      budget.record('server_error');
      throw new ServerError(response.status, failure.code, failure.message);
    }
    budget.record('ok');
    if (response.status === 401) throw new UnauthorizedError(failure.code, failure.message);
    return response;
  };

  const expect200 = <T extends z.ZodMiniType>(
    path: string,
    response: HttpResponse,
    schema: T,
  ): z.output<T> => {
    if (response.status !== 200) {
      const failure = readError(response.body, options.apiKey);
      throw new HttpError(response.status, failure.code, failure.message);
    }
    return parseBody(path, response.body, schema, options.apiKey);
  };

  async function checkVote(query: { username: string }, opts: CallOptions): Promise<VoteCheck>;
  async function checkVote(query: { ip: string }, opts: CallOptions): Promise<IpVoteCheck>;
  async function checkVote(
    query: { username: string } | { ip: string },
    opts: CallOptions,
  ): Promise<VoteCheck | IpVoteCheck> {
    const params =
      'username' in query
        ? `username=${encodeURIComponent(query.username)}`
        : `ip=${encodeURIComponent(query.ip)}`;
    const path = '/api/v1/vote/check';
    const body = expect200(path, await send('GET', `${path}?${params}`, opts.priority), voteCheckBody);
    const votedAt = body.voted ? body.voted_at : null;
    if (!('username' in query)) return { voted: body.voted, votedAt, username: body.username };
    if (body.username === null)
      throw new ResponseValidationError(path, 'username: null for a lookup by name');
    return { voted: body.voted, votedAt, username: body.username };
  }

  return {
    baseUrl,
    transport: transport.kind,
    checkVote,
    async claimVote(username, opts) {
      const path = '/api/v1/vote/claim';
      const response = await send('POST', path, opts.priority, { username });
      if (response.status === 404) {
        const failure = readError(response.body, options.apiKey);
        if (failure.code === null || failure.code === 'no_unclaimed_vote') {
          return { claimed: false, code: 'no_unclaimed_vote' };
        }
      }
      // Another 2xx may mean the claim happened: an unusable answer, decided by checking again, never a refusal.
      if (response.status !== 200 && response.status >= 200 && response.status < 300) {
        throw new ResponseValidationError(path, `status ${response.status} instead of 200`);
      }
      if (response.status === 200 && refusesClaim(response.body)) {
        const failure = readError(response.body, options.apiKey);
        throw new ClaimRefusedError(failure.code, 'the API answered the claim with success: false');
      }
      const body = expect200(path, response, claimBody);
      return { claimed: true, voteId: body.vote_id };
    },
    async getVoteCount(opts) {
      const path = '/api/v1/vote/count';
      return expect200(path, await send('GET', path, opts.priority), voteCountBody);
    },
    async getServerInfo(opts) {
      const path = '/api/v1/server/info';
      return expect200(path, await send('GET', path, opts.priority), serverInfoBody);
    },
  };
}

/** Reads a 200 body with `schema`; a body that is not JSON is quoted with the key (`secret`) masked. */
function parseBody<T extends z.ZodMiniType>(
  path: string,
  text: string | null,
  schema: T,
  secret: string,
): z.output<T> {
  if (text === null || text === '') throw new ResponseValidationError(path, 'empty body');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ResponseValidationError(path, `not JSON: ${excerpt(text, secret)}`, {
      cause: error,
    });
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    const first = result.error.issues[0];
    const where = first && first.path.length > 0 ? `${first.path.join('.')}: ` : '';
    throw new ResponseValidationError(path, `${where}${first?.message ?? 'invalid'}`);
  }
  return result.data;
}

/** True for a JSON object whose `success` is exactly `false`: the API says the claim did not happen. */
function refusesClaim(text: string | null): boolean {
  if (text === null) return false;
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null && (json as { success?: unknown }).success === false;
  } catch {
    return false;
  }
}

/** The code and message of an error answer, redacted of the key (`secret`): an error page may echo the request. */
function readError(text: string | null, secret: string): { code: string | null; message: string } {
  if (text === null || text === '') return { code: null, message: 'no details' };
  try {
    const parsed = errorBody.safeParse(JSON.parse(text));
    if (parsed.success)
      return {
        code: redact(parsed.data.error.code, secret),
        message: redact(parsed.data.error.message ?? '', secret),
      };
  } catch {
    // A non-JSON error page: its text is the best detail there is.
  }
  return { code: null, message: redact(text.slice(0, 200 + secret.length), secret).slice(0, 200) };
}

/** Reads `Retry-After` (seconds or an HTTP date) as milliseconds from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | null {
  if (value === undefined) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, date - now);
}
