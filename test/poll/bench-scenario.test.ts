import { describe, expect, it } from 'vitest';
import { delayFigures, maxInWindow, planDay } from '../../bench/poller/scenario';

describe('bench/poller scenario', () => {
  const DAY = 24 * 60 * 60_000;
  const plan = () =>
    planDay({
      players: 2048,
      votesPerDay: 1280,
      durationMs: DAY,
      warmupMs: 60_000,
      voteUntilMs: DAY - 15 * 60_000,
      cooldownMs: DAY,
      seed: 7,
    });

  it('plans the same day for the same seed: the vote mix, distinct online voters, link voters 20–120 s after the link', () => {
    const { votes, history } = plan();
    expect(plan()).toEqual({ votes, history });
    const of = (kind: string) => votes.filter((v) => v.kind === kind);
    expect([of('link').length, of('returning').length, of('first').length, of('offline').length]).toEqual([
      384, 512, 256, 128,
    ]);
    const online = votes.filter((v) => v.id !== null);
    expect(new Set(online.map((v) => v.id)).size).toBe(online.length);
    expect(online.every((v) => v.name === `Player${v.id}`)).toBe(true);
    expect(of('offline').every((v) => v.id === null && v.name.startsWith('Away'))).toBe(true);
    for (const v of of('link')) {
      const lead = v.voteAt - (v.linkAt as number);
      expect(lead).toBeGreaterThanOrEqual(20_000);
      expect(lead).toBeLessThan(120_000);
    }
    for (const v of votes) expect(v.voteAt).toBeGreaterThanOrEqual(60_000);
  });

  it('records a past claim one cooldown before each returning vote (plus the delay), and lapsed voters who do not vote', () => {
    const { votes, history } = plan();
    const returning = votes.filter((v) => v.kind === 'returning');
    for (const v of returning) {
      const eligibleAt = (history.get(v.id as number) as number) + DAY;
      expect(eligibleAt).toBeLessThanOrEqual(v.voteAt);
      expect(v.voteAt - eligibleAt).toBeLessThanOrEqual(3 * 60 * 60_000);
    }
    expect(history.size).toBe(512 + 256);
    const voters = new Set(votes.map((v) => v.id));
    expect([...history.keys()].filter((id) => !voters.has(id))).toHaveLength(256);
  });

  it.each([
    [[0, 59_999, 60_000, 60_001], 3],
    [[0, 1, 2, 3], 4],
    [[], 0],
    [[5, 0, 120_000, 60_000], 2],
  ])('maxInWindow(%j, 60 s) counts the busiest window as %i', (times, expected) => {
    expect(maxInWindow(times, 60_000)).toBe(expected);
  });

  it('summarises delays in seconds over detected voters only', () => {
    expect(delayFigures(4, [1_000, 3_000, 2_000])).toEqual({
      voters: 4,
      detected: 3,
      p50: 2,
      p95: 3,
      max: 3,
    });
    expect(delayFigures(2, [])).toEqual({ voters: 2, detected: 0, p50: null, p95: null, max: null });
  });
});
