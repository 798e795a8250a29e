/**
 * The sites' part of `votereward status`: each site's model, identity, reach and the records still open; `verbose`
 * adds its request budget, its timeout and its vote window (said to be a guess where the site publishes none).
 */
import { budgetShareText } from '../api/rate-budget';
import { reachOf } from './reach';
import type { SiteClaims } from './site-claims';

/** Steps shown as open (anything else is a paid vote remembered for its window). */
const OPEN_STEPS = ['claiming', 'opened', 'claim_owed', 'needs_admin', 'unreadable'] as const;

/** Lines of `votereward status` about the configured sites (none without sites). */
export function sitesStatus(sites: SiteClaims | null, verbose: boolean): string[] {
  if (!sites) return [];
  const records = sites.records();
  return sites.sites.map((site) => {
    const { adapter } = site;
    const steps = records.get(site.id) ?? {};
    const open = OPEN_STEPS.flatMap((step) =>
      steps[step] ? [`${steps[step]} ${step.replace('_', ' ')}`] : [],
    );
    const kept = (steps.journaled ?? 0) + (steps.confirmed ?? 0);
    const budget = site.budget?.snapshot();
    // Built sites (`BuiltSite`) carry their own timeout; a stand-in in tests may not.
    const timeoutMs = (site as { timeoutMs?: number }).timeoutMs;
    const window = `${+(adapter.voteWindowMs / 3_600_000).toFixed(2)} h${adapter.voteWindowDocumented ? '' : ' (guessed; voteWindowHours changes it)'}`;
    // A network's split of the site's budget shows in both forms: `budget 1/3 of 30/min`.
    const shared = budget ? budgetShareText(budget) : '';
    const figures = verbose
      ? `${budget ? `; ${budget.usedInWindow}/${budget.limit} requests in the last minute${shared ? ` (${shared})` : ''}, 429s: ${budget.rateLimited}` : ''}${timeoutMs === undefined ? '' : `; timeout ${timeoutMs} ms`}; vote window ${window}`
      : shared
        ? `; budget ${shared}`
        : '';
    const outage = reachOf(site)?.outage();
    const reach = outage
      ? `; unreachable since ${new Date(outage.since).toISOString()} at ${outage.origin} (last error: ${outage.lastError})`
      : '';
    return `  Site       ${site.id}: ${adapter.label}, ${adapter.claimModel.replace(/_/g, ' ')}, by ${adapter.identity}${reach}; ${open.length > 0 ? `open: ${open.join(', ')}` : 'nothing open'}; ${kept} paid vote(s) remembered${figures}`;
  });
}
