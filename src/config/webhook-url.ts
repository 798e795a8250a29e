/**
 * The Discord webhook URL: where it comes from, which URLs are accepted, and the only form of it ever printed.
 * The URL holds a secret token: it is never printed, only {@link maskWebhookUrl}'s form is.
 */
import { cleanText } from '../runtime/clean-text';

/** The convar holding the webhook URL: `set vote_reward_discord_webhook "https://discord.com/api/webhooks/..."`. */
export const DISCORD_WEBHOOK_CONVAR = 'vote_reward_discord_webhook';

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

/** The id and token part of the path for the URL's host, or what is wrong with the host or the path. */
function matchPath(
  url: URL,
  host: string,
): { ok: true; match: RegExpExecArray; kind: 'discord' | 'mock' } | { ok: false; problem: string } {
  if (DISCORD_HOSTS.has(host)) {
    if (url.protocol !== 'https:')
      return { ok: false, problem: `the webhook URL must use https:// on ${host}` };
    const match = DISCORD_PATH.exec(url.pathname);
    if (match) return { ok: true, match, kind: 'discord' };
    return {
      ok: false,
      problem: `the webhook URL's path must be /api/webhooks/<id>/<token> (copy it from Discord: channel settings, Integrations, Webhooks, Copy Webhook URL)`,
    };
  }
  const where = `host ${JSON.stringify(cleanText(host, 80))}`;
  if (isLoopback(host)) {
    const match = MOCK_PATH.exec(url.pathname);
    if (match) return { ok: true, match, kind: 'mock' };
    return {
      ok: false,
      problem: `on ${where} (this machine) the webhook URL's path must end in /webhooks/discord/<id>/<token> (the mock's sink)`,
    };
  }
  return {
    ok: false,
    problem: `${where} is not Discord: the webhook URL must be on discord.com or discordapp.com (or ptb./canary.), or on this machine for the mock`,
  };
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
  const path = matchPath(url, url.hostname.toLowerCase());
  if (!path.ok) return path;
  const [, id = '', token = ''] = path.match;
  if (!SNOWFLAKE.test(id))
    return { ok: false, problem: 'the webhook id (after /webhooks/) must be 17 to 20 digits' };
  if (!TOKEN.test(token)) {
    return {
      ok: false,
      problem: 'the webhook token (after the id) must be letters, digits, - or _ (up to 100)',
    };
  }
  return { ok: true, url: url.href.replace(/\/$/, ''), id, kind: path.kind };
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
