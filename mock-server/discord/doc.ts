/**
 * The OpenAPI description of the webhook sink (`POST /webhooks/discord/{id}/{token}`): its body, its answers in
 * Discord's shapes and the `X-RateLimit-*` headers every answer carries.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { header, type JsonSchema, response } from '../openapi/contract';
import { WEBHOOK_RATE_LIMIT, WEBHOOK_RATE_WINDOW_MS } from './rate-limit';
import { DISCORD_BODY_LIMIT } from './routes';
import { DISCORD_LIMITS } from './validation';

const integer = (description: string, extra: JsonSchema = {}) => ({ type: 'integer', description, ...extra });
const SNOWFLAKE: JsonSchema = { type: 'string', pattern: '^[0-9]{17,20}$', description: 'a snowflake' };

/** The `X-RateLimit-*` headers every answer of the sink carries. */
function rateHeaders() {
  return {
    'X-RateLimit-Limit': header(
      `requests allowed per webhook per window (${WEBHOOK_RATE_LIMIT})`,
      integer('limit', { const: WEBHOOK_RATE_LIMIT }),
    ),
    'X-RateLimit-Remaining': header(
      'requests left in the current window',
      integer('left', { minimum: 0, maximum: WEBHOOK_RATE_LIMIT }),
    ),
    'X-RateLimit-Reset': header('epoch seconds (3 decimals) when the window ends', {
      type: 'number',
      minimum: 0,
    }),
    'X-RateLimit-Reset-After': header('seconds (3 decimals) until the window ends', {
      type: 'number',
      minimum: 0,
      maximum: WEBHOOK_RATE_WINDOW_MS / 1000,
    }),
    'X-RateLimit-Bucket': header('opaque id of the route’s bucket', { type: 'string', minLength: 1 }),
  };
}

const ERROR_PROPERTIES = {
  code: { type: 'integer', description: 'Discord’s JSON error code' },
  message: { type: 'string', minLength: 1 },
  errors: { type: 'object', description: 'for 50035: the fields at fault, each with `_errors`' },
};

const discordError = (when: string, codes: readonly number[], example: Record<string, unknown>) =>
  response(`${when} (${codes.join(', ')})`, rateHeaders(), {
    'application/json': {
      schema: {
        type: 'object',
        required: ['code', 'message'],
        properties: { ...ERROR_PROPERTIES, code: { type: 'integer', enum: [...codes] } },
      },
      example,
    },
  });

const EMBED_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', maxLength: DISCORD_LIMITS.title },
    description: { type: 'string', maxLength: DISCORD_LIMITS.description },
    url: { type: 'string' },
    color: { type: 'integer' },
    fields: {
      type: 'array',
      maxItems: DISCORD_LIMITS.fields,
      items: {
        type: 'object',
        required: ['name', 'value'],
        properties: {
          name: { type: 'string', maxLength: DISCORD_LIMITS.fieldName },
          value: { type: 'string', maxLength: DISCORD_LIMITS.fieldValue },
          inline: { type: 'boolean' },
        },
      },
    },
    footer: {
      type: 'object',
      required: ['text'],
      properties: { text: { type: 'string', maxLength: DISCORD_LIMITS.footerText } },
    },
    author: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', maxLength: DISCORD_LIMITS.authorName } },
    },
  },
};

/** The message object of `?wait=true` (and of `GET /__admin/webhooks`, with `received_at`). */
export const DISCORD_MESSAGE_SCHEMA: JsonSchema = {
  type: 'object',
  required: [
    'id',
    'type',
    'content',
    'channel_id',
    'author',
    'embeds',
    'timestamp',
    'webhook_id',
    'mention_everyone',
  ],
  properties: {
    id: SNOWFLAKE,
    type: { type: 'integer', const: 0 },
    content: { type: 'string', maxLength: DISCORD_LIMITS.content },
    channel_id: SNOWFLAKE,
    author: {
      type: 'object',
      required: ['id', 'username', 'bot'],
      properties: { id: SNOWFLAKE, username: { type: 'string' }, bot: { type: 'boolean', const: true } },
    },
    embeds: { type: 'array', maxItems: DISCORD_LIMITS.embeds, items: EMBED_SCHEMA },
    mention_everyone: { type: 'boolean', description: 'true when @everyone/@here was allowed to ping' },
    tts: { type: 'boolean' },
    timestamp: { type: 'string', description: 'ISO 8601, microseconds and +00:00, as Discord writes it' },
    webhook_id: SNOWFLAKE,
  },
};

/** Documents the sink's route in `/openapi.json`. */
export function registerDiscordDoc(registry: OpenAPIHono['openAPIRegistry']): void {
  const L = DISCORD_LIMITS;
  registry.registerPath({
    method: 'post',
    path: '/webhooks/discord/{id}/{token}',
    operationId: 'executeDiscordWebhook',
    tags: ['discord'],
    summary: 'Discord-compatible "Execute Webhook": accepts, checks and stores a message',
    description: [
      `No key: the URL is the credential (make one with POST /__admin/webhooks). JSON bodies with Discord's limits: content ≤ ${L.content}, username ≤ ${L.username}, embeds ≤ ${L.embeds} (title ≤ ${L.title}, description ≤ ${L.description}, fields ≤ ${L.fields} with name ≤ ${L.fieldName} and value ≤ ${L.fieldValue}, footer text ≤ ${L.footerText}, author name ≤ ${L.authorName}, all embed text ≤ ${L.embedTotal}); content or embeds required. Lengths count code points.`,
      `Rate limit per webhook, like Discord: ${WEBHOOK_RATE_LIMIT} requests per ${WEBHOOK_RATE_WINDOW_MS / 1000} s window; every answer carries X-RateLimit-*; over it, 429 with retry_after (seconds, decimals) and Retry-After.`,
      'Errors use Discord’s body `{ code, message }` (50035 adds `errors` naming the fields). Faults of /__admin/faults apply and answer in the same shapes. Read what arrived with GET /__admin/webhooks.',
    ].join('\n\n'),
    parameters: [
      { name: 'id', in: 'path', required: true, description: 'the webhook’s id', schema: { type: 'string' } },
      {
        name: 'token',
        in: 'path',
        required: true,
        description: 'the webhook’s token',
        schema: { type: 'string' },
      },
      {
        name: 'wait',
        in: 'query',
        required: false,
        description: 'true: answer 200 with the message object; false (default): 204 without a body',
        schema: { type: 'boolean', default: false },
      },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            properties: {
              content: { type: 'string', maxLength: L.content },
              username: { type: 'string', minLength: 1, maxLength: L.username },
              avatar_url: { type: 'string' },
              tts: { type: 'boolean' },
              embeds: { type: 'array', maxItems: L.embeds, items: EMBED_SCHEMA },
              allowed_mentions: {
                type: 'object',
                properties: {
                  parse: { type: 'array', items: { type: 'string', enum: ['roles', 'users', 'everyone'] } },
                },
              },
            },
          },
          example: {
            content: 'Steve voted for the server (3 vote(s) from them this month).',
            allowed_mentions: { parse: [] },
          },
        },
      },
    },
    responses: {
      200: response('with wait=true: the message Discord would have created', rateHeaders(), {
        'application/json': { schema: DISCORD_MESSAGE_SCHEMA },
      }),
      204: response('accepted (without wait=true)', rateHeaders()),
      400: discordError('the body breaks a rule, is empty, or is not JSON', [50035, 50006, 50109], {
        code: 50035,
        message: 'Invalid Form Body',
        errors: {
          content: {
            _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }],
          },
        },
      }),
      404: discordError('no webhook has this id and token', [10015], {
        message: 'Unknown Webhook',
        code: 10015,
      }),
      413: discordError(`the body is over ${DISCORD_BODY_LIMIT} bytes`, [40005], {
        message: 'Request entity too large',
        code: 40005,
      }),
      429: response(
        'over the webhook’s rate limit (or a 429 injected by /__admin/faults with its retry_after)',
        {
          ...rateHeaders(),
          'Retry-After': header('seconds to wait, rounded up', {
            type: 'integer',
            minimum: 0,
            maximum: 86_400,
          }),
          'X-RateLimit-Scope': header('whose limit was hit', {
            type: 'string',
            enum: ['user', 'global', 'shared'],
          }),
        },
        {
          'application/json': {
            schema: {
              type: 'object',
              required: ['message', 'retry_after', 'global'],
              properties: {
                message: { type: 'string' },
                retry_after: { type: 'number', minimum: 0, description: 'seconds, with decimals' },
                global: { type: 'boolean' },
                code: { type: 'integer' },
              },
            },
            example: { message: 'You are being rate limited.', retry_after: 1.234, global: false },
          },
        },
      ),
      '4XX': discordError('another status injected by /__admin/faults', [0], {
        message: '418: fault #1 injected by /__admin/faults',
        code: 0,
      }),
      '5XX': discordError('a status injected by /__admin/faults (or a dropped connection in process)', [0], {
        message: '500: Internal Server Error',
        code: 0,
      }),
    },
  });
}
