/** The owner dashboard: its access rule (loopback or MOCK_ADMIN_TOKEN) and the integrations pages (keys, votes). */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { Child } from 'hono/jsx';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ServerRecord } from '../db';
import { isLoopback, UNKNOWN_PEER } from '../middleware/client-ip';
import { foreignHost, type HostAllowList } from '../middleware/host-allow-list';
import { IntegrationsView, RECENT_VOTES_LIMIT, RevokeConfirmView } from './dashboard-views';
import { type SiteErrorCode, type SiteLang, siteMessages } from './messages';
import type { SiteDeps, SiteEnv } from './routes';

/** Name of the cookie that carries dashboard access when `MOCK_ADMIN_TOKEN` is set. */
export const DASHBOARD_COOKIE = 'mock_dashboard';

/** How long a freshly generated key waits to be shown once after the redirect, ms. */
const NEW_KEY_SHOW_MS = 10 * 60_000;

/** What the site routes lend the dashboard: page rendering, error pages, the `:id` lookup, the page language. */
export interface PageKit {
  /** Answers a page in the site frame. */
  page(c: Context<SiteEnv>, status: ContentfulStatusCode, title: string, body: Child): Response;
  /** Answers a readable error page with `X-Error-Code`. */
  errorPage(
    c: Context<SiteEnv>,
    status: ContentfulStatusCode,
    code: SiteErrorCode,
    detail?: string,
  ): Response;
  /** Resolves `:id` to a server, or answers the error page. */
  loadServer(c: Context<SiteEnv>): ServerRecord | Response;
  /** The page language. */
  langOf(c: Context<SiteEnv>): SiteLang;
}

function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/**
 * The dashboard's access rule: the control API's (`--no-admin`; loopback unless others can reach the mock;
 * `MOCK_ADMIN_TOKEN` once then a cookie).
 */
export function createDashboardGuard(
  deps: Pick<SiteDeps, 'admin'>,
  kit: Pick<PageKit, 'errorPage'>,
  clientIp: (c: Context) => string,
  hosts: HostAllowList,
): MiddlewareHandler<SiteEnv> {
  const { errorPage } = kit;
  const dashboardCookie = deps.admin.token
    ? createHash('sha256').update(`vote-reward-dashboard:${deps.admin.token}`).digest('base64url')
    : undefined;
  return async (c, next) => {
    if (!deps.admin.enabled) return errorPage(c, 404, 'dashboard_disabled');
    const host = foreignHost(c, hosts);
    if (host !== undefined) return errorPage(c, 403, 'host_not_allowed', `Host: ${host.slice(0, 100)}`);
    if (!dashboardCookie || !deps.admin.token) {
      // Behind a same-host proxy every client is loopback: a mock others can reach needs the token.
      if (deps.admin.exposedBy !== undefined) return errorPage(c, 403, 'dashboard_token_needed');
      const peer = clientIp(c);
      if (peer === UNKNOWN_PEER) return errorPage(c, 403, 'unknown_peer');
      return isLoopback(peer) ? next() : errorPage(c, 403, 'dashboard_loopback_only');
    }
    const presented = c.req.query('token');
    if (presented !== undefined) {
      if (!sameSecret(presented, deps.admin.token)) return errorPage(c, 401, 'admin_token_required');
      setCookie(c, DASHBOARD_COOKIE, dashboardCookie, {
        path: '/dashboard',
        httpOnly: true,
        sameSite: 'Strict',
      });
      const url = new URL(c.req.url);
      url.searchParams.delete('token');
      return c.redirect(`${url.pathname}${url.search}`, 303);
    }
    const cookie = getCookie(c, DASHBOARD_COOKIE);
    if (cookie !== undefined && sameSecret(cookie, dashboardCookie)) return next();
    return errorPage(c, 401, 'admin_token_required');
  };
}

/** Adds the integrations page (keys and recent votes), key generation and revocation to `app`. */
export function registerDashboardRoutes(app: Hono<SiteEnv>, deps: SiteDeps, kit: PageKit): void {
  const { page, errorPage, loadServer, langOf } = kit;
  const csrfSecret = randomBytes(32);
  const csrfToken = (serverId: number): string =>
    createHmac('sha256', csrfSecret).update(`integrations:${serverId}`).digest('base64url');

  const integrations = (
    c: Context<SiteEnv>,
    server: ServerRecord,
    status: ContentfulStatusCode,
    extra: { newKey?: string; notice?: string } = {},
  ) => {
    const lang = langOf(c);
    return page(
      c,
      status,
      `${siteMessages(lang).integrationsTitle} · ${server.name}`,
      <IntegrationsView
        lang={lang}
        server={server}
        keys={deps.store.keys.list(server.id)}
        votes={deps.store.votes.recent(server.id, RECENT_VOTES_LIMIT)}
        csrfToken={csrfToken(server.id)}
        {...extra}
      />,
    );
  };

  /** Checks the form's CSRF token for this server; undefined when it is valid. */
  const rejectBadToken = async (c: Context<SiteEnv>, server: ServerRecord): Promise<Response | undefined> => {
    const form = await c.req.parseBody();
    const token = typeof form.csrf === 'string' ? form.csrf : '';
    return sameSecret(token, csrfToken(server.id)) ? undefined : errorPage(c, 403, 'csrf_rejected');
  };

  /** Fresh keys waiting for the redirect that shows them once, by a random id put in the URL. */
  const freshKeys = new Map<string, { serverId: number; key: string; until: number }>();
  const keepFreshKey = (serverId: number, key: string): string => {
    const now = deps.now();
    for (const [id, entry] of freshKeys) if (entry.until <= now) freshKeys.delete(id);
    const id = randomBytes(18).toString('base64url');
    freshKeys.set(id, { serverId, key, until: now + NEW_KEY_SHOW_MS });
    return id;
  };
  const takeFreshKey = (serverId: number, id: string | undefined): string | undefined => {
    const entry = id === undefined ? undefined : freshKeys.get(id);
    if (!entry || entry.serverId !== serverId || entry.until <= deps.now()) return undefined;
    freshKeys.delete(id as string);
    return entry.key;
  };
  const integrationsUrl = (c: Context<SiteEnv>, server: ServerRecord, extra: Record<string, string> = {}) =>
    `/dashboard/servers/${server.id}/integrations?${new URLSearchParams({ lang: langOf(c), ...extra })}`;

  app.get('/dashboard/servers/:id/integrations', (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const newKey = takeFreshKey(server.id, c.req.query('created'));
    const revokedPrefix = c.req.query('revoked');
    const revoked =
      revokedPrefix === undefined
        ? undefined
        : deps.store.keys
            .list(server.id)
            .find((key) => key.prefix === revokedPrefix && key.revokedAt !== null);
    const t = siteMessages(langOf(c));
    return integrations(c, server, 200, {
      ...(newKey ? { newKey } : {}),
      ...(revoked ? { notice: t.revokedNotice(revoked.masked) } : {}),
    });
  });

  // Post/Redirect/Get: reloading the page after generating a key shows the list, never makes another key.
  app.post('/dashboard/servers/:id/integrations/keys', async (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const rejected = await rejectBadToken(c, server);
    if (rejected) return rejected;
    const created = deps.store.keys.create(server.id);
    return c.redirect(integrationsUrl(c, server, { created: keepFreshKey(server.id, created.key) }), 303);
  });

  app.get('/dashboard/servers/:id/integrations/keys/:prefix/revoke', (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const prefix = c.req.param('prefix');
    const key = deps.store.keys.list(server.id).find((k) => k.prefix === prefix && k.revokedAt === null);
    if (!key) return errorPage(c, 404, 'key_not_found', prefix.slice(0, 40));
    const lang = langOf(c);
    return page(
      c,
      200,
      siteMessages(lang).revokeConfirmTitle(key.masked),
      <RevokeConfirmView lang={lang} server={server} keyRecord={key} csrfToken={csrfToken(server.id)} />,
    );
  });

  app.post('/dashboard/servers/:id/integrations/keys/:prefix/revoke', async (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const rejected = await rejectBadToken(c, server);
    if (rejected) return rejected;
    const prefix = c.req.param('prefix');
    const owned = deps.store.keys.list(server.id).find((key) => key.prefix === prefix);
    if (!owned) return errorPage(c, 404, 'key_not_found', prefix.slice(0, 40));
    deps.store.keys.revoke(prefix);
    return c.redirect(integrationsUrl(c, server, { revoked: prefix }), 303);
  });
}
