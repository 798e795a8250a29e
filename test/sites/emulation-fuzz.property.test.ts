/**
 * Any request to an emulated site (any parameter, any value, any method and body) is answered in the site's own
 * shapes, never with a 500, and changes no vote unless it is that site's authenticated claim.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSitesWorld, type SitesWorld } from '../../devkit/fakes/mock-sites';

const NOW = Date.UTC(2026, 10, 27, 12);
let world: SitesWorld;

beforeAll(async () => {
  world = createSitesWorld({ now: () => NOW });
  await world.cast('trackyserver', 'steam64', '76561198000000001', NOW - 60_000);
});
afterAll(() => world.close());

const PATHS = [
  '/sites/top-serveurs/v1/votes/check',
  '/sites/top-serveurs/v1/votes/check-ip',
  '/sites/top-serveurs/v1/votes/claim-username',
  '/sites/top-serveurs/v1/votes/claim-steam',
  '/sites/trackyserver/vote/',
  '/sites/serveur-prive/api/v1/servers/x/votes/1.2.3.4',
  '/sites/top-server/api/v1/vote/check',
  '/sites/top-server/api/v1/vote/claim',
  '/sites/topgservers/api/v1/vote-check',
  '/sites/serveur-prive/vote-page',
];
const NAMES = [
  'server_token',
  'playername',
  'ip',
  'steam_id',
  'action',
  'key',
  'steamid',
  'discordid',
  'player',
  'username',
];

describe('emulated sites under arbitrary requests', () => {
  it('never answer 500 and never claim without the site key', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PATHS),
        fc.constantFrom('GET', 'POST'),
        fc.dictionary(
          fc.constantFrom(...NAMES),
          fc.oneof(fc.string({ maxLength: 80 }), fc.constantFrom('claim', 'status', '76561198000000001')),
        ),
        fc.oneof(
          fc.constant(undefined),
          fc.string({ maxLength: 200 }),
          fc.jsonValue().map((v) => JSON.stringify(v)),
        ),
        async (path, method, query, body) => {
          const search = new URLSearchParams(query).toString();
          const init: RequestInit = { method, headers: { 'content-type': 'application/json' } };
          if (method === 'POST' && body !== undefined) init.body = body;
          const response = await world.mock.app.request(`${path}${search ? `?${search}` : ''}`, init);
          expect(response.status).toBeLessThan(500);
          await response.arrayBuffer();
        },
      ),
      { numRuns: 400 },
    );
    const votes = (await (await world.mock.app.request('/__admin/sites/trackyserver/votes')).json()) as {
      votes: { claimed_at: string | null }[];
    };
    expect(votes.votes.map((vote) => vote.claimed_at)).toEqual([null]);
  });
});
