import { describe, expect, it } from 'vitest';
import { createRenderBudget } from '../../mock-server/badge/render-budget';

function setup(perSecond = 2, burst = 3) {
  const clock = { t: 0 };
  return { clock, budget: createRenderBudget({ now: () => clock.t, perSecond, burst }) };
}

const takes = (budget: { take(): boolean }, n: number) => Array.from({ length: n }, () => budget.take());

describe('render budget', () => {
  it('starts full: the burst is taken, then nothing while the clock stands still', () => {
    const { budget } = setup();
    expect(takes(budget, 5)).toEqual([true, true, true, false, false]);
    expect(budget.available()).toBe(false);
  });

  it('refills perSecond tokens per second of the injected clock, never above the burst', () => {
    const { clock, budget } = setup();
    takes(budget, 3);
    clock.t += 500;
    expect(takes(budget, 2)).toEqual([true, false]);
    clock.t += 60_000;
    expect(takes(budget, 4)).toEqual([true, true, true, false]);
  });

  it('available() does not take a token', () => {
    const { budget } = setup(1, 1);
    expect(budget.available()).toBe(true);
    expect(budget.available()).toBe(true);
    expect(takes(budget, 2)).toEqual([true, false]);
  });

  it.each([
    [1, 0, 1],
    [1, 0.5, 1],
    [4, 0, 1],
    [0.5, 0, 2],
  ])('at %s/s with %s tokens left, Retry-After is %s s', (perSecond, elapsedFraction, seconds) => {
    const { clock, budget } = setup(perSecond, 1);
    budget.take();
    clock.t += (elapsedFraction * 1000) / perSecond;
    expect(budget.retryAfterSeconds()).toBe(seconds);
  });

  it.each([
    ['perSecond', 0],
    ['burst', -1],
    ['burst', Number.NaN],
  ] as const)('rejects %s = %s with a message naming the option', (field, value) => {
    expect(() => createRenderBudget({ now: () => 0, perSecond: 1, burst: 1, [field]: value })).toThrow(
      new RegExp(`${field} must be a positive number`),
    );
  });
});
