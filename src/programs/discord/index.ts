/**
 * Discord messages of the reward programs: the webhook URL (`./webhook-url`), Discord's answers (`./answers`), the
 * durable outbox (`./outbox`), the queue in front of the webhook (`./queue`) and the posts (`./posts`).
 */

export {
  DISCORD_WEBHOOK_CONVAR,
  maskWebhookUrl,
  parseWebhookUrl,
  type WebhookUrlCheck,
} from '../../config/webhook-url';
/** Escapes Discord markdown, links and mentions in a text that is already clean (see `displayName`). */
export { escapeForDiscord as escapeDiscordMarkdown } from '../../runtime/display-name';
export { DISCORD_QUEUE_PREFIX, DISCORD_SENT_PREFIX } from '../../store/keys';
export { DISCORD_TOMBSTONE_MS } from './outbox';
export { type DiscordEventSource, type DiscordSwitches, listenForDiscord } from './posts';
export {
  createDiscordQueue,
  DISCORD_BATCH_WINDOW_MS,
  DISCORD_CONTENT_MAX,
  DISCORD_MAX_BACKOFF_MS,
  type DiscordPost,
  type DiscordQueue,
  type DiscordQueueOptions,
  type DiscordQueueStatus,
} from './queue';
