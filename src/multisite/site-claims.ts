/**
 * Claims on the listing sites other than the seed, each vote paid exactly once under its site's claim model (see
 * `records.ts` for the steps). A site vote's rewards are a journal entry like a seed vote's, paid and verified by the
 * claim flow's driver; this module decides when such an entry may exist, and tells the player per site.
 */
import type { RateBudget, RequestPriority } from '../api/rate-budget';
import type { RewardSpec } from '../domain/types';
import type { Journal } from '../engine/journal';
import { claimNameOf } from '../engine/player-name';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import type { IdentityKind, SiteAdapter, SiteFailure, SiteVote } from '../sites/types';
import { identityOf } from './identity';
import { countRecords, createSiteVoteStore, keyOf, type SiteVoteRecord } from './records';
import { createSiteSteps, isUnknown, type SitePlayer, type SiteRun } from './site-steps';

/** One configured site, its adapter built. */
export interface ConfiguredSite {
  /** The entry's unique name (config `id`). */
  id: string;
  adapter: SiteAdapter;
  voteUrl: string;
  /** What one vote on it pays. */
  rewards: readonly RewardSpec[];
  /** The site's own request budget (status shows it). */
  budget?: RateBudget;
}

/** What a claim on one site came to. */
export type SiteResult =
  /** A vote was found and its rewards are journalled (the claim flow pays them and tells the player). */
  | { code: 'paid' }
  | { code: 'no_vote' }
  /** The site still shows a vote this resource already paid. */
  | { code: 'already_paid' }
  | { code: 'unreachable' }
  /** Something about the vote is open (a lost answer, a step in flight); it settles in the background. */
  | { code: 'pending' }
  /** The player lacks the identity the site names voters by (told once per session). */
  | { code: 'identity_missing'; identity: IdentityKind | 'ip_hidden' };

/** What the site claims are built from. */
export interface SiteClaimsOptions {
  sites: readonly ConfiguredSite[];
  runtime: Pick<
    Runtime,
    'now' | 'kvp' | 'log' | 'tell' | 'playerName' | 'playerLicense' | 'playerIdentifiers' | 'onPlayerDropped'
  >;
  /** A journal over the claim flow's KVP (entries are read from the store each time). */
  journal: Pick<Journal, 'save' | 'stored' | 'settledAt'>;
  translate: Translate;
  command: string;
  random: () => number;
  /** Pays the open entries of a license now (the claim flow's `settlePlayer`): it tells the player what was paid. */
  settle(license: string): Promise<void>;
  /** Whether a name may claim for a license (the seed's name lock): a site that names voters by name obeys it. */
  allowsName(name: string, license: string): boolean;
  /**
   * Binds a name to the license that was paid a vote cast under it on a site that names voters by name, as a seed
   * claim does: a player who later joins under that name claims nothing of its votes. No-op when `nameLock` is off.
   */
  bindName(name: string, license: string): void;
}

/** The claims on every configured site. */
export interface SiteClaims {
  readonly sites: readonly ConfiguredSite[];
  /** Claims on every site for the player behind `source` and tells them per site. */
  claimAll(source: number): Promise<SiteResult[]>;
  /** Claims on one site (the poller's auto-claim); tells the player the lines worth telling. */
  claimOne(site: ConfiguredSite, source: number, priority: RequestPriority): Promise<SiteResult>;
  /**
   * Checks one site for the player without claiming: true when it shows a vote this resource has not paid, and no
   * claim of this player on that site is running (the running `/vote` tells its own outcome).
   */
  look(site: ConfiguredSite, source: number): Promise<boolean>;
  /** Records kept per site and step, for `votereward status`. */
  records(): Map<string, Partial<Record<SiteVoteRecord['step'] | 'unreadable', number>>>;
  /** Resumes what a crash left open, confirms owed claims, prunes records past their window. */
  sweep(): Promise<void>;
  /** Stops listening for players leaving. */
  stop(): void;
}

/** Creates the site claims. */
export function createSiteClaims(options: SiteClaimsOptions): SiteClaims {
  const { runtime, journal, translate } = options;
  const store = createSiteVoteStore(runtime.kvp);
  const log = runtime.log;
  const busy = new Set<string>();
  const toldMissing = new Set<string>();
  const reported = new Set<string>();
  const byId = new Map(options.sites.map((site) => [site.id, site]));
  // Keyed by server id, forgotten when the player leaves: a session is one connection.
  const unlisten = runtime.onPlayerDropped((source) => {
    for (const key of [...toldMissing]) if (key.startsWith(`${source}|`)) toldMissing.delete(key);
  });

  const once = (key: string, line: string) => {
    if (reported.has(key)) return;
    reported.add(key);
    log.error(line);
  };

  const steps = createSiteSteps({
    byId,
    store,
    journal,
    runtime,
    random: options.random,
    settle: options.settle,
    once,
    busy,
  });
  const { run, resume, recordFor, paidLately, paidBefore, tooOld } = steps;

  const failed = (site: ConfiguredSite, failure: SiteFailure): SiteResult => {
    if (failure.kind === 'bad_key')
      once(
        `bad_key:${site.id}`,
        `site ${site.id}: the site refused the key (${failure.detail}); check its convar`,
      );
    else if (
      failure.kind === 'malformed' ||
      failure.kind === 'unsupported' ||
      failure.kind === 'bad_identity'
    )
      log.warn(`site ${site.id}: ${failure.detail}`);
    return { code: 'unreachable' };
  };

  /** Opens a record for a vote the site shows (reward-then-claim, check only) unless one already covers it. */
  const payShown = async (
    site: ConfiguredSite,
    player: SitePlayer,
    identity: string,
    vote: SiteVote,
    priority: RequestPriority,
    onFound: () => void,
  ): Promise<SiteResult> => {
    const old = tooOld(site, vote);
    if (old !== null) {
      once(`too_old:${site.id}`, `site ${site.id}: ${old}; such a vote is not paid`);
      return { code: 'no_vote' };
    }
    const fresh = recordFor(site, player, identity, vote, 'opened');
    const key = keyOf(fresh);
    const found = store.read(key);
    if (found.state === 'unreadable') {
      once(`unreadable:${key}`, `site vote ${found.problem}; left as is, that vote is not paid again`);
      return { code: 'pending' };
    }
    if (found.state === 'valid') {
      const held = found.value;
      const expired = held.keepUntil < runtime.now() && held.step !== 'claim_owed' && held.step !== 'opened';
      // Without a vote time, a confirmed claim means the site shows a new vote.
      const renewed = held.step === 'confirmed' && held.votedAt === null;
      if (!expired && !renewed) {
        if (held.step === 'opened' || held.step === 'claim_owed')
          await run(held, { type: 'resumed' }, { priority });
        return held.step === 'opened' || held.step === 'needs_admin'
          ? { code: 'pending' }
          : { code: 'already_paid' };
      }
    }
    // The same vote (site, voter, vote time) paid before: its record may be gone, its done-mark is not.
    if (paidBefore(fresh)) return { code: 'already_paid' };
    if (paidLately(site, identity, key)) return { code: 'already_paid' };
    await run(fresh, { type: 'shown' }, { priority, onFound });
    return { code: 'paid' };
  };

  /** Claim then reward: the site's claim is the test-and-set; its record lives while the claim is in flight. */
  const claimFirst = async (
    site: ConfiguredSite,
    player: SitePlayer,
    identity: string,
    priority: RequestPriority,
    found: () => void,
  ): Promise<SiteResult> => {
    const { adapter } = site;
    if (adapter.claimModel !== 'claim_then_reward') return { code: 'unreachable' };
    let vote: SiteVote | null = null;
    if (adapter.canCheck) {
      const seen = await adapter.check(identity, { priority });
      if (seen.kind === 'not_voted') return { code: 'no_vote' };
      if (seen.kind === 'already_claimed') return { code: 'already_paid' };
      if (seen.kind !== 'voted') return failed(site, seen);
      vote = seen.vote;
    }
    const record = recordFor(site, player, identity, vote, 'claiming');
    const key = keyOf(record);
    const held = store.read(key);
    if (held.state === 'valid' && held.value.step === 'journaled' && held.value.keepUntil >= runtime.now())
      return { code: 'already_paid' };
    if (held.state === 'unreadable' || (held.state === 'valid' && held.value.step !== 'journaled')) {
      await resume(key, priority);
      return { code: 'pending' };
    }
    const context: SiteRun = { priority, onFound: found };
    await run(record, { type: 'claim_started' }, context);
    const { answer } = context;
    if (answer === undefined) return { code: 'pending' };
    if (answer.kind === 'claimed') return { code: 'paid' };
    if (answer.kind === 'not_voted') return { code: 'no_vote' };
    if (answer.kind === 'already_claimed') return { code: 'already_paid' };
    // A claim whose answer was lost stays `claiming`: claiming again decides it.
    return isUnknown(answer) ? { code: 'pending' } : failed(site, answer);
  };

  const claimOn = async (
    site: ConfiguredSite,
    player: SitePlayer,
    priority: RequestPriority,
  ): Promise<SiteResult> => {
    // The player hears which site a vote was found on before the payout's own line. A vote found under a name binds
    // that name to the player before anything is paid, as a seed claim does.
    const found = () => {
      if (site.adapter.identity === 'name') options.bindName(player.name, player.license);
      tellResult(site, player, { code: 'paid' });
    };
    const identity = identityOf(site.adapter.identity, player.name, runtime.playerIdentifiers(player.source));
    if (!identity.ok) return { code: 'identity_missing', identity: identity.missing };
    // A name bound to another player's license claims nothing for this one, on any site that goes by names.
    if (site.adapter.identity === 'name' && !options.allowsName(player.name, player.license))
      return { code: 'no_vote' };
    const lockKey = `${site.id}|${player.license}`;
    if (busy.has(lockKey)) return { code: 'pending' };
    busy.add(lockKey);
    try {
      if (site.adapter.claimModel === 'claim_then_reward')
        return await claimFirst(site, player, identity.value, priority, found);
      const seen = await site.adapter.check(identity.value, { priority });
      // A site that answers a wrong key like "no vote" is named once at start (multisite/build.ts), not here.
      if (seen.kind === 'not_voted') return { code: 'no_vote' };
      if (seen.kind === 'already_claimed') return { code: 'already_paid' };
      if (seen.kind !== 'voted') return failed(site, seen);
      return await payShown(site, player, identity.value, seen.vote, priority, found);
    } catch (error) {
      log.error(
        `site ${site.id}: claim for ${player.name} failed: ${describeError(error, { withName: true })}`,
      );
      return { code: 'pending' };
    } finally {
      busy.delete(lockKey);
    }
  };

  const tellResult = (site: ConfiguredSite, player: SitePlayer, result: SiteResult) => {
    const line = lineOf(result);
    if (!line) return;
    if (result.code === 'identity_missing') {
      const key = `${player.source}|${site.id}`;
      if (toldMissing.has(key)) return;
      toldMissing.add(key);
    }
    const [message, vars] = line;
    runtime.tell(
      player.source,
      translate(message, { site: site.adapter.label, url: site.voteUrl, command: options.command, ...vars }),
    );
  };

  const playerOf = (source: number): SitePlayer | null => {
    const license = runtime.playerLicense(source);
    const name = claimNameOf(runtime.playerName(source));
    return license && name ? { source, name, license } : null;
  };

  return {
    sites: options.sites,
    async claimAll(source) {
      const player = playerOf(source);
      if (!player) return [];
      // Every site is asked at once: a site that hangs holds `/vote` for its own timeout, not for the sum of all.
      const results = await Promise.all(options.sites.map((site) => claimOn(site, player, 'claim')));
      for (const [index, result] of results.entries()) {
        const site = options.sites[index];
        if (site && result.code !== 'paid') tellResult(site, player, result);
      }
      // Awards the site votes earned (the all-sites bonus, a milestone) were decided while they were paid: pay them now.
      if (results.some((result) => result.code === 'paid')) await options.settle(player.license);
      return results;
    },
    async claimOne(site, source, priority) {
      const player = playerOf(source);
      if (!player) return { code: 'pending' };
      const result = await claimOn(site, player, priority);
      if (result.code === 'paid') await options.settle(player.license);
      return result;
    },
    async look(site, source) {
      const player = playerOf(source);
      if (!player || busy.has(`${site.id}|${player.license}`)) return false;
      const identity = identityOf(site.adapter.identity, player.name, runtime.playerIdentifiers(source));
      if (!identity.ok) return false;
      const seen = await site.adapter.check(identity.value, { priority: 'poll' });
      if (seen.kind !== 'voted') return false;
      // A vote this resource paid is not news, even where the site's check still shows it (Top-Serveurs' does).
      if (tooOld(site, seen.vote) !== null) return false;
      const fresh = recordFor(site, player, identity.value, seen.vote, 'opened');
      if (paidBefore(fresh)) return false;
      // What `/vote` would answer "already rewarded" (a second vote within half the window) is not news either.
      if (site.adapter.claimModel !== 'claim_then_reward' && paidLately(site, identity.value, keyOf(fresh)))
        return false;
      const held = store.read(keyOf(fresh));
      return held.state === 'missing' || (held.state === 'valid' && held.value.keepUntil < runtime.now());
    },
    records: () => countRecords(store),
    async sweep() {
      for (const key of store.keys()) {
        try {
          await resume(key, 'poll');
        } catch (error) {
          log.error(`site vote ${key}: ${describeError(error, { withName: true })}`);
        }
      }
    },
    stop: unlisten,
  };
}

/** The player's line for a result. */
function lineOf(result: SiteResult): [MessageKey, MessageVars] | null {
  switch (result.code) {
    case 'paid':
      return ['site_found', {}];
    case 'no_vote':
      return ['site_no_vote', {}];
    case 'already_paid':
      return ['site_already_paid', {}];
    case 'unreachable':
      return ['site_unreachable', {}];
    case 'pending':
      return ['site_pending', {}];
    case 'identity_missing':
      return [IDENTITY_MESSAGES[result.identity], {}];
  }
}

const IDENTITY_MESSAGES: Record<IdentityKind | 'ip_hidden', MessageKey> = {
  name: 'site_needs_name',
  steam64: 'site_needs_steam',
  discord: 'site_needs_discord',
  ip: 'site_needs_ip',
  ip_hidden: 'site_needs_ip',
};
