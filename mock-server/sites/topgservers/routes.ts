/**
 * topgservers.net emulation, from the same facts as `src/sites/topgservers.ts` (https://topgservers.net/api-docs):
 * `GET /api/v1/vote-check?username` with `Authorization: Bearer tgs_…` answers `{voted, last_vote_at}` ("voted
 * today"); 120 requests/min per key on vote-check, then 429 with `Retry-After` in seconds.
 * GUESS: every entry of `guesses` below (also listed by `GET /__admin/sites`), marked where it is played.
 */
import { Hono } from 'hono';
import { createSlidingWindowLimiter } from '../../middleware/rate-limit';
import { type EmulationDeps, HEX, randomToken, type SiteEmulation, siteKey } from '../emulation';

const KIND = 'topgservers';
const DAY_MS = 86_400_000;
/** Requests per key per minute on vote-check (documented). */
export const TOPGSERVERS_VOTE_CHECK_LIMIT = 120;

/** topgservers.net: check only, Bearer key, rate limited. */
export const TOPGSERVERS_EMULATION: SiteEmulation = {
  kind: KIND,
  label: 'TopGServers',
  identities: ['name'],
  basePath: `/sites/${KIND}`,
  makeKey: () => `tgs_${randomToken(HEX, 32)}`,
  nextVoteAt: (votedAt) => (Math.floor(votedAt / DAY_MS) + 1) * DAY_MS,
  guesses: [
    '"today" is the UTC day; one vote per name per UTC day',
    'a missing or wrong key answers 401 {error: "Unauthorized"}; a missing username 400',
    'usernames match case-insensitively',
  ],
  routes(deps: EmulationDeps) {
    const app = new Hono();
    const limiter = createSlidingWindowLimiter({ limit: TOPGSERVERS_VOTE_CHECK_LIMIT, now: deps.now });
    app.get('/api/v1/vote-check', (c) => {
      const key = siteKey(deps, TOPGSERVERS_EMULATION);
      // GUESS: the status and body of a missing or wrong key.
      if (c.req.header('authorization') !== `Bearer ${key}`) return c.json({ error: 'Unauthorized' }, 401);
      const decision = limiter.hit(key);
      if (!decision.allowed) {
        c.header('Retry-After', String(decision.resetSeconds));
        return c.json({ error: 'Too many requests' }, 429);
      }
      const username = c.req.query('username');
      if (!username) return c.json({ error: 'username is required' }, 400);
      const now = deps.now();
      const vote = deps.store.newest(KIND, 'name', username, -Number.MAX_SAFE_INTEGER);
      // GUESS: "today" is the UTC day.
      const today = Math.floor(now / DAY_MS);
      return c.json({
        voted: vote !== null && Math.floor(vote.votedAt / DAY_MS) === today,
        last_vote_at: vote === null ? null : new Date(vote.votedAt).toISOString(),
      });
    });
    return app;
  },
};
