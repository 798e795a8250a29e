/**
 * Section 7: the listing sites' pollers. The production composition (`composeResource` through
 * `devkit/worlds/sites-world.ts`) with three sites of different rate limits, players online for a simulated hour on a
 * virtual clock, some voting on each site. Targets are the sites' own limits (a contract: a site past its limit answers
 * 429 or blocks the key), and the share of each site's budget the poller uses (it keeps 30 % for `/vote`). Then the
 * site poller's tick alone on fakes: its CPU at 2048 players as a ratio to the same at 32 (same sites, same checks).
 */
import { createFakeRuntime } from '../devkit/fakes/runtime';
import {
  bootSites,
  createSitesShared,
  fakeSite,
  siteEntries,
  type WorldSite,
} from '../devkit/worlds/sites-world';
import { createRateBudget } from '../src/api/rate-budget';
import type { BuiltSite } from '../src/multisite/build';
import { createSitePoller } from '../src/multisite/site-poller';
import type { SiteAdapter } from '../src/sites/types';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { median } from './lib/stats';

const MINUTE = 60_000;
const SITES: WorldSite[] = [
  { id: 'strict', kind: 'trackyserver', model: 'claim_then_reward', perMinute: 10 },
  { id: 'default', kind: 'serveur-prive', model: 'check_only', perMinute: 30 },
  { id: 'loose', kind: 'top-serveurs', model: 'claim_then_reward', perMinute: 120 },
];

/** The most requests in any 60 s window. */
function busiestMinute(times: readonly number[]): number {
  let best = 0;
  let start = 0;
  for (let end = 0; end < times.length; end++) {
    while ((times[end] as number) - (times[start] as number) >= MINUTE) start++;
    best = Math.max(best, end - start + 1);
  }
  return best;
}

interface SitesRun {
  players: number;
  minutes: number;
  perSite: { id: string; limit: number; sent: number; busiest: number }[];
}

/** One simulated run: `players` online for `minutes`, a tenth of them voting on each site during the first half. */
export async function runSitesPoller(players: number, minutes: number): Promise<SitesRun> {
  const shared = createSitesShared(SITES);
  const world = bootSites(shared, { sites: siteEntries(SITES), poll: { enabled: true, autoClaim: true } });
  for (let source = 1; source <= players; source++)
    world.runtime.onlinePlayers.set(source, { name: `P${source}`, license: `license:${source}` });
  const voters = Math.max(1, Math.floor(players / 10));
  world.running.start();
  for (let minute = 0; minute < minutes; minute++) {
    if (minute < minutes / 2) {
      for (const site of SITES) {
        const source = 1 + ((minute * 7 + (site.perMinute ?? 0)) % players);
        if (minute % Math.max(1, Math.floor(minutes / 2 / voters)) === 0)
          fakeSite(shared, site.id).vote(`P${source}`, shared.clock.now() - 1000);
      }
    }
    await shared.clock.advance(MINUTE);
  }
  world.running.stop();
  return {
    players,
    minutes,
    perSite: SITES.map((site) => {
      const fake = fakeSite(shared, site.id);
      return {
        id: `${site.id} (${site.kind}, ${site.model})`,
        limit: site.perMinute ?? 600,
        sent: fake.sentAt.length,
        busiest: busiestMinute([...fake.sentAt].sort((a, b) => a - b)),
      };
    }),
  };
}

/** Sites of the tick benchmark, each one's budget the bound at both player counts (14 polls a minute < 32 / 2 min). */
const TICK_SITES = 6;
const TICK_SITE_LIMIT = 20;

/** One site poller on fakes: `players` online, {@link TICK_SITES} sites whose checks take a budget slot and answer at once. */
function createTickWorld(players: number): { tick(): number; settle(): Promise<void> } {
  let now = Date.parse('2026-11-21T10:00:00.000Z');
  const fake = createFakeRuntime();
  for (let source = 1; source <= players; source++)
    fake.join(source, { name: `P${source}`, license: `license:${source.toString(16).padStart(40, '0')}` });
  const sites: BuiltSite[] = Array.from({ length: TICK_SITES }, (_, index) => ({
    id: `site${index}`,
    adapter: { canCheck: true } as unknown as SiteAdapter,
    budget: createRateBudget({ limit: TICK_SITE_LIMIT, reserveRatio: 0.3, now: () => now }),
    timeoutMs: 5000,
    voteUrl: 'https://example.invalid/vote',
    rewards: [],
  }));
  // As a site adapter: the request takes its budget slot when it is sent, the answer comes later.
  const answer = (site: BuiltSite) => {
    site.budget.take('poll');
    return Promise.resolve(false);
  };
  const poller = createSitePoller({
    sites,
    claims: { look: (site) => answer(site as BuiltSite), claimOne: async () => ({ code: 'no_vote' }) },
    runtime: { ...fake, now: () => now },
    autoClaim: false,
    waiting: () => 'a reward waits',
    tickMs: 2_000,
    recheckMs: 120_000,
  });
  poller.start();
  return {
    tick() {
      now += 2_000;
      const start = process.hrtime.bigint();
      poller.tick();
      return Number(process.hrtime.bigint() - start) / 1000;
    },
    settle: () => new Promise<void>((resolve) => setImmediate(resolve)),
  };
}

/** Share of each round's ticks left out, the slowest: a GC pause or the machine preempting the process lands on either count. */
const TICK_TRIM = 0.01;

/** Mean µs per tick without the slowest {@link TICK_TRIM}. */
function trimmedMean(times: number[]): number {
  const kept = times.sort((a, b) => a - b).slice(0, Math.ceil(times.length * (1 - TICK_TRIM)));
  return kept.reduce((sum, time) => sum + time, 0) / kept.length;
}

/**
 * CPU per site-poller tick at 32 and at 2048 players, same sites: each round ticks the two worlds in turn (a burst of
 * load from elsewhere lands on both), the answers settled between ticks (untimed).
 */
export async function runSiteTickBench(
  quick: boolean,
): Promise<{ small: number[]; large: number[]; ratios: number[] }> {
  const small = createTickWorld(32);
  const large = createTickWorld(2048);
  const ticks = quick ? 300 : 900;
  const round = async () => {
    const times = { small: [] as number[], large: [] as number[] };
    for (let i = 0; i < ticks; i++) {
      times.small.push(small.tick());
      times.large.push(large.tick());
      await small.settle();
    }
    return { small: trimmedMean(times.small), large: trimmedMean(times.large) };
  };
  await round();
  const result = { small: [] as number[], large: [] as number[], ratios: [] as number[] };
  for (let i = 0; i < (quick ? 3 : 9); i++) {
    const measured = await round();
    result.small.push(measured.small);
    result.large.push(measured.large);
    result.ratios.push(measured.large / measured.small);
  }
  return result;
}

/** Section 7: each site's busiest minute against its own limit, at three player counts. */
export async function runSitesBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const minutes = settings.quick ? 10 : 60;
  const counts = settings.quick ? [32, 256] : [32, 256, 2048];
  const rows: string[][] = [];
  const targets: TargetResult[] = [];
  for (const players of counts) {
    const run = await runSitesPoller(players, minutes);
    for (const site of run.perSite) {
      rows.push([
        String(players),
        site.id,
        String(site.limit),
        String(site.sent),
        String(site.busiest),
        `${fmt((100 * site.sent) / (site.limit * minutes), 0)} %`,
      ]);
      targets.push({
        name: `sites poller, ${players} players, ${site.id}: most requests in any 60 s / the site's limit`,
        value: site.busiest / site.limit,
        limit: 1,
        op: '<=',
        unit: '×',
      });
    }
  }
  const tick = await runSiteTickBench(settings.quick);
  const spreadOf = (values: number[]) =>
    `${fmt(Math.min(...values))} / **${fmt(median(values))}** / ${fmt(Math.max(...values))}`;
  targets.push({
    name: `site poller: CPU per tick at 2048 players / at 32 players, ${TICK_SITES} sites (median of ${tick.ratios.length} interleaved rounds)`,
    value: median(tick.ratios),
    limit: 2,
    op: '<=',
    unit: '×',
  });
  return {
    title: '7. Listing sites',
    markdown: [
      `Three sites with their own limits (10, 30 and 120 requests a minute), the production composition on the fake ` +
        `runtime and a virtual clock, ${minutes} simulated minutes per player count, automatic claims on, a tenth of ` +
        "the players voting on each site in the first half. The sites are fakes that count every request the resource's " +
        "per-site budget lets through (`devkit/fakes/fake-sites.ts`). Target: each site's busiest minute within its own " +
        'limit (a contract, not a speed).',
      '',
      table(
        ['players', 'site', 'limit / min', 'requests', 'busiest 60 s', 'of the limit over the run'],
        rows,
      ),
      '',
      `The poller's tick on the server thread: ${TICK_SITES} sites that can check, each with a budget of ` +
        `${TICK_SITE_LIMIT} requests a minute (so both player counts send the same checks, about 2.8 a tick), checks ` +
        'answered at once, the players online before the poller starts, the clock moved 2 s per tick. Each round ticks ' +
        'the 32-player and the 2048-player poller in turn (a burst of load from elsewhere lands on both; the answers ' +
        "settled between ticks, untimed) and takes each one's mean µs per tick without its slowest 1 % of ticks. " +
        "Target: the median of the rounds' ratios ≤ 2 (a tick costs the checks it sends, not the players online; " +
        'baseline: the same poller at 32 players). The µs at 2048 players is information: it moves with the machine.',
      '',
      table(
        ['players', 'µs per tick (min / median / max of rounds)'],
        [
          ['32', spreadOf(tick.small)],
          ['2048', spreadOf(tick.large)],
          ['2048 / 32', spreadOf(tick.ratios)],
        ],
      ),
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runSitesBench());
