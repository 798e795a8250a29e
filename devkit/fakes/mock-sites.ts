import { createRateBudget } from '../../src/api/rate-budget';
import { findSite } from '../../src/sites/registry';
import type { IdentityKind, SiteAdapter, SiteKind } from '../../src/sites/types';
import { createMockVoteApi, type MockVoteApi } from './mock-transport';

/** The base URL adapters use for the in-process mock (any host: the transport only keeps the path). */
export const MOCK_SITES_URL = 'http://mock.test';

/** One emulated site as `GET /__admin/sites` lists it. */
export interface EmulatedSite {
  kind: string;
  label: string;
  identities: IdentityKind[];
  base_path: string;
  key: string;
  votes: number;
}

/** The real mock with `--sites`, and helpers to build adapters against it and arrange votes through its control API. */
export interface SitesWorld {
  /** The mock (also the transport every adapter sends through). */
  readonly mock: MockVoteApi;
  /** The emulated site's settings, read from `GET /__admin/sites`. */
  site(kind: SiteKind): Promise<EmulatedSite>;
  /** The registered adapter of `kind`, built against its emulation (`key` overrides the emulation's key). */
  adapter(kind: SiteKind, identity?: IdentityKind, key?: string): Promise<SiteAdapter>;
  /** Casts a vote through `POST /__admin/sites/<kind>/votes` (default: now). */
  cast(
    kind: SiteKind,
    identityKind: IdentityKind,
    identity: string,
    votedAt?: number,
    username?: string,
  ): Promise<void>;
  /** Takes every route of the site down with `status` (default 503) through `/__admin/faults`, `times` requests. */
  down(kind: SiteKind, status?: number, times?: number): Promise<void>;
  /** Closes the mock's database. */
  close(): void;
}

/** Builds the sites world over a fresh mock sharing the tests' clock. */
export function createSitesWorld(options: { now: () => number }): SitesWorld {
  const { now } = options;
  const mock = createMockVoteApi({ now, sites: true });
  const control = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    const response = await mock.app.request(path, init);
    const text = await response.text();
    if (!response.ok) throw new Error(`control API ${method} ${path} answered ${response.status}: ${text}`);
    return JSON.parse(text);
  };
  const world: SitesWorld = {
    mock,
    async site(kind) {
      const { sites } = (await control('GET', '/__admin/sites')) as { sites: EmulatedSite[] };
      const found = sites.find((site) => site.kind === kind);
      if (!found) throw new Error(`the mock emulates no site ${kind}`);
      return found;
    },
    async adapter(kind, identity, key) {
      const descriptor = findSite(kind);
      if (!descriptor) throw new Error(`no adapter for ${kind}`);
      const emulated = await world.site(kind);
      return descriptor.create(
        { key: key ?? emulated.key, identity, baseUrl: `${MOCK_SITES_URL}${emulated.base_path}` },
        {
          transport: mock,
          now,
          budget: createRateBudget({ limit: descriptor.rateLimit.perMinute, now, random: () => 0 }),
        },
      );
    },
    async cast(kind, identityKind, identity, votedAt, username) {
      await control('POST', `/__admin/sites/${kind}/votes`, {
        identity_kind: identityKind,
        identity,
        ...(votedAt === undefined ? {} : { voted_at: votedAt }),
        ...(username === undefined ? {} : { username }),
      });
    },
    async down(kind, status = 503, times) {
      await mock.fault({ route: `/sites/${kind}/*`, status, ...(times === undefined ? {} : { times }) });
    },
    close: () => mock.close(),
  };
  return world;
}
