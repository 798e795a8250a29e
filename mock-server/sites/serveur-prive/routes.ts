/**
 * serveur-prive.net emulation, from the same facts as `src/sites/serveur-prive.ts`
 * (https://serveur-prive.net/documentation): `GET /api/v1/servers/{server_token}/votes/{user_ip}` answers
 * `{success: true, data: {username, voted_at (Unix s), next_vote_seconds, is_connected, is_subscriber}}` when the IP
 * voted in the last 90 minutes, else `{success: false, message}`. No claim.
 * GUESS: every entry of `guesses` below (also listed by `GET /__admin/sites`), marked where it is played.
 */
import { Hono } from 'hono';
import { type EmulationDeps, randomToken, type SiteEmulation, siteKey, UPPER_ALNUM } from '../emulation';

const WINDOW_MS = 90 * 60_000;
const KIND = 'serveur-prive';

/** serveur-prive.net: check only, by IP, token in the path. */
export const SERVEUR_PRIVE_EMULATION: SiteEmulation = {
  kind: KIND,
  label: 'serveur-prive.net',
  identities: ['ip'],
  basePath: `/sites/${KIND}/api/v1`,
  makeKey: () => randomToken(UPPER_ALNUM, 8),
  nextVoteAt: (votedAt) => votedAt + WINDOW_MS,
  guesses: [
    'every answer is HTTP 200, success: false included',
    'a wrong token answers {success: false, message: "Serveur introuvable"}',
    'is_connected and is_subscriber are always false',
    'no rate limit (none is published)',
  ],
  routes(deps: EmulationDeps) {
    const app = new Hono();
    app.get('/api/v1/servers/:token/votes/:ip', (c) => {
      // GUESS: a wrong token answers like "not voted", at HTTP 200 (the docs give no status).
      if (c.req.param('token') !== siteKey(deps, SERVEUR_PRIVE_EMULATION))
        return c.json({ success: false, message: 'Serveur introuvable' }, 200);
      const now = deps.now();
      const vote = deps.store.newest(KIND, 'ip', c.req.param('ip'), now - WINDOW_MS);
      if (!vote) return c.json({ success: false, message: 'Pas ou déjà voté' }, 200);
      return c.json(
        {
          success: true,
          data: {
            username: vote.username ?? '',
            voted_at: Math.floor(vote.votedAt / 1000),
            next_vote_seconds: Math.max(0, Math.ceil((vote.votedAt + WINDOW_MS - now) / 1000)),
            is_connected: false,
            is_subscriber: false,
          },
        },
        200,
      );
    });
    return app;
  },
};
