/**
 * In-memory listing sites, one per claim model, for the site-claims tests: each keeps its votes by identity and
 * answers as `src/sites/types.ts` describes (the real adapters' emulations live in the mock). Knobs take the site
 * down or lose the answer of the next claim or confirmation after the site acted on it.
 */
import type { RateBudget, RequestPriority } from '../../src/api/rate-budget';
import type {
  CheckOutcome,
  ClaimModel,
  ClaimOutcome,
  ConfirmOutcome,
  IdentityKind,
  SiteAdapter,
  SiteFailure,
} from '../../src/sites/types';

/** A vote the fake site holds for one identity. */
export interface FakeSiteVote {
  votedAt: number;
  /** Claim-then-reward: claimed by a claim. Reward-then-claim: confirmed. */
  claimed: boolean;
}

/** A fake site and its controls. */
export interface FakeSite {
  adapter: SiteAdapter;
  /** Votes by identity, oldest first. */
  votes: Map<string, FakeSiteVote[]>;
  /** Casts a vote for `identity` at `at`. */
  vote(identity: string, at: number): void;
  /** While true, every request fails as unreachable. */
  down: boolean;
  /** While above 0, every check answers this many ms late (a site that hangs; needs the world's `delay`). */
  hangMs: number;
  /** The next claim or confirmation acts at the site, then its answer is lost. */
  loseNextAnswer: boolean;
  /** Requests by operation, in order (`check:<id>`, `claim:<id>`, `confirm:<id>`). */
  requests: string[];
  /** When each request was sent (ms), in order. */
  sentAt: number[];
  /** The site's budget in the composition (set by the world): each request takes a slot, as the real sender does. */
  budget: RateBudget | null;
}

const unreachable = (outcomeUnknown: boolean): SiteFailure => ({
  kind: 'unreachable',
  detail: 'fake site down',
  outcomeUnknown,
});

/** Creates a fake site of `model` naming voters by `identity`, whose votes stay "voted" for `windowMs`. */
export function createFakeSite(options: {
  model: ClaimModel;
  identity?: IdentityKind;
  label?: string;
  windowMs?: number;
  now: () => number;
  canCheck?: boolean;
  perMinute?: number;
  /** Claim then reward: the check answers "voted" for a claimed vote too (as Top-Serveurs' `check` does). */
  checkIgnoresClaims?: boolean;
  /** The site gives no vote time (Top-Serveurs' answers): checks and claims answer `votedAt: null`. */
  withoutVoteTime?: boolean;
  /** Waits `ms` on the world's clock (for `hangMs`). */
  delay?: (ms: number) => Promise<void>;
  /** The site answers the time to the next vote, as serveur-prive's `next_vote_seconds` does (`nextVoteInMs`). */
  answersNextVote?: boolean;
}): FakeSite {
  const { model, now } = options;
  const windowMs = options.windowMs ?? 24 * 3_600_000;
  const timeOf = (vote: FakeSiteVote): number | null => (options.withoutVoteTime ? null : vote.votedAt);
  const nextOf = (vote: FakeSiteVote): number | null =>
    options.answersNextVote ? Math.max(0, vote.votedAt + windowMs - now()) : null;
  const live = (identity: string) =>
    (site.votes.get(identity) ?? []).filter((vote) => now() - vote.votedAt < windowMs);
  const base = {
    kind: 'trackyserver' as const,
    label: options.label ?? `Fake ${model}`,
    identity: options.identity ?? ('name' as IdentityKind),
    auth: 'query' as const,
    rateLimit: { perMinute: options.perMinute ?? 600, documented: false },
    voteWindowMs: windowMs,
    voteWindowDocumented: true,
    canCheck: options.canCheck ?? true,
    async check(identity: string, opts: { priority: RequestPriority }): Promise<CheckOutcome> {
      const refused = take(opts.priority);
      if (refused) return refused;
      site.requests.push(`check:${identity}`);
      if (site.hangMs > 0 && options.delay) await options.delay(site.hangMs);
      if (site.down) return unreachable(false);
      const votes = live(identity);
      if (model === 'reward_then_claim') {
        const pending = votes.filter((vote) => !vote.claimed);
        const first = pending[0];
        if (!first) return { kind: 'not_voted', maybeBadKey: false };
        return {
          kind: 'voted',
          vote: {
            votedAt: first.votedAt,
            voteId: null,
            pending: pending.length,
            nextVoteInMs: nextOf(first),
          },
        };
      }
      const last = votes.at(-1);
      if (!last) return { kind: 'not_voted', maybeBadKey: false };
      const vote = { votedAt: timeOf(last), voteId: null, pending: null, nextVoteInMs: nextOf(last) };
      if (model === 'claim_then_reward' && last.claimed && !options.checkIgnoresClaims)
        return { kind: 'already_claimed', vote };
      return { kind: 'voted', vote };
    },
  };
  /** Takes a slot of the site's budget, or answers the local refusal the real sender gives. */
  const take = (priority: RequestPriority): SiteFailure | null => {
    const decision = site.budget?.take(priority) ?? { ok: true };
    site.sentAt.push(now());
    if (decision.ok) return null;
    site.sentAt.pop();
    return { kind: 'rate_limited', retryAfterMs: decision.waitMs, local: true, detail: 'budget' };
  };
  const lost = () => {
    if (!site.loseNextAnswer) return false;
    site.loseNextAnswer = false;
    return true;
  };
  let adapter: SiteAdapter;
  if (model === 'claim_then_reward') {
    adapter = {
      ...base,
      claimModel: 'claim_then_reward',
      async claim(identity, opts): Promise<ClaimOutcome> {
        const refused = take(opts.priority);
        if (refused) return refused;
        site.requests.push(`claim:${identity}`);
        if (site.down) return unreachable(true);
        const last = live(identity).at(-1);
        if (!last) return { kind: 'not_voted', maybeBadKey: false };
        if (last.claimed) return { kind: 'already_claimed' };
        last.claimed = true;
        if (lost()) return unreachable(true);
        return {
          kind: 'claimed',
          vote: { votedAt: timeOf(last), voteId: null, pending: null, nextVoteInMs: nextOf(last) },
        };
      },
    };
  } else if (model === 'reward_then_claim') {
    adapter = {
      ...base,
      claimModel: 'reward_then_claim',
      async confirmClaim(identity, opts): Promise<ConfirmOutcome> {
        const refused = take(opts.priority);
        if (refused) return refused;
        site.requests.push(`confirm:${identity}`);
        if (site.down) return unreachable(true);
        const pending = live(identity).filter((vote) => !vote.claimed);
        for (const vote of pending) vote.claimed = true;
        if (lost()) return unreachable(true);
        return { kind: 'confirmed', count: pending.length };
      },
    };
  } else adapter = { ...base, claimModel: 'check_only' };
  const site: FakeSite = {
    adapter,
    votes: new Map(),
    vote(identity, at) {
      site.votes.set(identity, [...(site.votes.get(identity) ?? []), { votedAt: at, claimed: false }]);
    },
    down: false,
    hangMs: 0,
    loseNextAnswer: false,
    requests: [],
    sentAt: [],
    budget: null,
  };
  return site;
}
