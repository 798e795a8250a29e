/** Builds the configured sites' adapters, each with its own request budget sized from the site's rate limit. */
import { type BudgetShare, createRateBudget, type RateBudget } from '../api/rate-budget';
import type { HttpTransport } from '../api/transport';
import { rewardsOf, votePointsOf } from '../config/load';
import type { ResourceConfig } from '../config/schema';
import { siteIdOf, siteKeyConvarOf, siteKeyProblem } from '../config/sites';
import { describeError } from '../runtime/errors';
import { redact } from '../runtime/redact';
import type { Runtime } from '../runtime/runtime';
import { redactedAdapter } from '../sites/redacted';
import { findSite } from '../sites/registry';
import { DEFAULT_SITE_TIMEOUT_MS, type SiteAdapter } from '../sites/types';
import { createSiteReach, type SiteReach } from './reach';
import type { ConfiguredSite } from './site-claims';

/** A configured site with the budget its adapter takes its slots from (the poller peeks at it), and its reach. */
export interface BuiltSite extends ConfiguredSite {
  budget: RateBudget;
  /** Timeout of one request to this site, in ms (its `timeoutMs`, else {@link DEFAULT_SITE_TIMEOUT_MS}). */
  timeoutMs: number;
  /** Whether the site answers (stand-ins built outside `buildSites` have none). */
  reach?: SiteReach;
}

/** A network's split of keys' budgets (`src/network/servers-split.ts`): the share of a key this server polls. */
export interface BudgetSplitOf {
  track(label: string, source: string, limit: number): () => BudgetShare;
}

/** Share of each site's budget kept for players' `/vote`, like the seed's `poll.reservePercent` default. */
const SITE_RESERVE_RATIO = 0.3;

/**
 * The adapters of `config.sites`, in config order. A site whose key or settings are unusable is left out with one
 * console line naming the setting ("site <id> (<label>) is off: …"): its problem turns that site off, never the
 * resource. Every adapter answers through {@link redactedAdapter}, so no line quotes its key.
 */
export function buildSites(
  config: ResourceConfig,
  runtime: Pick<Runtime, 'convar' | 'now' | 'log'>,
  transport: HttpTransport,
  standIns: Readonly<Record<string, SiteAdapter>> = {},
  split?: BudgetSplitOf,
): BuiltSite[] {
  const built: BuiltSite[] = [];
  for (const entry of config.sites) {
    const id = siteIdOf(entry);
    const descriptor = findSite(entry.kind);
    if (!descriptor) continue;
    const key = runtime.convar(siteKeyConvarOf(entry))?.trim() ?? '';
    const off = (why: string) =>
      runtime.log.error(`site ${id} (${descriptor.label}) is off: ${redact(why, key)}`);
    const standIn = standIns[id];
    const keyProblem = standIn ? null : siteKeyProblem(entry, runtime.convar, descriptor);
    if (keyProblem) {
      off(keyProblem);
      continue;
    }
    const rate = (standIn ?? descriptor).rateLimit;
    if (
      entry.requestsPerMinute !== undefined &&
      rate.documented &&
      entry.requestsPerMinute > rate.perMinute
    ) {
      off(
        `requestsPerMinute: ${descriptor.label} allows ${rate.perMinute} requests a minute; set at most ${rate.perMinute}, got ${entry.requestsPerMinute}`,
      );
      continue;
    }
    const limit = entry.requestsPerMinute ?? rate.perMinute;
    // The fingerprint's source: the site, where it is reached and the key (two servers share a budget on all three).
    const share = split?.track(id, `site\n${entry.kind}\n${entry.baseUrl ?? ''}\n${key}`, limit);
    const budget = createRateBudget({
      limit,
      reserveRatio: SITE_RESERVE_RATIO,
      now: runtime.now,
      ...(share ? { share } : {}),
    });
    const timeoutMs = entry.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS;
    const reach = createSiteReach(transport, {
      id,
      label: descriptor.label,
      key,
      customBaseUrl: entry.baseUrl !== undefined,
      runtime,
    });
    try {
      const adapter =
        standIn ??
        descriptor.create(
          {
            key,
            identity: entry.identity,
            baseUrl: entry.baseUrl,
            timeoutMs,
            voteWindowMs: entry.voteWindowHours === undefined ? undefined : entry.voteWindowHours * 3_600_000,
          },
          {
            transport: reach.transport,
            budget,
            now: runtime.now,
            log: { error: (message) => runtime.log.error(redact(message, key)) },
          },
        );
      if (descriptor.wrongKeyReadsAsNoVote && !standIns[id])
        runtime.log.info(
          `site ${id}: ${descriptor.label} answers a wrong key exactly like "no vote", so its key cannot be checked here; if no vote there is ever found, check ${siteKeyConvarOf(entry)} in server.cfg`,
        );
      if (entry.voteWindowHours !== undefined && adapter.voteWindowDocumented) {
        off(
          `voteWindowHours: ${descriptor.label} publishes its vote window (${adapter.voteWindowMs / 3_600_000} h); remove the setting`,
        );
        continue;
      }
      built.push({
        id,
        adapter: redactedAdapter(adapter, key),
        budget,
        timeoutMs,
        reach,
        voteUrl: entry.voteUrl,
        // A vote on a site earns the vote points too, like a vote on the seed (credited by the points ledger).
        rewards: [...(entry.rewards ?? rewardsOf(config)), ...votePointsOf(config)],
      });
    } catch (error) {
      off(describeError(error));
    }
  }
  return built;
}
