/**
 * Discord messages of the reward programs: a durable queue in front of one webhook.
 *
 * - `post({ id, text })` returns at once and never throws: a payout never waits for Discord.
 * - Bursts inside the batch window become one message (lines joined), split into several when over 2000 characters.
 * - Discord's rate limits are followed: a 429 waits `retry_after` (body) or `Retry-After` and resends the same batch;
 *   `X-RateLimit-Remaining: 0` waits `X-RateLimit-Reset-After` before the next request; a connection that was never
 *   made (refused, host not found) and 502/503/504 are retried with a growing delay (capped); a timeout, a connection
 *   lost mid-request, a 500 or a 4xx drops the batch with one log line (see `./answers.ts`).
 * - Each event id is posted at most once. Queued events are kept in the KVP (see `./outbox.ts`), so a restart
 *   sends what was waiting; a sent (or refused) id leaves a tombstone so the same id posted again is ignored.
 *
 * The trade-off: Discord's execute-webhook has no idempotency key, so a request whose answer was lost cannot be
 * told apart from one that never arrived. Ids are marked `sending` in the KVP before their request leaves; when
 * the resource starts and finds ids still `sending` (it stopped or crashed while a request was out), it drops them
 * with one log line instead of sending them again. A crash at the wrong moment may therefore lose a message, but
 * never posts it twice. Within one run the same rule holds: only failures that prove the message was not processed
 * (no connection made, a gateway's 502/503/504, a 429) are retried; a timeout or a lost answer is dropped.
 * A 429 is a definite "not processed", so its batch goes back to `queued` and survives a restart.
 */
import type { HttpResponse, HttpTransport } from '../../api/transport';
import { maskWebhookUrl, parseWebhookUrl } from '../../config/webhook-url';
import { cleanText, cut } from '../../runtime/clean-text';
import type { KvpStore, LogLevels } from '../../runtime/runtime';
import { neverSent, readAnswer } from './answers';
import { createOutbox, type OutboxEntry } from './outbox';

/** Longest `content` of one Discord message, in characters (code points). */
export const DISCORD_CONTENT_MAX = 2000;
/** Default batch window, ms. */
export const DISCORD_BATCH_WINDOW_MS = 2000;
/** Longest wait between two retries after a 5xx, a network failure or a timeout, ms. */
export const DISCORD_MAX_BACKOFF_MS = 5 * 60_000;

const FIRST_BACKOFF_MS = 2000;
const REQUEST_TIMEOUT_MS = 10_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;
const ID_MAX = 200;

/** What the queue needs. */
export interface DiscordQueueOptions {
  /** The webhook URL (from `DISCORD_WEBHOOK_CONVAR`); it must pass `parseWebhookUrl`. */
  url: string;
  /** HTTP transport (fetch or the FXServer native); requests are POST JSON. */
  transport: HttpTransport;
  /** The resource KVP: queued ids and tombstones. */
  kvp: KvpStore;
  /** Clock, ms. */
  now: () => number;
  /** Timer; returns a cancel function. */
  setTimeout: (fn: () => void, ms: number) => () => void;
  /** Where the queue reports what went wrong (one line each). */
  log: LogLevels;
  /** Posts inside this window are sent as one message (default {@link DISCORD_BATCH_WINDOW_MS}). */
  batchWindowMs?: number;
  /** Cap of the retry delay (default {@link DISCORD_MAX_BACKOFF_MS}). */
  maxBackoffMs?: number;
  /** Timeout of one request, ms (default 10 s). */
  timeoutMs?: number;
  /** Name the messages show instead of the webhook's own (1–80 characters). */
  username?: string;
}

/** One event to announce. */
export interface DiscordPost {
  /** Deterministic event id (`vote:<ref>`, an award id, `party:<month>:<threshold>`, `winners:<month>`). */
  id: string;
  /** The line to post (cut to 2000 characters). */
  text: string;
}

/** What `votereward status` shows. */
export interface DiscordQueueStatus {
  /** Events waiting or being sent. */
  queued: number;
  /** Events sent since start. */
  sent: number;
  /** Events dropped since start: refused by Discord, or found `sending` after a crash. */
  dropped: number;
  /** The last failure, one line (the URL masked), or null. */
  lastError: string | null;
  /** Until when the queue waits (rate limit or retry delay), ms, or null. */
  pausedUntil: number | null;
}

/** The queue. */
export interface DiscordQueue {
  /** Queues an event unless its id was queued or sent before; returns at once, never throws. */
  post(message: DiscordPost): void;
  /** Counters for `votereward status`. */
  status(): DiscordQueueStatus;
  /** Clears the timers; what is queued stays in the KVP for the next start. */
  stop(): void;
}

const codePoints = (text: string) => [...text];

/** Takes the oldest pending entries that fit in one message (at least one). */
function takeBatch(pending: OutboxEntry[]): OutboxEntry[] {
  const batch: OutboxEntry[] = [];
  let size = 0;
  while (pending.length > 0) {
    const next = pending[0] as OutboxEntry;
    const length = codePoints(next.text).length + (batch.length > 0 ? 1 : 0);
    if (batch.length > 0 && size + length > DISCORD_CONTENT_MAX) break;
    batch.push(next);
    pending.shift();
    size += length;
  }
  return batch;
}

/** Creates the queue and takes over what a previous run left in the KVP. Throws only for a URL that is not valid. */
export function createDiscordQueue(options: DiscordQueueOptions): DiscordQueue {
  const checked = parseWebhookUrl(options.url);
  if (!checked.ok) throw new TypeError(`Discord webhook: ${checked.problem}`);
  const url = checked.url;
  const masked = maskWebhookUrl(url);
  const token = url.split('/').pop() ?? '';
  const { log, now } = options;
  const windowMs = options.batchWindowMs ?? DISCORD_BATCH_WINDOW_MS;
  const maxBackoff = options.maxBackoffMs ?? DISCORD_MAX_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const hide = (text: string) => text.split(url).join(masked).split(token).join('****');
  const outbox = createOutbox({ kvp: options.kvp, now, log, hide });

  let pending: OutboxEntry[] = [];
  /** A batch whose request failed in a way Discord asks to retry: resent as it is. */
  let retry: OutboxEntry[] | null = null;
  let inFlight = false;
  let current: OutboxEntry[] = [];
  let cancelTimer: (() => void) | null = null;
  let timerAt = 0;
  let pausedUntil = 0;
  let attempt = 0;
  let sent = 0;
  let dropped = 0;
  let lastError: string | null = null;
  let lastPrune = 0;
  let stopped = false;

  const prune = () => {
    lastPrune = now();
    outbox.prune();
  };

  const schedule = (at: number) => {
    if (stopped) return;
    if (cancelTimer && timerAt <= at) return;
    cancelTimer?.();
    timerAt = at;
    cancelTimer = options.setTimeout(
      () => {
        cancelTimer = null;
        run();
      },
      Math.max(0, at - now()),
    );
  };

  const afterward = () => {
    inFlight = false;
    current = [];
    if (stopped) return;
    if (retry || pending.length > 0) schedule(Math.max(now(), pausedUntil));
  };

  const backoff = (batch: OutboxEntry[], reason: string) => {
    attempt += 1;
    const delay = Math.min(maxBackoff, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
    pausedUntil = now() + delay;
    retry = batch;
    lastError = `${reason}; retrying ${batch.length} event(s) in ${Math.ceil(delay / 1000)} s`;
    log.warn(`Discord webhook ${masked}: ${lastError}`);
  };

  const drop = (batch: OutboxEntry[], error: string, line: string) => {
    for (const entry of batch) outbox.tombstone(entry.id, 'dropped');
    dropped += batch.length;
    lastError = error;
    log.warn(`Discord webhook ${masked}: ${line}`);
  };

  const answered = (batch: OutboxEntry[], response: HttpResponse) => {
    const verdict = readAnswer(response);
    switch (verdict.kind) {
      case 'sent':
        for (const entry of batch) outbox.tombstone(entry.id, 'sent');
        sent += batch.length;
        attempt = 0;
        if (verdict.pauseMs !== null) pausedUntil = Math.max(pausedUntil, now() + verdict.pauseMs);
        if (now() - lastPrune >= PRUNE_EVERY_MS) prune();
        return;
      case 'rate_limited':
        pausedUntil = Math.max(pausedUntil, now() + verdict.waitMs);
        // Discord did not process it: back to `queued`, so even a restart sends it.
        for (const entry of batch) outbox.store(entry, 'queued');
        retry = batch;
        lastError = `rate limited (429), waited ${(verdict.waitMs / 1000).toFixed(1)} s`;
        return;
      case 'retry':
        backoff(batch, verdict.reason);
        return;
      case 'drop':
        drop(batch, verdict.reason, `${verdict.reason}; ${batch.length} event(s) dropped, not retried`);
    }
  };

  const failed = (batch: OutboxEntry[], error: unknown) => {
    const detail = hide(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    if (neverSent(error)) {
      backoff(batch, detail);
      return;
    }
    // The request may have reached Discord and its answer been lost: sending again could post it twice.
    const line = `no answer (${detail}); ${batch.length} event(s) may or may not have been posted, not sent again`;
    drop(batch, line, line);
  };

  const send = (batch: OutboxEntry[]) => {
    inFlight = true;
    current = batch;
    for (const entry of batch) outbox.store(entry, 'sending');
    const body: Record<string, unknown> = {
      content: batch.map((entry) => entry.text).join('\n'),
      allowed_mentions: { parse: [] },
    };
    if (options.username) body.username = options.username;
    let request: Promise<HttpResponse>;
    try {
      request = options.transport.request({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs,
      });
    } catch (error) {
      request = Promise.reject(error);
    }
    request
      .then(
        (response) => answered(batch, response),
        (error: unknown) => failed(batch, error),
      )
      .catch((error: unknown) => log.error(`Discord queue failed: ${hide(String(error))}`))
      .finally(afterward);
  };

  const run = () => {
    if (stopped || inFlight) return;
    if (now() < pausedUntil) {
      schedule(pausedUntil);
      return;
    }
    const batch = retry ?? takeBatch(pending);
    retry = null;
    if (batch.length > 0) send(batch);
  };

  const left = outbox.takeOver();
  pending = left.pending;
  if (left.lost > 0) {
    dropped += left.lost;
    log.warn(
      `Discord: ${left.lost} message(s) were being sent when the resource stopped; they are not sent again (Discord cannot tell whether they arrived, and a message is never posted twice)`,
    );
  }
  prune();
  if (pending.length > 0) schedule(now() + windowMs);

  const known = (id: string) =>
    pending.some((e) => e.id === id) ||
    current.some((e) => e.id === id) ||
    (retry ?? []).some((e) => e.id === id) ||
    outbox.seen(id);

  return {
    post(message) {
      try {
        if (stopped) return;
        const id = String(message.id);
        const text = String(message.text).trim();
        if (id === '' || id.length > ID_MAX || text === '') {
          log.warn(`Discord queue: an event without id or text was ignored (${cleanText(id, 40)})`);
          return;
        }
        if (known(id)) return;
        const entry = { id, text: cut(text, DISCORD_CONTENT_MAX), at: now() };
        pending.push(entry);
        outbox.store(entry, 'queued');
        if (!inFlight && !cancelTimer) schedule(now() + windowMs);
      } catch (error) {
        try {
          log.error(`Discord queue: an event was not queued (${hide(String(error))})`);
        } catch {
          // the log itself failed; nothing else can be told
        }
      }
    },
    status: () => ({
      queued: pending.length + (retry?.length ?? 0) + current.length,
      sent,
      dropped,
      lastError,
      pausedUntil: pausedUntil > now() ? pausedUntil : null,
    }),
    stop() {
      stopped = true;
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}
