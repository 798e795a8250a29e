/**
 * Votes per listing site in a player's history, and the "all sites" bonus: a claimed vote on every configured site
 * (the seed included) within one day of the owner's time zone earns one award that day, its id deterministic
 * (`a:allsites:<license>:<day>`), so recording again after a crash decides nothing new.
 */
import type { AwardSpec, RewardSpec, SiteTally, VoteHistory } from '../domain/types';

/** Sites a history keeps tallies of (configured ones come and go; the oldest-voted go first beyond this). */
export const HISTORY_SITES = 16;

/** The history with one more vote on `site`, on `day`. */
export function tallySite(history: VoteHistory, site: string, day: string): VoteHistory {
  const tallies: Record<string, SiteTally> = { ...(history.sites ?? {}) };
  const before = tallies[site] ?? { total: 0, lastDay: null };
  // A day before the last one (a clock set back) does not move the last day back.
  const lastDay = before.lastDay !== null && before.lastDay > day ? before.lastDay : day;
  tallies[site] = { total: before.total + 1, lastDay };
  return { ...history, sites: tallies };
}

/** The bonus `history` earns on `day` when every one of `sites` has its last vote that day, else null. */
export function allSitesAward(options: {
  history: VoteHistory;
  sites: readonly string[];
  day: string;
  reward: readonly RewardSpec[] | null;
  ref: string;
}): AwardSpec | null {
  const { history, sites, day, reward } = options;
  if (reward === null || sites.length < 2) return null;
  if (!sites.every((site) => history.sites?.[site]?.lastDay === day)) return null;
  return {
    id: `a:allsites:${history.license}:${day}`,
    license: history.license,
    name: history.name,
    info: { program: 'allsites', value: sites.length, month: null, voteRef: options.ref },
    rewards: reward,
  };
}

/** Keeps at most {@link HISTORY_SITES} tallies, the most recently voted. */
export function boundSites(
  sites: Record<string, SiteTally> | undefined,
): Record<string, SiteTally> | undefined {
  if (sites === undefined) return undefined;
  const kept = Object.entries(sites)
    .filter(([site]) => /^[a-z0-9_]{1,24}$/.test(site))
    .sort(([, a], [, b]) => (b.lastDay ?? '').localeCompare(a.lastDay ?? ''))
    .slice(0, HISTORY_SITES);
  return Object.fromEntries(kept);
}
