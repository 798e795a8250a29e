import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFakeVoteApi } from '../../devkit/fakes/transport';

const KEY = 'live_benchbenchbenchbenchbenchbenchbench';

function check(api: ReturnType<typeof createFakeVoteApi>, username: string) {
  return api.request({
    method: 'GET',
    url: `http://fake/api/v1/vote/check?username=${encodeURIComponent(username)}`,
    headers: { authorization: `Bearer ${KEY}` },
    timeoutMs: 1000,
  });
}

describe('the fake Vote API behind the bench', () => {
  afterEach(() => vi.restoreAllMocks());

  it('finds a player by name without reading every other vote (the claim figure measures the resource)', async () => {
    const api = createFakeVoteApi({ now: () => 1_000_000_000, apiKey: KEY });
    for (let i = 0; i < 5000; i++) api.addVote(`Player_${i}`, 999_000_000);
    await check(api, 'Player_1'); // the index is built once here
    const normalize = vi.spyOn(String.prototype, 'normalize');
    const answer = await check(api, 'player_4999');
    expect(JSON.parse(answer.body ?? '').voted).toBe(true);
    // Before, every check normalized both names of every one of the 5 000 votes (10 000 calls).
    expect(normalize.mock.calls.length).toBeLessThanOrEqual(2);
  });

  it('matches names as the API does (NFKC, case-insensitive) and keeps up with votes changed from outside', async () => {
    const api = createFakeVoteApi({ now: () => 1_000_000_000, apiKey: KEY });
    api.addVote('Ｓｔｅｖｅ', 999_000_000);
    expect(api.unclaimed('steve')).toHaveLength(1);
    api.votes.length = 0;
    expect(api.unclaimed('steve')).toEqual([]);
    api.votes.push({ voteId: 'v1', username: 'Ana', votedAt: 999_000_001, claimedAt: null });
    api.addVote('ANA', 999_000_000);
    expect(api.unclaimed('ana').map((v) => v.votedAt)).toEqual([999_000_000, 999_000_001]);
    api.votes = [];
    expect(JSON.parse((await check(api, 'Ana')).body ?? '').voted).toBe(false);
  });
});
