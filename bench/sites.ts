/**
 * Section 7: the listing sites' pollers. The production composition (`composeResource` through
 * `devkit/worlds/sites-world.ts`) with three sites of different rate limits, players online for a simulated hour on a
 * virtual clock, some voting on each site. Targets are the sites' own limits (a contract: a site past its limit answers
 * 429 or blocks the key), and the share of each site's budget the poller uses (it keeps 30 % for `/vote`).
 */
import {
  bootSites,
  createSitesShared,
  fakeSite,
  siteEntries,
  type WorldSite,
} from '../devkit/worlds/sites-world';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, type TargetResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';

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
    ].join('\n'),
    targets,
  };
}

if (isMain(import.meta.url)) printSection(await runSitesBench());
