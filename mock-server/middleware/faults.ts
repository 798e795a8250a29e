import type { Context, MiddlewareHandler, Next } from 'hono';
import { errorBody } from '../errors';

/** A fault as configured through `POST /__admin/faults`. */
export interface FaultSpec {
  /** Path to match exactly, or a prefix when it ends with `*` (`/api/v1/*`). */
  route: string;
  /** HTTP method to match (any when absent). */
  method?: string;
  /** Status to answer instead of the real one (with the JSON error shape, code `injected_fault`). */
  status?: number;
  /** Wait this long (ms) before answering. */
  delayMs?: number;
  /** Close the connection without any answer. */
  drop?: boolean;
  /** How many matching requests it applies to; until removed when absent. */
  times?: number;
  /** Run the real handler first (e.g. the claim happens), then delay, drop or replace the answer. */
  apply?: boolean;
  /** `Retry-After` seconds sent with an injected 429 or 503 (default 1). */
  retryAfter?: number;
}

/** A stored fault, with its id and remaining uses. */
export interface Fault extends FaultSpec {
  /** Sequential id. */
  id: number;
  /** Matching requests it has been applied to. */
  hits: number;
}

/** The active faults of one app. */
export interface FaultRegistry {
  /** Adds a fault; the first matching fault in insertion order wins. */
  add(spec: FaultSpec): Fault;
  /** Active faults. */
  list(): Fault[];
  /** Removes every fault; returns how many there were. */
  clear(): number;
  /** True when no fault is active. */
  isEmpty(): boolean;
  /** Takes one use of the first fault matching a request, if any. */
  take(method: string, path: string): Fault | undefined;
}

/** Creates an empty registry. */
export function createFaultRegistry(): FaultRegistry {
  let faults: Fault[] = [];
  let nextId = 1;
  const matches = (fault: Fault, method: string, path: string) =>
    (fault.method === undefined || fault.method.toUpperCase() === method) &&
    (fault.route.endsWith('*') ? path.startsWith(fault.route.slice(0, -1)) : path === fault.route);
  return {
    add(spec) {
      const fault: Fault = { ...spec, id: nextId++, hits: 0 };
      faults.push(fault);
      return fault;
    },
    list: () => faults.map((f) => ({ ...f })),
    isEmpty: () => faults.length === 0,
    clear() {
      const count = faults.length;
      faults = [];
      return count;
    },
    take(method, path) {
      const fault = faults.find((f) => matches(f, method, path));
      if (!fault) return undefined;
      fault.hits += 1;
      if (fault.times !== undefined && fault.hits >= fault.times) faults = faults.filter((f) => f !== fault);
      return { ...fault };
    },
  };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Destroys the client's socket (only exists when served by @hono/node-server). */
function dropConnection(env: unknown): boolean {
  const socket = (env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming?.socket;
  if (!socket) return false;
  socket.destroy();
  return true;
}

/** Sets a JSON answer in place of whatever the handler answered (or would have answered). */
function replaceAnswer(
  c: Context,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  // Clearing first keeps the real answer's headers (content-length among them) off the injected one.
  c.res = undefined as unknown as Response;
  c.res = new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
  return c.res;
}

/** The body and headers of an injected answer, for routes that answer in another shape than the mock's. */
export type FaultAnswer = (
  fault: Fault,
  status: number,
  c: Context,
) => { body: unknown; headers?: Record<string, string> };

/** The mock's own injected answer: the JSON error shape with code `injected_fault`, Retry-After on 429 and 503. */
const mockFaultAnswer: FaultAnswer = (fault, status) => {
  const headers: Record<string, string> = {};
  if (status === 429 || status === 503) headers['retry-after'] = String(fault.retryAfter ?? 1);
  return {
    body: errorBody('injected_fault', `fault #${fault.id} injected by /__admin/faults`),
    headers,
  };
};

/** Applies a fault taken for this request: delay, injected status, or dropped connection. */
async function applyFault(
  c: Context,
  next: Next,
  fault: Fault,
  answer: FaultAnswer,
): Promise<Response | undefined> {
  if (fault.apply) await next();
  if (fault.delayMs) await sleep(fault.delayMs);
  if (fault.drop) {
    if (dropConnection(c.env)) return new Response(null, { status: 444 });
    // After `apply` the real answer is already set, and Hono ignores a returned one: replace it.
    if (answer !== mockFaultAnswer) {
      const shaped = answer(fault, 500, c);
      return replaceAnswer(c, 500, shaped.body, shaped.headers);
    }
    return replaceAnswer(
      c,
      500,
      errorBody('injected_fault', 'dropped connection (no socket in process: answered 500)'),
    );
  }
  if (fault.status !== undefined) {
    const shaped = answer(fault, fault.status, c);
    return replaceAnswer(c, fault.status, shaped.body, shaped.headers);
  }
  if (!fault.apply) await next();
  return undefined;
}

/**
 * Applies the first matching fault to a request: delay, injected status, or dropped connection. Paths under
 * `skipPrefix` (one or several) are never faulted here. `answer` shapes injected answers (default: the mock's
 * error shape). Without faults the request goes straight on (no extra async step).
 */
export function faultInjection(
  registry: FaultRegistry,
  skipPrefix?: string | readonly string[],
  answer: FaultAnswer = mockFaultAnswer,
): MiddlewareHandler {
  const skips = skipPrefix === undefined ? [] : typeof skipPrefix === 'string' ? [skipPrefix] : skipPrefix;
  return (c, next) => {
    if (registry.isEmpty() || skips.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const fault = registry.take(c.req.method, c.req.path);
    return fault ? applyFault(c, next, fault, answer) : next();
  };
}
