import { describe, expect, it } from 'vitest';
import { createFakeClock } from '../../devkit/fakes/runtime';
import { createVoteApi } from '../../src/api/client';
import { NetworkError, ResponseValidationError, TimeoutError } from '../../src/api/errors';
import { createRateBudget } from '../../src/api/rate-budget';
import { createFetchTransport, type HttpTransport } from '../../src/api/transport';

const apiOver = (transport: HttpTransport) => {
  const clock = createFakeClock();
  return createVoteApi({
    baseUrl: 'https://votes.example',
    apiKey: 'live_test',
    transport,
    budget: createRateBudget({ now: clock.now }),
    now: clock.now,
    timeoutMs: 5000,
  });
};

const failure = async (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error,
  );

describe('API errors keep what caused them', () => {
  it('a transport that throws something unexpected gives a NetworkError whose cause is that error', async () => {
    const boom = new TypeError('socket hang up');
    const api = apiOver({ kind: 'fetch', request: () => Promise.reject(boom) });
    const error = await failure(api.getServerInfo({ priority: 'claim' }));
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as Error).cause).toBe(boom);
  });

  it('a body that is not JSON gives a ResponseValidationError caused by the parse error', async () => {
    const api = apiOver({
      kind: 'fetch',
      request: async () => ({ status: 200, headers: {}, body: 'not json' }),
    });
    const error = await failure(api.getServerInfo({ priority: 'claim' }));
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('a fetch aborted by its deadline gives a TimeoutError caused by the abort', async () => {
    const abort = new DOMException('The operation timed out.', 'TimeoutError');
    const transport = createFetchTransport(() => Promise.reject(abort));
    const error = await failure(
      transport.request({ url: 'https://votes.example/x', method: 'GET', headers: {}, timeoutMs: 10 }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).cause).toBe(abort);
  });
});
