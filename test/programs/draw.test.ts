import { describe, expect, it } from 'vitest';
import { drawRewards, isFixed, possibleRewards } from '../../src/domain/draw';
import type { RewardSpec } from '../../src/domain/types';

/** A random that answers the given values in order and fails the test when asked once more. */
const scripted = (...values: number[]) => {
  const left = [...values];
  const random = () => {
    const value = left.shift();
    if (value === undefined) throw new Error('random() asked more often than scripted');
    return value;
  };
  return Object.assign(random, { left });
};

/** A small seeded PRNG (mulberry32) so a distribution test gives the same draws on every run. */
const seeded = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const CASH = { type: 'money', amount: 500 } as const;
const BREAD = { type: 'item', item: 'bread', count: 2 } as const;

describe('drawRewards: chance', () => {
  it.each([
    // chance, random, given, roll
    [50, 0, true, 0],
    [50, 0.4999, true, 49.99],
    [50, 0.5, false, 50],
    [50, 0.99999, false, 99.99],
    [100, 0.99999, true, 99.99],
    [0.01, 0, true, 0],
    [0.01, 0.0001, false, 0.01],
    [33.33, 0.3332, true, 33.32],
    [33.33, 0.3333, false, 33.33],
    [99.99, 0.9998, true, 99.98],
    [99.99, 0.9999, false, 99.99],
  ])('chance %d with random %d: given %s (roll %d)', (chance, value, given, roll) => {
    const random = scripted(value);
    const drawn = drawRewards([{ ...CASH, chance }], random);
    expect(drawn).toEqual({
      rewards: given ? [CASH] : [],
      draws: [{ entry: 0, roll, pick: given ? null : -1 }],
    });
    expect(random.left).toEqual([]);
  });

  it('draws each entry on its own and keeps the order of the list', () => {
    const specs: RewardSpec[] = [CASH, { ...BREAD, chance: 10 }, { type: 'bank', amount: 50, chance: 90 }];
    expect(drawRewards(specs, scripted(0.5, 0.5))).toEqual({
      rewards: [CASH, { type: 'bank', amount: 50 }],
      draws: [
        { entry: 1, roll: 50, pick: -1 },
        { entry: 2, roll: 50, pick: null },
      ],
    });
  });

  it('a list without chance or choice never asks for a random number and records no draw', () => {
    const drawn = drawRewards([CASH, BREAD], scripted());
    expect(drawn).toEqual({ rewards: [CASH, BREAD], draws: [] });
  });

  it('the rewards it gives carry no chance or weight', () => {
    const drawn = drawRewards(
      [{ ...CASH, chance: 100 }, { oneOf: [{ ...BREAD, weight: 3 }] }],
      scripted(0, 0.5),
    );
    expect(drawn.rewards).toEqual([CASH, BREAD]);
    for (const reward of drawn.rewards) {
      expect(reward).not.toHaveProperty('chance');
      expect(reward).not.toHaveProperty('weight');
    }
  });
});

describe('drawRewards: oneOf', () => {
  const choice: RewardSpec = {
    oneOf: [
      { ...CASH, weight: 1 },
      { ...BREAD, weight: 2 },
      { type: 'bank', amount: 1000, weight: 1 },
    ],
  };

  it.each([
    // random, pick: weights 1, 2, 1 cut [0, 1) at 0.25 and 0.75
    [0, 0],
    [0.2499, 0],
    [0.25, 1],
    [0.7499, 1],
    [0.75, 2],
    [0.99999, 2],
  ])('random %d picks option %i', (value, pick) => {
    const drawn = drawRewards([choice], scripted(value));
    expect(drawn.draws).toEqual([{ entry: 0, roll: null, pick }]);
    const options = 'oneOf' in choice ? choice.oneOf : [];
    const { weight: _weight, ...picked } = options[pick] ?? { weight: 0 };
    expect(drawn.rewards).toEqual([picked]);
  });

  it('a choice with a chance rolls first, then picks; a lost roll picks nothing and asks nothing more', () => {
    expect(drawRewards([{ ...choice, chance: 40 }], scripted(0.1, 0.8))).toEqual({
      rewards: [{ type: 'bank', amount: 1000 }],
      draws: [{ entry: 0, roll: 10, pick: 2 }],
    });
    const lost = scripted(0.4, 0.8);
    expect(drawRewards([{ ...choice, chance: 40 }], lost)).toEqual({
      rewards: [],
      draws: [{ entry: 0, roll: 40, pick: -1 }],
    });
    expect(lost.left).toEqual([0.8]);
  });

  it('picks each option in proportion to its weight over many draws', () => {
    const weighted: RewardSpec = {
      oneOf: [
        { type: 'money', amount: 1, weight: 1 },
        { type: 'money', amount: 2, weight: 3 },
        { type: 'money', amount: 3, weight: 6 },
        { type: 'money', amount: 4, weight: 0.5 },
      ],
    };
    const random = seeded(20261121);
    const runs = 40_000;
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < runs; i += 1) {
      const [draw] = drawRewards([weighted], random).draws;
      counts[draw?.pick ?? -1] = (counts[draw?.pick ?? -1] ?? 0) + 1;
    }
    const expected = [1, 3, 6, 0.5].map((weight) => weight / 10.5);
    counts.forEach((count, index) => {
      // Binomial standard deviation is at most 0.0025 here: 0.01 is four of them.
      expect(Math.abs(count / runs - (expected[index] ?? 0))).toBeLessThan(0.01);
    });
    expect(counts.reduce((a, b) => a + b, 0)).toBe(runs);
  });

  it('gives a chance entry about as often as its percent over many draws', () => {
    const random = seeded(7);
    const runs = 40_000;
    let given = 0;
    for (let i = 0; i < runs; i += 1)
      given += drawRewards([{ ...CASH, chance: 12.5 }], random).rewards.length;
    expect(Math.abs(given / runs - 0.125)).toBeLessThan(0.01);
  });
});

describe('isFixed and possibleRewards', () => {
  it.each<[string, RewardSpec[], boolean]>([
    ['plain rewards', [CASH, BREAD], true],
    ['an empty list', [], true],
    ['a chance', [CASH, { ...BREAD, chance: 50 }], false],
    ['a chance of 100', [{ ...CASH, chance: 100 }], false],
    ['a choice', [{ oneOf: [{ ...CASH, weight: 1 }] }], false],
  ])('isFixed of %s is %s', (_label, specs, fixed) => {
    expect(isFixed(specs)).toBe(fixed);
  });

  it('lists every reward a list can give, options of choices included, without chance or weight', () => {
    expect(
      possibleRewards([
        { ...CASH, chance: 5 },
        {
          oneOf: [
            { ...BREAD, weight: 1 },
            { type: 'custom', command: 'give {source} car', weight: 2 },
          ],
          chance: 50,
        },
        { type: 'bank', amount: 100 },
      ]),
    ).toEqual([CASH, BREAD, { type: 'custom', command: 'give {source} car' }, { type: 'bank', amount: 100 }]);
  });
});
