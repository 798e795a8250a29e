import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { TOP_SERVER_SITE } from '../../src/sites/top-server';
import type { RewardThenClaimSite } from '../../src/sites/types';

const KEY = 'tsk_0123456789';
const NOW = Date.UTC(2026, 10, 27, 12);
const now = () => NOW;
const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const iso = (ms: number) => new Date(ms).toISOString();

function make(answer: { status: number; body: string }) {
  const transport = createScriptedTransport(answer);
  const site = TOP_SERVER_SITE.create({ key: KEY }, siteDeps(transport, now)) as RewardThenClaimSite;
  return { transport, site };
}

describe('top-server.net adapter', () => {
  it('checks with key and player in the query and confirms with a JSON body', async () => {
    const { transport, site } = make(json(200, { ok: true, claimed: 1 }));
    expect(site.claimModel).toBe('reward_then_claim');
    await site.check('Pseudo 123', { priority: 'poll' });
    await site.confirmClaim('Pseudo 123', { priority: 'claim' });
    const [check, claim] = transport.requests;
    expect(check?.method).toBe('GET');
    expect(check?.url).toBe(`https://top-server.net/api/v1/vote/check?key=${KEY}&player=Pseudo%20123`);
    expect(claim?.method).toBe('POST');
    expect(claim?.url).toBe('https://top-server.net/api/v1/vote/claim');
    expect(claim?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(claim?.body ?? '')).toEqual({ key: KEY, player: 'Pseudo 123' });
  });

  it.each([
    [
      json(200, {
        ok: true,
        server: 'Mon Serveur',
        player: 'Pseudo123',
        hasPendingVote: true,
        pending: 2,
        votes: [
          { id: 'ckv-b', votedAt: iso(NOW - 60_000) },
          { id: 'ckv-a', votedAt: iso(NOW - 3_600_000) },
        ],
      }),
      { kind: 'voted', vote: { votedAt: NOW - 3_600_000, voteId: 'ckv-a', pending: 2, nextVoteInMs: null } },
    ],
    [
      json(200, { ok: true, hasPendingVote: false, pending: 0, votes: [] }),
      { kind: 'not_voted', maybeBadKey: false },
    ],
    [
      json(200, {
        ok: true,
        hasPendingVote: true,
        pending: 1,
        votes: [{ id: 'x', votedAt: iso(NOW + 13 * 3_600_000) }],
      }),
      { kind: 'malformed' },
    ],
    [
      json(200, { ok: true, hasPendingVote: true, pending: 1, votes: [{ id: 'x y', votedAt: iso(NOW) }] }),
      { kind: 'malformed' },
    ],
    [
      json(200, {
        ok: true,
        hasPendingVote: true,
        pending: 1,
        votes: [
          { id: 'a', votedAt: iso(NOW) },
          { id: 'b', votedAt: iso(NOW) },
        ],
      }),
      { kind: 'malformed' },
    ],
    [json(200, { ok: false }), { kind: 'malformed', outcomeUnknown: false }],
    [json(200, { ok: true, hasPendingVote: true, pending: 1e9, votes: [] }), { kind: 'malformed' }],
    [json(401, { ok: false, error: 'invalid key' }), { kind: 'bad_key' }],
    [json(400, { ok: false }), { kind: 'refused', status: 400 }],
  ])('maps the check answer %#', async (answer, expected) => {
    const { site } = make(answer);
    expect(await site.check('Pseudo123', { priority: 'poll' })).toMatchObject(expected);
  });

  it.each([
    [json(200, { ok: true, claimed: 1 }), { kind: 'confirmed', count: 1 }],
    [json(200, { ok: true, claimed: 0 }), { kind: 'confirmed', count: 0 }],
    [json(200, { ok: false, claimed: 1 }), { kind: 'malformed', outcomeUnknown: true }],
    [json(200, { ok: true, claimed: -1 }), { kind: 'malformed', outcomeUnknown: true }],
    [json(401, {}), { kind: 'bad_key' }],
    [json(503, {}), { kind: 'unreachable', outcomeUnknown: true }],
    [
      { status: 429, body: '', headers: { 'retry-after': '12' } },
      { kind: 'rate_limited', retryAfterMs: 12_000, local: false },
    ],
  ])('maps the claim answer %#', async (answer, expected) => {
    const { site } = make(answer);
    expect(await site.confirmClaim('Pseudo123', { priority: 'claim' })).toMatchObject(expected);
  });

  it('keeps the key out of a timeout detail', async () => {
    const { transport, site } = make(json(200, {}));
    transport.answer({ fail: 'timeout' });
    const outcome = await site.check('Pseudo123', { priority: 'poll' });
    expect(outcome).toMatchObject({ kind: 'unreachable', outcomeUnknown: false });
    expect(JSON.stringify(outcome)).not.toContain(KEY);
  });
});
