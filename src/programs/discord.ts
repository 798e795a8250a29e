/**
 * Discord messages of the reward programs: a durable queue in front of one webhook.
 *
 * - `post({ id, text })` returns at once and never throws: a payout never waits for Discord.
 * - Bursts inside the batch window become one message (lines joined), split into several when over 2000 characters.
 * - Discord's rate limits are followed: a 429 waits `retry_after` (body) or `Retry-After` and resends the same batch;
 *   `X-RateLimit-Remaining: 0` waits `X-RateLimit-Reset-After` before the next request; a connection that was never
 *   made (refused, host not found) and 502/503/504 are retried with a growing delay (capped); a timeout, a connection
 *   lost mid-request, a 500 or a 4xx drops the batch with one log line.
 * - Each event id is posted at most once. Queued events are kept in the KVP (`discord:queue:<id>`), so a restart
 *   sends what was waiting; a sent (or refused) id leaves a tombstone (`discord:sent:<id>`, pruned after 40 days)
 *   so the same id posted again is ignored.
 *
 * The trade-off: Discord's execute-webhook has no idempotency key, so a request whose answer was lost cannot be
 * told apart from one that never arrived. Ids are marked `sending` in the KVP before their request leaves; when
 * the resource starts and finds ids still `sending` (it stopped or crashed while a request was out), it drops them
 * with one log line instead of sending them again. A crash at the wrong moment may therefore lose a message, but
 * never posts it twice. Within one run the same rule holds: only failures that prove the message was not processed
 * (no connection made, a gateway's 502/503/504, a 429) are retried; a timeout or a lost answer is dropped.
 * A 429 is a definite "not processed", so its batch goes back to `queued` and survives a restart.
 *
 * The webhook URL holds a secret token: it is never printed, only {@link maskWebhookUrl}'s form is.
 */
import type { HttpResponse, HttpTransport } from '../api/transport';
import type { ResourceEvents } from '../events';
import type { Translate } from '../i18n/messages';
import { cleanText } from '../runtime/clean-text';
import type { KvpStore, LogLevels } from '../runtime/runtime';
import { DISCORD_QUEUE_PREFIX, DISCORD_SENT_PREFIX } from '../store/keys';

/** The convar holding the webhook URL: `set vote_reward_discord_webhook "https://discord.com/api/webhooks/..."`. */
export const DISCORD_WEBHOOK_CONVAR = 'vote_reward_discord_webhook';
/** Longest `content` of one Discord message, in characters (code points). */
export const DISCORD_CONTENT_MAX = 2000;
/** Default batch window, ms. */
export const DISCORD_BATCH_WINDOW_MS = 2000;
/** How long a tombstone of a sent id is kept, ms (40 days). */
export const DISCORD_TOMBSTONE_MS = 40 * 86_400_000;
/** Longest wait between two retries after a 5xx, a network failure or a timeout, ms. */
export const DISCORD_MAX_BACKOFF_MS = 5 * 60_000;
/** KVP key prefix of queued ids. */
/** KVP key prefix of tombstones. */
export { DISCORD_QUEUE_PREFIX, DISCORD_SENT_PREFIX };

const FIRST_BACKOFF_MS = 2000;
const REQUEST_TIMEOUT_MS = 10_000;
const PRUNE_EVERY_MS = 6 * 3_600_000;
const ID_MAX = 200;
const DONE_MAX = 1000;

/** What the queue needs. */
export interface DiscordQueueOptions {
  /** The webhook URL (from {@link DISCORD_WEBHOOK_CONVAR}); it must pass {@link parseWebhookUrl}. */
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

/** A checked webhook URL, or what is wrong with it. */
export type WebhookUrlCheck =
  | {
      ok: true;
      /** The URL to post to (trimmed, without a trailing slash). */
      url: string;
      /** The webhook id. */
      id: string;
      /** `discord` for Discord's own hosts, `mock` for the mock's sink on this machine. */
      kind: 'discord' | 'mock';
    }
  | { ok: false; problem: string };

const DISCORD_HOSTS = new Set([
  'discord.com',
  'discordapp.com',
  'ptb.discord.com',
  'canary.discord.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);
const DISCORD_PATH = /^\/api(?:\/v\d{1,2})?\/webhooks\/([^/]+)\/([^/]+)\/?$/;
const MOCK_PATH = /\/webhooks\/discord\/([^/]+)\/([^/]+)\/?$/;
const SNOWFLAKE = /^\d{17,20}$/;
const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;
const EXAMPLE = 'https://discord.com/api/webhooks/<id>/<token>';

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/**
 * Checks a webhook URL: https on discord.com or discordapp.com (also ptb. and canary.) with the path
 * `/api/webhooks/<id>/<token>`, or, for developers, http(s) on a loopback host with a path ending in
 * `/webhooks/discord/<id>/<token>` (the mock's sink). A problem names what is wrong without the token.
 */
export function parseWebhookUrl(text: string): WebhookUrlCheck {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, problem: `the webhook URL is empty; expected ${EXAMPLE}` };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, problem: `the webhook URL is not a URL; expected ${EXAMPLE}` };
  }
  const host = url.hostname.toLowerCase();
  const where = `host ${JSON.stringify(cleanText(host, 80))}`;
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      ok: false,
      problem: `the webhook URL must start with https:// (got ${cleanText(url.protocol, 20)}//)`,
    };
  }
  if (url.username || url.password)
    return { ok: false, problem: 'the webhook URL must not carry a user or password' };
  if (url.search || url.hash) {
    return {
      ok: false,
      problem: 'the webhook URL must not carry a query or fragment (remove what follows ? or #)',
    };
  }
  let match: RegExpExecArray | null;
  let kind: 'discord' | 'mock';
  if (DISCORD_HOSTS.has(host)) {
    if (url.protocol !== 'https:')
      return { ok: false, problem: `the webhook URL must use https:// on ${host}` };
    match = DISCORD_PATH.exec(url.pathname);
    if (!match) {
      return {
        ok: false,
        problem: `the webhook URL's path must be /api/webhooks/<id>/<token> (copy it from Discord: channel settings, Integrations, Webhooks, Copy Webhook URL)`,
      };
    }
    kind = 'discord';
  } else if (isLoopback(host)) {
    match = MOCK_PATH.exec(url.pathname);
    if (!match) {
      return {
        ok: false,
        problem: `on ${where} (this machine) the webhook URL's path must end in /webhooks/discord/<id>/<token> (the mock's sink)`,
      };
    }
    kind = 'mock';
  } else {
    return {
      ok: false,
      problem: `${where} is not Discord: the webhook URL must be on discord.com or discordapp.com (or ptb./canary.), or on this machine for the mock`,
    };
  }
  const [, id = '', token = ''] = match;
  if (!SNOWFLAKE.test(id))
    return { ok: false, problem: 'the webhook id (after /webhooks/) must be 17 to 20 digits' };
  if (!TOKEN.test(token)) {
    return {
      ok: false,
      problem: 'the webhook token (after the id) must be letters, digits, - or _ (up to 100)',
    };
  }
  return { ok: true, url: url.href.replace(/\/$/, ''), id, kind };
}

/** A webhook URL safe to print: the id shortened, the token hidden (`https://discord.com/api/webhooks/1234…/****`). */
export function maskWebhookUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return '(webhook URL hidden)';
  }
  const parts = parsed.pathname.replace(/\/$/, '').split('/');
  if (parts.length < 3) return `${parsed.origin}/****`;
  const id = parts[parts.length - 2] ?? '';
  const prefix = parts.slice(0, -2).join('/');
  return `${parsed.origin}${prefix}/${cleanText(id.slice(0, 4), 4)}…/****`;
}

interface Entry {
  id: string;
  text: string;
  at: number;
}

interface StoredEntry {
  text: string;
  at: number;
  state: 'queued' | 'sending';
}

const codePoints = (text: string) => [...text];

function cut(text: string): string {
  const chars = codePoints(text);
  return chars.length <= DISCORD_CONTENT_MAX ? text : `${chars.slice(0, DISCORD_CONTENT_MAX - 1).join('')}…`;
}

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

/** Creates the queue and takes over what a previous run left in the KVP. Throws only for a URL that is not valid. */
export function createDiscordQueue(options: DiscordQueueOptions): DiscordQueue {
  const checked = parseWebhookUrl(options.url);
  if (!checked.ok) throw new TypeError(`Discord webhook: ${checked.problem}`);
  const url = checked.url;
  const masked = maskWebhookUrl(url);
  const token = url.split('/').pop() ?? '';
  const { kvp, log, now } = options;
  const windowMs = options.batchWindowMs ?? DISCORD_BATCH_WINDOW_MS;
  const maxBackoff = options.maxBackoffMs ?? DISCORD_MAX_BACKOFF_MS;
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;

  let pending: Entry[] = [];
  /** A batch whose request failed in a way Discord asks to retry: resent as it is. */
  let retry: Entry[] | null = null;
  let inFlight = false;
  let current: Entry[] = [];
  /** Ids sent or dropped in this run, so a KVP that refuses writes still never lets an id through twice. */
  const done = new Set<string>();
  let cancelTimer: (() => void) | null = null;
  let timerAt = 0;
  let pausedUntil = 0;
  let attempt = 0;
  let sent = 0;
  let dropped = 0;
  let lastError: string | null = null;
  let lastPrune = 0;
  let stopped = false;

  const hide = (text: string) => text.split(url).join(masked).split(token).join('****');
  const queueKey = (id: string) => `${DISCORD_QUEUE_PREFIX}${id}`;
  const sentKey = (id: string) => `${DISCORD_SENT_PREFIX}${id}`;

  /** KVP writes never stop the queue: a failure is logged and the queue goes on in memory. */
  const write = (what: () => void) => {
    try {
      what();
    } catch (error) {
      log.error(`Discord queue: the KVP refused a write (${hide(String(error))})`);
    }
  };
  const store = (entry: Entry, state: StoredEntry['state']) =>
    write(() => kvp.set(queueKey(entry.id), JSON.stringify({ text: entry.text, at: entry.at, state })));
  const tombstone = (id: string, outcome: 'sent' | 'dropped') => {
    done.add(id);
    if (done.size > DONE_MAX) done.delete(done.values().next().value as string);
    write(() => {
      kvp.set(sentKey(id), JSON.stringify({ at: now(), outcome }));
      kvp.delete(queueKey(id));
    });
  };

  const prune = () => {
    lastPrune = now();
    write(() => {
      for (const key of kvp.keys(DISCORD_SENT_PREFIX)) {
        let at = Number.NaN;
        try {
          at = Number((JSON.parse(kvp.get(key) ?? '') as { at?: unknown }).at);
        } catch {
          // an unreadable tombstone is removed below
        }
        if (!(now() - at <= DISCORD_TOMBSTONE_MS)) kvp.delete(key);
      }
    });
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

  const takeBatch = (): Entry[] => {
    const batch: Entry[] = [];
    let size = 0;
    while (pending.length > 0) {
      const next = pending[0] as Entry;
      const length = codePoints(next.text).length + (batch.length > 0 ? 1 : 0);
      if (batch.length > 0 && size + length > DISCORD_CONTENT_MAX) break;
      batch.push(next);
      pending.shift();
      size += length;
    }
    return batch;
  };

  const afterward = () => {
    inFlight = false;
    current = [];
    if (stopped) return;
    if (retry || pending.length > 0) schedule(Math.max(now(), pausedUntil));
  };

  const backoff = (batch: Entry[], reason: string) => {
    attempt += 1;
    const delay = Math.min(maxBackoff, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
    pausedUntil = now() + delay;
    retry = batch;
    lastError = `${reason}; retrying ${batch.length} event(s) in ${Math.ceil(delay / 1000)} s`;
    log.warn(`Discord webhook ${masked}: ${lastError}`);
  };

  const answered = (batch: Entry[], response: HttpResponse) => {
    const headers = response.headers;
    const status = response.status;
    if (status >= 200 && status < 300) {
      for (const entry of batch) tombstone(entry.id, 'sent');
      sent += batch.length;
      attempt = 0;
      const resetAfter = secondsToMs(headers['x-ratelimit-reset-after']);
      if (headers['x-ratelimit-remaining']?.trim() === '0' && resetAfter !== null) {
        pausedUntil = Math.max(pausedUntil, now() + resetAfter);
      }
      if (now() - lastPrune >= PRUNE_EVERY_MS) prune();
      return;
    }
    const body = bodyJson(response);
    if (status === 429) {
      const wait =
        secondsToMs(body.retry_after) ??
        secondsToMs(headers['retry-after']) ??
        secondsToMs(headers['x-ratelimit-reset-after']) ??
        1000;
      pausedUntil = Math.max(pausedUntil, now() + wait);
      // Discord did not process it: back to `queued`, so even a restart sends it.
      for (const entry of batch) store(entry, 'queued');
      retry = batch;
      lastError = `rate limited (429), waited ${(wait / 1000).toFixed(1)} s`;
      return;
    }
    const discord =
      typeof body.message === 'string'
        ? `: ${cleanText(body.message)}${typeof body.code === 'number' ? ` (code ${body.code})` : ''}`
        : '';
    // 502/503/504: the gateway in front of Discord answered, the message was not processed; retried. Any other
    // status, 500 included, may come after the message was created: dropped, so it is never posted twice.
    if (status === 502 || status === 503 || status === 504) {
      backoff(batch, `Discord answered HTTP ${status}${discord}`);
      return;
    }
    for (const entry of batch) tombstone(entry.id, 'dropped');
    dropped += batch.length;
    lastError = `Discord refused a message with HTTP ${status}${discord}`;
    log.warn(`Discord webhook ${masked}: ${lastError}; ${batch.length} event(s) dropped, not retried`);
  };

  const send = (batch: Entry[]) => {
    inFlight = true;
    current = batch;
    for (const entry of batch) store(entry, 'sending');
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
        (error: unknown) => {
          const detail = hide(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
          if (neverSent(error)) {
            backoff(batch, detail);
            return;
          }
          // The request may have reached Discord and its answer been lost: sending again could post it twice.
          for (const entry of batch) tombstone(entry.id, 'dropped');
          dropped += batch.length;
          lastError = `no answer (${detail}); ${batch.length} event(s) may or may not have been posted, not sent again`;
          log.warn(`Discord webhook ${masked}: ${lastError}`);
        },
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
    const batch = retry ?? takeBatch();
    retry = null;
    if (batch.length > 0) send(batch);
  };

  // Take over what the previous run left.
  let lost = 0;
  write(() => {
    for (const key of kvp.keys(DISCORD_QUEUE_PREFIX)) {
      const id = key.slice(DISCORD_QUEUE_PREFIX.length);
      let stored: StoredEntry | null = null;
      try {
        stored = JSON.parse(kvp.get(key) ?? '') as StoredEntry;
      } catch {
        stored = null;
      }
      if (stored?.state === 'queued' && typeof stored.text === 'string') {
        pending.push({ id, text: stored.text, at: Number(stored.at) || 0 });
      } else {
        if (stored?.state === 'sending') lost += 1;
        tombstone(id, 'dropped');
      }
    }
  });
  pending = pending.sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  if (lost > 0) {
    dropped += lost;
    log.warn(
      `Discord: ${lost} message(s) were being sent when the resource stopped; they are not sent again (Discord cannot tell whether they arrived, and a message is never posted twice)`,
    );
  }
  prune();
  if (pending.length > 0) schedule(now() + windowMs);

  const known = (id: string) =>
    done.has(id) ||
    pending.some((e) => e.id === id) ||
    current.some((e) => e.id === id) ||
    (retry ?? []).some((e) => e.id === id) ||
    kvp.get(queueKey(id)) !== null ||
    kvp.get(sentKey(id)) !== null;

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
        const entry = { id, text: cut(text), at: now() };
        pending.push(entry);
        store(entry, 'queued');
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

/** Which Discord messages are on. */
export interface DiscordSwitches {
  /** Every claimed vote (`discord_vote`). */
  vote: boolean;
  /** Milestone awards (`discord_milestone`). */
  milestone: boolean;
  /** Streak awards (`discord_streak`). */
  streak: boolean;
  /** Vote parties (`discord_party`). */
  party: boolean;
  /** The month's top voters (`discord_winners`). */
  winners: boolean;
}

/** The slice of the event channel the listener needs. */
export interface DiscordEventSource {
  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof ResourceEvents>(name: K, listener: (payload: ResourceEvents[K]) => void): () => void;
}

const MARKDOWN = /[\\*_~`|<>#[\]()-]/g;

/** Escapes Discord markdown in a player name, so `*name*` or `# name` shows as typed. */
export function escapeDiscordMarkdown(text: string): string {
  return text.replace(MARKDOWN, (char) => `\\${char}`);
}

/**
 * Posts the switched-on program events to the queue, in the server's language: `voteRecorded` (`discord_vote`, with
 * the player's votes in the vote's month from `monthOf(at)`), milestone and streak awards (`discord_milestone`,
 * `discord_streak`), `partyReached` (`discord_party`) and `monthDecided` (`discord_winners`, `1. Name (12), ...`).
 * Returns a function that unsubscribes.
 */
export function listenForDiscord(
  events: DiscordEventSource,
  queue: Pick<DiscordQueue, 'post'>,
  translate: Translate,
  switches: DiscordSwitches,
  monthOf: (ms: number) => string,
): () => void {
  const name = (value: string) => escapeDiscordMarkdown(value);
  const offs: Array<() => void> = [];
  if (switches.vote) {
    offs.push(
      events.on('voteRecorded', (e) =>
        queue.post({
          id: `vote:${e.ref}`,
          text: translate('discord_vote', {
            name: name(e.name),
            votes: e.history.months[monthOf(e.at)] ?? 0,
          }),
        }),
      ),
    );
  }
  if (switches.milestone || switches.streak) {
    offs.push(
      events.on('awardDecided', (e) => {
        if (e.info.program === 'milestone' && switches.milestone) {
          // One line per player and total, however many milestone rules that total met (`at: 10` and `every: 5`).
          queue.post({
            id: `milestone:${e.license}:${e.info.value}`,
            text: translate('discord_milestone', { name: name(e.name), votes: e.info.value }),
          });
        } else if (e.info.program === 'streak' && switches.streak) {
          queue.post({
            id: e.id,
            text: translate('discord_streak', { name: name(e.name), days: e.info.value }),
          });
        }
      }),
    );
  }
  if (switches.party) {
    offs.push(
      events.on('partyReached', (e) =>
        queue.post({
          id: `party:${e.month}:${e.threshold}`,
          text: translate('discord_party', { votes: e.threshold, players: e.players }),
        }),
      ),
    );
  }
  if (switches.winners) {
    offs.push(
      events.on('monthDecided', (e) => {
        if (e.winners.length === 0) return;
        const list = [...e.winners]
          .sort((a, b) => a.rank - b.rank)
          .map((w) => `${w.rank}. ${name(cleanText(w.name, 64))} (${w.votes})`)
          .join(', ');
        // The list is filled in after translating: the translator cuts other placeholders at 128 characters.
        const text = translate('discord_winners', { month: e.month }).replace('{list}', () => list);
        queue.post({ id: `winners:${e.month}`, text });
      }),
    );
  }
  return () => {
    for (const off of offs.splice(0)) off();
  };
}

/** Connection failures that happen before a request leaves: nothing reached Discord, so sending again is safe. */
const NOT_SENT =
  /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|could not resolve|couldn't resolve|couldn't connect|failed to connect|connection refused/i;

/** True when `error` (or a cause of it) says the connection was never made. */
function neverSent(error: unknown): boolean {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth += 1) {
    const code = (at as Error & { code?: unknown }).code;
    if ((typeof code === 'string' && NOT_SENT.test(code)) || NOT_SENT.test(at.message)) return true;
  }
  return false;
}
