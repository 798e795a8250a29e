import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { getCookie, setCookie } from 'hono/cookie';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { Child } from 'hono/jsx';
import { languageDetector } from 'hono/language';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ServerRecord, type Store, USERNAME_MAX_LENGTH, validateUsername } from '../db';
import { IN_PROCESS_CLIENT, isLoopback, clientIp as socketIp, UNKNOWN_PEER } from '../middleware/client-ip';
import { createHostAllowList, foreignHost, type HostAllowList } from '../middleware/host-allow-list';
import type { ControlRoute } from '../routes/admin';
import { IntegrationsView, RECENT_VOTES_LIMIT, RevokeConfirmView } from './dashboard-views';
import { ErrorCard, Layout } from './layout';
import { formatTime, formatWait, type SiteErrorCode, type SiteLang, siteMessages } from './messages';
import { AdminView, ServerListView, ServerView, type VoteOutcome, VoteView } from './views';
import { visibleText } from './visible-text';

/**
 * Who may use the owner dashboard; the control API's rule (`--no-admin`, `MOCK_ADMIN_TOKEN`, else loopback
 * clients only), with the token given once in `?token=` and then kept in an HttpOnly cookie.
 */
export interface DashboardAccess {
  /** False with `--no-admin`: the dashboard answers 404. */
  enabled: boolean;
  /** When set, the dashboard needs this token; when unset, only loopback clients may use it. */
  token?: string | undefined;
}

/** What the site pages need. */
export interface SiteDeps {
  /** The mock's data. */
  store: Store;
  /** Clock in ms since the epoch. */
  now: () => number;
  /** One vote per username and per IP per server within this many ms (`--vote-cooldown`). */
  voteCooldownMs: number;
  /** Dashboard access rule. */
  admin: DashboardAccess;
  /** Public base URL written into embed snippets; by default the origin of the request. */
  baseUrl?: string | undefined;
  /** Peer address of a request; by default the socket's remote address (`in-process` in `app.request()`). */
  clientIp?: ((c: Context) => string) | undefined;
  /** Hosts the dashboard answers; by default loopback names on any port. */
  hosts?: HostAllowList | undefined;
  /** The control-API routes `/__admin` lists (`controlRoutes` of the whole app); none by default. */
  controlRoutes?: (() => readonly ControlRoute[]) | undefined;
}

type SiteEnv = { Variables: { language: string } };

/** Name of the cookie that carries dashboard access when `MOCK_ADMIN_TOKEN` is set. */
export const DASHBOARD_COOKIE = 'mock_dashboard';
/** Largest accepted form body, bytes. */
export const FORM_MAX_BYTES = 8 * 1024;

/** Headers of every page: no other site may frame it (clickjacking of the dashboard's buttons). */
export const PAGE_FRAME_HEADERS = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
} as const;

const SERVER_ID = /^[1-9][0-9]{0,14}$/;

/** How long a freshly generated key waits to be shown once after the redirect, ms. */
const NEW_KEY_SHOW_MS = 10 * 60_000;

/** A server record with every text field made safe to show. */
function visibleServer<T extends ServerRecord>(server: T): T {
  return {
    ...server,
    name: visibleText(server.name),
    game: visibleText(server.game),
    ip: visibleText(server.ip),
    description: visibleText(server.description),
  };
}

function sameSecret(a: string, b: string): boolean {
  const left = createHash('sha256').update(a).digest();
  const right = createHash('sha256').update(b).digest();
  return timingSafeEqual(left, right);
}

/** Explains why a username is refused, in the page language. */
function usernameProblem(raw: string, lang: SiteLang): string {
  const trimmed = raw.trim();
  const length = [...trimmed].length;
  if (length === 0) return lang === 'fr' ? 'Le pseudo est vide.' : 'The name is empty.';
  if (length > USERNAME_MAX_LENGTH) {
    return lang === 'fr'
      ? `Le pseudo fait ${length} caractères ; le maximum est ${USERNAME_MAX_LENGTH}.`
      : `The name has ${length} characters; at most ${USERNAME_MAX_LENGTH} are allowed.`;
  }
  return lang === 'fr'
    ? 'Le pseudo contient des caractères de contrôle.'
    : 'The name contains control characters.';
}

/**
 * The site pages: `/servers`, `/servers/:id`, `/servers/:id/vote` and the owner's
 * `/dashboard/servers/:id/integrations`, server-rendered in English or French (`?lang=`, then Accept-Language).
 */
export function createSiteRoutes(deps: SiteDeps): Hono<SiteEnv> {
  if (!Number.isFinite(deps.voteCooldownMs) || deps.voteCooldownMs < 0) {
    throw new RangeError(`voteCooldownMs must be a number >= 0, got ${String(deps.voteCooldownMs)}`);
  }
  const clientIp = deps.clientIp ?? socketIp;
  const hosts = deps.hosts ?? createHostAllowList();
  const csrfSecret = randomBytes(32);
  const csrfToken = (serverId: number): string =>
    createHmac('sha256', csrfSecret).update(`integrations:${serverId}`).digest('base64url');
  const dashboardCookie = deps.admin.token
    ? createHash('sha256').update(`vote-reward-dashboard:${deps.admin.token}`).digest('base64url')
    : undefined;

  const app = new Hono<SiteEnv>();
  const langOf = (c: Context<SiteEnv>): SiteLang => (c.get('language') === 'fr' ? 'fr' : 'en');

  const page = (c: Context<SiteEnv>, status: ContentfulStatusCode, title: string, body: Child) => {
    const lang = langOf(c);
    const html = (
      <Layout lang={lang} title={title} path={c.req.path}>
        {body}
      </Layout>
    );
    return c.html(`<!doctype html>${html.toString()}`, status, PAGE_FRAME_HEADERS);
  };

  const errorPage = (
    c: Context<SiteEnv>,
    status: ContentfulStatusCode,
    code: SiteErrorCode,
    detail?: string,
  ) => {
    const lang = langOf(c);
    const t = siteMessages(lang);
    c.header('X-Error-Code', code);
    return page(c, status, t.errorTitle, <ErrorCard lang={lang} message={t.errors[code]} detail={detail} />);
  };

  /** Resolves `:id` to a server, or answers the error page. */
  const loadServer = (c: Context<SiteEnv>): ServerRecord | Response => {
    const raw = c.req.param('id') ?? '';
    if (!SERVER_ID.test(raw)) return errorPage(c, 400, 'invalid_server_id', `"${raw.slice(0, 32)}"`);
    const server = deps.store.servers.get(Number(raw));
    return server ? visibleServer(server) : errorPage(c, 404, 'server_not_found', `#${raw}`);
  };

  /** hono's `csrf()` (Origin / Sec-Fetch-Site) with its bare-text 403 turned into a readable page. */
  const originGuard = (): MiddlewareHandler<SiteEnv> => {
    const checkOrigin = csrf();
    return async (c, next) => {
      let reachedNext = false;
      try {
        await checkOrigin(c, () => {
          reachedNext = true;
          return next();
        });
      } catch (error) {
        if (!reachedNext && error instanceof HTTPException && error.status === 403) {
          return errorPage(c, 403, 'csrf_rejected');
        }
        throw error;
      }
    };
  };

  const dashboardGuard: MiddlewareHandler<SiteEnv> = async (c, next) => {
    if (!deps.admin.enabled) return errorPage(c, 404, 'dashboard_disabled');
    const host = foreignHost(c, hosts);
    if (host !== undefined) return errorPage(c, 403, 'host_not_allowed', `Host: ${host.slice(0, 100)}`);
    if (!dashboardCookie || !deps.admin.token) {
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

  app.use(
    '*',
    languageDetector({
      supportedLanguages: ['en', 'fr'],
      fallbackLanguage: 'en',
      order: ['querystring', 'header'],
      lookupQueryString: 'lang',
      caches: false,
    }),
  );
  app.use('/dashboard/*', dashboardGuard);
  // Only the site's own forms: POSTs elsewhere reach the app's JSON 404/405 (`notFound`).
  const formPaths = [
    '/servers/:id/vote',
    '/dashboard/servers/:id/integrations/keys',
    '/dashboard/servers/:id/integrations/keys/:prefix/revoke',
  ];
  app.on('POST', formPaths, originGuard());
  app.on(
    'POST',
    formPaths,
    bodyLimit({
      maxSize: FORM_MAX_BYTES,
      onError: (c) =>
        errorPage(c as Context<SiteEnv>, 413, 'payload_too_large', `${FORM_MAX_BYTES} bytes max`),
    }),
  );

  // The printed start URL and a bare visit land on the server list.
  app.get('/', (c) => {
    const lang = c.req.query('lang');
    return c.redirect(lang === 'en' || lang === 'fr' ? `/servers?lang=${lang}` : '/servers', 302);
  });

  app.get('/__admin', (c) => {
    const lang = langOf(c);
    return page(
      c,
      200,
      siteMessages(lang).adminTitle,
      <AdminView lang={lang} routes={deps.controlRoutes?.() ?? []} />,
    );
  });

  app.get('/servers', (c) => {
    const lang = langOf(c);
    const servers = deps.store.servers.listRanked({ limit: 100 }).map(visibleServer);
    return page(c, 200, siteMessages(lang).serversTitle, <ServerListView lang={lang} servers={servers} />);
  });

  app.get('/servers/:id', (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const stats = deps.store.servers.getWithStats(server.id)?.stats;
    if (!stats) return errorPage(c, 404, 'server_not_found', `#${server.id}`);
    const base = deps.baseUrl?.replace(/\/+$/, '') ?? new URL(c.req.url).origin;
    return page(
      c,
      200,
      server.name,
      <ServerView lang={langOf(c)} server={server} stats={stats} base={base} />,
    );
  });

  app.get('/servers/:id/vote', (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const lang = langOf(c);
    return page(
      c,
      200,
      siteMessages(lang).voteTitle(server.name),
      <VoteView lang={lang} server={server} outcome={{ kind: 'form' }} />,
    );
  });

  app.post('/servers/:id/vote', async (c) => {
    const server = loadServer(c);
    if (server instanceof Response) return server;
    const lang = langOf(c);
    const t = siteMessages(lang);
    const form = await c.req.parseBody();
    const raw = typeof form.username === 'string' ? form.username : '';
    const voteForm = (status: ContentfulStatusCode, outcome: VoteOutcome, username?: string) =>
      page(
        c,
        status,
        t.voteTitle(server.name),
        <VoteView lang={lang} server={server} outcome={outcome} username={username} />,
      );

    const checked = validateUsername(raw);
    if (!checked.ok) {
      c.header('X-Error-Code', 'invalid_username');
      return voteForm(400, {
        kind: 'error',
        message: t.errors.invalid_username,
        detail: usernameProblem(raw, lang),
      });
    }
    const username = checked.username;
    const peer = clientIp(c);
    if (peer === UNKNOWN_PEER) return errorPage(c, 400, 'unknown_peer');
    const ip = peer === IN_PROCESS_CLIENT ? null : peer.replace(/^::ffff:(?=\d+\.)/, '');
    const now = deps.now();
    const within = (at: number | null) => at !== null && now - at < deps.voteCooldownMs;
    const byName = deps.store.votes.lastBy(server.id, { username });
    const byIp = ip ? deps.store.votes.lastBy(server.id, { ip }) : null;
    // The name's own rule is named first; the address rule is told apart, since it refuses other players too.
    const rule = within(byName) ? 'username' : within(byIp) ? 'ip' : undefined;
    if (rule !== undefined) {
      const nextAt = ((rule === 'username' ? byName : byIp) as number) + deps.voteCooldownMs;
      const wait = formatWait(nextAt - now);
      c.header('Retry-After', String(Math.ceil((nextAt - now) / 1000)));
      c.header('X-Error-Code', 'vote_cooldown');
      c.header('X-Cooldown-Rule', rule);
      const outcome: VoteOutcome =
        rule === 'username'
          ? { kind: 'error', message: t.cooldownName(username, wait, formatTime(nextAt)) }
          : {
              kind: 'error',
              message: t.cooldownIp(formatWait(deps.voteCooldownMs), wait, formatTime(nextAt)),
              detail: t.cooldownHint,
            };
      return voteForm(429, outcome, username);
    }
    deps.store.votes.insert({ serverId: server.id, username, ip, votedAt: now });
    return voteForm(200, { kind: 'voted', username });
  });

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

  return app;
}
