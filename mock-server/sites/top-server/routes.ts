/**
 * top-server.net emulation, from the same facts as `src/sites/top-server.ts` (https://top-server.net/en/docs):
 * `GET /api/v1/vote/check?key&player` answers `{ok, server, player, hasPendingVote, pending, votes: [{id, votedAt}]}`
 * (player matched case-insensitively); `POST /api/v1/vote/claim` with `key` and `player` (JSON, form or query)
 * consumes every pending vote and answers `{ok: true, claimed: n}`, idempotently. 400 missing key/player, 401 bad key.
 * GUESS: every entry of `guesses` below (also listed by `GET /__admin/sites`), marked where it is played.
 */

import type { Context } from 'hono';
import { Hono } from 'hono';
import { type EmulationDeps, HEX, randomToken, type SiteEmulation, siteKey } from '../emulation';

// GUESS: no window is stated; a pending vote waits 24 h.
const PENDING_MS = 24 * 3_600_000;
const KIND = 'top-server';

/** Reads `key` and `player` from the query, then a JSON or form body. */
async function params(c: Context): Promise<{ key: string | undefined; player: string | undefined }> {
  let key = c.req.query('key');
  let player = c.req.query('player');
  if (c.req.method === 'POST') {
    const type = c.req.header('content-type') ?? '';
    try {
      const body: Record<string, unknown> = type.includes('application/json')
        ? ((await c.req.json()) as Record<string, unknown>)
        : ((await c.req.parseBody()) as Record<string, unknown>);
      if (typeof body.key === 'string') key ??= body.key;
      if (typeof body.player === 'string') player ??= body.player;
    } catch {
      // an unreadable body gives no parameters: answered 400 below
    }
  }
  return { key, player };
}

/** top-server.net: reward-then-claim by player name, key in the query or body. */
export const TOP_SERVER_EMULATION: SiteEmulation = {
  kind: KIND,
  label: 'Top-Server',
  identities: ['name'],
  basePath: `/sites/${KIND}`,
  makeKey: () => randomToken(HEX, 32),
  nextVoteAt: (votedAt) => votedAt + PENDING_MS,
  guesses: [
    'the key form (32 hex digits)',
    'a vote stays pending 24 h and a name votes once per 24 h (no window is stated)',
    'error bodies are {ok: false, error}',
    'no rate limit (none is published)',
  ],
  routes(deps: EmulationDeps) {
    const app = new Hono();
    const guard = (c: Context, key: string | undefined, player: string | undefined) => {
      if (!key || !player) return c.json({ ok: false, error: 'missing key or player' }, 400);
      if (key !== siteKey(deps, TOP_SERVER_EMULATION))
        return c.json({ ok: false, error: 'invalid API key' }, 401);
      return null;
    };
    app.get('/api/v1/vote/check', async (c) => {
      const { key, player } = await params(c);
      const refused = guard(c, key, player);
      if (refused) return refused;
      const votes = deps.store.pending(KIND, 'name', player as string, deps.now() - PENDING_MS);
      return c.json({
        ok: true,
        server: 'Mock server',
        player,
        hasPendingVote: votes.length > 0,
        pending: votes.length,
        votes: votes.map((vote) => ({ id: vote.voteId, votedAt: new Date(vote.votedAt).toISOString() })),
      });
    });
    app.post('/api/v1/vote/claim', async (c) => {
      const { key, player } = await params(c);
      const refused = guard(c, key, player);
      if (refused) return refused;
      const now = deps.now();
      const votes = deps.store.pending(KIND, 'name', player as string, now - PENDING_MS);
      const claimed = votes.filter((vote) => deps.store.claim(vote.voteId, now)).length;
      return c.json({ ok: true, claimed });
    });
    return app;
  },
};
