/**
 * The Discord-compatible webhook sink: `POST /webhooks/discord/{id}/{token}` accepts what Discord's "Execute
 * Webhook" accepts (JSON bodies), refuses what it refuses with Discord's error bodies, rate-limits each webhook
 * like Discord (5 requests per 2 s, `X-RateLimit-*` on every answer, 429 with `retry_after`) and stores what it
 * accepted for `GET /__admin/webhooks`. Faults added through `/__admin/faults` apply here too, answered in
 * Discord's shapes. Its OpenAPI description is in `./doc.ts`.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Store, WebhookMessageRecord, WebhookRecord } from '../db';
import { type FaultAnswer, type FaultRegistry, faultInjection } from '../middleware/faults';
import type { WebhookRateLimiter } from './rate-limit';
import { checkExecuteBody } from './validation';

/** Path prefix of the sink. */
export const DISCORD_WEBHOOK_PREFIX = '/webhooks/discord/';

/** Largest body the sink reads, bytes (Discord takes more for files; JSON messages stay far below). */
export const DISCORD_BODY_LIMIT = 1024 * 1024;

/** What the sink needs. */
export interface DiscordRouteDeps {
  /** Webhooks and messages. */
  store: Store;
  /** Faults of `/__admin/faults`. */
  faults: FaultRegistry;
  /** Per-webhook buckets. */
  limiter: WebhookRateLimiter;
  /** Clock, ms. */
  now: () => number;
}

const JSON_TYPE = /^application\/json\s*(;.*)?$/i;

/** Discord's timestamp format: ISO 8601 with microseconds and `+00:00`. */
export function discordTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace('Z', '000+00:00');
}

/** The message object Discord returns for `?wait=true`, built from the checked body. */
function messageObject(
  id: string,
  webhook: WebhookRecord,
  body: Record<string, unknown>,
  at: number,
): Record<string, unknown> {
  const content = String(body.content ?? '');
  const allowed = body.allowed_mentions as { parse?: unknown[] } | undefined;
  // Without allowed_mentions Discord parses every mention; with it, only the listed kinds.
  const everyone =
    /@(everyone|here)\b/.test(content) &&
    (allowed === undefined || (allowed.parse ?? []).includes('everyone'));
  return {
    id,
    type: 0,
    content,
    channel_id: webhook.channelId,
    author: {
      id: webhook.id,
      username: typeof body.username === 'string' ? body.username : webhook.name,
      avatar: null,
      discriminator: '0000',
      bot: true,
    },
    attachments: [],
    embeds: body.embeds ?? [],
    mentions: [],
    mention_roles: [],
    mention_everyone: everyone,
    pinned: false,
    tts: body.tts === true,
    timestamp: discordTimestamp(at),
    edited_timestamp: null,
    flags: 0,
    components: [],
    webhook_id: webhook.id,
  };
}

/** A stored message as `GET /__admin/webhooks` lists it: the message object plus when it arrived. */
export function listedMessage(record: WebhookMessageRecord): Record<string, unknown> {
  return { ...record.body, received_at: new Date(record.receivedAt).toISOString() };
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const webhookIdOf = (c: Context) => c.req.path.slice(DISCORD_WEBHOOK_PREFIX.length).split('/')[0] ?? '';

/** Injected answers in Discord's shapes, with the bucket's `X-RateLimit-*` headers like every sink answer. */
function discordFaultAnswer(limiter: WebhookRateLimiter): FaultAnswer {
  return (fault, status, c) => {
    const rate = limiter.peek(webhookIdOf(c)).headers;
    if (status === 429) {
      const retry = fault.retryAfter ?? 1;
      return {
        body: { message: 'You are being rate limited.', retry_after: retry, global: false },
        headers: { ...rate, 'Retry-After': String(Math.ceil(retry)), 'X-RateLimit-Scope': 'user' },
      };
    }
    const text = STATUS_TEXT[status] ?? `fault #${fault.id} injected by /__admin/faults`;
    return { body: { message: `${status}: ${text}`, code: 0 }, headers: rate };
  };
}

/** `POST /webhooks/discord/:id/:token`. */
export function createDiscordRoutes(deps: DiscordRouteDeps): OpenAPIHono {
  const { store, limiter } = deps;
  const app = new OpenAPIHono();
  app.use(`${DISCORD_WEBHOOK_PREFIX}*`, faultInjection(deps.faults, undefined, discordFaultAnswer(limiter)));
  const limitBody = bodyLimit({
    maxSize: DISCORD_BODY_LIMIT,
    onError: (c) => c.json({ message: 'Request entity too large', code: 40005 }, 413),
  });

  app.post(`${DISCORD_WEBHOOK_PREFIX}:id/:token`, async (c) => {
    const id = c.req.param('id');
    // The token first: a request without the right token is not the webhook's and never uses its rate limit, so
    // wrong-token posts cannot throttle the real ones.
    const webhook = store.webhooks.find(id, c.req.param('token'));
    if (!webhook) return c.json({ message: 'Unknown Webhook', code: 10015 }, 404, limiter.peek(id).headers);
    const bucket = limiter.take(id);
    const headers = bucket.headers;
    if (!bucket.allowed) {
      return c.json(
        { message: 'You are being rate limited.', retry_after: bucket.resetAfter, global: false },
        429,
        headers,
      );
    }

    const waitParam = c.req.query('wait');
    let wait = false;
    if (waitParam !== undefined) {
      if (/^(true|1)$/i.test(waitParam)) wait = true;
      else if (!/^(false|0)$/i.test(waitParam)) {
        const errors = {
          wait: { _errors: [{ code: 'BASE_TYPE_BOOLEAN', message: 'Must be either true or false.' }] },
        };
        return c.json({ code: 50035, message: 'Invalid Form Body', errors }, 400, headers);
      }
    }

    let parsed: unknown = {};
    if (JSON_TYPE.test(c.req.header('content-type') ?? '')) {
      let text = '';
      const refused = await limitBody(c, async () => {
        text = await c.req.text();
      });
      if (refused instanceof Response) {
        for (const [name, value] of Object.entries(headers)) refused.headers.set(name, value);
        return refused;
      }
      try {
        parsed = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        return c.json({ message: 'The request body contains invalid JSON.', code: 50109 }, 400, headers);
      }
    }
    const checked = checkExecuteBody(parsed);
    if (!checked.ok) return c.json(checked.body, 400, headers);

    const at = deps.now();
    const messageId = store.webhooks.snowflake();
    const message = messageObject(messageId, webhook, checked.message, at);
    store.webhooks.addMessage(webhook.id, { id: messageId, body: message, receivedAt: at });
    return wait ? c.json(message, 200, headers) : c.body(null, 204, headers);
  });
  return app;
}
