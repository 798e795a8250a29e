import { describe, expect, it } from 'vitest';
import { createMockVoteApi } from '../../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime, type NativeAnswer } from '../../devkit/fakes/runtime';
import { createVoteApi, parseRetryAfter } from '../../src/api/client';
import {
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
import { createNativeTransport } from '../../src/api/native-transport';
import { createRateBudget } from '../../src/api/rate-budget';
import { createFetchTransport, type HttpResponse } from '../../src/api/transport';

const setup = (options: { apiKey?: string } = {}) => {
  const clock = createFakeClock();
  const mock = createMockVoteApi({ now: clock.now });
  const budget = createRateBudget({ now: clock.now });
  const api = createVoteApi({
    baseUrl: 'https://votes.example/',
    apiKey: options.apiKey ?? mock.apiKey,
    transport: mock,
    budget,
    now: clock.now,
    timeoutMs: 5000,
  });
  return { clock, mock, budget, api };
};

const claim = { priority: 'claim' } as const;
/** A key for the native-transport tests, which answer from a fake native instead of the mock. */
const KEY = 'live_0123456789abcdef0123456789abcdef';

describe('createVoteApi against the real mock (in process)', () => {
  it('checks a vote by username, sending the bearer key, and reports the vote a claim would take', async () => {
    const { clock, mock, api } = setup();
    mock.addVote('Ana', clock.now() - 60_000);
    mock.addVote('Ana', clock.now() - 30_000);
    const result = await api.checkVote({ username: 'Ana' }, claim);
    expect(result).toEqual({
      voted: true,
      votedAt: new Date(clock.now() - 60_000).toISOString(),
      username: 'Ana',
    });
    expect(mock.requests[0]).toMatchObject({
      method: 'GET',
      url: 'https://votes.example/api/v1/vote/check?username=Ana',
      headers: { authorization: `Bearer ${mock.apiKey}` },
    });
  });

  it('encodes names and IPs in the query, so the API reads them back unchanged', async () => {
    const { mock, api } = setup();
    expect(await api.checkVote({ username: 'a&b=c d' }, claim)).toEqual({
      voted: false,
      votedAt: null,
      username: 'a&b=c d',
    });
    await api.checkVote({ ip: '::1' }, claim);
    expect(mock.requests.map((r) => r.url)).toEqual([
      'https://votes.example/api/v1/vote/check?username=a%26b%3Dc%20d',
      'https://votes.example/api/v1/vote/check?ip=%3A%3A1',
    ]);
    expect(mock.exchanges.map((e) => e.status)).toEqual([200, 200]);
  });

  it('checks by IP: the vote cast from that address, and username null when there is none', async () => {
    const { clock, mock, api } = setup();
    expect(await api.checkVote({ ip: '203.0.113.9' }, claim)).toEqual({
      voted: false,
      votedAt: null,
      username: null,
    });
    mock.store.votes.insert({
      serverId: mock.server.id,
      username: 'Ana',
      ip: '203.0.113.9',
      votedAt: clock.now() - 1000,
    });
    expect(await api.checkVote({ ip: '203.0.113.9' }, claim)).toEqual({
      voted: true,
      votedAt: new Date(clock.now() - 1000).toISOString(),
      username: 'Ana',
    });
  });

  it('claims the oldest vote and returns its vote_id; a second claim is the value no_unclaimed_vote', async () => {
    const { clock, mock, api } = setup();
    const vote = mock.addVote('Ana', clock.now() - 1000);
    expect(await api.claimVote('Ana', claim)).toEqual({ claimed: true, voteId: vote.voteId });
    expect(await api.claimVote('Ana', claim)).toEqual({ claimed: false, code: 'no_unclaimed_vote' });
    expect(mock.requests[0]).toMatchObject({ method: 'POST', body: '{"username":"Ana"}' });
    expect(mock.exchanges.map((e) => [e.status, e.code])).toEqual([
      [200, null],
      [404, 'no_unclaimed_vote'],
    ]);
  });

  it('reads vote counts and server info', async () => {
    const { clock, mock, api } = setup();
    const rival = mock.store.servers.create({ name: 'Rival RP', game: 'gta5' });
    for (const username of ['Bo', 'Cy'])
      mock.store.votes.insert({ serverId: rival.id, username, votedAt: clock.now() - 1000 });
    mock.addVote('Ana', clock.now() - 2 * 86_400_000);
    expect(await api.getServerInfo(claim)).toMatchObject({ name: 'Test City', rank: 2, votes_total: 1 });
    expect(await api.getVoteCount(claim)).toMatchObject({
      server_name: 'Test City',
      votes_total: 1,
      votes_24h: 0,
      votes_7d: 1,
    });
  });

  it.each([
    [401, UnauthorizedError],
    [400, HttpError],
    [403, HttpError],
    [500, ServerError],
    [502, ServerError],
    [503, ServerError],
  ])('throws the right error for HTTP %i', async (status, type) => {
    const { mock, api } = setup();
    await mock.fault({ route: '/api/v1/vote/check', status, times: 1 });
    const error = await api.checkVote({ username: 'Ana' }, claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect(error).toMatchObject({ status, code: 'injected_fault' });
  });

  it('throws HttpError with the mock’s code for a name the API refuses (400 invalid_parameter)', async () => {
    const { api } = setup();
    const error = await api.checkVote({ username: 'x'.repeat(65) }, claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, code: 'invalid_parameter' });
  });

  it.each([
    ['an unknown key', 'live_00000000000000000000000000000000', 'invalid_api_key'],
    ['a malformed key', 'live_short', 'malformed_api_key'],
  ])('throws UnauthorizedError for %s', async (_label, apiKey, code) => {
    const { api } = setup({ apiKey });
    const error = await api.getServerInfo(claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthorizedError);
    expect(error).toMatchObject({ status: 401, code });
  });

  it('throws UnauthorizedError once the key is revoked', async () => {
    const { mock, api } = setup();
    await api.getServerInfo(claim);
    mock.revokeKey(mock.apiKey);
    await expect(api.getServerInfo(claim)).rejects.toMatchObject({ status: 401, code: 'revoked_api_key' });
  });

  it('treats a 404 with another error code as an HTTP error, not as "no vote"', async () => {
    const { mock, api } = setup();
    mock.addVote('Ana');
    await mock.fault({ route: '/api/v1/vote/claim', status: 404, times: 1 });
    await expect(api.claimVote('Ana', claim)).rejects.toThrow(HttpError);
  });

  it('reads Retry-After on 429 and pauses the budget for that long', async () => {
    const { clock, mock, api, budget } = setup();
    await mock.fault({ route: '/api/v1/vote/check', status: 429, retry_after: 17, times: 1 });
    const error = await api.checkVote({ username: 'Ana' }, claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(17_000);
    expect(budget.snapshot().pausedUntil).toBe(clock.now() + 17_000);
  });

  it('reads the Retry-After of the mock’s own limit: the seconds until the oldest request leaves the window', async () => {
    const { clock, mock, budget } = setup();
    const free = createVoteApi({
      baseUrl: 'https://votes.example',
      apiKey: mock.apiKey,
      transport: mock,
      budget: createRateBudget({ now: clock.now, limit: 1_000 }),
      now: clock.now,
      timeoutMs: 5000,
    });
    for (let i = 0; i < 60; i += 1) {
      await free.checkVote({ username: 'Ana' }, claim);
      await clock.advance(500);
    }
    const error = await free.checkVote({ username: 'Ana' }, claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 30_000 });
    expect(budget.snapshot().rateLimited).toBe(0);
  });

  it('refuses without sending when the budget says no', async () => {
    const { mock, api, budget } = setup();
    budget.record('rate_limited', 3000);
    const error = await api.claimVote('Ana', claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateBudgetError);
    expect((error as RateBudgetError).waitMs).toBe(3000);
    expect(mock.requests).toHaveLength(0);
  });

  it.each([
    ['network', NetworkError],
    ['timeout', TimeoutError],
  ] as const)('passes a %s failure through and backs polling off', async (fail, type) => {
    const { mock, api, budget } = setup();
    mock.wire({ path: '/api/v1/vote/check', fail });
    await expect(api.checkVote({ username: 'Ana' }, claim)).rejects.toThrow(type);
    expect(budget.snapshot().backoffUntil).not.toBeNull();
  });

  it('reports the mock’s in-process "dropped connection" (500 injected_fault) as a ServerError', async () => {
    const { mock, api } = setup();
    mock.addVote('Ana');
    await mock.fault({ route: '/api/v1/vote/claim', drop: true, apply: true, times: 1 });
    await expect(api.claimVote('Ana', claim)).rejects.toMatchObject({ status: 500, code: 'injected_fault' });
    expect(mock.unclaimed('Ana')).toEqual([]);
  });

  it.each([
    ['/api/v1/vote/check', '', 'empty body'],
    ['/api/v1/vote/check', '<html>oops</html>', 'not JSON'],
    ['/api/v1/vote/check', '{"voted":"yes","voted_at":null,"username":"Ana"}', 'voted'],
    ['/api/v1/vote/check', '{"voted":true,"voted_at":null,"username":"Ana"}', 'voted_at'],
    ['/api/v1/vote/check', '{"voted":true,"voted_at":"yesterday","username":"Ana"}', 'voted_at'],
    ['/api/v1/vote/check', '{"voted":false,"voted_at":null,"username":null}', 'username: null'],
    ['/api/v1/vote/claim', '{"success":"true","vote_id":"0b7e5b8a-1b2c-4d3e-8f90-123456789abc"}', 'success'],
    ['/api/v1/vote/claim', '{"success":true,"vote_id":"x"}', 'vote_id: not a UUID'],
    ['/api/v1/vote/claim', '{"success":true}', 'vote_id'],
    ['/api/v1/server/info', '{"name":"x"}', 'game'],
    ['/api/v1/vote/count', '[]', 'expected object'],
  ])('rejects a malformed 200 body from %s (%s)', async (path, body, detail) => {
    const { mock, api } = setup();
    mock.wire({ path, reply: { status: 200, body } });
    const call =
      path === '/api/v1/vote/check'
        ? api.checkVote({ username: 'Ana' }, claim)
        : path === '/api/v1/vote/claim'
          ? api.claimVote('Ana', claim)
          : path === '/api/v1/server/info'
            ? api.getServerInfo(claim)
            : api.getVoteCount(claim);
    const error = await call.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).message).toContain(detail);
  });

  it.each([
    ['a 200 page that is not JSON', 200, (key: string) => `<pre>Authorization: Bearer ${key}</pre>`],
    ['a 502 page', 502, (key: string) => `Bad gateway for Authorization: Bearer ${key}`],
    [
      'a 403 JSON error',
      403,
      (key: string) => JSON.stringify({ error: { code: 'bad', message: `key ${key}` } }),
    ],
  ])('quotes %s echoing the request without the key', async (_what, status, page) => {
    const { mock, api } = setup();
    mock.wire({ path: '/api/v1/vote/check', reply: { status, body: page(mock.apiKey) } });
    const error = await api.checkVote({ username: 'Ana' }, claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain(mock.apiKey.slice(5, 11));
    expect((error as Error).message).toContain('****');
  });

  it('treats a claim answered 200 {"success": false} as a definite refusal (ClaimRefusedError), not a lost answer', async () => {
    const { mock, api } = setup();
    mock.addVote('Ana');
    mock.wire({ path: '/api/v1/vote/claim', reply: { status: 200, body: '{"success":false}' } });
    const error = await api.claimVote('Ana', claim).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClaimRefusedError);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).toBe('HTTP 200: the API answered the claim with success: false');
  });

  it.each([['', 'apiKey must not be empty']])('refuses bad options (%s)', (apiKey, message) => {
    const { mock, budget, clock } = setup();
    expect(() =>
      createVoteApi({ baseUrl: 'https://x', apiKey, transport: mock, budget, now: clock.now, timeoutMs: 1 }),
    ).toThrow(message);
  });
});

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 5 ', 5_000],
    ['Sat, 21 Nov 2026 10:00:30 GMT', 30_000],
    ['Sat, 21 Nov 2026 09:00:00 GMT', 0],
    ['soon', null],
    [undefined, null],
  ])('reads %j as %j ms', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('2026-11-21T10:00:00Z'))).toBe(expected);
  });
});

describe('createFetchTransport', () => {
  const request = { method: 'GET' as const, url: 'https://v.example/x', headers: {}, timeoutMs: 50 };

  it('returns status, lowercase headers and body for every status', async () => {
    const transport = createFetchTransport(
      async () => new Response('{"a":1}', { status: 429, headers: { 'Retry-After': '3' } }),
    );
    expect(await transport.request(request)).toEqual({
      status: 429,
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'retry-after': '3' },
      body: '{"a":1}',
    });
  });

  it('maps an abort by timeout to TimeoutError', async () => {
    const transport = createFetchTransport(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    await expect(transport.request(request)).rejects.toThrow(TimeoutError);
  });

  it('maps a failed connection to NetworkError naming the URL and cause', async () => {
    const transport = createFetchTransport(async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    });
    await expect(transport.request(request)).rejects.toThrow(
      'https://v.example/x: fetch failed (connect ECONNREFUSED 127.0.0.1:1)',
    );
  });

  /** undici's `assert(statusCode >= 100)` failing, as Node words it. */
  const assertion = (message: string) => Object.assign(new Error(message), { code: 'ERR_ASSERTION' });
  it.each([
    ['Node 20', assertion('false == true'), 'an answer fetch could not read'],
    [
      'Node 22',
      assertion('The expression evaluated to a falsy value:\n\n  assert(statusCode >= 100)\n'),
      'an answer fetch could not read',
    ],
    [
      'a parser error over two lines',
      new Error('Parse Error:\n  Invalid header'),
      'Parse Error: Invalid header',
    ],
  ])('names the cause on one line, whatever the Node (%s)', async (_what, cause, detail) => {
    const transport = createFetchTransport(async () => {
      throw new TypeError('fetch failed', { cause });
    });
    await expect(transport.request(request)).rejects.toThrow(`https://v.example/x: fetch failed (${detail})`);
  });
});

describe('createNativeTransport (FXServer PerformHttpRequestInternalEx)', () => {
  const setupNative = (answer: NativeAnswer | (() => Promise<NativeAnswer>)) => {
    const runtime = createFakeRuntime();
    runtime.nativeHttp = typeof answer === 'function' ? answer : async () => answer;
    return { runtime, transport: createNativeTransport(runtime) };
  };
  const request = {
    method: 'POST' as const,
    url: 'https://v.example/api/v1/vote/claim',
    headers: { authorization: 'Bearer k' },
    body: '{"username":"Ana"}',
    timeoutMs: 5000,
  };

  const run = async (runtime: ReturnType<typeof createFakeRuntime>, promise: Promise<HttpResponse>) => {
    const settled = promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    await runtime.clock.advance(6000);
    return settled;
  };

  it('sends the request object the native expects and resolves on the answer event', async () => {
    const { runtime, transport } = setupNative({
      status: 200,
      body: '{"ok":true}',
      headers: { 'Content-Type': 'application/json', 'Set-Cookie': ['a', 'b'] },
      errorData: null,
    });
    const result = await run(runtime, transport.request(request));
    expect(runtime.nativeRequests).toEqual([
      {
        url: request.url,
        method: 'POST',
        data: request.body,
        headers: request.headers,
        followLocation: false,
      },
    ]);
    expect(result).toEqual({
      value: {
        status: 200,
        headers: { 'content-type': 'application/json', 'set-cookie': 'a, b' },
        body: '{"ok":true}',
      },
    });
  });

  it('takes the body of an error status from the "HTTP <code>: " error text, with no headers', async () => {
    const { runtime, transport } = setupNative({
      status: 404,
      body: null,
      headers: {},
      errorData: 'HTTP 404: {"error":{"code":"no_unclaimed_vote","message":"none"}}',
    });
    expect(await run(runtime, transport.request(request))).toEqual({
      value: { status: 404, headers: {}, body: '{"error":{"code":"no_unclaimed_vote","message":"none"}}' },
    });
  });

  it.each([
    ["Couldn't connect to server - CURL error code 7 (COULDNT_CONNECT)", NetworkError],
    ['Timeout was reached - CURL error code 28 (OPERATION_TIMEDOUT)', TimeoutError],
  ])('maps status 0 with "%s"', async (errorData, type) => {
    const { runtime, transport } = setupNative({ status: 0, body: null, headers: {}, errorData });
    const result = await run(runtime, transport.request(request));
    expect('error' in result && result.error).toBeInstanceOf(type);
  });

  it('times out by itself when no answer event ever comes, and ignores a late answer', async () => {
    const { runtime, transport } = setupNative(() => new Promise<NativeAnswer>(() => undefined));
    const result = await run(runtime, transport.request(request));
    expect('error' in result && result.error).toBeInstanceOf(TimeoutError);
    runtime.dispatch('__cfx_internal:httpResponse', 1, 200, 'late', {}, null);
  });

  it('routes concurrent answers by token', async () => {
    const { runtime, transport } = setupNative(async () => ({
      status: 200,
      body: 'x',
      headers: {},
      errorData: null,
    }));
    runtime.nativeHttp = async (req) => ({ status: 200, body: req.data, headers: {}, errorData: null });
    const a = transport.request({ ...request, body: 'A' });
    const b = transport.request({ ...request, body: 'B' });
    await runtime.clock.advance(100);
    expect([(await a).body, (await b).body]).toEqual(['A', 'B']);
  });

  it('drives the whole client: 429 without Retry-After pauses the budget for the safe default', async () => {
    const { runtime, transport } = setupNative({
      status: 429,
      body: null,
      headers: {},
      errorData: 'HTTP 429: {"error":{"code":"rate_limited","message":"slow down"}}',
    });
    const budget = createRateBudget({ now: runtime.now });
    const api = createVoteApi({
      baseUrl: 'https://v.example',
      apiKey: KEY,
      transport,
      budget,
      now: runtime.now,
      timeoutMs: 5000,
    });
    const outcome = api.claimVote('Ana', claim).catch((e: unknown) => e);
    await runtime.clock.advance(100);
    const error = await outcome;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBeNull();
    expect(budget.peek('claim')).toMatchObject({ ok: false, reason: 'paused', waitMs: 60_000 - 50 });
  });

  it('drives the whole client: 404 no_unclaimed_vote stays a value', async () => {
    const { runtime, transport } = setupNative({
      status: 404,
      body: null,
      headers: {},
      errorData: 'HTTP 404: {"error":{"code":"no_unclaimed_vote","message":"none"}}',
    });
    const budget = createRateBudget({ now: runtime.now });
    const api = createVoteApi({
      baseUrl: 'https://v.example',
      apiKey: KEY,
      transport,
      budget,
      now: runtime.now,
      timeoutMs: 5000,
    });
    const outcome = api.claimVote('Ana', claim);
    await runtime.clock.advance(100);
    expect(await outcome).toEqual({ claimed: false, code: 'no_unclaimed_vote' });
  });
});
