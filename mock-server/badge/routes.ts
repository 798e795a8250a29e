import { createHash } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { Store } from '../db';
import {
  binaryContent,
  errorResponse,
  header,
  INJECTED_FAULT,
  response,
  retryAfterHeader,
} from '../openapi/contract';
import { type BadgeCache, createBadgeCache } from './cache';
import {
  BADGE_LANGS,
  BADGE_STYLES,
  BADGE_THEMES,
  type BadgeData,
  type BadgeLang,
  type BadgeOptions,
  type BadgeTheme,
  renderBadgePng,
  renderNotFoundSvg,
  svgToPng,
} from './render';
import { createRenderBudget, type RenderBudget } from './render-budget';

/** How long a rendered badge is served before it is drawn again (the spec's 5-minute refresh). */
export const BADGE_TTL_MS = 5 * 60_000;
/** `Cache-Control` of a badge, matching the refresh period. */
export const BADGE_CACHE_CONTROL = 'public, max-age=300';
/** Badge renders allowed at once; a server page shows three, a badge gallery a few dozen. */
export const BADGE_RENDER_BURST = 40;
/** Badge renders allowed per second once the burst is spent: a flood of uncached variants cannot take the CPU. */
export const BADGE_RENDERS_PER_SECOND = 20;

/** The part of the store the badge reads. */
export type BadgeStore = { readonly servers: Pick<Store['servers'], 'getWithStats'> };

/** Clock and cache of the badge routes. */
export interface BadgeRouteBase {
  /** Current time in ms. */
  now: () => number;
  /** Cache to use; by default 512 entries / 16 MiB with the 5-minute TTL. */
  badgeCache?: BadgeCache | undefined;
  /** Render budget; by default `BADGE_RENDER_BURST` at once, then `BADGE_RENDERS_PER_SECOND`. */
  renderBudget?: RenderBudget | undefined;
}

/** What the badge routes need: `AppDeps` (data from its store) or a plain data function (benchmarks, previews). */
export type BadgeRouteDeps = BadgeRouteBase &
  (
    | { /** Where servers and their stats come from. */ store: BadgeStore }
    | {
        /** Badge data of a server, undefined when unknown. */ badgeData: (
          serverId: number,
        ) => BadgeData | undefined;
      }
  );

/** Reads what a badge shows in one statement: rank and monthly votes from the stats, players from the server. */
export function loadBadgeData(store: BadgeStore, serverId: number): BadgeData | undefined {
  const found = store.servers.getWithStats(serverId);
  if (!found) return undefined;
  const { server, stats } = found;
  return {
    name: server.name,
    game: server.game,
    rank: stats.rank,
    votesMonthly: stats.votesMonthly,
    playersOnline: server.playersOnline,
    playersMax: server.playersMax,
  };
}

/** A rejected query parameter: the JSON error body the route answers with status 400. */
export interface BadgeQueryError {
  /** snake_case error code. */
  code: 'invalid_parameter';
  /** Sentence naming the parameter, the allowed values and what was received. */
  message: string;
}

function pick<T extends string>(
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
): T | BadgeQueryError {
  const fallback = allowed[0] as T;
  if (raw === undefined) return fallback;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  return {
    code: 'invalid_parameter',
    message: `${name} must be one of ${allowed.join(', ')} (default ${fallback}); got ${JSON.stringify(raw.slice(0, 40))}`,
  };
}

/** Reads style/theme/lang from a query, applying the defaults button/light/en. */
export function parseBadgeQuery(query: Record<string, string | undefined>): BadgeOptions | BadgeQueryError {
  const style = pick('style', query.style, BADGE_STYLES);
  if (typeof style === 'object') return style;
  const theme = pick('theme', query.theme, BADGE_THEMES);
  if (typeof theme === 'object') return theme;
  const lang = pick('lang', query.lang, BADGE_LANGS);
  if (typeof lang === 'object') return lang;
  return { style, theme, lang };
}

/** True when an `If-None-Match` header value matches `etag` (weak comparison, lists and `*`). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => tag === '*' || tag.replace(/^W\//, '') === bare);
}

const SERVER_FILE = /^([1-9][0-9]{0,14})\.png$/;

/**
 * `GET /badge/:id.png`: the PNG badge, no key, cached 5 minutes per (server, style, theme, lang); only those
 * validated values form the cache key, and renders beyond the budget answer 503 `badge_busy`.
 */
export function createBadgeRoutes(deps: BadgeRouteDeps): Hono {
  const cache =
    deps.badgeCache ??
    createBadgeCache({ now: deps.now, ttlMs: BADGE_TTL_MS, maxEntries: 512, maxBytes: 16 << 20 });
  const budget =
    deps.renderBudget ??
    createRenderBudget({ now: deps.now, perSecond: BADGE_RENDERS_PER_SECOND, burst: BADGE_RENDER_BURST });
  const dataOf = 'badgeData' in deps ? deps.badgeData : (id: number) => loadBadgeData(deps.store, id);
  const notFound = new Map<string, Buffer>();
  const notFoundPng = (theme: BadgeTheme, lang: BadgeLang): Buffer => {
    const key = `${theme}:${lang}`;
    let png = notFound.get(key);
    if (!png) {
      png = svgToPng(renderNotFoundSvg({ theme, lang }));
      notFound.set(key, png);
    }
    return png;
  };

  const app = new Hono();
  app.get('/badge/:file{.+\\.png}', (c) => {
    const options = parseBadgeQuery(c.req.query());
    if ('code' in options) return c.json({ error: options }, 400);

    const match = SERVER_FILE.exec(c.req.param('file'));
    if (!match) {
      return c.json(
        {
          error: {
            code: 'invalid_server_id',
            message: 'the badge path must be /badge/<server_id>.png with a positive integer server id',
          },
        },
        400,
      );
    }
    const serverId = Number(match[1]);
    const key = `${serverId}:${options.style}:${options.theme}:${options.lang}`;

    let entry = cache.get(key);
    if (!entry) {
      // Checked before the data is read, so a flood of uncached variants costs neither a render nor a query.
      if (!budget.available()) {
        const wait = budget.retryAfterSeconds();
        const body = {
          error: {
            code: 'badge_busy',
            message: `too many badges drawn in the last seconds; retry in ${wait} s (cached badges are still served)`,
          },
        };
        return new Response(JSON.stringify(body), {
          status: 503,
          headers: {
            'content-type': 'application/json',
            'retry-after': String(wait),
            'cache-control': 'no-store',
          },
        });
      }
      const data = dataOf(serverId);
      if (!data) {
        return c.body(new Uint8Array(notFoundPng(options.theme, options.lang)), 404, {
          'Content-Type': 'image/png',
          'Cache-Control': 'no-cache',
        });
      }
      budget.take();
      const png = renderBadgePng(data, options);
      entry = {
        png,
        etag: `"${createHash('sha256').update(png).digest('base64url').slice(0, 27)}"`,
        renderedAt: deps.now(),
      };
      cache.set(key, entry);
    }

    // Plain header objects and a view of the cached PNG (no copy) keep cache hits on @hono/node-server's fast path.
    const headers = { etag: entry.etag, 'cache-control': BADGE_CACHE_CONTROL };
    if (matchesIfNoneMatch(c.req.header('If-None-Match'), entry.etag)) {
      return new Response(null, { status: 304, headers });
    }
    const body = new Uint8Array(entry.png.buffer as ArrayBuffer, entry.png.byteOffset, entry.png.byteLength);
    return new Response(body, { status: 200, headers: { ...headers, 'content-type': 'image/png' } });
  });
  return app;
}

const ETAG_HEADER = header('hash of the PNG; send it back as If-None-Match', {
  type: 'string',
  pattern: '^"[A-Za-z0-9_-]{27}"$',
});
const CACHE_HEADER = header('the badge is drawn again at most every 5 minutes', {
  type: 'string',
  const: BADGE_CACHE_CONTROL,
});
const PNG = binaryContent('image/png');

/** Documents `GET /badge/{server_id}.png` in the app's OpenAPI registry (the route itself is plain Hono). */
export function registerBadgeDoc(registry: OpenAPIHono['openAPIRegistry']): void {
  const choice = (name: string, values: readonly string[], description: string) => ({
    name,
    in: 'query' as const,
    required: false,
    description: `${description}; default ${values[0]}`,
    schema: { type: 'string' as const, enum: [...values], default: values[0] },
  });
  registry.registerPath({
    method: 'get',
    path: '/badge/{server_id}.png',
    operationId: 'getBadge',
    tags: ['badge'],
    summary: 'A PNG badge of the server: rank, monthly votes, players',
    description: `No key. Sizes: button 300×60, stats 360×110, mini 240×24. Cached ${BADGE_TTL_MS / 60_000} minutes per (server, style, theme, lang); only these values form the cache key. Beyond ${BADGE_RENDER_BURST} renders at once and ${BADGE_RENDERS_PER_SECOND} per second, uncached badges answer 503 badge_busy while cached ones are still served.`,
    parameters: [
      {
        name: 'server_id',
        in: 'path',
        required: true,
        description: 'the server’s id (a positive integer)',
        schema: { type: 'integer', minimum: 1, maximum: 999_999_999_999_999 },
        example: 1,
      },
      choice('style', BADGE_STYLES, 'layout'),
      choice('theme', BADGE_THEMES, 'colours'),
      choice('lang', BADGE_LANGS, 'language of words and numbers'),
    ],
    responses: {
      200: response('the badge', { ETag: ETAG_HEADER, 'Cache-Control': CACHE_HEADER }, PNG),
      304: response('If-None-Match matched: the cached badge is still the current one', {
        ETag: ETAG_HEADER,
        'Cache-Control': CACHE_HEADER,
      }),
      400: errorResponse(
        'a query parameter has an unknown value, or the id is not a positive integer',
        ['invalid_parameter', 'invalid_server_id'],
        'style must be one of button, stats, mini (default button); got "huge"',
      ),
      404: response(
        'no server has this id: a small "server not found" badge (240×24)',
        { 'Cache-Control': header('not cached', { type: 'string', const: 'no-cache' }) },
        PNG,
      ),
      503: errorResponse(
        'too many uncached badges drawn in the last seconds',
        ['badge_busy'],
        'too many badges drawn in the last seconds; retry in 1 s (cached badges are still served)',
        {
          'Retry-After': retryAfterHeader('seconds until a render is available', 60),
          'Cache-Control': header('not cached', { type: 'string', const: 'no-store' }),
        },
      ),
      default: INJECTED_FAULT,
    },
  });
}
