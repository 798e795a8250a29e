/**
 * What the player's panel shows, built on the server for one player from what the resource already knows: the
 * configured sites (voted, next vote, vote page), the rewards waiting with the reason `/vote` would give, the streak,
 * the month's votes and rank, the points, and the shop with its limits and stock. Every word is in the server's
 * language and every name passes the same cleaning as chat; the client only shows it.
 */
import type { ClaimFlow } from '../claim/claim-flow';
import type { JournalEntry } from '../engine/journal';
import { adminWait, describeRewards, problemMessage } from '../engine/messages';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import type { NextVoteReader, SiteVoteState } from '../multisite/next-vote';
import type { Points, Shop } from '../points/types';
import type { Programs } from '../programs/programs';
import type { Reward } from '../rewards/types';
import { cleanText, NAME_MAX } from '../runtime/clean-text';
import { listingTags, type ShopWords } from '../shop/render';
import type { PanelItem, PanelPrompt, PanelSite, PanelState, PanelWaiting } from './protocol';

/** Longest URL the panel shows or opens. */
const URL_MAX = 256;
/** Rewards waiting shown at most (the oldest first); more are counted in the last line. */
export const WAITING_SHOWN = 8;

/** What the panel's state is read from. */
export interface PanelSources {
  translate: Translate;
  /** The claim command (`vote`), for the reasons that name it. */
  command: string;
  flow: Pick<ClaimFlow, 'pending'>;
  programs: Pick<Programs, 'streakOf' | 'history' | 'calendar'>;
  /** The points ledger, when players can have points. */
  points: Pick<Points, 'read'> | null;
  /** The shop and its words, when the shop is on. */
  shop: { core: Pick<Shop, 'list'>; words: ShopWords; locale: string } | null;
  /** Per site, voted or not and when the player may vote again (the seed first). */
  sites: Pick<NextVoteReader, 'read'>;
}

/** The player the state is for: the server id (the shop's limits and permissions) and the license. */
export interface PanelPlayer {
  source: number;
  license: string;
}

/** The panel's state for one player now; `prompt` and `notice` come from the last intent. */
export function panelState(
  sources: PanelSources,
  player: PanelPlayer,
  now: number,
  extra: { prompt?: PanelPrompt | null; notice?: string | null } = {},
): PanelState {
  const { translate } = sources;
  const sites = sources.sites
    .read(player.source, now)
    // A seed without a vote page (`voteUrl` unset) has nothing to show or open.
    .filter((site) => site.label !== '' || site.voteUrl !== '')
    .map(
      (site): PanelSite => ({
        id: cleanText(site.id, 24),
        name: cleanText(site.label, NAME_MAX),
        url: safeUrl(site.voteUrl),
        voted: site.state === 'voted',
        status: siteStatus(translate, site, now),
      }),
    );
  const waiting = waitingOf(sources, player.license);
  return {
    labels: {
      title: translate('panel_title'),
      sites: translate('panel_sites'),
      vote: translate('panel_vote'),
      copyHint: translate('panel_copy_hint'),
      copied: translate('panel_copied'),
      waiting: translate('panel_waiting'),
      waitingNone: translate('panel_waiting_none'),
      claim: translate('panel_claim', { command: sources.command }),
      stats: translate('panel_stats'),
      shop: translate('panel_shop'),
      buy: translate('panel_buy'),
      confirm: translate('panel_confirm'),
      cancel: translate('panel_cancel'),
      close: translate('panel_close'),
    },
    sites,
    waiting,
    canClaim: sites.length > 0 || waiting.some((entry) => entry.claimable),
    stats: statsOf(sources, player.license, now),
    shop: shopOf(sources, player.source),
    prompt: extra.prompt ?? null,
    notice: extra.notice ?? null,
  };
}

/** A vote page the client may open: http(s) only, cut; anything else is shown as nothing to open. */
function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? cleanText(parsed.href, URL_MAX) : '';
  } catch {
    return '';
  }
}

/**
 * "You can vote now", "Voted · next vote in 2 h 5 min", "Voted" (no time known), or, when the player lacks the
 * identity the site names voters by, that their vote there cannot be read here yet.
 */
export function siteStatus(
  translate: Translate,
  site: Pick<SiteVoteState, 'state' | 'nextVoteAt'>,
  now: number,
): string {
  if (site.state === 'unknown') return translate('panel_site_unknown');
  if (site.state === 'can_vote') return translate('panel_site_ready');
  if (site.nextVoteAt === null || site.nextVoteAt <= now) return translate('panel_site_voted');
  return translate('panel_site_next', { time: durationText(translate, site.nextVoteAt - now) });
}

/** A wait as "12 min" or "3 h 5 min" (rounded up to the minute). */
export function durationText(translate: Translate, ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return translate('panel_minutes', { minutes });
  return translate('panel_hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** The player's open journal entries as rewards waiting, each with its reason. */
function waitingOf(sources: PanelSources, license: string): PanelWaiting[] {
  const { translate } = sources;
  const entries = sources.flow.pending().filter((entry) => entry.license === license);
  return entries.slice(0, WAITING_SHOWN).map((entry) => {
    const [key, vars, claimable] = waitingReason(entry);
    const owed = entry.rewards.filter((_, index) => entry.given[index] !== true);
    return {
      rewards: owed.length > 0 ? describeRewards(translate, owed) : translate('reward_custom'),
      reason: translate(key, { command: sources.command, ...vars }),
      claimable,
    };
  });
}

/**
 * Why an open entry waits, in the words `/vote` uses for it, and whether claiming again may pay it: a payout the
 * framework refused (an inventory full, a character not loaded) is retried by a claim; a lost answer settles by
 * itself; an entry held for an admin waits for the admin.
 */
export function waitingReason(entry: JournalEntry): [MessageKey, MessageVars, boolean] {
  if (entry.state === 'needs_admin') return [adminWait(entry.problem), {}, false];
  if (entry.state !== 'claimed') return ['claim_uncertain', {}, false];
  switch (entry.problem) {
    case 'inventory_full': {
      const item = entry.rewards.find(
        (reward, index): reward is Extract<Reward, { type: 'item' }> =>
          entry.given[index] !== true && reward.type === 'item',
      );
      return item
        ? [...problemMessage({ code: 'inventory_full', item: item.item, count: item.count }), true]
        : ['pending_framework_error', {}, true];
    }
    case 'player_not_loaded':
      return [...problemMessage({ code: 'player_not_loaded' }), true];
    case 'outcome_unknown':
      return ['pending_unconfirmed', {}, false];
    case 'framework_error':
      return [...problemMessage({ code: 'framework_error', detail: '' }), true];
    default:
      return ['reward_waiting', {}, true];
  }
}

/** Streak, votes this month and rank, points: one line each. */
function statsOf(sources: PanelSources, license: string, now: number): string[] {
  const { translate, programs } = sources;
  const month = programs.calendar.monthOf(now);
  const history = programs.history.find(license);
  const streak = programs.streakOf(license);
  const lines = [
    translate('panel_streak', { days: streak.current, best: streak.best }),
    translate('panel_month', { votes: history?.license === license ? (history.months[month] ?? 0) : 0 }),
  ];
  const rank = programs.history.rankOf(license, month);
  lines.push(rank ? translate('panel_rank', { rank: rank.rank }) : translate('panel_rank_none'));
  const read = sources.points?.read(license);
  if (read)
    lines.push(
      read.ok ? translate('points_balance', { balance: read.balance }) : translate('points_unavailable'),
    );
  return lines;
}

/** The shop's title and the items the player may buy, or null when the shop is off or cannot list for them. */
function shopOf(sources: PanelSources, source: number): PanelState['shop'] {
  const { shop, translate } = sources;
  if (!shop) return null;
  const list = shop.core.list(source, shop.locale);
  if (!list.ok) return null;
  const items = list.items
    .filter((listing) => listing.allowed)
    .map(
      (listing): PanelItem => ({
        id: listing.id,
        name: cleanText(listing.name, NAME_MAX),
        cost: translate('shop_cost', { cost: listing.cost }),
        detail: listingTags(shop.words, listing).join(' · '),
        disabled: listing.remaining === 0 || listing.stockLeft === 0 || listing.cost > list.balance,
      }),
    );
  return { title: translate('shop_menu_title', { balance: list.balance }), items };
}
