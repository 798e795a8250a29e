/**
 * Top-Serveurs / Top-Games (FR, FiveM and RedM). Facts: `../shared/research/review/wave3.md` §4.2 and
 * `../shared/research/peers.md` §3, from Azuriom/Plugin-Vote@1650c3b `src/Verification/VoteChecker.php:154-167`,
 * EasyVoteExtended@c08c3bc `README.md:134-137` and third-party FiveM/GMod/Discord/Unturned clients in the code index.
 * - `GET https://api.top-serveurs.net/v1/votes/claim-username?server_token&playername` and
 *   `…/claim-steam?server_token&steam_id` (SteamID64) answer `{code, success, claimed, message}`: `claimed` 0 vote
 *   not found, 1 found and now claimed (reward), 2 already claimed. The claim is the atomic test-and-set.
 * - `GET …/check?server_token&playername` answers `{code: 200, success: true, duration, message}` when the name voted;
 *   `duration` is read by clients as minutes until the next vote. It does not say whether the vote was claimed.
 * - `GET …/check-ip?server_token&ip` answers `code: 200` when the IP voted, 404 (`error: "NotFound"`) when not; there
 *   is no claim by IP.
 * - Errors read by a third-party client: a non-2xx `{code, success: false, error: "NotFound" | "ServerNotFound"}`;
 *   `ServerNotFound` is a wrong token.
 * - About 2 h between votes (clients enforce 2 h). No rate limit published.
 * GUESS: the status of a `ServerNotFound` answer (mapped by its `error`, whatever the status); 401/403 read as a bad
 * token; 30 requests/min (no published limit); a 200 with `success: false` is unreadable; no check by SteamID exists.
 */
import * as z from '../runtime/zod';
import { buildUrl, createSiteSender, malformed, readBaseUrl, readJson } from './http';
import { checkIdentity } from './identity';
import {
  type CheckOutcome,
  type ClaimOutcome,
  DEFAULT_SITE_TIMEOUT_MS,
  type IdentityKind,
  type NotVoted,
  type SiteAdapter,
  type SiteDescriptor,
  type SiteFailure,
  type SiteVote,
} from './types';

const LABEL = 'Top-Serveurs';
const WINDOW_MS = 2 * 3_600_000;

/** Answer of `claim-username` / `claim-steam`. */
const claimAnswer = z.object({
  success: z.boolean(),
  claimed: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});

/** Answer of `check` / `check-ip` when the identity voted. */
const checkAnswer = z.object({
  code: z.literal(200),
  success: z.literal(true),
  duration: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(7 * 24 * 60))),
});

/** A non-2xx error answer. */
const errorAnswer = z.object({ error: z.string().check(z.maxLength(64)) });

/** Top-Serveurs (and Top-Games through `baseUrl`): claim by name or SteamID64, check only by IP. */
export const TOP_SERVEURS_SITE: SiteDescriptor = {
  kind: 'top-serveurs',
  label: LABEL,
  identities: ['name', 'steam64', 'ip'],
  auth: 'query',
  claimModels: { name: 'claim_then_reward', steam64: 'claim_then_reward', ip: 'check_only' },
  rateLimit: { perMinute: 30, documented: false },
  baseUrl: 'https://api.top-serveurs.net/v1/votes',
  sources: [
    'https://api.top-serveurs.net/v1/votes (wave3.md §4.2)',
    'Azuriom/Plugin-Vote@1650c3b src/Verification/VoteChecker.php:154-167',
    'dfxphoenix/EasyVoteExtended@c08c3bc README.md:134-137',
  ],
  checkKey: (key) => (/^[A-Za-z0-9:_-]{4,128}$/.test(key) ? null : 'the server token is not a plain token'),
  create(settings, deps): SiteAdapter {
    const identity: IdentityKind = settings.identity ?? 'name';
    if (!TOP_SERVEURS_SITE.identities.includes(identity))
      throw new TypeError(`sites.top-serveurs.identity: expected name, steam64 or ip, got "${identity}"`);
    const base = readBaseUrl('top-serveurs', settings.baseUrl ?? TOP_SERVEURS_SITE.baseUrl);
    const sender = createSiteSender(LABEL, deps, settings.timeoutMs ?? DEFAULT_SITE_TIMEOUT_MS, settings.key);
    const token = settings.key;

    const check = async (value: string, opts: { priority: 'claim' | 'poll' }): Promise<CheckOutcome> => {
      const bad = checkIdentity(identity, value);
      if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
      if (identity === 'steam64')
        return { kind: 'unsupported', detail: `${LABEL}: no documented check by SteamID64 (claim only)` };
      const url =
        identity === 'ip'
          ? buildUrl(base, '/check-ip', { server_token: token, ip: value })
          : buildUrl(base, '/check', { server_token: token, playername: value });
      const sent = await sender.send({ method: 'GET', url, effect: false }, opts);
      if (!sent.ok) return sent.failure;
      const { status, body } = sent.response;
      if (status < 200 || status >= 300) return readError(status, body, false);
      const answer = readJson(body, checkAnswer, settings.key);
      if (!answer.ok) return malformed(LABEL, answer.detail, false);
      const vote: SiteVote = {
        votedAt: null,
        voteId: null,
        pending: null,
        nextVoteInMs: answer.value.duration === undefined ? null : answer.value.duration * 60_000,
      };
      return { kind: 'voted', vote };
    };

    const common = {
      kind: 'top-serveurs' as const,
      label: LABEL,
      identity,
      auth: 'query' as const,
      rateLimit: TOP_SERVEURS_SITE.rateLimit,
      voteWindowMs: settings.voteWindowMs ?? WINDOW_MS,
      voteWindowDocumented: false,
      canCheck: identity !== 'steam64',
      check,
    };
    if (identity === 'ip') return { ...common, claimModel: 'check_only' };
    return {
      ...common,
      claimModel: 'claim_then_reward',
      async claim(value, opts): Promise<ClaimOutcome> {
        const bad = checkIdentity(identity, value);
        if (bad !== null) return { kind: 'bad_identity', detail: `${LABEL}: ${bad}` };
        const url =
          identity === 'steam64'
            ? buildUrl(base, '/claim-steam', { server_token: token, steam_id: value })
            : buildUrl(base, '/claim-username', { server_token: token, playername: value });
        const sent = await sender.send({ method: 'GET', url, effect: true }, opts);
        if (!sent.ok) return sent.failure;
        const { status, body } = sent.response;
        if (status < 200 || status >= 300) return readError(status, body, true);
        const answer = readJson(body, claimAnswer, settings.key);
        if (!answer.ok) return malformed(LABEL, answer.detail, true);
        if (!answer.value.success) return malformed(LABEL, 'success: false on a 2xx answer', true);
        if (answer.value.claimed === 0) return { kind: 'not_voted', maybeBadKey: false };
        if (answer.value.claimed === 2) return { kind: 'already_claimed' };
        return { kind: 'claimed', vote: { votedAt: null, voteId: null, pending: null, nextVoteInMs: null } };
      },
    };
  },
};

/** A non-2xx answer: `NotFound` is "not voted", `ServerNotFound` (or 401/403) a wrong token, the rest a refusal. */
function readError(status: number, body: string | null, effect: boolean): NotVoted | SiteFailure {
  const answer = readJson(body, errorAnswer);
  const code = answer.ok ? answer.value.error : null;
  if (code === 'ServerNotFound' || status === 401 || status === 403)
    return {
      kind: 'bad_key',
      detail: `${LABEL}: HTTP ${status}${code ? ` ${code}` : ''} (server token refused)`,
    };
  // Only the site's own "NotFound" says "no vote": a bare 404 (a wrong base URL, a proxy page) proves nothing.
  if (code === 'NotFound') return { kind: 'not_voted', maybeBadKey: false };
  // Only a 4xx is a definite "no": a 1xx or 3xx as the final answer says nothing about what the site did.
  if (status < 400) return malformed(LABEL, `HTTP ${status}`, effect);
  return { kind: 'refused', status, detail: `${LABEL}: HTTP ${status}${code ? ` ${code}` : ''}` };
}
