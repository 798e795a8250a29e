/**
 * topgservers.net. Facts: https://topgservers.net/api-docs (wave3.md §4.2, peers.md §3).
 * - Every v1 endpoint takes `Authorization: Bearer tgs_…`; a key is bound to one server.
 * - `GET /api/v1/vote-check?username={site username}`: "quick check if a player voted today", answer
 *   `{voted, last_vote_at (ISO)}`. No claim (check only; a vote webhook also exists, not used here).
 * - Limits: `vote-check` 120 requests/min (`server` and `votes` 60/min); over the limit a 429 with `Retry-After`
 *   in seconds.
 * Check only: the resource dedupes each paid vote by (site, username, last_vote_at).
 * GUESS: "today" is read as the UTC day and the window as 24 h; a wrong key answers 401 or 403; a `voted: true`
 * without `last_vote_at` is unreadable (the dedupe needs it).
 */
import * as z from '../runtime/zod';
import { checkVoteTime, createSiteSender, isoDateTime, malformed, readBaseUrl, readJson } from './http';
import { checkIdentity } from './identity';
import { type CheckOnlySite, type CheckOutcome, DEFAULT_SITE_TIMEOUT_MS, type SiteDescriptor } from './types';

const LABEL = 'TopGServers';

const checkBody = z.union([
  z.object({ voted: z.literal(true), last_vote_at: isoDateTime }),
  z.object({ voted: z.literal(false), last_vote_at: z.optional(z.nullable(isoDateTime)) }),
]);

/** topgservers.net: check only by site username, Bearer `tgs_` key, 120 checks/min. */
export const TOPGSERVERS_SITE: SiteDescriptor = {
  kind: 'topgservers',
  label: LABEL,
  identities: ['name'],
  auth: 'bearer',
  claimModels: { name: 'check_only' },
  rateLimit: { perMinute: 120, documented: true },
  baseUrl: 'https://topgservers.net',
  sources: ['https://topgservers.net/api-docs (wave3.md §4.2)', 'peers.md §3'],
  keyHint: 'starts with tgs_',
  checkKey: (key) => (/^tgs_[\x21-\x7e]{1,200}$/.test(key) ? null : 'the key does not start with tgs_'),
  create(settings, deps): CheckOnlySite {
    if (settings.identity !== undefined && settings.identity !== 'name')
      throw new TypeError(
        `sites.topgservers.identity: this site takes "name" only, got "${settings.identity}"`,
      );
    const base = readBaseUrl('topgservers', settings.baseUrl ?? TOPGSERVERS_SITE.baseUrl);
    const sender = createSiteSender(LABEL, deps, settings.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS, settings.key);
    return {
      kind: 'topgservers',
      label: LABEL,
      identity: 'name',
      auth: 'bearer',
      claimModel: 'check_only',
      rateLimit: TOPGSERVERS_SITE.rateLimit,
      voteWindowMs: settings.voteWindowMs ?? 24 * 3_600_000,
      voteWindowDocumented: false,
      canCheck: true,
      async check(username, opts): Promise<CheckOutcome> {
        const bad = checkIdentity('name', username);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        const sent = await sender.send(
          {
            method: 'GET',
            url: `${base}/api/v1/vote-check?username=${encodeURIComponent(username)}`,
            headers: { authorization: `Bearer ${settings.key}` },
            effect: false,
          },
          opts,
        );
        if (!sent.ok) return sent.failure;
        const { status, body } = sent.response;
        if (status === 401 || status === 403)
          return { kind: 'bad_key', detail: `${LABEL}: HTTP ${status} (API key refused)` };
        if (status >= 400 && status < 500)
          return { kind: 'refused', status, detail: `${LABEL}: HTTP ${status}` };
        if (status !== 200) return malformed(LABEL, `HTTP ${status}`, false);
        const answer = readJson(body, checkBody, settings.key);
        if (!answer.ok) return malformed(LABEL, answer.detail, false);
        if (!answer.value.voted) return { kind: 'not_voted', maybeBadKey: false };
        const votedAt = checkVoteTime(Date.parse(answer.value.last_vote_at), deps.now());
        if (votedAt === null) return malformed(LABEL, 'last_vote_at is in the future', false);
        return { kind: 'voted', vote: { votedAt, voteId: null, pending: null, nextVoteInMs: null } };
      },
    };
  },
};
