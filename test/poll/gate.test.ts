import { describe, expect, it } from 'vitest';
import {
  createPollHarness,
  joinPlayers,
  maxInWindow,
  type PollHarness,
} from '../../devkit/worlds/poll-harness';
import type { CheckMode } from '../../mock-server/db';
import { REWARDED_EVENT } from '../../src/claim/claim-flow';
import { LAST_CLAIM_KVP_PREFIX } from '../../src/poll/detector';

const SEC = 1_000;
const MIN = 60_000;
const WAITING = 'Your vote was received: type /vote to get your reward.';
const MODES: CheckMode[] = ['unclaimed', 'last24h'];

const checks = (h: PollHarness, from = 0) =>
  h.sends.filter((s) => s.path === '/api/v1/vote/check' && s.at >= from);
const counts = (h: PollHarness, from = 0) =>
  h.sends.filter((s) => s.path === '/api/v1/vote/count' && s.at >= from);

/** Advances second by second until a count read has seen a new vote (at most 3 minutes). */
const untilCounted = async (h: PollHarness) => {
  for (let i = 0; i < 180 && h.detector.status().gate.unaccounted === 0; i += 1)
    await h.runtime.clock.advance(SEC);
  expect(h.detector.status().gate.unaccounted).toBe(1);
};

/** Starts the detector over `players` online players and lets their join checks pass. */
const started = async (setup: Parameters<typeof createPollHarness>[0], players: number) => {
  const h = createPollHarness(setup);
  joinPlayers(h.runtime, 1, players);
  h.detector.start();
  await h.runtime.clock.advance(players * 2 * SEC);
  return h;
};

describe('the /vote/count gate', () => {
  it.each(MODES)(
    'sends no per-player check while votes_total does not move, only count reads (%s)',
    async (checkMode) => {
      const h = await started({ checkMode }, 20);
      expect(checks(h)).toHaveLength(20);
      const from = h.runtime.now();
      await h.runtime.clock.advance(30 * MIN);
      expect(checks(h, from)).toEqual([]);
      expect(counts(h, from).length).toBeGreaterThanOrEqual(59);
      expect(counts(h, from).length).toBeLessThanOrEqual(61);
      expect(h.detector.status().gate).toMatchObject({ mode: 'gated', unaccounted: 0 });
      h.detector.stop();
    },
  );

  it.each([
    [20, 30_000],
    [200, 64_600],
    [1000, 120_000],
  ])(
    'reads the count every quarter of a pass over %i players (%i ms), within 30 s to 2 min',
    async (players, every) => {
      const h = await started({}, players);
      const from = h.runtime.now();
      await h.runtime.clock.advance(20 * MIN);
      expect(h.detector.status().gate.countEveryMs).toBe(every);
      expect(counts(h, from).length).toBeGreaterThanOrEqual(Math.floor((20 * MIN) / every) - 1);
      expect(counts(h, from).length).toBeLessThanOrEqual(Math.ceil((20 * MIN) / every));
      h.detector.stop();
    },
  );

  it.each(MODES)(
    'checks players again when votes_total moves and stops once the vote is found (%s)',
    async (checkMode) => {
      const h = await started({ checkMode }, 40);
      await h.runtime.clock.advance(5 * MIN);
      const votedAt = h.runtime.now();
      h.vote('Player23');
      await h.runtime.clock.advance(3 * MIN);
      expect(h.runtime.told).toEqual([{ source: 23, message: WAITING }]);
      const search = checks(h, votedAt);
      expect(search.length).toBeGreaterThan(0);
      expect(search.length).toBeLessThanOrEqual(40);
      expect(h.detector.status().gate).toMatchObject({
        unaccounted: 0,
        accounted: { found: 1, claimed: 0, writtenOff: 0 },
      });
      const after = h.runtime.now();
      await h.runtime.clock.advance(20 * MIN);
      expect(checks(h, after)).toEqual([]);
      h.detector.stop();
    },
  );

  it('stops the search when the counted vote is claimed before a check finds it', async () => {
    const h = await started({}, 200);
    await h.runtime.clock.advance(MIN);
    h.vote('Player150');
    await untilCounted(h);
    expect(await h.claim('Player150')).toMatchObject({ claimed: true });
    h.runtime.dispatch(REWARDED_EVENT, 150, { vote_id: 'v', username: 'Player150', rewards: [] });
    const claimedAt = h.runtime.now();
    await h.runtime.clock.advance(10 * MIN);
    expect(checks(h, claimedAt + 5 * SEC)).toEqual([]);
    expect(h.detector.status().gate.accounted).toEqual({ found: 0, claimed: 1, writtenOff: 0 });
    expect(h.runtime.told).toEqual([]);
    h.detector.stop();
  });

  it('counts a found vote once: its later claim does not end the search for another vote', async () => {
    const h = await started({}, 200);
    h.vote('Player4');
    await h.runtime.clock.advance(2 * MIN);
    expect(h.runtime.told).toEqual([{ source: 4, message: WAITING }]);
    h.vote('Player190');
    await untilCounted(h);
    h.runtime.dispatch(REWARDED_EVENT, 4, { vote_id: 'v', username: 'Player4', rewards: [] });
    await h.runtime.clock.advance(6 * MIN);
    expect(h.runtime.told.map((t) => t.source)).toEqual([4, 190]);
    expect(h.detector.status().gate.accounted).toEqual({ found: 2, claimed: 0, writtenOff: 0 });
    h.detector.stop();
  });

  it('needs no search for a vote a link-shown check found before the count read included it', async () => {
    const h = await started({}, 200);
    h.detector.linkShown(7);
    while (h.sends.at(-1)?.path !== '/api/v1/vote/count') await h.runtime.clock.advance(SEC);
    h.vote('Player7');
    await h.runtime.clock.advance(20 * SEC);
    expect(h.runtime.told).toEqual([{ source: 7, message: WAITING }]);
    const from = h.runtime.now();
    await h.runtime.clock.advance(10 * MIN);
    expect(checks(h, from)).toEqual([]);
    expect(h.detector.status().gate).toMatchObject({
      unaccounted: 0,
      accounted: { found: 1, claimed: 0, writtenOff: 0 },
    });
    h.detector.stop();
  });

  it('writes off a vote by a player who is not online after one pass over everyone, checking each once', async () => {
    const h = await started({}, 25);
    await h.runtime.clock.advance(MIN);
    const from = h.runtime.now();
    h.vote('Somebody');
    await h.runtime.clock.advance(10 * MIN);
    const search = checks(h, from);
    expect(search).toHaveLength(25);
    expect(new Set(h.checkedNames.slice(-25)).size).toBe(25);
    expect(h.detector.status().gate).toMatchObject({
      unaccounted: 0,
      accounted: { found: 0, claimed: 0, writtenOff: 1 },
    });
    h.detector.stop();
  });

  it('falls back to checking everyone in turn when /vote/count fails, and says so once', async () => {
    const h = await started({ count: 'missing' }, 20);
    const from = h.runtime.now();
    await h.runtime.clock.advance(30 * MIN);
    expect(checks(h, from).length).toBeGreaterThan(20 * 30);
    const lines = h.runtime.logs.filter((l) => l.message.includes('/vote/count'));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.message).toMatch(/\/vote\/count failed \(.*404.*\); every player is checked in turn/);
    expect(counts(h).length).toBeGreaterThanOrEqual(3);
    expect(counts(h).length).toBeLessThanOrEqual(5);
    expect(h.detector.status().gate.mode).toBe('fallback');
    h.detector.stop();
  });

  it('returns to gating when /vote/count answers again after a failure', async () => {
    const h = await started({}, 20);
    await h.mock.fault({ route: '/api/v1/vote/count', status: 404, times: 1 });
    await h.runtime.clock.advance(MIN);
    expect(h.detector.status().gate.mode).toBe('fallback');
    await h.runtime.clock.advance(11 * MIN);
    expect(h.detector.status().gate.mode).toBe('gated');
    const from = h.runtime.now();
    await h.runtime.clock.advance(10 * MIN);
    expect(checks(h, from)).toEqual([]);
    h.detector.stop();
  });

  it('never sends more than 60 requests in any 60 s window, with votes, links and claims all hour', async () => {
    const h = await started({}, 300);
    const answers: unknown[] = [];
    for (let minute = 0; minute < 60; minute += 1) {
      h.vote(minute % 3 === 0 ? `Offline${minute}` : `Player${1 + ((minute * 37) % 300)}`);
      h.detector.linkShown(1 + ((minute * 11) % 300));
      for (let s = 0; s < 60; s += 10) {
        if (minute % 2 === 0 && s < 30) answers.push(await h.claim(`Player${minute + s}`).catch((e) => e));
        await h.runtime.clock.advance(10 * SEC);
      }
    }
    expect(
      maxInWindow(
        h.sends.map((s) => s.at),
        60 * SEC,
      ),
    ).toBeLessThanOrEqual(60);
    expect(h.limited).toBe(0);
    expect(answers.every((a) => !(a instanceof Error))).toBe(true);
    expect(checks(h).length).toBeGreaterThan(60 * 30);
    h.detector.stop();
  });
});

describe('the likelihood order', () => {
  it('checks players who claimed before and may vote again before those who never did', async () => {
    const h = createPollHarness({ poll: { siteCooldownMinutes: 120 } });
    const now = h.runtime.now();
    h.runtime.kvpData.set(`${LAST_CLAIM_KVP_PREFIX}player17`, String(now - 130 * MIN));
    h.runtime.kvpData.set(`${LAST_CLAIM_KVP_PREFIX}player6`, String(now - 125 * MIN));
    h.runtime.kvpData.set(`${LAST_CLAIM_KVP_PREFIX}player9`, String(now - 60 * MIN));
    h.runtime.kvpData.set(`${LAST_CLAIM_KVP_PREFIX}player12`, String(now - 10 * 60 * MIN));
    joinPlayers(h.runtime, 1, 20);
    h.detector.start();
    await h.runtime.clock.advance(MIN);
    const before = h.checkedNames.length;
    h.vote('Somebody');
    await h.runtime.clock.advance(3 * MIN);
    const search = h.checkedNames.slice(before);
    expect(search.slice(0, 2).sort()).toEqual(['Player17', 'Player6']);
    expect(search).not.toContain('Player9');
    expect(search).toHaveLength(19);
    const status = h.detector.status();
    expect(status.priority).toMatchObject({ returning: 2, windowMinutes: 60, others: 17 });
    expect(status.byReason.returning).toBe(2);
    h.detector.stop();
  });

  it('keeps checking the others while returning players get about a quarter of the checks', async () => {
    const h = createPollHarness({ count: 'missing' });
    const now = h.runtime.now();
    for (let id = 1; id <= 40; id += 1)
      h.runtime.kvpData.set(`${LAST_CLAIM_KVP_PREFIX}player${id}`, String(now - 121 * MIN));
    joinPlayers(h.runtime, 1, 400);
    h.detector.start();
    await h.runtime.clock.advance(15 * MIN);
    const first = h.detector.status().byReason;
    await h.runtime.clock.advance(30 * MIN);
    const last = h.detector.status().byReason;
    const returning = last.returning - first.returning;
    const others = last.round_robin - first.round_robin;
    expect(returning).toBeGreaterThan(4 * 40);
    expect(returning / (returning + others)).toBeLessThanOrEqual(0.26);
    expect(others).toBeGreaterThan(2.5 * 360);
    h.detector.stop();
  });
});
