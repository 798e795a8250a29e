import { NetworkError, TimeoutError } from '../../src/api/errors';
import { createRateBudget, type RateBudget } from '../../src/api/rate-budget';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../src/api/transport';
import type { SiteDeps } from '../../src/sites/types';

/** One scripted answer: a response, or a transport failure. */
export type ScriptedAnswer =
  | { status: number; body: string | null; headers?: Record<string, string> }
  | { fail: 'network' | 'timeout' };

/** A transport that answers every request with the same scripted answer and records what was sent. */
export interface ScriptedTransport extends HttpTransport {
  /** Every request sent, in order. */
  readonly requests: HttpRequest[];
  /** Changes the answer of the next requests. */
  answer(next: ScriptedAnswer): void;
}

/** Creates a scripted transport (unit tests of request building and answer mapping, no server behind it). */
export function createScriptedTransport(first: ScriptedAnswer): ScriptedTransport {
  let current = first;
  const requests: HttpRequest[] = [];
  return {
    kind: 'fetch',
    requests,
    answer(next) {
      current = next;
    },
    async request(request): Promise<HttpResponse> {
      requests.push(request);
      if ('fail' in current) {
        if (current.fail === 'timeout') throw new TimeoutError(request.url, request.timeoutMs);
        throw new NetworkError(request.url, `connect ECONNREFUSED (${request.url})`);
      }
      return { status: current.status, headers: current.headers ?? {}, body: current.body };
    },
  };
}

/** Site deps over `transport` with a fresh budget of `perMinute` and the given clock. */
export function siteDeps(
  transport: HttpTransport,
  now: () => number,
  perMinute = 60,
): SiteDeps & { budget: RateBudget } {
  return { transport, now, budget: createRateBudget({ limit: perMinute, now, random: () => 0 }) };
}
