/**
 * A server claiming on several sites: the production composition (composeResource) over the fake runtime, the mock
 * API as the seed, fake sites (one per claim model) standing in for the configured ones, and the paying fake
 * adapter. A restart is a new world over a snapshot of the KVP; a crash is a KVP write that throws, after which the
 * dead server writes nothing more.
 */
import { composeResource, type Running } from '../../src/compose';
import { loadConfig } from '../../src/config/load';
import type { ResourceConfig } from '../../src/config/schema';
import { siteKeyConvarOf } from '../../src/config/sites';
import type { BuiltSite } from '../../src/multisite/build';
import { createEsxAdapter } from '../../src/rewards/esx';
import type { RewardAdapter } from '../../src/rewards/types';
import type { ClaimModel } from '../../src/sites/types';
import { createPayingAdapter, type PayingAdapter } from '../fakes/compose-kit';
import { createFakeSite, type FakeSite } from '../fakes/fake-sites';
import { createFakeEsx } from '../fakes/frameworks/esx';
import { createFakeHost } from '../fakes/frameworks/host';
import { createMockVoteApi, type MockVoteApi } from '../fakes/mock-transport';
import {
  createFakeClock,
  createFakeRuntime,
  type FakeClock,
  type FakeRuntime,
  SimulatedCrash,
} from '../fakes/runtime';

/** What outlives a restart: the clock, the seed mock, the sites and the framework. */
export interface SitesShared {
  clock: FakeClock;
  api: MockVoteApi;
  /** The adapter that pays: the paying fake, or the real ESX adapter over the fake ESX (`esx`). */
  adapter: RewardAdapter;
  /** The paying fake, when it pays (its `paid` lists every payout). */
  paying: PayingAdapter | null;
  /** The fake ESX, when the real ESX adapter pays (a payout interrupted by a kill is read back, never guessed). */
  esx: ReturnType<typeof createFakeEsx> | null;
  sites: Record<string, FakeSite>;
}

/** One running server. */
export interface SitesWorld extends SitesShared {
  config: ResourceConfig;
  runtime: FakeRuntime;
  running: Running;
  /** Every KVP write, as `set <key>` / `delete <key>`. */
  writes: string[];
  /** Makes the n-th next write throw and the server dead from then on. */
  crashAt(n: number): void;
  /** True once a crash killed the server. */
  dead(): boolean;
}

/** A site of the world: its id, kind in config.json, and the claim model its fake plays. */
export interface WorldSite {
  id: string;
  kind: string;
  model: ClaimModel;
  windowMs?: number;
  /** The fake's rate limit (default 600 a minute). */
  perMinute?: number;
  /** The site gives no vote time (Top-Serveurs' answers). */
  withoutVoteTime?: boolean;
  /** The site answers the time to the next vote (serveur-prive's `next_vote_seconds`). */
  answersNextVote?: boolean;
}

/** The shared parts with one fake site per entry. */
export function createSitesShared(
  sites: readonly WorldSite[],
  options: { start?: number; esx?: boolean } = {},
): SitesShared {
  const clock = createFakeClock(options.start);
  const paying = options.esx ? null : createPayingAdapter();
  const host = options.esx ? createFakeHost() : null;
  const esx = host ? createFakeEsx(host, { items: { bread: 1 }, maxWeight: 10 }) : null;
  return {
    clock,
    api: createMockVoteApi({ now: clock.now }),
    adapter: host ? createEsxAdapter({ host: host.host }) : (paying as PayingAdapter),
    paying,
    esx,
    sites: Object.fromEntries(
      sites.map((site) => [
        site.id,
        createFakeSite({
          model: site.model,
          now: clock.now,
          label: `Site ${site.id}`,
          windowMs: site.windowMs,
          perMinute: site.perMinute,
          withoutVoteTime: site.withoutVoteTime,
          answersNextVote: site.answersNextVote,
          delay: (ms) => new Promise<void>((resolve) => clock.setTimeout(resolve, ms)),
        }),
      ]),
    ),
  };
}

/** The config.json `sites` entries of `sites`. */
export function siteEntries(sites: readonly WorldSite[]): Record<string, unknown>[] {
  return sites.map((site) => ({ kind: site.kind, id: site.id, voteUrl: `https://${site.id}.example/vote` }));
}

/** Boots a server over `shared` (nothing started): each vote pays 100 cash unless `raw` names a `reward`. */
export function bootSites(
  shared: SitesShared,
  raw: Record<string, unknown>,
  kvp?: Map<string, string>,
  /** Runs on the fresh runtime before the resource is composed (convars, other resources' exports). */
  prepare?: (runtime: FakeRuntime) => void,
): SitesWorld {
  const convars = new Map<string, string>();
  const text = JSON.stringify({
    apiUrl: 'http://127.0.0.1:8787',
    voteUrl: 'http://127.0.0.1:8787/vote',
    apiKey: shared.api.apiKey,
    framework: 'esx',
    reward: { type: 'money', amount: 100 },
    ...raw,
  });
  const parsed = JSON.parse(text) as { sites?: { kind: 'trackyserver'; id?: string }[] };
  for (const entry of parsed.sites ?? []) convars.set(siteKeyConvarOf(entry), 'fake_key_1234');
  const loaded = loadConfig({ text, convar: (name) => convars.get(name) ?? null });
  if (!loaded.ok) throw new Error(`config refused:\n${loaded.problems.join('\n')}`);
  const runtime = createFakeRuntime({ clock: shared.clock, kvp });
  for (const [name, value] of convars) runtime.convars.set(name, value);
  const writes: string[] = [];
  let dead = false;
  const { set, delete: remove } = runtime.kvp;
  const guarded =
    <A extends unknown[]>(label: string, write: (key: string, ...rest: A) => void) =>
    (key: string, ...rest: A) => {
      if (dead) throw new SimulatedCrash('the server is dead');
      try {
        write(key, ...rest);
        writes.push(`${label} ${key}`);
      } catch (error) {
        if (error instanceof SimulatedCrash) dead = true;
        throw error;
      }
    };
  runtime.kvp.set = guarded('set', set);
  runtime.kvp.delete = guarded('delete', remove);
  prepare?.(runtime);
  const running = composeResource(runtime, loaded.config, {
    adapter: shared.adapter,
    transport: shared.api,
    random: () => 0.5,
    siteAdapters: Object.fromEntries(Object.entries(shared.sites).map(([id, site]) => [id, site.adapter])),
  });
  for (const built of (running.sites?.sites ?? []) as BuiltSite[]) {
    const fake = shared.sites[built.id];
    if (fake) fake.budget = built.budget;
  }
  return {
    ...shared,
    config: loaded.config,
    runtime,
    running,
    writes,
    crashAt: (n) => runtime.crashOnKvpWrite(n),
    dead: () => dead,
  };
}

/** The payouts made for votes on `site` (journal ids `s:<site>:…`), as `ref@source`. */
export function sitePayouts(world: SitesShared, site: string): string[] {
  const paid = world.paying?.paid ?? [];
  return paid.filter((p) => p.ref.startsWith(`s:${site}:`)).map((p) => `${p.ref}@${p.source}`);
}

/** The fake site `id` of the world (throws when the world has none). */
export function fakeSite(world: SitesShared, id: string): FakeSite {
  const site = world.sites[id];
  if (!site) throw new Error(`no fake site ${id}`);
  return site;
}
