import { describe, expect, it } from 'vitest';
import { createScriptedTransport, siteDeps } from '../../devkit/fakes/scripted-transport';
import { TOPGSERVERS_SITE } from '../../src/sites/topgservers';

const KEY = 'tgs_abcdef123456';
const NOW = Date.UTC(2026, 10, 27, 12);
const now = () => NOW;
const json = (status: number, body: unknown, headers?: Record<string, string>) => ({
  status,
  body: JSON.stringify(body),
  ...(headers ? { headers } : {}),
});

function make(answer: { status: number; body: string; headers?: Record<string, string> }) {
  const transport = createScriptedTransport(answer);
  const deps = siteDeps(transport, now, TOPGSERVERS_SITE.rateLimit.perMinute);
  return { transport, deps, site: TOPGSERVERS_SITE.create({ key: KEY }, deps) };
}

describe('topgservers.net adapter', () => {
  it('sends the tgs_ key as a Bearer header and the username in the query', async () => {
    const { transport, site } = make(json(200, { voted: false, last_vote_at: null }));
    expect([site.claimModel, site.auth, site.rateLimit.perMinute]).toEqual(['check_only', 'bearer', 120]);
    await site.check('Steve', { priority: 'poll' });
    expect(transport.requests[0]?.url).toBe('https://topgservers.net/api/v1/vote-check?username=Steve');
    expect(transport.requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it.each([
    [
      json(200, { voted: true, last_vote_at: '2026-11-27T11:30:00.000Z' }),
      { kind: 'voted', vote: { votedAt: NOW - 1_800_000 } },
    ],
    [
      json(200, { voted: false, last_vote_at: '2026-11-26T11:30:00.000Z' }),
      { kind: 'not_voted', maybeBadKey: false },
    ],
    [json(200, { voted: false }), { kind: 'not_voted' }],
    [json(200, { voted: true, last_vote_at: null }), { kind: 'malformed' }],
    [json(200, { voted: true }), { kind: 'malformed' }],
    [json(200, { voted: 1, last_vote_at: '2026-11-27T11:30:00.000Z' }), { kind: 'malformed' }],
    [json(200, { voted: true, last_vote_at: '2026-11-28T11:30:00.000Z' }), { kind: 'malformed' }],
    [json(401, { error: 'Unauthorized' }), { kind: 'bad_key' }],
    [
      json(429, { error: 'Too many' }, { 'retry-after': '30' }),
      { kind: 'rate_limited', retryAfterMs: 30_000, local: false },
    ],
    [json(429, {}), { kind: 'rate_limited', retryAfterMs: null }],
  ])('maps the answer %#', async (answer, expected) => {
    const { site } = make(answer);
    expect(await site.check('Steve', { priority: 'poll' })).toMatchObject(expected);
  });

  it('pauses its own budget on a 429 and answers the next check locally, without sending', async () => {
    const { transport, site } = make(json(429, {}, { 'retry-after': '30' }));
    await site.check('Steve', { priority: 'poll' });
    const second = await site.check('Steve', { priority: 'claim' });
    expect(second).toMatchObject({ kind: 'rate_limited', local: true, retryAfterMs: 30_000 });
    expect(transport.requests).toHaveLength(1);
  });

  it.each([
    ['tgs_abc', null],
    ['ts_live_abc', 'the key does not start with tgs_'],
    ['tgs_', 'the key does not start with tgs_'],
  ])('checks the key form %j', (key, expected) => {
    expect(TOPGSERVERS_SITE.checkKey(key)).toBe(expected);
  });
});
