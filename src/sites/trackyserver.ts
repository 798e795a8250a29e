/**
 * Trackyserver. Facts: https://www.trackyserver.com/listing/api (wave3.md §4.2, peers.md §3), Azuriom/Plugin-Vote
 * VoteChecker.php:129-132.
 * - `GET https://api.trackyserver.com/vote/?action=claim&key={key}&steamid={SteamID64}` (or `&discordid={id}`):
 *   bare digit `0` = the key is incorrect OR the id was not found / no vote in the past 24 h; `1` = found, voted in
 *   the last 24 h, the vote is now claimed (reward); `2` = voted but already claimed ("do not reward him anymore").
 * - `…?action=status&…` does not claim: `0` = bad key or not voted, `1` = voted, not yet claimed, `2` = voted and
 *   claimed.
 * - The player votes through "API vote" on the site, logged in with Steam or Discord. Window 24 h.
 * Because `0` also means a wrong key, "not voted" is reported with `maybeBadKey: true`, never as proof.
 * GUESS: 30 requests/min (no limit published); any HTTP status other than 200 is read as the site failing
 * (4xx: refused, nothing claimed; 5xx: unreachable); a body other than one digit is unreadable.
 */

import { excerpt } from '../runtime/redact';
import { buildUrl, createSiteSender, malformed, readBaseUrl } from './http';
import { checkIdentity } from './identity';
import {
  type CheckOutcome,
  type ClaimOutcome,
  DEFAULT_SITE_TIMEOUT_MS,
  type IdentityKind,
  type SiteCallOptions,
  type SiteDescriptor,
  type SiteFailure,
  type SiteVote,
} from './types';

const LABEL = 'Trackyserver';
const NO_DETAILS: SiteVote = { votedAt: null, voteId: null, pending: null, nextVoteInMs: null };

/** Trackyserver: claim-then-reward by SteamID64 or Discord id, digit answers. */
export const TRACKYSERVER_SITE: SiteDescriptor = {
  kind: 'trackyserver',
  label: LABEL,
  identities: ['steam64', 'discord'],
  auth: 'query',
  claimModels: { steam64: 'claim_then_reward', discord: 'claim_then_reward' },
  rateLimit: { perMinute: 30, documented: false },
  wrongKeyReadsAsNoVote: true,
  baseUrl: 'https://api.trackyserver.com',
  sources: ['https://www.trackyserver.com/listing/api (wave3.md §4.2)', 'peers.md §3'],
  checkKey: (key) => (/^[A-Za-z0-9_-]{4,128}$/.test(key) ? null : 'the key is not a plain token'),
  create(settings, deps) {
    const identity: IdentityKind = settings.identity ?? 'steam64';
    if (identity !== 'steam64' && identity !== 'discord')
      throw new TypeError(`sites.trackyserver.identity: expected steam64 or discord, got "${identity}"`);
    const base = readBaseUrl('trackyserver', settings.baseUrl ?? TRACKYSERVER_SITE.baseUrl);
    const sender = createSiteSender(LABEL, deps, settings.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS, settings.key);
    const idParam = identity === 'steam64' ? 'steamid' : 'discordid';

    const ask = async (
      action: 'status' | 'claim',
      value: string,
      opts: SiteCallOptions,
    ): Promise<{ digit: 0 | 1 | 2 } | SiteFailure> => {
      const bad = checkIdentity(identity, value);
      if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
      const effect = action === 'claim';
      const url = buildUrl(base, '/vote/', { action, key: settings.key, [idParam]: value });
      const sent = await sender.send({ method: 'GET', url, effect }, opts);
      if (!sent.ok) return sent.failure;
      const { status, body } = sent.response;
      if (status !== 200) {
        if (status >= 400 && status < 500)
          return { kind: 'refused', status, detail: `${LABEL}: HTTP ${status}` };
        return malformed(LABEL, `HTTP ${status}`, effect);
      }
      const digit = /^\s*([012])\s*$/.exec(body ?? '');
      if (!digit) return malformed(LABEL, `not a 0/1/2 answer: ${excerpt(body ?? '', settings.key)}`, effect);
      return { digit: Number(digit[1]) as 0 | 1 | 2 };
    };

    return {
      kind: 'trackyserver',
      label: LABEL,
      identity,
      auth: 'query',
      claimModel: 'claim_then_reward',
      rateLimit: TRACKYSERVER_SITE.rateLimit,
      voteWindowMs: 24 * 3_600_000,
      voteWindowDocumented: true,
      canCheck: true,
      async check(value, opts): Promise<CheckOutcome> {
        const answer = await ask('status', value, opts);
        if (!('digit' in answer)) return answer;
        if (answer.digit === 0) return { kind: 'not_voted', maybeBadKey: true };
        if (answer.digit === 2) return { kind: 'already_claimed', vote: null };
        return { kind: 'voted', vote: NO_DETAILS };
      },
      async claim(value, opts): Promise<ClaimOutcome> {
        const answer = await ask('claim', value, opts);
        if (!('digit' in answer)) return answer;
        if (answer.digit === 0) return { kind: 'not_voted', maybeBadKey: true };
        if (answer.digit === 2) return { kind: 'already_claimed' };
        return { kind: 'claimed', vote: NO_DETAILS };
      },
    };
  },
};
