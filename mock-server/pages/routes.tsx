import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { HTTPException } from 'hono/http-exception';
import type { Child } from 'hono/jsx';
import { languageDetector } from 'hono/language';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type ServerRecord, type Store, USERNAME_MAX_LENGTH, validateUsername } from '../db';
import { IN_PROCESS_CLIENT, clientIp as socketIp, UNKNOWN_PEER } from '../middleware/client-ip';
import { createHostAllowList, type HostAllowList } from '../middleware/host-allow-list';
import type { ControlRoute } from '../routes/admin';
import { createDashboardGuard, type PageKit, registerDashboardRoutes } from './dashboard-routes';
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
  /** Why others can reach the mock, when they can: without a token the dashboard then refuses everyone. */
  exposedBy?: string | undefined;
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

/** The site's Hono environment: the language the detector chose. */
export type SiteEnv = { Variables: { language: string } };

export { DASHBOARD_COOKIE } from './dashboard-routes';

/** Largest accepted form body, bytes. */
export const FORM_MAX_BYTES = 8 * 1024;

/** Headers of every page: no other site may frame it (clickjacking of the dashboard's buttons). */
export const PAGE_FRAME_HEADERS = {
  'Content-Security-Policy': "frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
} as const;

const SERVER_ID = /^[1-9][0-9]{0,14}$/;

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
  const kit: PageKit = { page, errorPage, loadServer, langOf };
  app.use('/dashboard/*', createDashboardGuard(deps, kit, clientIp, hosts));
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

  registerDashboardRoutes(app, deps, kit);
  return app;
}
