import { describe, expect, it } from 'vitest';
import { delayFigures, maxInWindow, planVoters } from '../../bench/poller/scenario';

describe('bench/poller scenario', () => {
  const plan = () =>
    planVoters({ players: 2048, voters: 200, warmupMs: 60_000, voteUntilMs: 45 * 60_000, seed: 7 });

  it('plans the same distinct voters for the same seed, half of them shown the link 20–120 s before voting', () => {
    const voters = plan();
    expect(plan()).toEqual(voters);
    expect(new Set(voters.map((v) => v.id)).size).toBe(200);
    const link = voters.filter((v) => v.kind === 'link');
    expect(link).toHaveLength(100);
    for (const v of link) {
      const lead = v.voteAt - (v.linkAt as number);
      expect(lead).toBeGreaterThanOrEqual(20_000);
      expect(lead).toBeLessThan(120_000);
    }
    for (const v of voters) expect(v.id).toBeGreaterThanOrEqual(1);
    expect(voters.every((v) => v.id <= 2048 && v.name === `Player${v.id}`)).toBe(true);
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
