import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { TrieRouter } from 'hono/router/trie-router';
import { createBadgeRoutes, registerBadgeDoc } from './badge/routes';
import type { CheckMode, Store } from './db';
import { createWebhookAdminRoutes } from './discord/admin-routes';
import { registerDiscordDoc } from './discord/doc';
import { createWebhookRateLimiter } from './discord/rate-limit';
import { createDiscordRoutes, DISCORD_WEBHOOK_PREFIX } from './discord/routes';
import { ApiError, sendError } from './errors';
import type { AdminOptions } from './middleware/admin-guard';
import { createFaultRegistry, type FaultRegistry, faultInjection } from './middleware/faults';
import { createHostAllowList, type HostAllowList } from './middleware/host-allow-list';
import { createSlidingWindowLimiter, type SlidingWindowLimiter } from './middleware/rate-limit';
import { SECURITY_SCHEMES } from './openapi/contract';
import { validationHook } from './openapi/validation';
import { createSiteRoutes } from './pages/routes';
import { controlRoutes, createAdminRoutes } from './routes/admin';
import { createApiRoutes } from './routes/api';
import { createDocsRoutes } from './routes/docs';
import { createHealthRoutes } from './routes/health';
import { createSiteEmulations, SITE_CONTROL_ROUTES } from './sites';

export { adminGuard } from './middleware/admin-guard';

/** Everything the app needs; no singletons, nothing listens. */
export interface AppDeps {
  /** Data access (see `createStore`). */
  store: Store;
  /** Clock, ms since the epoch. */
  now: () => number;
  /** Rule of `/vote/check`: `unclaimed` (spec variant B, default) or `last24h` (variant A). */
  checkMode: CheckMode;
  /** Requests allowed per key (or per client IP for bad keys) in any rolling 60 s. */
  rateLimit: number;
  /** Control API access: `--no-admin` and `MOCK_ADMIN_TOKEN`. */
  admin: AdminOptions;
  /** Time between two votes of one username or one IP for one server on the vote page (ms, default 2 h). */
  voteCooldownMs: number;
  /** Public base URL (for links in pages and badges); absent in process. */
  baseUrl?: string;
  /** Hosts the control API and the dashboard answer; by default loopback names on any port (in process). */
  hosts?: HostAllowList;
  /** Mount the listing-site emulations under `/sites/<kind>` and `/__admin/sites` (`--sites`; default off). */
  sites?: boolean;
}

/** The app plus the handles tests and the CLI use. */
export type MockApp = OpenAPIHono & {
  /** The faults registry behind `/__admin/faults`. */
  faults: FaultRegistry;
  /** The `/api/v1` limiter. */
  limiter: SlidingWindowLimiter;
};

/** The OpenAPI document's metadata, with the settings of this instance. */
function openApiInfo(deps: AppDeps) {
  const admin = !deps.admin.enabled
    ? 'disabled (--no-admin): its routes answer 404 admin_disabled'
    : deps.admin.token
      ? 'open to any address with the MOCK_ADMIN_TOKEN bearer token'
      : 'open to loopback clients without a credential (MOCK_ADMIN_TOKEN is not set)';
  return {
    title: 'Vote Verification and Reward API (mock)',
    version: '1.0.0',
    contact: { name: 'vote-reward', url: 'https://github.com/vote-reward/vote-reward' },
    license: { name: 'MIT', identifier: 'MIT' },
    description: [
      'Mock of the Vote API v1: the four `/api/v1` routes of the spec, the badge, `/health`, a Discord-compatible webhook sink (`/webhooks/discord`) and the control API (`/__admin`) that tests and demos use to arrange data and inject faults.',
      '',
      `**This instance:** rate limit ${deps.rateLimit} requests per key in any rolling 60 s (\`--rate-limit\`; bad keys are limited per client IP), check mode \`${deps.checkMode}\` (\`--check-mode\`), control API ${admin}.`,
      '',
      'Every error answers `{ "error": { "code", "message" } }`; each operation lists its codes. Every `/api/v1` answer carries `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; a 429 adds `Retry-After`. An unknown path answers 404 `not_found`, a known path with another method 405 `method_not_allowed` with `Allow`.',
      '',
      'The HTML pages (`/`, `/servers`, `/servers/{id}`, `/servers/{id}/vote`, the owner dashboard under `/dashboard`, `/__admin` and this reference at `/docs`) are for people and not part of the contract.',
    ].join('\n'),
  };
}

const TAGS = [
  { name: 'votes', description: 'Check and claim a player’s vote, count the server’s votes (API key)' },
  { name: 'server', description: 'The key’s server (API key)' },
  { name: 'badge', description: 'PNG badges for a server’s web page (public)' },
  { name: 'health', description: 'Liveness (public)' },
  {
    name: 'discord',
    description:
      'A Discord-compatible webhook sink (no key: the URL is the credential): Discord’s limits, error bodies and rate limit, so the resource’s Discord messages can be seen locally.',
  },
  {
    name: 'control',
    description:
      'The mock’s control API: servers, keys, votes, faults, reset. Loopback only, or the MOCK_ADMIN_TOKEN bearer token; writes need Content-Type: application/json.',
  },
];

/** Builds the whole mock: `/api/v1`, `/__admin`, `/openapi.json`, `/docs`, `/health` (and B's badge and pages). */
export function createApp(deps: AppDeps): MockApp {
  const faults = createFaultRegistry();
  const limiter = createSlidingWindowLimiter({ limit: deps.rateLimit, now: deps.now });
  const hosts = deps.hosts ?? createHostAllowList();
  const webhookLimiter = createWebhookRateLimiter({ now: deps.now });
  const app = new OpenAPIHono({ defaultHook: validationHook }) as MockApp;
  app.faults = faults;
  app.limiter = limiter;

  // The webhook sink applies faults itself, answered in Discord's shapes.
  app.use('*', faultInjection(faults, ['/__admin', DISCORD_WEBHOOK_PREFIX]));

  app.route(
    '/',
    createApiRoutes({ store: deps.store, checkMode: deps.checkMode, limiter, rateLimit: deps.rateLimit }),
  );
  app.route(
    '/',
    createAdminRoutes({
      store: deps.store,
      now: deps.now,
      admin: deps.admin,
      faults,
      limiter,
      hosts,
      webhookLimiter,
    }),
  );
  app.route(
    '/',
    createWebhookAdminRoutes({
      store: deps.store,
      admin: deps.admin,
      hosts,
      ...(deps.baseUrl === undefined ? {} : { baseUrl: deps.baseUrl }),
    }),
  );
  app.route('/', createDiscordRoutes({ store: deps.store, faults, limiter: webhookLimiter, now: deps.now }));
  app.route('/', createHealthRoutes(deps));
  app.route('/', createDocsRoutes());
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent('securitySchemes', name, scheme);
  }
  registerBadgeDoc(app.openAPIRegistry);
  registerDiscordDoc(app.openAPIRegistry);
  // Relative: "Try it out" then calls the origin the reference was opened from (localhost, 127.0.0.1, a LAN name).
  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: openApiInfo(deps),
    servers: [{ url: '/', description: 'this mock, at the address the document was read from' }],
    tags: TAGS,
  });

  if (deps.sites)
    app.route(
      '/',
      createSiteEmulations({ store: deps.store.sites, now: deps.now, admin: deps.admin, hosts }),
    );

  // The badge and the site pages.
  app.route('/', createBadgeRoutes(deps));
  app.route(
    '/',
    createSiteRoutes({
      ...deps,
      hosts,
      controlRoutes: () => [
        ...controlRoutes(app.openAPIRegistry),
        ...(deps.sites ? SITE_CONTROL_ROUTES : []),
      ],
    }),
  );

  const methodsOf = allowedMethods(app);
  app.notFound((c) => {
    const allowed = methodsOf(c.req.path).filter((m) => m !== c.req.method);
    if (allowed.length > 0) {
      return sendError(
        c,
        405,
        'method_not_allowed',
        `${c.req.method} is not allowed on ${c.req.path}; use ${allowed.join(', ')}`,
        {
          Allow: allowed.join(', '),
        },
      );
    }
    return sendError(c, 404, 'not_found', `no route ${c.req.method} ${truncate(c.req.path)}`);
  });
  app.onError((error, c) => renderError(error, c));
  return app;
}

function truncate(value: string): string {
  return value.length > 200 ? `${value.slice(0, 200)}…` : value;
}

/** Maps anything thrown to the JSON error shape; unknown errors become 500 without details. */
function renderError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return sendError(c, error.status, error.code, error.message, error.headers);
  if (error instanceof HTTPException) {
    const status = error.status;
    // Hono's body validator throws this for a body that does not parse; answer it like the API routes do.
    if (status === 400 && /malformed json/i.test(error.message)) {
      return sendError(c, 400, 'invalid_json', 'the body is not valid JSON');
    }
    const code = status === 413 ? 'payload_too_large' : status === 400 ? 'bad_request' : 'http_error';
    return sendError(c, status as 400, code, error.message || 'the request could not be handled');
  }
  console.error('[mock] unhandled error', error);
  return sendError(c, 500, 'internal_error', 'the mock failed to handle the request; see its log');
}

/** Methods registered for a path, computed lazily from the app's routes so later mounts count too. */
function allowedMethods(app: OpenAPIHono): (path: string) => string[] {
  let router: TrieRouter<string> | undefined;
  let routeCount = -1;
  return (path) => {
    if (!router || routeCount !== app.routes.length) {
      router = new TrieRouter<string>();
      for (const route of app.routes) {
        // Middleware is registered under wildcard paths (or method ALL); only real endpoints count.
        if (route.method !== 'ALL' && !route.path.includes('*')) router.add('ALL', route.path, route.method);
      }
      routeCount = app.routes.length;
    }
    const methods = new Set(router.match('GET', path)[0].map(([method]) => method));
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods];
  };
}
