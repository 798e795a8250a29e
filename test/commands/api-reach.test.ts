import { describe, expect, it } from 'vitest';
import { NetworkError, ResponseTooLargeError, TimeoutError } from '../../src/api/errors';
import type { HttpRequest, HttpResponse } from '../../src/api/transport';
import { trackReach } from '../../src/commands/api-reach';

const URL_ = 'https://votes.example/api/v1/server/info';
const REQUEST: HttpRequest = { method: 'GET', url: URL_, headers: {}, timeoutMs: 5000 };
const answer = (status: number): HttpResponse => ({ status, headers: {}, body: '{}' });

/** A transport whose answers are given in order: an HTTP status, or an error to throw. */
const scripted = (steps: (number | Error)[]) => ({
  kind: 'fetch' as const,
  async request(): Promise<HttpResponse> {
    const step = steps.shift();
    if (step instanceof Error) throw step;
    return answer(step ?? 200);
  },
});

describe('trackReach', () => {
  it.each([
    {
      what: 'a refused connection starts the unreachable run',
      steps: [new NetworkError(URL_, 'fetch failed (connect ECONNREFUSED)')],
      expected: {
        lastAnswerAt: null,
        failingSince: 1000,
        lastError: `${URL_}: fetch failed (connect ECONNREFUSED)`,
      },
    },
    {
      what: 'a timeout is no answer either, and the run keeps its start',
      steps: [new NetworkError(URL_, 'fetch failed'), new TimeoutError(URL_, 5000)],
      expected: { lastAnswerAt: null, failingSince: 1000, lastError: expect.stringContaining('5000') },
    },
    {
      what: 'an HTTP 500 is an answer: the site is reached',
      steps: [new NetworkError(URL_, 'fetch failed'), 500],
      expected: { lastAnswerAt: 2000, failingSince: null, lastError: `${URL_}: fetch failed` },
    },
    {
      what: 'an answer refused for its size came from the site: reached',
      steps: [new NetworkError(URL_, 'fetch failed'), new ResponseTooLargeError(URL_, 65536, 'too large')],
      expected: { lastAnswerAt: 2000, failingSince: null, lastError: `${URL_}: fetch failed` },
    },
  ])('$what', async ({ steps, expected }) => {
    let now = 0;
    const reach = trackReach(scripted([...steps]), () => now);
    for (let i = 0; i < steps.length; i += 1) {
      now += 1000;
      await reach.transport.request(REQUEST).catch(() => undefined);
    }
    expect(reach.snapshot()).toEqual(expected);
  });
});
