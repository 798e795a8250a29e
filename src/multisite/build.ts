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
import type { ConfiguredSite } from './site-claims';

/** A configured site with the budget its adapter takes its slots from (the poller peeks at it). */
export interface BuiltSite extends ConfiguredSite {
  budget: RateBudget;
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
    try {
      const adapter =
        standIns[id] ??
        descriptor.create(
          {
            key: runtime.convar(siteKeyConvarOf(entry))?.trim() ?? '',
            identity: entry.identity,
            baseUrl: entry.baseUrl,
            timeoutMs: config.requestTimeoutMs,
          },
          { transport, budget, now: runtime.now, log: runtime.log },
        );
      built.push({
        id,
        adapter,
        budget,
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
