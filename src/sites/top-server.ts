/**
 * top-server.net. Facts: https://top-server.net/en/docs (wave3.md §4.1, peers.md §3).
 * - Base URL `https://top-server.net`; one API key per server, from the dashboard.
 * - `GET /api/v1/vote/check?key={key}&player={name}`: whether the player has pending (unclaimed) votes; the player
 *   match is case-insensitive. Answer `{ok, server, player, hasPendingVote, pending, votes: [{id, votedAt (ISO)}]}`.
 * - `POST /api/v1/vote/claim` with `{key, player}` (JSON, form or query): "claims (consumes) a player's pending votes
 *   — call it after delivering the in-game reward. Idempotent". Answer `{ok: true, claimed: n}`.
 * - Errors: 400 missing key/player, 401 invalid key. A signed PUSH webhook also exists (not used here).
 * Reward-then-claim: the resource pays on a `voted` check, journals "paid, claim owed", then confirms until
 * `confirmed`. The claim consumes EVERY pending vote of the player: pay each vote `pending` counts before confirming.
 * GUESS: no vote window is stated (pending votes are taken to wait 24 h); 30 requests/min (no limit published); an
 * answer with `ok: false` is unreadable; the error bodies' shape (read by status only).
 */
import * as z from '../runtime/zod';
import {
  checkVoteTime,
  createSiteSender,
  isoDateTime,
  malformed,
  readBaseUrl,
  readJson,
  siteVoteId,
} from './http';
import { checkIdentity } from './identity';
import {
  type CheckOutcome,
  type ConfirmOutcome,
  DEFAULT_SITE_TIMEOUT_MS,
  type RewardThenClaimSite,
  type SiteDescriptor,
  type SiteFailure,
} from './types';

const LABEL = 'Top-Server';
const MAX_PENDING = 1000;

const checkBody = z.object({
  ok: z.literal(true),
  hasPendingVote: z.boolean(),
  pending: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_PENDING)),
  votes: z.array(z.object({ id: siteVoteId, votedAt: isoDateTime })).check(z.maxLength(MAX_PENDING)),
});

const claimBody = z.object({
  ok: z.literal(true),
  claimed: z.number().check(z.int(), z.minimum(0), z.maximum(MAX_PENDING)),
});

/** top-server.net: reward-then-claim by name, key in the query or body. */
export const TOP_SERVER_SITE: SiteDescriptor = {
  kind: 'top-server',
  label: LABEL,
  identities: ['name'],
  auth: 'query',
  claimModels: { name: 'reward_then_claim' },
  rateLimit: { perMinute: 30, documented: false },
  baseUrl: 'https://top-server.net',
  sources: ['https://top-server.net/en/docs (wave3.md §4.1)', 'peers.md §3'],
  checkKey: (key) =>
    /^[\x21-\x7e]{4,200}$/.test(key) ? null : 'the key holds spaces or non-ASCII characters',
  create(settings, deps): RewardThenClaimSite {
    if (settings.identity !== undefined && settings.identity !== 'name')
      throw new TypeError(
        `sites.top-server.identity: this site takes "name" only, got "${settings.identity}"`,
      );
    const base = readBaseUrl('top-server', settings.baseUrl ?? TOP_SERVER_SITE.baseUrl);
    const sender = createSiteSender(LABEL, deps, settings.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS, settings.key);
    const statusFailure = (status: number, effect: boolean): SiteFailure | null => {
      if (status === 401) return { kind: 'bad_key', detail: `${LABEL}: HTTP 401 (invalid API key)` };
      if (status >= 400 && status < 500)
        return { kind: 'refused', status, detail: `${LABEL}: HTTP ${status}` };
      if (status !== 200) return malformed(LABEL, `HTTP ${status}`, effect);
      return null;
    };
    return {
      kind: 'top-server',
      label: LABEL,
      identity: 'name',
      auth: 'query',
      claimModel: 'reward_then_claim',
      rateLimit: TOP_SERVER_SITE.rateLimit,
      voteWindowMs: settings.voteWindowMs ?? 24 * 3_600_000,
      voteWindowDocumented: false,
      canCheck: true,
      async check(player, opts): Promise<CheckOutcome> {
        const bad = checkIdentity('name', player);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        const query = `key=${encodeURIComponent(settings.key)}&player=${encodeURIComponent(player)}`;
        const sent = await sender.send(
          { method: 'GET', url: `${base}/api/v1/vote/check?${query}`, effect: false },
          opts,
        );
        if (!sent.ok) return sent.failure;
        const failure = statusFailure(sent.response.status, false);
        if (failure) return failure;
        const answer = readJson(sent.response.body, checkBody, settings.key);
        if (!answer.ok) return malformed(LABEL, answer.detail, false);
        const { hasPendingVote, pending, votes } = answer.value;
        if (!hasPendingVote || pending === 0) return { kind: 'not_voted', maybeBadKey: false };
        if (votes.length > pending)
          return malformed(LABEL, `${votes.length} votes listed for pending ${pending}`, false);
        const now = deps.now();
        const times = votes.map((vote) => checkVoteTime(Date.parse(vote.votedAt), now));
        if (times.some((time) => time === null)) return malformed(LABEL, 'a votedAt is in the future', false);
        const oldest = votes.reduce<{ id: string; at: number } | null>((first, vote, index) => {
          const at = times[index] as number;
          return first === null || at < first.at ? { id: vote.id, at } : first;
        }, null);
        return {
          kind: 'voted',
          vote: { votedAt: oldest?.at ?? null, voteId: oldest?.id ?? null, pending, nextVoteInMs: null },
        };
      },
      async confirmClaim(player, opts): Promise<ConfirmOutcome> {
        const bad = checkIdentity('name', player);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        const sent = await sender.send(
          {
            method: 'POST',
            url: `${base}/api/v1/vote/claim`,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ key: settings.key, player }),
            effect: true,
          },
          opts,
        );
        if (!sent.ok) return sent.failure;
        const failure = statusFailure(sent.response.status, true);
        if (failure) return failure;
        const answer = readJson(sent.response.body, claimBody, settings.key);
        if (!answer.ok) return malformed(LABEL, answer.detail, true);
        return { kind: 'confirmed', count: answer.value.claimed };
      },
    };
  },
};
