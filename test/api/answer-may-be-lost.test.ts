import { describe, expect, it } from 'vitest';
import {
  answerMayBeLost,
  ClaimRefusedError,
  HttpError,
  NetworkError,
  RateBudgetError,
  RateLimitedError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  UnauthorizedError,
} from '../../src/api/errors';

describe('answerMayBeLost: after which failures a claim may have happened on the API side', () => {
  it.each<[string, unknown, boolean]>([
    ['a request the budget never sent', new RateBudgetError(1000, 'window full'), false],
    ['a 429 (refused before anything ran)', new RateLimitedError(1000, 'rate_limited', 'slow down'), false],
    ['a 401 (refused before anything ran)', new UnauthorizedError('invalid_api_key', 'no'), false],
    ['a 404 claim refusal', new ClaimRefusedError('no_unclaimed_vote', 'none'), false],
    ['another 4xx', new HttpError(400, 'bad_request', 'no'), false],
    ['a 500 (the server may have claimed before failing)', new ServerError(500, 'internal', 'boom'), true],
    ['a network failure', new NetworkError('http://api', 'ECONNRESET'), true],
    ['a timeout', new TimeoutError('http://api', 5000), true],
    ['an answer that failed validation', new ResponseValidationError('/vote/claim', 'not a UUID'), true],
    ['a programming error', new TypeError('x is undefined'), true],
  ])('%s → %s', (_name, error, lost) => {
    expect(answerMayBeLost(error)).toBe(lost);
  });
});
