import { describe, expect, it } from 'vitest';
import { createPollHarness, joinPlayers, maxInWindow } from '../../devkit/worlds/poll-harness';
import { REWARDED_EVENT } from '../../src/claim/claim-flow';
import { formatPollStatus, LAST_CLAIM_KVP_PREFIX } from '../../src/poll/detector';
import { AUTO_CLAIM_ATTEMPTS, AUTO_CLAIM_RETRY_MS } from '../../src/poll/sessions';

const SEC = 1_000;
const MIN = 60_000;
const WAITING = 'Your vote was received: type /vote to get your reward.';

const checksOf = <T extends { at: number; path: string }>(
  sends: readonly T[],
  from = 0,
  to = Number.POSITIVE_INFINITY,
) => sends.filter((s) => s.path === '/api/v1/vote/check' && s.at >= from && s.at < to);

describe('createVoteDetector', () => {
  it('tells a player shown the link that their reward is waiting within one check interval of their vote', async () => {
    const h = createPollHarness();
    joinPlayers(h.runtime, 1, 200);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    h.detector.linkShown(7);
    await h.runtime.clock.advance(40 * SEC);
    h.vote('Player7');
    const votedAt = h.runtime.now();
    await h.runtime.clock.advance(20 * SEC);
    const told = h.runtime.told.filter((t) => t.source === 7);
    expect(told.map((t) => t.message)).toEqual([WAITING]);
    const status = h.detector.status();
    expect(status.detected).toEqual({ linkShown: 1, others: 0 });
    expect(status.latencyMs.linkShown.max).toBeLessThanOrEqual(15 * SEC + 2 * SEC);
    expect(status.latencyMs.linkShown.max).toBeGreaterThan(0);
    expect(h.runtime.now() - votedAt).toBe(20 * SEC);
    h.detector.stop();
  });

  it('checks each joining player once soon after joining, then the others in turn', async () => {
    const h = createPollHarness();
    joinPlayers(h.runtime, 1, 3);
    h.vote('Player2');
    h.detector.start();
    await h.runtime.clock.advance(4 * SEC);
    expect(checksOf(h.sends)).toEqual([]);
    await h.runtime.clock.advance(6 * SEC);
    expect(checksOf(h.sends)).toHaveLength(3);
    expect(h.runtime.told).toEqual([{ source: 2, message: WAITING }]);
    expect(h.detector.status().detected).toEqual({ linkShown: 0, others: 1 });
    h.detector.stop();
  });

  it('never sends more than 60 requests in any 60 s window, nor polls into the claims reserve, over an hour with claims mixed in (count missing: everyone in turn)', async () => {
    const h = createPollHarness({ count: 'missing' });
    joinPlayers(h.runtime, 1, 500);
    h.detector.start();
    const claimAnswers: unknown[] = [];
    for (let minute = 0; minute < 60; minute += 1) {
      for (let i = 0; i < 6; i += 1) h.detector.linkShown(1 + ((minute * 7 + i * 13) % 500));
      for (let s = 0; s < 60; s += 10) {
        if (minute % 3 === 0 && s < 30)
          claimAnswers.push(await h.claim(`Player${minute + s}`).catch((e) => e));
        await h.runtime.clock.advance(10 * SEC);
      }
    }
    const all = h.sends.map((s) => s.at);
    expect(maxInWindow(all, 60 * SEC)).toBeLessThanOrEqual(60);
    expect(
      maxInWindow(
        checksOf(h.sends).map((s) => s.at),
        60 * SEC,
      ),
    ).toBeLessThanOrEqual(48);
    expect(h.limited).toBe(0);
    expect(claimAnswers.every((a) => !(a instanceof Error))).toBe(true);
    expect(checksOf(h.sends).length).toBeGreaterThan(60 * 44);
    h.detector.stop();
  });

  it('spreads checks evenly: never two checks closer than the pace (62 s / 48)', async () => {
    const h = createPollHarness({ count: 'missing' });
    joinPlayers(h.runtime, 1, 300);
    h.detector.start();
    await h.runtime.clock.advance(10 * MIN);
    const times = checksOf(h.sends).map((s) => s.at);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.ceil(62_000 / 48));
    expect(h.detector.status().paceMs).toBe(Math.ceil(62_000 / 48));
    h.detector.stop();
  });

  it.each([
    [500, 'server_error'],
    [503, 'server_error'],
  ])('backs off exponentially while the API answers %i, then resumes', async (status) => {
    const h = createPollHarness({ count: 'missing' });
    joinPlayers(h.runtime, 1, 100);
    h.detector.start();
    await h.runtime.clock.advance(1 * MIN);
    const healthy = checksOf(h.sends, 0).length;
    await h.mock.fault({ route: '/api/v1/vote/check', status });
    const failingFrom = h.runtime.now();
    await h.runtime.clock.advance(5 * MIN);
    const duringFailure = checksOf(h.sends, failingFrom).length;
    expect(duringFailure).toBeLessThan(12);
    expect(duringFailure).toBeGreaterThan(2);
    const failing = checksOf(h.sends, failingFrom).map((s) => s.at);
    const gaps = failing.slice(1).map((t, i) => t - (failing[i] as number));
    expect(gaps.at(-1)).toBeGreaterThan(gaps[0] as number);
    expect(await h.mock.clearFaults()).toBe(1);
    await h.runtime.clock.advance(3 * MIN);
    const recovered = checksOf(h.sends, h.runtime.now() - MIN).length;
    expect(recovered).toBeGreaterThanOrEqual(healthy - 2);
    expect(
      h.runtime.logs.some((l) => l.level === 'warn' && l.message.includes('vote detection check failed')),
    ).toBe(true);
    h.detector.stop();
  });

  it('backs off on transport errors (timeouts, refused connections) the same way', async () => {
    const h = createPollHarness({ count: 'missing' });
    joinPlayers(h.runtime, 1, 50);
    h.detector.start();
    await h.runtime.clock.advance(30 * SEC);
    h.mock.wire({ path: '/api/v1/vote/check', fail: 'network', times: Number.POSITIVE_INFINITY });
    const from = h.runtime.now();
    await h.runtime.clock.advance(5 * MIN);
    expect(checksOf(h.sends, from).length).toBeLessThan(12);
    expect(h.detector.status().checks.failed).toBe(checksOf(h.sends, from).length);
    h.detector.stop();
  });

  it('pauses every request for the Retry-After of a 429 and sends nothing before it ends', async () => {
    const h = createPollHarness({ count: 'missing' });
    joinPlayers(h.runtime, 1, 100);
    h.detector.start();
    await h.runtime.clock.advance(30 * SEC);
    await h.mock.fault({ route: '/api/v1/vote/check', status: 429, retry_after: 45, times: 1 });
    await h.runtime.clock.advance(3 * SEC);
    const limitedAt = h.sends.at(-1)?.at as number;
    await h.runtime.clock.advance(2 * MIN);
    const after = h.sends.filter((s) => s.at > limitedAt).map((s) => s.at);
    expect(after[0]).toBeGreaterThanOrEqual(limitedAt + 45 * SEC);
    expect(after.length).toBeGreaterThan(40);
    expect(h.budget.snapshot().rateLimited).toBe(1);
    h.detector.stop();
  });

  it('waits out the mock’s own Retry-After when another user of the same key filled its 60 s window', async () => {
    const h = createPollHarness();
    joinPlayers(h.runtime, 1, 50);
    const filledAt = h.runtime.now();
    const other = { headers: { authorization: `Bearer ${h.mock.apiKey}` } };
    for (let i = 0; i < 60; i += 1) await h.mock.app.request('http://mock/api/v1/vote/count', other);
    h.detector.start();
    await h.runtime.clock.advance(2 * MIN);
    expect(h.limited).toBe(1);
    const [refused, next] = h.sends;
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(next?.at).toBeGreaterThanOrEqual(filledAt + MIN);
    expect(next?.status).toBe(200);
    expect(h.budget.snapshot().rateLimited).toBe(1);
    h.detector.stop();
  });

  it('pauses detection for 5 minutes and logs one clear error when the key is refused (401)', async () => {
    const h = createPollHarness();
    joinPlayers(h.runtime, 1, 20);
    h.mock.revokeKey(h.mock.apiKey);
    h.detector.start();
    await h.runtime.clock.advance(4 * MIN);
    expect(h.sends).toHaveLength(1);
    expect(h.runtime.logs.filter((l) => l.level === 'error')).toHaveLength(1);
    expect(h.runtime.logs[0]?.message).toMatch(/401.*vote_reward_api_key/);
    await h.runtime.clock.advance(2 * MIN);
    expect(h.sends.length).toBeGreaterThan(1);
    h.detector.stop();
  });

  it('never checks players with a pending reward, nor again players already told, nor players cooling down after a claim', async () => {
    const h = createPollHarness({ count: 'missing', detector: { minRecheckMs: 0 } });
    joinPlayers(h.runtime, 1, 4);
    h.pending.add(1);
    h.vote('Player2');
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    h.runtime.dispatch(REWARDED_EVENT, 3, { vote_id: 'x', username: 'Player3', rewards: [] });
    await h.runtime.clock.advance(10 * MIN);
    const checked = new Set(checksOf(h.sends, 10 * SEC).map((s) => s.at));
    expect(checked.size).toBeGreaterThan(100);
    const names = h.detector.status();
    expect(names.queues).toMatchObject({ skipped: 1, cooling: 1 });
    expect(names.checks.skippedPending).toBeGreaterThan(0);
    expect(h.runtime.told).toEqual([{ source: 2, message: WAITING }]);
    expect(h.runtime.kvpData.get(`${LAST_CLAIM_KVP_PREFIX}player3`)).toBe(
      String(h.runtime.clock.now() - 10 * MIN),
    );
    h.detector.stop();
  });

  it('keeps a player who claimed out of round-robin until the site cooldown ends, across a rejoin', async () => {
    const h = createPollHarness({
      count: 'missing',
      poll: { siteCooldownMinutes: 30 },
      detector: { minRecheckMs: 0 },
    });
    joinPlayers(h.runtime, 1, 1);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    h.detector.claimed(1);
    h.runtime.drop(1);
    joinPlayers(h.runtime, 1, 1);
    const from = h.runtime.now();
    await h.runtime.clock.advance(29 * MIN);
    expect(checksOf(h.sends, from)).toHaveLength(0);
    await h.runtime.clock.advance(2 * MIN);
    expect(checksOf(h.sends, from).length).toBeGreaterThan(0);
    h.detector.stop();
  });

  it('does not announce a vote the site still reports but that was already claimed (last24h mode)', async () => {
    const h = createPollHarness({ checkMode: 'last24h' });
    joinPlayers(h.runtime, 1, 1);
    h.vote('Player1');
    await h.runtime.clock.advance(60 * MIN);
    expect(await h.claim('Player1')).toMatchObject({ claimed: true });
    h.runtime.kvpData.set(`${LAST_CLAIM_KVP_PREFIX}player1`, String(h.runtime.now()));
    await h.runtime.clock.advance(3 * 60 * MIN);
    const from = h.runtime.now();
    h.detector.start();
    await h.runtime.clock.advance(MIN);
    expect(checksOf(h.sends, from).map((s) => s.status)).toContain(200);
    expect(h.mock.store.votes.findCheck('last24h', h.mock.server.id, { username: 'Player1' })).toMatchObject({
      votedAt: from - 4 * 60 * MIN,
    });
    expect(h.runtime.told).toEqual([]);
  });

  it('claims at once instead of telling the player when autoClaim is on', async () => {
    const h = createPollHarness({ poll: { autoClaim: true } });
    joinPlayers(h.runtime, 1, 2);
    h.vote('Player2');
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    expect(h.claimCalls).toEqual([2]);
    expect(h.runtime.told).toEqual([]);
  });

  it('tries the automatic claim again while the character loads (vRP 2 until the first spawn), and stops once it is done', async () => {
    let loaded = false;
    const claims: number[] = [];
    const h = createPollHarness({
      poll: { autoClaim: true },
      detector: {
        claim: async (source) => {
          claims.push(source);
          return loaded ? 'done' : 'not_loaded';
        },
      },
    });
    joinPlayers(h.runtime, 1, 1);
    h.vote('Player1');
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    expect(claims).toEqual([1]);
    await h.runtime.clock.advance(AUTO_CLAIM_RETRY_MS);
    expect(claims).toEqual([1, 1]);
    loaded = true;
    await h.runtime.clock.advance(AUTO_CLAIM_RETRY_MS);
    expect(claims).toEqual([1, 1, 1]);
    await h.runtime.clock.advance(10 * MIN);
    expect(claims).toEqual([1, 1, 1]);
    h.detector.stop();
  });

  it('tells a detected vote through the given tell only, never its own ox_lib notification', async () => {
    const h = createPollHarness();
    h.runtime.resourceStates.set('ox_lib', 'started');
    joinPlayers(h.runtime, 1, 1);
    h.vote('Player1');
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    expect(h.runtime.told).toEqual([{ source: 1, message: WAITING }]);
    expect(h.runtime.netEvents).toEqual([]);
    h.detector.stop();
  });

  it('broadcasts one batched count of the players who voted in the window', async () => {
    const h = createPollHarness({ poll: { broadcast: { enabled: true, windowMinutes: 5 } } });
    joinPlayers(h.runtime, 1, 10);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    for (const id of [3, 4, 5]) {
      h.vote(`Player${id}`);
      h.detector.linkShown(id);
    }
    await h.runtime.clock.advance(6 * MIN);
    const broadcast = '3 players voted for the server in the last 5 minutes. Vote too: /vote';
    const lines = h.runtime.told.filter((t) => t.message === broadcast);
    expect(lines.map((t) => t.source).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    await h.runtime.clock.advance(10 * MIN);
    expect(h.runtime.told.filter((t) => t.message === broadcast)).toHaveLength(10);
    h.detector.stop();
  });

  it('says "1 player" when a single player voted in the broadcast window', async () => {
    const h = createPollHarness({ poll: { broadcast: { enabled: true, windowMinutes: 5 } } });
    joinPlayers(h.runtime, 1, 3);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    h.vote('Player2');
    h.detector.linkShown(2);
    await h.runtime.clock.advance(6 * MIN);
    const broadcast = '1 player voted for the server in the last 5 minutes. Vote too: /vote';
    expect(h.runtime.told.filter((t) => t.message === broadcast).map((t) => t.source)).toEqual([1, 2, 3]);
    h.detector.stop();
  });

  it('the link command shows the vote link and starts frequent checks of that player', async () => {
    const h = createPollHarness({ detector: { minRecheckMs: 10 * MIN } });
    joinPlayers(h.runtime, 1, 1);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    h.detector.showLink(1);
    expect(h.runtime.told.at(-1)?.message).toBe(
      'Vote for the server here: https://votes.example/servers/1/vote then type /vote to get your reward.',
    );
    const from = h.runtime.now();
    await h.runtime.clock.advance(MIN);
    expect(checksOf(h.sends, from)).toHaveLength(4);
    h.detector.stop();
  });

  it('stops every timer and listener on stop()', async () => {
    const h = createPollHarness();
    joinPlayers(h.runtime, 1, 5);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    h.detector.stop();
    const count = h.sends.length;
    joinPlayers(h.runtime, 6, 6);
    await h.runtime.clock.advance(10 * MIN);
    expect(h.sends.length).toBe(count);
    expect(h.runtime.clock.pending()).toBe(0);
  });

  it('formats readable status lines for votereward status', async () => {
    const h = createPollHarness();
    joinPlayers(h.runtime, 1, 3);
    h.detector.start();
    await h.runtime.clock.advance(10 * SEC);
    const lines = formatPollStatus(h.detector.status(), h.runtime.now());
    expect(lines[0]).toBe('Polling    running, one check every 1.3 s');
    expect(lines[1]).toMatch(
      /^Gate {7}votes_total 0 \(read every 30\.0 s\), no new vote to look for: only link-shown and joining players are checked/,
    );
    expect(lines[2]).toMatch(/^Priority {3}0 returning player\(s\) first .*then 3 other\(s\) in turn/);
    expect(lines[3]).toMatch(/^Queues {5}3 players: 0 link-shown, 0 joining, 0 returning, 3 round-robin/);
    expect(lines[4]).toBe(
      'Checks     3 sent, 0 failed, 0 refused by the budget, 0 skipped (reward pending); by reason 0 link-shown, 3 join, 0 returning, 0 round-robin',
    );
    expect(lines).toHaveLength(6);
    h.detector.stop();
  });
});

it('gives up the automatic claim after a bounded number of tries when the character never loads', async () => {
  const claims: number[] = [];
  const h = createPollHarness({
    poll: { autoClaim: true },
    detector: {
      claim: async (source) => {
        claims.push(source);
        return 'not_loaded';
      },
    },
  });
  joinPlayers(h.runtime, 1, 1);
  h.vote('Player1');
  h.detector.start();
  await h.runtime.clock.advance(30 * MIN);
  expect(claims.length).toBe(AUTO_CLAIM_ATTEMPTS);
  h.detector.stop();
});
