/**
 * Trackyserver emulation, from the same facts as `src/sites/trackyserver.ts` (https://www.trackyserver.com/listing/api):
 * `GET /vote/?action=status|claim&key&steamid|discordid` answers one digit. `claim`: `0` bad key or no vote in the
 * last 24 h, `1` found and now claimed, `2` already claimed. `status`: `0` bad key or not voted, `1` voted and not
 * claimed, `2` voted and claimed.
 * GUESS: every entry of `guesses` below (also listed by `GET /__admin/sites`), marked where it is played.
 */

import type { Context } from 'hono';
import { Hono } from 'hono';
import { type EmulationDeps, HEX, randomToken, type SiteEmulation, siteKey } from '../emulation';

const WINDOW_MS = 24 * 3_600_000;
const KIND = 'trackyserver';

/** Trackyserver: digits, SteamID64 or Discord id. */
export const TRACKYSERVER_EMULATION: SiteEmulation = {
  kind: KIND,
  label: 'Trackyserver',
  identities: ['steam64', 'discord'],
  basePath: `/sites/${KIND}`,
  makeKey: () => randomToken(HEX, 32),
  nextVoteAt: (votedAt) => votedAt + WINDOW_MS,
  guesses: [
    'the key form (32 hex digits)',
    'an unknown action or a missing id answers 0',
    'answers are text/plain',
    'no rate limit (none is published)',
  ],
  routes(deps: EmulationDeps) {
    const app = new Hono();
    const handle = (c: Context) => {
      const digit = (value: 0 | 1 | 2) => c.text(String(value), 200);
      const action = c.req.query('action');
      if (c.req.query('key') !== siteKey(deps, TRACKYSERVER_EMULATION)) return digit(0);
      const steam = c.req.query('steamid');
      const discord = c.req.query('discordid');
      const [kind, identity] = steam ? (['steam64', steam] as const) : (['discord', discord] as const);
      // GUESS: an unknown action or a missing id answers 0, like a wrong key.
      if (!identity || (action !== 'status' && action !== 'claim')) return digit(0);
      const vote = deps.store.newest(KIND, kind, identity, deps.now() - WINDOW_MS);
      if (!vote) return digit(0);
      if (vote.claimedAt !== null) return digit(2);
      if (action === 'status') return digit(1);
      return digit(deps.store.claim(vote.voteId, deps.now()) ? 1 : 2);
    };
    app.get('/vote/', handle);
    app.get('/vote', handle);
    return app;
  },
};
