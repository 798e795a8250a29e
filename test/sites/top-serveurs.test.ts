import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { TOP_SERVEURS_SITE } from '../../src/sites/top-serveurs';
import type { ClaimThenRewardSite, IdentityKind } from '../../src/sites/types';

const TOKEN = 'TS-TOKEN-1';
const STEAM = '76561198000000002';
const now = () => Date.UTC(2026, 10, 27, 12);
const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

function make(identity: IdentityKind, answer = json(200, { code: 200, success: true, claimed: 1 })) {
  const transport = createScriptedTransport(answer);
  const site = TOP_SERVEURS_SITE.create({ key: TOKEN, identity }, siteDeps(transport, now));
  return { transport, site };
}

function claimer(identity: IdentityKind, answer?: { status: number; body: string }) {
  const made = make(identity, answer);
  if (made.site.claimModel !== 'claim_then_reward') throw new Error(`${identity} should claim`);
  return { transport: made.transport, site: made.site as ClaimThenRewardSite };
}

describe('Top-Serveurs adapter', () => {
  it.each([
    [
      'name',
      'Jean Dupont',
      'claim_then_reward',
      '/v1/votes/claim-username',
      { server_token: TOKEN, playername: 'Jean Dupont' },
    ],
    [
      'steam64',
      STEAM,
      'claim_then_reward',
      '/v1/votes/claim-steam',
      { server_token: TOKEN, steam_id: STEAM },
    ],
  ] as const)(
    'claims by %s through %s with the token in the query',
    async (identity, value, model, path, query) => {
      const { transport, site } = claimer(identity);
      expect(site.claimModel).toBe(model);
      expect(await site.claim(value, { priority: 'claim' })).toMatchObject({ kind: 'claimed' });
      const url = new URL(transport.requests[0]?.url ?? '');
      expect(url.host + url.pathname).toBe(`api.top-serveurs.net${path}`);
      expect(Object.fromEntries(url.searchParams)).toEqual(query);
    },
  );

  it('checks by IP through check-ip and has no claim for an IP', async () => {
    const { transport, site } = make('ip', json(200, { code: 200, success: true, duration: 45 }));
    expect(site.claimModel).toBe('check_only');
    expect('claim' in site).toBe(false);
    expect(await site.check('203.0.113.9', { priority: 'poll' })).toEqual({
      kind: 'voted',
      vote: { votedAt: null, voteId: null, pending: null, nextVoteInMs: 45 * 60_000 },
    });
    const url = new URL(transport.requests[0]?.url ?? '');
    expect(url.pathname).toBe('/v1/votes/check-ip');
    expect(Object.fromEntries(url.searchParams)).toEqual({ server_token: TOKEN, ip: '203.0.113.9' });
  });

  it('answers unsupported for a check by SteamID64 (none is documented) without sending', async () => {
    const { transport, site } = make('steam64');
    expect(site.canCheck).toBe(false);
    expect(await site.check(STEAM, { priority: 'poll' })).toMatchObject({ kind: 'unsupported' });
    expect(transport.requests).toHaveLength(0);
  });

  it.each([
    [
      json(200, { code: 200, success: true, claimed: 0, message: 'x' }),
      { kind: 'not_voted', maybeBadKey: false },
    ],
    [json(200, { code: 200, success: true, claimed: 1 }), { kind: 'claimed' }],
    [json(200, { code: 200, success: true, claimed: 2 }), { kind: 'already_claimed' }],
    [json(200, { code: 200, success: false, claimed: 1 }), { kind: 'malformed', outcomeUnknown: true }],
    [json(200, { code: 200, success: true, claimed: '1' }), { kind: 'malformed', outcomeUnknown: true }],
    [json(200, { code: 200, success: true, claimed: 3 }), { kind: 'malformed', outcomeUnknown: true }],
    [
      { status: 200, body: '1' },
      { kind: 'malformed', outcomeUnknown: true },
    ],
    [json(404, { code: 404, success: false, error: 'ServerNotFound' }), { kind: 'bad_key' }],
    [json(404, { code: 404, success: false, error: 'NotFound' }), { kind: 'not_voted' }],
    [json(401, {}), { kind: 'bad_key' }],
    [json(400, { error: 'BadRequest' }), { kind: 'refused', status: 400 }],
    [json(502, {}), { kind: 'unreachable', outcomeUnknown: true }],
  ])('maps the claim answer %j', async (answer, expected) => {
    const { site } = claimer('name', answer);
    expect(await site.claim('Jean', { priority: 'claim' })).toMatchObject(expected);
  });

  it.each([
    [json(200, { code: 200, success: true, duration: 30 }), { kind: 'voted' }],
    [json(404, { code: 404, success: false, error: 'NotFound' }), { kind: 'not_voted' }],
    [json(404, { code: 404, success: false, error: 'ServerNotFound' }), { kind: 'bad_key' }],
    [json(200, { code: 200, success: true, duration: -5 }), { kind: 'malformed', outcomeUnknown: false }],
    [json(200, { code: 201, success: true }), { kind: 'malformed', outcomeUnknown: false }],
    [{ status: 200, body: 'x'.repeat(20_000) }, { kind: 'malformed' }],
  ])('maps the name check answer %#', async (answer, expected) => {
    const { site } = make('name', answer);
    expect(await site.check('Jean', { priority: 'poll' })).toMatchObject(expected);
  });

  it.each([
    ['name', ''],
    ['name', 'a'.repeat(65)],
    ['steam64', '12345'],
    ['ip', '999.1.1.1'],
    ['ip', '1.2.3.4:30120'],
  ] as const)('refuses the %s %j before sending', async (identity, value) => {
    const { transport, site } = make(identity);
    expect(await site.check(value, { priority: 'poll' })).toMatchObject({ kind: 'bad_identity' });
    expect(transport.requests).toHaveLength(0);
  });

  it('goes to Top-Games (or the mock) through baseUrl', async () => {
    const transport = createScriptedTransport(json(200, { code: 200, success: true, claimed: 1 }));
    const site = TOP_SERVEURS_SITE.create(
      { key: TOKEN, baseUrl: 'https://api.top-games.net/v1/votes/' },
      siteDeps(transport, now),
    ) as ClaimThenRewardSite;
    await site.claim('Jean', { priority: 'claim' });
    expect(transport.requests[0]?.url).toMatch(/^https:\/\/api\.top-games\.net\/v1\/votes\/claim-username\?/);
  });
});

describe('Top-Serveurs adapter and a bare 404', () => {
  it('does not read a 404 without the site error as "not voted" (a wrong base URL proves nothing)', async () => {
    const transport = createScriptedTransport({ status: 404, body: '<html>Not Found</html>' });
    const site = TOP_SERVEURS_SITE.create({ key: TOKEN, identity: 'ip' }, siteDeps(transport, now));
    expect(await site.check('203.0.113.9', { priority: 'poll' })).toMatchObject({
      kind: 'refused',
      status: 404,
    });
  });
});
