/**
 * The control API of the webhook sink: make a webhook, read what each received, clear the messages. Guarded like
 * every `/__admin` route (the guard is applied here too, so these routes never depend on mount order).
 */
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { Store, WebhookRecord } from '../db';
import { type AdminOptions, adminGuard } from '../middleware/admin-guard';
import type { HostAllowList } from '../middleware/host-allow-list';
import { ADMIN_SECURITY, response } from '../openapi/contract';
import { validationError } from '../openapi/validation';
import { adminErrors } from '../routes/admin';
import { DISCORD_MESSAGE_SCHEMA } from './doc';
import { DISCORD_WEBHOOK_PREFIX, listedMessage } from './routes';
import { webhookNameProblem } from './validation';

/** What the webhook control routes need. */
export interface WebhookAdminDeps {
  /** Webhooks and messages. */
  store: Store;
  /** Who may call them. */
  admin: AdminOptions;
  /** The hosts and origins that name this mock. */
  hosts: HostAllowList;
  /** Public base URL for the webhook URLs; absent in process (the request's origin is used). */
  baseUrl?: string;
}

/** Name of a webhook when none is given. */
export const DEFAULT_WEBHOOK_NAME = 'Captain Hook';

const WebhookCreateSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1)
      .max(80)
      .superRefine((name, ctx) => {
        const problem = webhookNameProblem(name);
        if (problem) ctx.addIssue({ code: 'custom', message: `${problem.message} (${problem.code})` });
      })
      .optional(),
  })
  .strict()
  .openapi('WebhookCreate');

const SNOWFLAKE = { type: 'string', pattern: '^[0-9]{17,20}$' };

/** A webhook as the control API shows it (the token included: the control API is the owner's). */
const WEBHOOK_SCHEMA = {
  type: 'object',
  required: ['id', 'token', 'name', 'channel_id', 'url', 'created_at'],
  additionalProperties: false,
  properties: {
    id: SNOWFLAKE,
    token: { type: 'string', minLength: 1 },
    name: { type: 'string' },
    channel_id: SNOWFLAKE,
    url: {
      type: 'string',
      description: 'what to give the resource: set vote_reward_discord_webhook "<url>"',
      example: 'http://127.0.0.1:8787/webhooks/discord/1311234567890123456/AbC…',
    },
    created_at: { type: 'string', format: 'date-time' },
  },
};

const LISTED_MESSAGE_SCHEMA = {
  ...DISCORD_MESSAGE_SCHEMA,
  required: [...(DISCORD_MESSAGE_SCHEMA.required as string[]), 'received_at'],
  properties: {
    ...(DISCORD_MESSAGE_SCHEMA.properties as Record<string, unknown>),
    received_at: { type: 'string', format: 'date-time', description: 'when the sink accepted it' },
  },
};

const LIST_SCHEMA = {
  type: 'object',
  required: ['webhooks'],
  additionalProperties: false,
  properties: {
    webhooks: {
      type: 'array',
      items: {
        ...WEBHOOK_SCHEMA,
        required: [...WEBHOOK_SCHEMA.required, 'messages'],
        properties: {
          ...WEBHOOK_SCHEMA.properties,
          messages: {
            type: 'array',
            description: 'oldest first, the last 1000',
            items: LISTED_MESSAGE_SCHEMA,
          },
        },
      },
    },
  },
};

const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

const tags = ['control'];
const security = ADMIN_SECURITY;

/** Where a webhook is reached: the public base URL, or the origin the request came to. */
function urlOf(c: Context, baseUrl: string | undefined, webhook: WebhookRecord): string {
  const base = baseUrl ?? new URL(c.req.url).origin;
  return `${base}${DISCORD_WEBHOOK_PREFIX}${webhook.id}/${webhook.token}`;
}

/** The webhook URL of a record for a base URL (the CLI prints it). */
export function webhookUrl(baseUrl: string, webhook: Pick<WebhookRecord, 'id' | 'token'>): string {
  return `${baseUrl}${DISCORD_WEBHOOK_PREFIX}${webhook.id}/${webhook.token}`;
}

/** `POST /__admin/webhooks`, `GET /__admin/webhooks`, `DELETE /__admin/webhooks/messages`. */
export function createWebhookAdminRoutes(deps: WebhookAdminDeps): OpenAPIHono {
  const { store } = deps;
  const app = new OpenAPIHono();
  const guard = adminGuard(deps);
  app.use('/__admin/webhooks', guard);
  app.use('/__admin/webhooks/*', guard);

  const webhookJson = (c: Context, w: WebhookRecord) => ({
    id: w.id,
    token: w.token,
    name: w.name,
    channel_id: w.channelId,
    url: urlOf(c, deps.baseUrl, w),
    created_at: new Date(w.createdAt).toISOString(),
  });

  app.openapi(
    createRoute({
      method: 'post',
      path: '/__admin/webhooks',
      operationId: 'createWebhook',
      tags,
      security,
      summary: 'Create a Discord-compatible webhook (its URL goes into vote_reward_discord_webhook)',
      description: `The answer holds the URL (id and token) that POST /webhooks/discord/{id}/{token} accepts. Optional name (1–80, default "${DEFAULT_WEBHOOK_NAME}"), refused as Discord refuses it: containing "discord", "clyde", @, #, :, \`\`\`, control or format characters, or "everyone"/"here"; send {} for none.`,
      request: {
        body: {
          required: false,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                properties: { name: { type: 'string', minLength: 1, maxLength: 80 } },
              } as never,
              example: { name: 'Votes' },
            },
          },
        },
      },
      responses: {
        201: response('created', undefined, { 'application/json': { schema: WEBHOOK_SCHEMA } }),
        ...adminErrors({ write: true, invalid: ['invalid_field', 'invalid_json'] }),
      },
    }),
    async (c) => {
      const text = await c.req.text();
      let input: unknown = {};
      try {
        input = text.trim() === '' ? {} : JSON.parse(text);
      } catch {
        return c.json({ error: { code: 'invalid_json', message: 'the body is not valid JSON' } }, 400);
      }
      const parsed = WebhookCreateSchema.safeParse(input);
      if (!parsed.success) return validationError(parsed.error, 'json', c) as never;
      const webhook = store.webhooks.create(parsed.data.name ?? DEFAULT_WEBHOOK_NAME);
      return c.json(webhookJson(c, webhook), 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/__admin/webhooks',
      operationId: 'listWebhooks',
      tags,
      security,
      summary: 'Webhooks with the messages they received (newest last)',
      description:
        'Each webhook with its last 1000 messages, oldest first: the message object Discord would return, plus received_at.',
      responses: {
        200: response('webhooks', undefined, { 'application/json': { schema: LIST_SCHEMA } }),
        ...adminErrors({}),
      },
    }),
    (c) =>
      c.json(
        {
          webhooks: store.webhooks.list().map((w) => ({
            ...webhookJson(c, w),
            messages: store.webhooks.messages(w.id).map(listedMessage),
          })),
        },
        200,
      ),
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/__admin/webhooks/messages',
      operationId: 'clearWebhookMessages',
      tags,
      security,
      summary: 'Delete every message the webhooks received (the webhooks stay)',
      description: 'Answers how many messages there were.',
      responses: { 200: json(z.object({ cleared: z.int() }), 'cleared'), ...adminErrors({}) },
    }),
    (c) => c.json({ cleared: store.webhooks.clearMessages() }, 200),
  );

  return app;
}
