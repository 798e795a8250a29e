/**
 * What one answer (or failure) of Discord's execute-webhook means for the batch that was sent, decided without
 * side effects so each rule is read in one place:
 * - 2xx: sent; `X-RateLimit-Remaining: 0` asks to wait `X-RateLimit-Reset-After` before the next request;
 * - 429: not processed; wait `retry_after` (body), `Retry-After` or `X-RateLimit-Reset-After`, then send it again;
 * - 502/503/504: the gateway in front of Discord answered, the message was not processed; retried with backoff;
 * - any other status, 500 included: it may come after the message was created, so it is dropped (never twice);
 * - a connection never made (refused, host not found): retried; a timeout or a lost answer: dropped.
 */
import type { HttpResponse } from '../../api/transport';
import { cleanText } from '../../runtime/clean-text';

/** What to do with the batch after an answer. */
export type AnswerVerdict =
  | { kind: 'sent'; pauseMs: number | null }
  | { kind: 'rate_limited'; waitMs: number }
  | { kind: 'retry'; reason: string }
  | { kind: 'drop'; reason: string };

/** Seconds in a header or body value, as ms; null when absent or not a number. */
function secondsToMs(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.ceil(n * 1000) : null;
}

function bodyJson(response: HttpResponse): Record<string, unknown> {
  try {
    const value = JSON.parse(response.body ?? '') as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Reads Discord's answer to one batch. */
export function readAnswer(response: HttpResponse): AnswerVerdict {
  const { headers, status } = response;
  if (status >= 200 && status < 300) {
    const resetAfter = secondsToMs(headers['x-ratelimit-reset-after']);
    const empty = headers['x-ratelimit-remaining']?.trim() === '0';
    return { kind: 'sent', pauseMs: empty ? resetAfter : null };
  }
  const body = bodyJson(response);
  if (status === 429) {
    const waitMs =
      secondsToMs(body.retry_after) ??
      secondsToMs(headers['retry-after']) ??
      secondsToMs(headers['x-ratelimit-reset-after']) ??
      1000;
    return { kind: 'rate_limited', waitMs };
  }
  const discord =
    typeof body.message === 'string'
      ? `: ${cleanText(body.message)}${typeof body.code === 'number' ? ` (code ${body.code})` : ''}`
      : '';
  if (status === 502 || status === 503 || status === 504) {
    return { kind: 'retry', reason: `Discord answered HTTP ${status}${discord}` };
  }
  return { kind: 'drop', reason: `Discord refused a message with HTTP ${status}${discord}` };
}

/** Connection failures that happen before a request leaves: nothing reached Discord, so sending again is safe. */
const NOT_SENT =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|could not resolve|couldn't resolve|couldn't connect|failed to connect|connection refused/i;

/** True when `error` (or a cause of it) says the connection was never made. */
export function neverSent(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    const code = (at as Error & { code?: unknown }).code;
    if ((typeof code === 'string' && NOT_SENT.test(code)) || NOT_SENT.test(at.message)) return true;
  }
  return false;
}
