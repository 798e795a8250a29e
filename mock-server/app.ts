import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { TrieRouter } from 'hono/router/trie-router';
import { createBadgeRoutes } from './badge/routes';
import type { CheckMode, Store } from './db';
import { ApiError, sendError } from './errors';
import type { AdminOptions } from './middleware/admin-guard';
import { createFaultRegistry, type FaultRegistry, faultInjection } from './middleware/faults';
import { createHostAllowList, type HostAllowList } from './middleware/host-allow-list';
import { createSlidingWindowLimiter, type SlidingWindowLimiter } from './middleware/rate-limit';
import { validationHook } from './openapi/validation';
import { createSiteRoutes } from './pages/routes';
import { createAdminRoutes } from './routes/admin';
import { createApiRoutes } from './routes/api';
import { createDocsRoutes } from './routes/docs';
import { createHealthRoutes } from './routes/health';

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
}

/** The app plus the handles tests and the CLI use. */
export type MockApp = OpenAPIHono & {
  /** The faults registry behind `/__admin/faults`. */
  faults: FaultRegistry;
  /** The `/api/v1` limiter. */
  limiter: SlidingWindowLimiter;
};

/** OpenAPI document metadata. */
const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Vote Verification and Reward API (mock)',
    version: '1.0.0',
    description:
      'Mock of the Vote API v1. Every error answers { "error": { "code", "message" } }. Usernames match case-insensitively (Unicode NFKC + case folding). Rate limit: a sliding window per key; bad keys are limited per client IP.',
  },
};

/** Builds the whole mock: `/api/v1`, `/__admin`, `/openapi.json`, `/docs`, `/health` (and B's badge and pages). */
export function createApp(deps: AppDeps): MockApp {
  const faults = createFaultRegistry();
  const limiter = createSlidingWindowLimiter({ limit: deps.rateLimit, now: deps.now });
  const hosts = deps.hosts ?? createHostAllowList();
  const app = new OpenAPIHono({ defaultHook: validationHook }) as MockApp;
  app.faults = faults;
  app.limiter = limiter;

  app.use('*', faultInjection(faults, '/__admin'));

  app.route('/', createApiRoutes({ store: deps.store, checkMode: deps.checkMode, limiter }));
  app.route(
    '/',
    createAdminRoutes({ store: deps.store, now: deps.now, admin: deps.admin, faults, limiter, hosts }),
  );
  app.route('/', createHealthRoutes(deps));
  app.route('/', createDocsRoutes());
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  app.openAPIRegistry.registerComponent('securitySchemes', 'queryKey', {
    type: 'apiKey',
    in: 'query',
    name: 'key',
  });
  app.doc31('/openapi.json', (c) => ({
    ...OPENAPI_INFO,
    servers: [{ url: deps.baseUrl ?? new URL(c.req.url).origin }],
  }));

  // Engineer B (issue 5): the badge and the site pages.
  app.route('/', createBadgeRoutes(deps));
  app.route('/', createSiteRoutes({ ...deps, hosts }));

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
