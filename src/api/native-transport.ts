import { describeError } from '../runtime/errors';
import type { NativeHttpRequest } from '../runtime/runtime';
import { NetworkError, ResponseTooLargeError, TimeoutError } from './errors';
import { type HttpResponse, type HttpTransport, MAX_ANSWER_BYTES } from './transport';

/** Name of the event FXServer answers `PerformHttpRequestInternalEx` with. */
export const HTTP_RESPONSE_EVENT = '__cfx_internal:httpResponse';

/** The slice of the runtime the native transport uses. */
export interface NativeHttpHost {
  /** `PerformHttpRequestInternalEx`; returns the request token. */
  performHttpRequest(request: NativeHttpRequest): number;
  /** Subscribes to a server event. */
  on(event: string, handler: (...args: unknown[]) => void): () => void;
  /** Timer; returns a cancel function. */
  setTimeout(fn: () => void, ms: number): () => void;
}

interface Waiter {
  settle(status: number, body: unknown, headers: unknown, errorData: unknown): void;
}

/** Options of {@link createNativeTransport}. */
export interface NativeTransportOptions {
  /** Cap of one answer body (or error text) in UTF-8 bytes (default {@link MAX_ANSWER_BYTES}). */
  maxAnswerBytes?: number;
}

/**
 * A transport over FXServer's HTTP native, for runtimes without `fetch`. FXServer gives no headers and no body
 * for statuses ≥ 400 (only `"HTTP <code>: <body>"` as error text) and status 0 for transport errors. FXServer hands
 * the body over whole, so the cap refuses it on arrival.
 */
export function createNativeTransport(
  host: NativeHttpHost,
  options: NativeTransportOptions = {},
): HttpTransport {
  const cap = options.maxAnswerBytes ?? MAX_ANSWER_BYTES;
  const waiters = new Map<number, Waiter>();
  const early = new Map<number, unknown[]>();
  let unsubscribe: (() => void) | null = null;

  const listen = () => {
    if (unsubscribe) return;
    unsubscribe = host.on(HTTP_RESPONSE_EVENT, (token, status, body, headers, errorData) => {
      const id = Number(token);
      const waiter = waiters.get(id);
      if (waiter) waiter.settle(Number(status), body, headers, errorData);
      // FXServer answers on a later tick; this only guards a host that answers inside the native call.
      else early.set(id, [status, body, headers, errorData]);
    });
  };

  return {
    kind: 'native',
    request(request) {
      listen();
      return new Promise<HttpResponse>((resolve, reject) => {
        let token: number;
        try {
          token = host.performHttpRequest({
            url: request.url,
            method: request.method,
            data: request.body ?? '',
            headers: request.headers,
            followLocation: false,
          });
        } catch (error) {
          reject(
            new NetworkError(request.url, `the HTTP native failed: ${describeError(error)}`, {
              cause: error,
            }),
          );
          return;
        }
        if (typeof token !== 'number' || token < 0) {
          reject(new NetworkError(request.url, 'FXServer refused to send the request'));
          return;
        }
        const cancelTimer = host.setTimeout(() => {
          waiters.delete(token);
          reject(new TimeoutError(request.url, request.timeoutMs));
        }, request.timeoutMs);
        const waiter: Waiter = {
          settle(status, body, headers, errorData) {
            waiters.delete(token);
            cancelTimer();
            if (!Number.isFinite(status) || status <= 0) {
              const detail = typeof errorData === 'string' && errorData !== '' ? errorData : 'no answer';
              reject(
                /timed? ?out|error code 28\b/i.test(detail)
                  ? new TimeoutError(request.url, request.timeoutMs)
                  : new NetworkError(request.url, detail),
              );
              return;
            }
            const failed = status >= 400;
            const given = failed ? errorData : body;
            const text = typeof given !== 'string' ? '' : failed ? given.replace(/^HTTP \d+:\s?/, '') : given;
            if (!withinBytes(text, cap)) {
              const what = failed ? `the HTTP ${status} error text` : 'the body';
              reject(new ResponseTooLargeError(request.url, cap, what));
              return;
            }
            if (failed) resolve({ status, headers: {}, body: text === '' ? null : text });
            else resolve({ status, headers: normaliseHeaders(headers), body: text });
          },
        };
        waiters.set(token, waiter);
        const arrived = early.get(token);
        if (arrived) {
          early.delete(token);
          waiter.settle(Number(arrived[0]), arrived[1], arrived[2], arrived[3]);
        }
      });
    },
  };
}

/** True when `text` is at most `cap` bytes in UTF-8; stops counting past the cap. */
function withinBytes(text: string, cap: number): boolean {
  // A UTF-16 code unit is never less than one UTF-8 byte, so a longer string is over the cap without counting.
  if (text.length > cap) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1))) {
      bytes += 4;
      i += 1;
    } else bytes += 3;
    if (bytes > cap) return false;
  }
  return true;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

function normaliseHeaders(headers: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (headers === null || typeof headers !== 'object') return result;
  for (const [name, value] of Object.entries(headers)) {
    result[name.toLowerCase()] = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  }
  return result;
}
