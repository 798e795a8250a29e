/** Builds the configured sites' adapters, each with its own request budget sized from the site's rate limit. */
import { createRateBudget, type RateBudget } from '../api/rate-budget';
import type { HttpTransport } from '../api/transport';
import { rewardsOf, votePointsOf } from '../config/load';
import type { ResourceConfig } from '../config/schema';
import { siteIdOf, siteKeyConvarOf } from '../config/sites';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { findSite } from '../sites/registry';
import type { SiteAdapter } from '../sites/types';
import { createSiteReach, type SiteReach } from './reach';
import type { ConfiguredSite } from './site-claims';

/** A configured site with the budget its adapter takes its slots from (the poller peeks at it), and its reach. */
export interface BuiltSite extends ConfiguredSite {
  budget: RateBudget;
  /** Whether the site answers (stand-ins built outside `buildSites` have none). */
  reach?: SiteReach;
}

/** Share of each site's budget kept for players' `/vote`, like the seed's `poll.reservePercent` default. */
const SITE_RESERVE_RATIO = 0.3;

/** The adapters of `config.sites`, in config order; a site whose adapter cannot be built is left out, with why. */
export function buildSites(
  config: ResourceConfig,
  runtime: Pick<Runtime, 'convar' | 'now' | 'log'>,
  transport: HttpTransport,
  standIns: Readonly<Record<string, SiteAdapter>> = {},
): BuiltSite[] {
  const built: BuiltSite[] = [];
  for (const entry of config.sites) {
    const id = siteIdOf(entry);
    const descriptor = findSite(entry.kind);
    if (!descriptor) continue;
    const budget = createRateBudget({
      limit: (standIns[id] ?? descriptor).rateLimit.perMinute,
      reserveRatio: SITE_RESERVE_RATIO,
      now: runtime.now,
    });
    const key = runtime.convar(siteKeyConvarOf(entry))?.trim() ?? '';
    const reach = createSiteReach(transport, {
      id,
      label: descriptor.label,
      key,
      customBaseUrl: entry.baseUrl !== undefined,
      runtime,
    });
    try {
      const adapter =
        standIns[id] ??
        descriptor.create(
          { key, identity: entry.identity, baseUrl: entry.baseUrl, timeoutMs: config.requestTimeoutMs },
          { transport: reach.transport, budget, now: runtime.now, log: runtime.log },
        );
      if (descriptor.wrongKeyReadsAsNoVote && !standIns[id])
        runtime.log.info(
          `site ${id}: ${descriptor.label} answers a wrong key exactly like "no vote", so its key cannot be checked here; if no vote there is ever found, check ${siteKeyConvarOf(entry)} in server.cfg`,
        );
      built.push({
        id,
        adapter,
        budget,
        reach,
        voteUrl: entry.voteUrl,
        // A vote on a site earns the vote points too, like a vote on the seed (credited by the points ledger).
        rewards: [...(entry.rewards ?? rewardsOf(config)), ...votePointsOf(config)],
      });
    } catch (error) {
      runtime.log.error(`site ${id} (${descriptor.label}) is off: ${describeError(error)}`);
    }
  }
  return built;
}
