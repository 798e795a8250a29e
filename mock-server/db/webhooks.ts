import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './open-database';
import type { StoreOptions } from './store-error';

/** Discord's epoch (2015-01-01T00:00:00.000Z): snowflakes count milliseconds from it. */
export const DISCORD_EPOCH = 1_420_070_400_000;

/** A webhook of the Discord-compatible sink. */
export interface WebhookRecord {
  /** Snowflake, as a decimal string. */
  id: string;
  /** Secret part of the URL (68 URL-safe characters, like Discord's). */
  token: string;
  /** Display name. */
  name: string;
  /** Snowflake of the (imaginary) channel it posts to. */
  channelId: string;
  /** Creation time, ms. */
  createdAt: number;
}

/** A message the sink accepted, as Discord would return it with `?wait=true`. */
export interface WebhookMessageRecord {
  /** Snowflake of the message. */
  id: string;
  /** The webhook it came through. */
  webhookId: string;
  /** The message object (id, content, embeds, author, timestamp, ...) as the sink answered it. */
  body: Record<string, unknown>;
  /** Arrival time, ms. */
  receivedAt: number;
}

/** Webhooks and the messages they received. */
export interface Webhooks {
  /** Creates a webhook with a fresh id and token. */
  create(name: string): WebhookRecord;
  /** The webhook with this id and token (the token compared in constant time), or null. */
  find(id: string, token: string): WebhookRecord | null;
  /** Every webhook, oldest first. */
  list(): WebhookRecord[];
  /** Stores a message received by `webhookId` (its id from {@link Webhooks.snowflake}). */
  addMessage(
    webhookId: string,
    message: { id: string; body: Record<string, unknown>; receivedAt: number },
  ): WebhookMessageRecord;
  /** The last `limit` messages of a webhook, oldest first (newest last). */
  messages(webhookId: string, limit?: number): WebhookMessageRecord[];
  /** Deletes every message; returns how many there were. */
  clearMessages(): number;
  /** A new snowflake (for ids the sink makes up). */
  snowflake(): string;
}

interface WebhookRow {
  id: string;
  token: string;
  name: string;
  channel_id: string;
  created_at: number;
}

interface MessageRow {
  id: string;
  webhook_id: string;
  body: string;
  received_at: number;
}

const toWebhook = (row: WebhookRow): WebhookRecord => ({
  id: row.id,
  token: row.token,
  name: row.name,
  channelId: row.channel_id,
  createdAt: row.created_at,
});

const toMessage = (row: MessageRow): WebhookMessageRecord => ({
  id: row.id,
  webhookId: row.webhook_id,
  body: JSON.parse(row.body) as Record<string, unknown>,
  receivedAt: row.received_at,
});

/** Builds the webhooks part of the store. */
export function createWebhooks(db: Db, options: StoreOptions): Webhooks {
  const insertWebhook = db.prepare(
    'INSERT INTO webhooks (id, token, name, channel_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const selectWebhook = db.prepare<[string], WebhookRow>('SELECT * FROM webhooks WHERE id = ?');
  const selectWebhooks = db.prepare<[], WebhookRow>('SELECT * FROM webhooks ORDER BY created_at, id');
  const insertMessage = db.prepare(
    'INSERT INTO webhook_messages (id, webhook_id, body, received_at) VALUES (?, ?, ?, ?)',
  );
  const selectMessages = db.prepare<[string, number], MessageRow>(
    `SELECT id, webhook_id, body, received_at FROM (
       SELECT * FROM webhook_messages WHERE webhook_id = ? ORDER BY seq DESC LIMIT ?
     ) ORDER BY seq`,
  );
  const deleteMessages = db.prepare('DELETE FROM webhook_messages');
  let last = 0n;

  // (ms since Discord's epoch) << 22 | worker 1 << 17 | increment; strictly increasing within this store.
  const snowflake = (): string => {
    const ms = BigInt(Math.max(0, Math.floor(options.now()) - DISCORD_EPOCH));
    const candidate = (ms << 22n) | (1n << 17n);
    last = candidate > last ? candidate : last + 1n;
    return last.toString();
  };

  return {
    create(name) {
      const record: WebhookRecord = {
        id: snowflake(),
        token: randomBytes(51).toString('base64url'),
        name,
        channelId: snowflake(),
        createdAt: options.now(),
      };
      insertWebhook.run(record.id, record.token, record.name, record.channelId, record.createdAt);
      return record;
    },
    find(id, token) {
      const row = selectWebhook.get(id);
      if (!row) return null;
      const expected = Buffer.from(row.token);
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given) ? toWebhook(row) : null;
    },
    list: () => selectWebhooks.all().map(toWebhook),
    addMessage(webhookId, message) {
      insertMessage.run(message.id, webhookId, JSON.stringify(message.body), message.receivedAt);
      return { ...message, webhookId };
    },
    messages: (webhookId, limit = 1000) => selectMessages.all(webhookId, limit).map(toMessage),
    clearMessages: () => deleteMessages.run().changes,
    snowflake,
  };
}
