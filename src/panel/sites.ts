/**
 * Per configured site, whether the player's vote there is known and when the site takes the next one, read from
 * what this resource already stores (no request to any site): the site vote records of `config.sites` (the vote's
 * time plus the site's window) and, for this project's API (the seed), the day of the last vote in the history.
 */
import { SEED_SITE_ID } from '../config/sites';
import type { ConfiguredSite } from '../multisite/site-claims';
import type { HistoryStore } from '../programs/history';
import type { KvpStore } from '../runtime/runtime';
import { SITE_VOTE_PREFIX } from '../store/keys';
import { siteVoteSchema } from '../store/schemas';

/** The seed's id in the panel and in the history's per-site tallies. */
export const SEED_SITE = SEED_SITE_ID;

/** One site as the panel reads it for one player. */
export interface SiteVoteStatus {
  id: string;
  /** The site's name (not yet cleaned). */
  label: string;
  voteUrl: string;
  voted: boolean;
  /** When the site takes the player's next vote (ms), when known. */
  nextVoteAt: number | null;
}

/** Reads every configured site's status for one player. */
export type SiteStatusReader = (player: { license: string }, now: number) => SiteVoteStatus[];

/** What the reader is built over. */
export interface SiteStatusSources {
  kvp: Pick<KvpStore, 'keys' | 'get'>;
  history: Pick<HistoryStore, 'find'>;
  /** `YYYY-MM-DD` of an instant in the owner's time zone. */
  dayOf(ms: number): string;
  /** The seed's vote page (config `voteUrl`); the seed is left out when empty. */
  seedUrl: string;
  sites: readonly Pick<ConfiguredSite, 'id' | 'voteUrl' | 'adapter'>[];
}

/** Records read per site at most (a player has a few; a store holding more is evidence, bounded). */
const RECORDS_MAX = 2048;

/** The reader over the stored records. */
export function createSiteStatusReader(sources: SiteStatusSources): SiteStatusReader {
  return (player, now) => {
    const out: SiteVoteStatus[] = [];
    if (sources.seedUrl !== '') {
      const history = sources.history.find(player.license);
      const found = history?.license === player.license ? history : null;
      // Per-site tallies are kept only beside other sites; alone, every vote in the history is the seed's.
      const lastDay =
        found?.sites?.[SEED_SITE]?.lastDay ??
        (sources.sites.length === 0 && found?.lastVoteAt != null ? sources.dayOf(found.lastVoteAt) : null);
      out.push({
        id: SEED_SITE,
        label: hostOf(sources.seedUrl),
        voteUrl: sources.seedUrl,
        voted: lastDay === sources.dayOf(now),
        nextVoteAt: null,
      });
    }
    for (const site of sources.sites) {
      let last: number | null = null;
      const keys = sources.kvp.keys(`${SITE_VOTE_PREFIX}${site.id}:`).slice(0, RECORDS_MAX);
      for (const key of keys) {
        const text = sources.kvp.get(key);
        if (text === null) continue;
        let raw: unknown;
        try {
          raw = JSON.parse(text);
        } catch {
          continue;
        }
        const parsed = siteVoteSchema.safeParse(raw);
        if (!parsed.success || parsed.data.license !== player.license) continue;
        const at = parsed.data.votedAt ?? parsed.data.createdAt;
        if (last === null || at > last) last = at;
      }
      const next = last === null ? null : last + site.adapter.voteWindowMs;
      out.push({
        id: site.id,
        label: site.adapter.label,
        voteUrl: site.voteUrl,
        voted: next !== null && next > now,
        nextVoteAt: next !== null && next > now ? next : null,
      });
    }
    return out;
  };
}

/** The host of a URL (the seed's name in the panel), or the URL itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
