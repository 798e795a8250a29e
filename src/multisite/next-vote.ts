/**
 * Per player and per site: voted or not, and when the player may vote again. From the site's own answer where it gave
 * one (serveur-prive `next_vote_seconds`, Top-Serveurs `duration`: `SiteVote.nextVoteInMs`), else from the vote the
 * resource recorded (a site vote's record; the seed's last claim) plus the site's window (`voteWindowMs`, which
 * `sites[].voteWindowHours` sets for sites that publish none; the seed's `poll.siteCooldownMinutes`).
 *
 * Every time read here is evidence, bounded where it is read: a site answering "next vote in 10 years" waits one
 * window at most (a week where the window is a guess), an answer or a record from the future counts from now, and
 * nothing here throws on what a site or the store holds. Reading changes nothing.
 */
import { nameKey } from '../../contract/name-key';
import { SEED_SITE_ID } from '../config/sites';
import type { Runtime } from '../runtime/runtime';
import type { SiteAdapter, SiteVote } from '../sites/types';
import { LAST_CLAIM_PREFIX } from '../store/keys';
import { identityOf } from './identity';
import { createSiteVoteStore, type SiteVoteStore } from './records';
import type { ConfiguredSite } from './site-claims';

/** Longest wait any answer or window may set: a week (a site's window, guessed or set, is at most 168 h). */
export const MAX_NEXT_VOTE_MS = 7 * 86_400_000;

/** Site answers remembered at once; the oldest is forgotten first (each is one small object). */
export const MAX_REMEMBERED_ANSWERS = 20_000;

/** Where a next-vote time comes from: the site's own answer, or the recorded vote plus the site's window. */
export type NextVoteBasis = 'site' | 'window';

/** One site's answer about one identity: at `at` (this server's clock) it said "next vote in `inMs`". */
export interface NextVoteAnswer {
  at: number;
  inMs: number;
}

/** A vote the resource recorded: the site's vote time when it gave one, and when this server first saw the vote. */
export interface RecordedVote {
  votedAt: number | null;
  seenAt: number;
}

/** What {@link nextVoteAt} weighs. */
export interface NextVoteInput {
  now: number;
  /** The site's vote window (ms). */
  windowMs: number;
  /** Longest wait a site's answer may set (ms): the window where the site documents it, else {@link MAX_NEXT_VOTE_MS}. */
  answerCapMs: number;
  /** The site's latest answer for this identity, if any. */
  answer: NextVoteAnswer | null;
  /** The latest vote recorded for this identity, if any. */
  lastVote: RecordedVote | null;
}

/** When the player may vote again, and from what; null when they may vote now (or nothing says they voted). */
export type NextVote = { at: number; basis: NextVoteBasis } | null;

const finite = (value: number): boolean => typeof value === 'number' && Number.isFinite(value);
const clamp = (value: number, low: number, high: number): number => Math.min(Math.max(value, low), high);

/**
 * When the player may vote again on one site. The site's answer wins when it speaks of the recorded vote or a later
 * one (its next-vote time lies after that vote); otherwise the recorded vote plus the window decides. Bounds: every
 * wait is cut to one window (a site's answer to `answerCapMs`), every time from the future counts as now, and a
 * non-finite value is no evidence. Pure.
 */
export function nextVoteAt(input: NextVoteInput): NextVote {
  const { now } = input;
  if (!finite(now)) return null;
  const windowMs = finite(input.windowMs) ? clamp(input.windowMs, 0, MAX_NEXT_VOTE_MS) : 0;
  const capMs = finite(input.answerCapMs) ? clamp(input.answerCapMs, 0, MAX_NEXT_VOTE_MS) : windowMs;
  let base: number | null = null;
  const last = input.lastVote;
  if (last && finite(last.seenAt)) {
    const seen = Math.min(last.seenAt, now);
    // A vote is cast before it is seen; a site time far behind only means the window already passed.
    base = last.votedAt !== null && finite(last.votedAt) ? clamp(last.votedAt, seen - windowMs, seen) : seen;
  }
  const answer = input.answer;
  let bySite: number | null = null;
  if (answer && finite(answer.at) && finite(answer.inMs) && answer.inMs >= 0)
    bySite = Math.min(answer.at, now) + Math.min(answer.inMs, capMs);
  const chosen: NextVote =
    bySite !== null && (base === null || bySite > base)
      ? { at: bySite, basis: 'site' }
      : base !== null
        ? { at: base + windowMs, basis: 'window' }
        : null;
  return chosen !== null && chosen.at > now ? chosen : null;
}

/** The sites' latest next-vote answers, in memory (a restart falls back on the records and windows). */
export interface NextVoteAnswers {
  /** Remembers what a site said of an identity's vote at `at`; a vote without a next-vote time is ignored. */
  observe(site: string, identity: string, vote: SiteVote | null, at: number): void;
  /** The latest answer of `site` for `identity`. */
  get(site: string, identity: string): NextVoteAnswer | null;
  /** Answers remembered. */
  readonly size: number;
}

/** Creates the answer memory, keeping at most `max` answers (the oldest observed forgotten first). */
export function createNextVoteAnswers(max = MAX_REMEMBERED_ANSWERS): NextVoteAnswers {
  const answers = new Map<string, NextVoteAnswer>();
  const keyOf = (site: string, identity: string) => `${site}\u0000${identity}`;
  return {
    observe(site, identity, vote, at) {
      const inMs = vote?.nextVoteInMs;
      if (inMs === null || inMs === undefined || !finite(inMs) || inMs < 0 || !finite(at)) return;
      const key = keyOf(site, identity);
      answers.delete(key);
      answers.set(key, { at, inMs });
      if (answers.size > max) {
        const oldest = answers.keys().next().value;
        if (oldest !== undefined) answers.delete(oldest);
      }
    },
    get: (site, identity) => answers.get(keyOf(site, identity)) ?? null,
    get size() {
      return answers.size;
    },
  };
}

/**
 * `adapter` with every vote it answers (a check's or a claim's) told to `answers` under `site`, at `now()`. The answers
 * themselves pass unchanged.
 */
export function observingAdapter(
  adapter: SiteAdapter,
  site: string,
  answers: Pick<NextVoteAnswers, 'observe'>,
  now: () => number,
): SiteAdapter {
  const seen = <T>(identity: string, outcome: T): T => {
    const vote = (outcome as { kind?: string; vote?: SiteVote | null }).vote;
    if (vote) answers.observe(site, identity, vote, now());
    return outcome;
  };
  const check: SiteAdapter['check'] = async (identity, opts) =>
    seen(identity, await adapter.check(identity, opts));
  if (adapter.claimModel === 'claim_then_reward')
    return Object.assign(Object.create(adapter) as typeof adapter, {
      check,
      claim: async (identity: string, opts: Parameters<typeof adapter.claim>[1]) =>
        seen(identity, await adapter.claim(identity, opts)),
    });
  return Object.assign(Object.create(adapter) as typeof adapter, { check });
}

/** Where one site stands for one player. */
export interface SiteVoteState {
  /** The site's id (`seed` for this project's API, else config `sites[].id`). */
  id: string;
  /** The site's name for players (the seed: the vote page's host, or '' when none is set). */
  label: string;
  /** The vote page ('' when unknown). */
  voteUrl: string;
  /**
   * `voted`: the site does not let the player vote again before `nextVoteAt`; `can_vote`: nothing says they must wait;
   * `unknown`: the player lacks the identity the site names voters by (or the seed has no name to read).
   */
  state: 'voted' | 'can_vote' | 'unknown';
  /** When the player may vote again (ms), only when `voted`. */
  nextVoteAt: number | null;
  /** Where `nextVoteAt` comes from, only when `voted`. */
  basis: NextVoteBasis | null;
}

/** The seed (this project's API) as the reader sees it. */
export interface SeedSite {
  /** The vote page shown to players ('' when unknown). */
  voteUrl: string;
  /** How long the API makes a player wait between two votes (`poll.siteCooldownMinutes`, in ms). */
  windowMs: number;
}

/** What the reader is built from. */
export interface NextVoteReaderOptions {
  runtime: Pick<Runtime, 'now' | 'kvp' | 'playerName' | 'playerIdentifiers'>;
  /** The configured sites other than the seed, in config order. */
  sites: readonly Pick<ConfiguredSite, 'id' | 'adapter' | 'voteUrl'>[];
  /** The seed, listed first; null leaves it out. */
  seed: SeedSite | null;
  /** The sites' answers (fed by {@link observingAdapter}); none when left out. */
  answers?: Pick<NextVoteAnswers, 'get'>;
  /** The name a claim uses for the player (the claim flow's `claimName`), or null. */
  claimName(source: number): string | null;
  /** The site vote records (default: over `runtime.kvp`). */
  store?: SiteVoteStore;
}

/** Reads, per player, where every site stands. */
export interface NextVoteReader {
  /** Every site's state for the player behind `source`, the seed first; `now` defaults to the runtime's clock. */
  read(source: number, now?: number): SiteVoteState[];
}

/** The host of a URL, or '' when it is not one. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** The poller's record of a name's last seed claim (ms), or null when absent or unreadable. */
export function lastSeedClaimAt(kvp: Pick<Runtime['kvp'], 'get'>, name: string): number | null {
  const raw = kvp.get(`${LAST_CLAIM_PREFIX}${nameKey(name)}`);
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** Creates the per-player, per-site "voted or not, next vote at" reader. */
export function createNextVoteReader(options: NextVoteReaderOptions): NextVoteReader {
  const { runtime, seed, answers } = options;
  const store = options.store ?? createSiteVoteStore(runtime.kvp);

  const stateOf = (id: string, label: string, voteUrl: string, next: NextVote): SiteVoteState =>
    next === null
      ? { id, label, voteUrl, state: 'can_vote', nextVoteAt: null, basis: null }
      : { id, label, voteUrl, state: 'voted', nextVoteAt: next.at, basis: next.basis };

  const latestRecorded = (site: string, identity: string): RecordedVote | null => {
    let latest: RecordedVote | null = null;
    for (const key of store.keys(site, identity)) {
      const found = store.read(key);
      if (found.state !== 'valid') continue;
      const { votedAt, createdAt } = found.value;
      if (latest === null || createdAt > latest.seenAt) latest = { votedAt, seenAt: createdAt };
    }
    return latest;
  };

  return {
    read(source, at) {
      const now = at ?? runtime.now();
      const states: SiteVoteState[] = [];
      const name = options.claimName(source);
      if (seed) {
        const label = hostOf(seed.voteUrl);
        if (name === null)
          states.push({
            id: SEED_SITE_ID,
            label,
            voteUrl: seed.voteUrl,
            state: 'unknown',
            nextVoteAt: null,
            basis: null,
          });
        else {
          const last = lastSeedClaimAt(runtime.kvp, name);
          const next = nextVoteAt({
            now,
            windowMs: seed.windowMs,
            answerCapMs: seed.windowMs,
            answer: null,
            lastVote: last === null ? null : { votedAt: null, seenAt: last },
          });
          states.push(stateOf(SEED_SITE_ID, label, seed.voteUrl, next));
        }
      }
      if (options.sites.length === 0) return states;
      const identifiers = runtime.playerIdentifiers(source);
      for (const site of options.sites) {
        const { adapter } = site;
        const identity = identityOf(adapter.identity, name ?? '', identifiers);
        if (!identity.ok) {
          states.push({
            id: site.id,
            label: adapter.label,
            voteUrl: site.voteUrl,
            state: 'unknown',
            nextVoteAt: null,
            basis: null,
          });
          continue;
        }
        const next = nextVoteAt({
          now,
          windowMs: adapter.voteWindowMs,
          answerCapMs: adapter.voteWindowDocumented ? adapter.voteWindowMs : MAX_NEXT_VOTE_MS,
          answer: answers?.get(site.id, identity.value) ?? null,
          lastVote: latestRecorded(site.id, identity.value),
        });
        states.push(stateOf(site.id, adapter.label, site.voteUrl, next));
      }
      return states;
    },
  };
}
