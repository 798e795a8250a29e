/**
 * Top-Serveurs / Top-Games emulation, from the same facts as `src/sites/top-serveurs.ts` (wave3.md §4.2, peers.md §3):
 * `GET /v1/votes/{check, check-ip, claim-username, claim-steam}` with `server_token` in the query; claims answer
 * `{code, success, claimed: 0|1|2, message}`; `check`/`check-ip` answer `{code: 200, success: true, duration}` when the
 * name or IP voted in the last 2 h (`duration`: minutes until the next vote) and a 404 `{error: "NotFound"}` when not.
 * GUESS: every entry of `guesses` below (also listed by `GET /__admin/sites`), marked where it is played.
 */
import { Hono } from 'hono';
import type { SiteIdentityKind } from '../../db';
import { randomToken, type SiteEmulation, siteKey, UPPER_ALNUM } from '../emulation';

const WINDOW_MS = 2 * 3_600_000;
const KIND = 'top-serveurs';

/** Top-Serveurs: claim by name or SteamID64, check by name or IP. */
export const TOP_SERVEURS_EMULATION: SiteEmulation = {
  kind: KIND,
  label: 'Top-Serveurs',
  identities: ['name', 'steam64', 'ip'],
  basePath: `/sites/${KIND}/v1/votes`,
  makeKey: () => randomToken(UPPER_ALNUM, 12),
  nextVoteAt: (votedAt) => votedAt + WINDOW_MS,
  guesses: [
    'a wrong or missing server_token answers 404 {code: 404, success: false, error: "ServerNotFound"}',
    'a missing player parameter answers 400 {error: "BadRequest"}',
    "a vote can be claimed during the 2 h before the next one (the third-party clients' window)",
    'names match case-insensitively',
    'no rate limit (none is published)',
  ],
  routes(deps) {
    const app = new Hono();
    // GUESS: the status and body of a wrong token (third-party clients read only `error: "ServerNotFound"`).
    const refuse = (token: string | undefined) =>
      token !== siteKey(deps, TOP_SERVEURS_EMULATION)
        ? { code: 404, success: false, error: 'ServerNotFound', message: 'Serveur introuvable' }
        : null;
    const missing = { code: 400, success: false, error: 'BadRequest', message: 'Paramètre manquant' };
    // GUESS: a vote is claimable for the 2 h the third-party clients wait between votes; names fold case.
    const newest = (kind: SiteIdentityKind, identity: string) =>
      deps.store.newest(KIND, kind, identity, deps.now() - WINDOW_MS);

    const check = (kind: SiteIdentityKind, param: string) =>
      app.get(kind === 'ip' ? '/v1/votes/check-ip' : '/v1/votes/check', (c) => {
        const bad = refuse(c.req.query('server_token'));
        if (bad) return c.json(bad, 404);
        const identity = c.req.query(param);
        if (!identity) return c.json(missing, 400);
        const vote = newest(kind, identity);
        if (!vote)
          return c.json({ code: 404, success: false, error: 'NotFound', message: 'Vote introuvable' }, 404);
        const duration = Math.max(0, Math.ceil((vote.votedAt + WINDOW_MS - deps.now()) / 60_000));
        return c.json({ code: 200, success: true, duration, message: 'Vote trouvé' }, 200);
      });
    check('name', 'playername');
    check('ip', 'ip');

    const claim = (path: string, kind: SiteIdentityKind, param: string) =>
      app.get(path, (c) => {
        const bad = refuse(c.req.query('server_token'));
        if (bad) return c.json(bad, 404);
        const identity = c.req.query(param);
        if (!identity) return c.json(missing, 400);
        const vote = newest(kind, identity);
        if (!vote) return c.json({ code: 200, success: true, claimed: 0, message: 'Vote introuvable' }, 200);
        if (vote.claimedAt !== null || !deps.store.claim(vote.voteId, deps.now()))
          return c.json({ code: 200, success: true, claimed: 2, message: 'Vote déjà réclamé' }, 200);
        return c.json({ code: 200, success: true, claimed: 1, message: 'Vote réclamé' }, 200);
      });
    claim('/v1/votes/claim-username', 'name', 'playername');
    claim('/v1/votes/claim-steam', 'steam64', 'steam_id');
    return app;
  },
};
