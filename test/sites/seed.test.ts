import { afterEach, describe, expect, it } from 'vitest';
import { createMockVoteApi, type MockVoteApi } from '../../devkit/fakes/mock-transport';
import { createRateBudget } from '../../src/api/rate-budget';
import { SEED_SITE } from '../../src/sites/seed';
import type { ClaimThenRewardSite } from '../../src/sites/types';

const clock = Date.UTC(2026, 10, 27, 12);
const now = () => clock;
let mock: MockVoteApi;

function make(key?: string): ClaimThenRewardSite {
  mock = createMockVoteApi({ now });
  const site = SEED_SITE.create(
    { key: key ?? mock.apiKey, baseUrl: 'http://mock.test' },
    { transport: mock, now, budget: createRateBudget({ now, random: () => 0 }) },
  );
  if (site.claimModel !== 'claim_then_reward') throw new Error('the seed claims first');
  return site;
}

afterEach(() => mock?.close());

describe('seed adapter (this project API) against the real mock', () => {
  it('claims a vote once: claimed, then not voted (the API does not tell already-claimed apart)', async () => {
    const site = make();
    mock.addVote('Jean', clock - 60_000);
    expect(await site.check('Jean', { priority: 'poll' })).toMatchObject({
      kind: 'voted',
      vote: { votedAt: clock - 60_000 },
    });
    const claimed = await site.claim('Jean', { priority: 'claim' });
    expect(claimed).toMatchObject({ kind: 'claimed', vote: { voteId: mock.votes('Jean')[0]?.voteId } });
    expect(await site.claim('Jean', { priority: 'claim' })).toEqual({
      kind: 'not_voted',
      maybeBadKey: false,
    });
    expect(await site.check('Jean', { priority: 'poll' })).toEqual({ kind: 'not_voted', maybeBadKey: false });
  });

  it('maps a revoked key to bad_key', async () => {
    const site = make();
    mock.revokeKey(mock.apiKey);
    expect(await site.claim('Jean', { priority: 'claim' })).toMatchObject({ kind: 'bad_key' });
  });

  it.each([
    [{ status: 503 }, { kind: 'unreachable', outcomeUnknown: true }],
    [
      { status: 429, retry_after: 7 },
      { kind: 'rate_limited', retryAfterMs: 7000, local: false },
    ],
    [
      { fail: 'timeout' as const, apply: true },
      { kind: 'unreachable', outcomeUnknown: true },
    ],
    [
      { reply: '{"success":true}', apply: true },
      { kind: 'malformed', outcomeUnknown: true },
    ],
  ])('maps a claim broken by %j', async (fault, expected) => {
    const site = make();
    mock.addVote('Jean');
    await mock.breakNext('/api/v1/vote/claim', fault);
    expect(await site.claim('Jean', { priority: 'claim' })).toMatchObject(expected);
  });
});
