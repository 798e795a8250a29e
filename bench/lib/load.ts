import autocannon, { type AutocannonRequest } from 'autocannon';
import type { ServerProcess } from './processes';
import { quantile } from './stats';

/** One HTTP load scenario against a running server. */
export interface LoadScenario {
  /** Label in tables, e.g. `GET /api/v1/vote/check`. */
  label: string;
  /** Request method. */
  method: 'GET' | 'POST';
  /** Path and query of the request. */
  path: string;
  /** Request headers. */
  headers?: Record<string, string>;
  /** Request body (POST). */
  body?: string;
  /** Rewrites each request before it is sent (e.g. to cycle through usernames). */
  nextRequest?: () => { path?: string; body?: string };
}

/** Timing of one load window. */
export interface LoadOptions {
  /** Concurrent connections. */
  connections: number;
  /** Seconds of load discarded before measuring. */
  warmupSeconds: number;
  /** Seconds measured. */
  durationSeconds: number;
}

/** What one measured load window gave. */
export interface LoadResult {
  /** Completed requests per second (any status). */
  rps: number;
  /** Median latency of 2xx answers, ms, from every answer's own latency (not autocannon's whole-ms histogram). */
  p50: number;
  /** 99th percentile latency of 2xx answers, ms, from every answer's own latency. */
  p99: number;
  /** Answers with a status outside 2xx. */
  non2xx: number;
  /** Answers of the measured window whose status is not exactly 200. */
  non200: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Server CPU µs per request over the window (from /proc), or null when unknown. */
  serverCpuUsPerRequest: number | null;
}

/** The autocannon request list of a scenario (one template, rewritten before each send when it says so). */
export function toRequests(scenario: LoadScenario): AutocannonRequest[] {
  const base: AutocannonRequest = { method: scenario.method, path: scenario.path };
  if (scenario.headers !== undefined) base.headers = scenario.headers;
  if (scenario.body !== undefined) base.body = scenario.body;
  const next = scenario.nextRequest;
  if (next === undefined) return [base];
  return [{ ...base, setupRequest: (request) => ({ ...request, ...next() }) }];
}

function fire(
  server: ServerProcess,
  scenario: LoadScenario,
  connections: number,
  seconds: number,
  measured?: { latencies: number[]; non200: number },
) {
  const instance = autocannon({
    url: server.url,
    connections,
    duration: seconds,
    timeout: 10,
    requests: toRequests(scenario),
  });
  if (measured !== undefined) {
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) measured.latencies.push(responseTime);
      if (statusCode !== 200) measured.non200 += 1;
    });
  }
  return instance;
}

/** Warms the server up, then measures `durationSeconds` of load with autocannon. */
export async function runLoad(
  server: ServerProcess,
  scenario: LoadScenario,
  options: LoadOptions,
): Promise<LoadResult> {
  await fire(server, scenario, options.connections, options.warmupSeconds);
  const measured = { latencies: [] as number[], non200: 0 };
  const { latencies } = measured;
  const cpuBefore = server.cpuMicros();
  const result = await fire(server, scenario, options.connections, options.durationSeconds, measured);
  const cpuAfter = server.cpuMicros();
  const total = result['2xx'] + result.non2xx;
  latencies.sort((a, b) => a - b);
  return {
    rps: total / result.duration,
    p50: latencies.length > 0 ? quantile(latencies, 0.5) : Number.NaN,
    p99: latencies.length > 0 ? quantile(latencies, 0.99) : Number.NaN,
    non2xx: result.non2xx,
    non200: measured.non200,
    errors: result.errors + result.timeouts,
    serverCpuUsPerRequest: cpuAfter > 0 && total > 0 ? (cpuAfter - cpuBefore) / total : null,
  };
}
