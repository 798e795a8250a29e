/**
 * serveur-prive.net (private-server.net in English). Facts: https://serveur-prive.net/documentation and
 * https://private-server.net/en/documentation (wave3.md §4.2, peers.md §3), Azuriom/Plugin-Vote VoteChecker.php:144-147.
 * - `GET https://serveur-prive.net/api/v1/servers/{server_token}/votes/{user_ip}` (IPv4 or IPv6): "whether the user
 *   voted for your server in the last 90 minutes".
 * - Voted: `{success: true, data: {username, voted_at (Unix seconds), next_vote_seconds, is_connected,
 *   is_subscriber}}`. Otherwise `{success: false, message}`, which the docs read as "not voted or already voted".
 * - Token in the path; IP only; no claim: the resource dedupes each paid vote by (site, IP, voted_at).
 * GUESS: the HTTP status of a `success: false` answer (read the same at 200 or 4xx); a wrong token answers
 * `success: false` like "not voted" (so `maybeBadKey: true`); 30 requests/min (no limit published).
 */
import * as z from '../runtime/zod';
import { checkVoteTime, createSiteSender, malformed, readBaseUrl, readJson } from './http';
import { checkIdentity } from './identity';
import { type CheckOnlySite, type CheckOutcome, DEFAULT_SITE_TIMEOUT_MS, type SiteDescriptor } from './types';

const LABEL = 'serveur-prive.net';
const WINDOW_MS = 90 * 60_000;

const answerBody = z.union([
  z.object({
    success: z.literal(true),
    data: z.object({
      username: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
      voted_at: z.number().check(z.int(), z.positive()),
      next_vote_seconds: z.optional(
        z.nullable(z.number().check(z.int(), z.minimum(0), z.maximum(WINDOW_MS / 1000))),
      ),
    }),
  }),
  z.object({ success: z.literal(false), message: z.optional(z.string().check(z.maxLength(500))) }),
]);

/** serveur-prive.net: check only, by IP, token in the path. */
export const SERVEUR_PRIVE_SITE: SiteDescriptor = {
  kind: 'serveur-prive',
  label: LABEL,
  identities: ['ip'],
  auth: 'path',
  claimModels: { ip: 'check_only' },
  rateLimit: { perMinute: 30, documented: false },
  wrongKeyReadsAsNoVote: true,
  baseUrl: 'https://serveur-prive.net/api/v1',
  sources: [
    'https://serveur-prive.net/documentation (wave3.md §4.2)',
    'https://private-server.net/en/documentation',
  ],
  checkKey: (key) => (/^[A-Za-z0-9_-]{4,128}$/.test(key) ? null : 'the server token is not a plain token'),
  create(settings, deps): CheckOnlySite {
    if (settings.identity !== undefined && settings.identity !== 'ip')
      throw new TypeError(
        `sites.serveur-prive.identity: this site takes "ip" only, got "${settings.identity}"`,
      );
    const base = readBaseUrl('serveur-prive', settings.baseUrl ?? SERVEUR_PRIVE_SITE.baseUrl);
    const sender = createSiteSender(LABEL, deps, settings.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS, settings.key);
    return {
      kind: 'serveur-prive',
      label: LABEL,
      identity: 'ip',
      auth: 'path',
      claimModel: 'check_only',
      rateLimit: SERVEUR_PRIVE_SITE.rateLimit,
      voteWindowMs: WINDOW_MS,
      voteWindowDocumented: true,
      canCheck: true,
      async check(ip, opts): Promise<CheckOutcome> {
        const bad = checkIdentity('ip', ip);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        const url = `${base}/servers/${encodeURIComponent(settings.key)}/votes/${encodeURIComponent(ip)}`;
        const sent = await sender.send({ method: 'GET', url, effect: false }, opts);
        if (!sent.ok) return sent.failure;
        const { status, body } = sent.response;
        const answer = readJson(body, answerBody, settings.key);
        if (!answer.ok)
          return status >= 400
            ? { kind: 'refused', status, detail: `${LABEL}: HTTP ${status}` }
            : malformed(LABEL, `HTTP ${status}: ${answer.detail}`, false);
        if (!answer.value.success) return { kind: 'not_voted', maybeBadKey: true };
        if (status !== 200) return malformed(LABEL, `success: true with HTTP ${status}`, false);
        const now = deps.now();
        const votedAt = checkVoteTime(answer.value.data.voted_at * 1000, now);
        if (votedAt === null) return malformed(LABEL, 'voted_at is in the future', false);
        const next = answer.value.data.next_vote_seconds;
        return {
          kind: 'voted',
          vote: { votedAt, voteId: null, pending: null, nextVoteInMs: next == null ? null : next * 1000 },
        };
      },
    };
  },
};
