/**
 * This project's own API (Vote Verification and Reward API v1, `../shared/spec/vote-api-v1.md`): the first site.
 * Source: the spec and `src/api/client.ts`, which this adapter only describes and delegates to (its behaviour is
 * unchanged). Bearer key, `/vote/check` by name, `/vote/claim` as the atomic claim, 60 requests/min per key (§ rate
 * limits of the spec). The site's cooldown between two votes is 2 h (the mock's vote page default).
 */
import { createVoteApi } from '../api/client';
import {
  answerMayBeLost,
  ClaimRefusedError,
  HttpError,
  RateBudgetError,
  RateLimitedError,
  ResponseValidationError,
  ServerError,
  UnauthorizedError,
} from '../api/errors';
import { describeError } from '../runtime/errors';
import { readBaseUrl } from './http';
import { checkIdentity } from './identity';
import {
  type ClaimThenRewardSite,
  DEFAULT_SITE_TIMEOUT_MS,
  type SiteDescriptor,
  type SiteFailure,
  type SiteVote,
} from './types';

const LABEL = 'Vote API';

/** This project's API as a site (claim-then-reward by name). */
export const SEED_SITE: SiteDescriptor = {
  kind: 'seed',
  label: LABEL,
  identities: ['name'],
  auth: 'bearer',
  claimModels: { name: 'claim_then_reward' },
  rateLimit: { perMinute: 60, documented: true },
  baseUrl: 'http://127.0.0.1:8787',
  sources: ['../shared/spec/vote-api-v1.md', 'src/api/client.ts'],
  keyHint: 'starts with live_',
  checkKey: (key) => (key.trim() === '' ? 'the key is empty' : null),
  create(settings, deps): ClaimThenRewardSite {
    if (settings.identity !== undefined && settings.identity !== 'name')
      throw new TypeError(`sites.seed.identity: this site takes "name" only, got "${settings.identity}"`);
    const api = createVoteApi({
      baseUrl: readBaseUrl('seed', settings.baseUrl ?? SEED_SITE.baseUrl),
      apiKey: settings.key,
      transport: deps.transport,
      budget: deps.budget,
      now: deps.now,
      timeoutMs: settings.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS,
      ...(deps.log === undefined ? {} : { log: deps.log }),
    });
    return {
      kind: 'seed',
      label: LABEL,
      identity: 'name',
      auth: 'bearer',
      claimModel: 'claim_then_reward',
      rateLimit: SEED_SITE.rateLimit,
      voteWindowMs: 2 * 3_600_000,
      // The spec leaves the cooldown to the site; 2 h is the mock's vote-page default.
      voteWindowDocumented: false,
      canCheck: true,
      async check(identity, opts) {
        const bad = checkIdentity('name', identity);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        try {
          const answer = await api.checkVote({ username: identity }, opts);
          if (!answer.voted) return { kind: 'not_voted', maybeBadKey: false };
          return { kind: 'voted', vote: seedVote(answer.votedAt, null) };
        } catch (error) {
          return toFailure(error, false);
        }
      },
      async claim(identity, opts) {
        const bad = checkIdentity('name', identity);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        try {
          const answer = await api.claimVote(identity, opts);
          // The API answers "no unclaimed vote" alike for never voted and already claimed.
          if (!answer.claimed) return { kind: 'not_voted', maybeBadKey: false };
          return { kind: 'claimed', vote: seedVote(null, answer.voteId) };
        } catch (error) {
          return toFailure(error, true);
        }
      },
    };
  },
};

function seedVote(votedAt: string | null, voteId: string | null): SiteVote {
  return {
    votedAt: votedAt === null ? null : Date.parse(votedAt),
    voteId,
    pending: null,
    nextVoteInMs: null,
  };
}

/** The client's thrown errors as the site outcomes (`effect`: the request was a claim). */
function toFailure(error: unknown, effect: boolean): SiteFailure {
  const detail = `${LABEL}: ${describeError(error)}`;
  if (error instanceof RateBudgetError)
    return { kind: 'rate_limited', retryAfterMs: error.waitMs, local: true, detail };
  if (error instanceof RateLimitedError)
    return { kind: 'rate_limited', retryAfterMs: error.retryAfterMs, local: false, detail };
  if (error instanceof UnauthorizedError) return { kind: 'bad_key', detail };
  if (error instanceof ServerError) return { kind: 'unreachable', detail, outcomeUnknown: effect };
  if (error instanceof ClaimRefusedError) return { kind: 'refused', status: 200, detail };
  if (error instanceof HttpError && error.status >= 400 && error.status < 500)
    return { kind: 'refused', status: error.status, detail };
  if (error instanceof HttpError) return { kind: 'malformed', detail, outcomeUnknown: effect };
  if (error instanceof ResponseValidationError) return { kind: 'malformed', detail, outcomeUnknown: effect };
  return { kind: 'unreachable', detail, outcomeUnknown: effect && answerMayBeLost(error) };
}
