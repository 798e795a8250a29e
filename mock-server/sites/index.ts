/**
 * The listing-site emulations (`--sites` / `VR_MOCK_SITES=1`): each site the resource has an adapter for, played from
 * the same documented facts under `/sites/<kind>/…` on the mock's own port, a vote page each
 * (`/sites/<kind>/vote-page`), plus their control routes under `/__admin/sites`. They are not part of the mock's OpenAPI document, which stays about this project's API.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as z from 'zod';
import type { SiteIdentityKind, SiteStore } from '../db';
import { sendError } from '../errors';
import { type AdminOptions, adminGuard } from '../middleware/admin-guard';
import type { HostAllowList } from '../middleware/host-allow-list';
import type { ControlRoute } from '../routes/admin-shared';
import { type EmulationDeps, type SiteEmulation, siteKey } from './emulation';
import { SERVEUR_PRIVE_EMULATION } from './serveur-prive/routes';
import { TOP_SERVER_EMULATION } from './top-server/routes';
import { TOP_SERVEURS_EMULATION } from './top-serveurs/routes';
import { TOPGSERVERS_EMULATION } from './topgservers/routes';
import { TRACKYSERVER_EMULATION } from './trackyserver/routes';
import { addVotePages, votePageRateLimit } from './vote-page';

export type { SiteEmulation } from './emulation';

/**
 * Largest body the emulated sites and their vote pages read, in bytes: every documented site request is under 1 KiB.
 * A larger one is answered 413 as soon as its `Content-Length` (or, streamed, its first bytes past the limit) says so,
 * before any key is checked, so a huge POST costs the mock nothing.
 */
export const SITE_BODY_LIMIT = 4 * 1024;

/** Every emulated site, one line each. */
export const SITE_EMULATIONS: readonly SiteEmulation[] = [
  TOP_SERVEURS_EMULATION,
  TRACKYSERVER_EMULATION,
  SERVEUR_PRIVE_EMULATION,
  TOP_SERVER_EMULATION,
  TOPGSERVERS_EMULATION,
];

/** What the emulations and their control routes need. */
export interface SiteEmulationDeps {
  store: SiteStore;
  now: () => number;
  admin: AdminOptions;
  hosts: HostAllowList;
}

/** One site as the control API and the start banner show it. */
export interface SiteInfo {
  kind: string;
  label: string;
  identities: readonly SiteIdentityKind[];
  /** The adapter's `baseUrl`, relative to the mock's URL. */
  base_path: string;
  key: string;
  votes: number;
  guesses: readonly string[];
}

/** Every site's settings (its key is made on first use). */
export function siteInfos(deps: EmulationDeps): SiteInfo[] {
  const counts = deps.store.counts();
  return SITE_EMULATIONS.map((site) => ({
    kind: site.kind,
    label: site.label,
    identities: site.identities,
    base_path: site.basePath,
    key: siteKey(deps, site),
    votes: counts[site.kind] ?? 0,
    guesses: site.guesses,
  }));
}

const castBody = z.strictObject({
  identity_kind: z.enum(['name', 'steam64', 'discord', 'ip']),
  identity: z.string().trim().min(1).max(100),
  username: z.string().trim().min(1).max(64).optional(),
  voted_at: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true })]).optional(),
});

const keyBody = z.strictObject({
  key: z
    .string()
    .min(1)
    .max(200)
    .regex(/^[\x21-\x7e]+$/)
    .optional(),
});

const voteJson = (vote: ReturnType<SiteStore['cast']>) => ({
  vote_id: vote.voteId,
  site: vote.site,
  identity_kind: vote.identityKind,
  identity: vote.identity,
  username: vote.username,
  voted_at: new Date(vote.votedAt).toISOString(),
  claimed_at: vote.claimedAt === null ? null : new Date(vote.claimedAt).toISOString(),
});

/** The sites' control routes as the `/__admin` page lists them (they are not in the OpenAPI document). */
export const SITE_CONTROL_ROUTES: readonly ControlRoute[] = [
  ['GET', '/__admin/sites', 'Every emulated site: kind, label, identities, base path, key, votes, guesses'],
  ['POST', '/__admin/sites/{kind}/votes', 'Records a vote on a site by name, SteamID64, Discord id or IP'],
  ['GET', '/__admin/sites/{kind}/votes', "A site's votes, newest first, with when each was claimed"],
  ['POST', '/__admin/sites/{kind}/key', "Replaces a site's key (the old one is then refused)"],
].map(([method, path, summary]) => ({
  method: method as string,
  path: path as string,
  summary: summary as string,
  docs: '/__admin/sites',
}));

/** The emulations under `/sites/<kind>` and their control routes under `/__admin/sites`. */
export function createSiteEmulations(deps: SiteEmulationDeps): Hono {
  const app = new Hono();
  app.use('/sites/*', votePageRateLimit(SITE_EMULATIONS, deps.now));
  app.use(
    '/sites/*',
    bodyLimit({
      maxSize: SITE_BODY_LIMIT,
      onError: (c) =>
        sendError(
          c,
          413,
          'payload_too_large',
          `the emulated sites take bodies of at most ${SITE_BODY_LIMIT} bytes`,
        ),
    }),
  );
  const emulationDeps: EmulationDeps = { store: deps.store, now: deps.now };
  for (const site of SITE_EMULATIONS) app.route(`/sites/${site.kind}`, site.routes(emulationDeps));
  addVotePages(app, SITE_EMULATIONS, deps.store, deps.now);

  const guard = adminGuard({ admin: deps.admin, hosts: deps.hosts });
  app.use('/__admin/sites', guard);
  app.use('/__admin/sites/*', guard);
  const find = (kind: string) => SITE_EMULATIONS.find((site) => site.kind === kind);
  const unknown = (c: Parameters<typeof sendError>[0], kind: string) =>
    sendError(
      c,
      404,
      'site_not_found',
      `no emulated site ${JSON.stringify(kind.slice(0, 40))}; known: ${SITE_EMULATIONS.map((s) => s.kind).join(', ')}`,
    );
  const readBody = async <T extends z.ZodType>(c: Parameters<typeof sendError>[0], schema: T) => {
    let json: unknown;
    try {
      const text = await c.req.text();
      json = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      return {
        ok: false as const,
        response: sendError(c, 400, 'invalid_json', 'the body is not valid JSON'),
      };
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
      return {
        ok: false as const,
        response: sendError(c, 400, 'invalid_body', `${where}${issue?.message ?? 'invalid'}`),
      };
    }
    return { ok: true as const, value: parsed.data as z.output<T> };
  };

  app.get('/__admin/sites', (c) => c.json({ sites: siteInfos(emulationDeps) }));

  app.post('/__admin/sites/:kind/votes', async (c) => {
    const site = find(c.req.param('kind'));
    if (!site) return unknown(c, c.req.param('kind'));
    const body = await readBody(c, castBody);
    if (!body.ok) return body.response;
    const { identity_kind: kind, identity, username, voted_at: at } = body.value;
    if (!site.identities.includes(kind))
      return sendError(
        c,
        400,
        'invalid_body',
        `identity_kind: ${site.label} takes ${site.identities.join(', ')}, not ${kind}`,
      );
    const votedAt = at === undefined ? deps.now() : typeof at === 'number' ? at : Date.parse(at);
    if (votedAt > deps.now()) return sendError(c, 400, 'invalid_body', 'voted_at: may not be in the future');
    const vote = deps.store.cast({
      site: site.kind,
      identityKind: kind,
      identity,
      username: username ?? null,
      votedAt,
    });
    return c.json({ vote: voteJson(vote) }, 201);
  });

  app.get('/__admin/sites/:kind/votes', (c) => {
    const site = find(c.req.param('kind'));
    if (!site) return unknown(c, c.req.param('kind'));
    const kind = c.req.query('identity_kind');
    const identity = c.req.query('identity');
    if (
      (kind === undefined) !== (identity === undefined) ||
      (kind !== undefined && !site.identities.includes(kind as SiteIdentityKind))
    )
      return sendError(
        c,
        400,
        'invalid_parameter',
        `give identity_kind (${site.identities.join(', ')}) and identity together`,
      );
    const filter =
      kind === undefined ? undefined : { kind: kind as SiteIdentityKind, identity: identity as string };
    return c.json({ votes: deps.store.list(site.kind, filter).map(voteJson) });
  });

  app.post('/__admin/sites/:kind/key', async (c) => {
    const site = find(c.req.param('kind'));
    if (!site) return unknown(c, c.req.param('kind'));
    const body = await readBody(c, keyBody);
    if (!body.ok) return body.response;
    const key = body.value.key ?? site.makeKey();
    deps.store.setKey(site.kind, key);
    return c.json({ kind: site.kind, key });
  });
  return app;
}

/** The start banner's lines about the emulated sites (`baseUrl`: the mock's URL). */
export function siteBannerLines(deps: EmulationDeps, baseUrl: string): string[] {
  const lines = ['listing-site emulations (--sites): adapter baseUrl, key, identities'];
  for (const site of siteInfos(deps)) {
    lines.push(
      `  ${site.kind}: ${baseUrl}${site.base_path}  key ${site.key}  (${site.identities.join(', ')})`,
    );
  }
  lines.push(
    `  vote in a browser: ${baseUrl}/sites/<kind>/vote-page (one vote per identity until the site's next-vote time)`,
    `  cast a vote: POST ${baseUrl}/__admin/sites/<kind>/votes {"identity_kind":"name","identity":"Jean"}; take a site down: POST ${baseUrl}/__admin/faults {"route":"/sites/<kind>/*","status":503}`,
  );
  return lines;
}
