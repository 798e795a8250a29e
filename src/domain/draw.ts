/**
 * Chance and choice: a configured reward list drawn into the rewards a player gets. The draw runs once, when the
 * vote's claim or the award is written to the journal; the journal keeps what it came to, so a retry after a crash
 * pays the same pick and never draws again.
 */
import type { Reward } from '../rewards/types';
import type { DrawRecord, RewardSpec } from './types';

/** What a draw came to: the rewards to pay and, when anything was left to chance, what each entry gave. */
export interface Drawn {
  rewards: Reward[];
  /** One record per entry with a chance or a choice; empty when the list left nothing to chance. */
  draws: DrawRecord[];
}

/** True when the list has no chance and no choice: drawing it always gives the same rewards. */
export function isFixed(specs: readonly RewardSpec[]): boolean {
  return specs.every((spec) => !('oneOf' in spec) && spec.chance === undefined);
}

/** Every reward the list can give, for start-up checks (items exist, the framework can pay them). */
export function possibleRewards(specs: readonly RewardSpec[]): Reward[] {
  return specs.flatMap((spec) => ('oneOf' in spec ? spec.oneOf.map(plain) : [plain(spec)]));
}

/** Draws the list with `random` (uniform in [0, 1)). */
export function drawRewards(specs: readonly RewardSpec[], random: () => number): Drawn {
  const rewards: Reward[] = [];
  const draws: DrawRecord[] = [];
  specs.forEach((spec, entry) => {
    let roll: number | null = null;
    if (spec.chance !== undefined) {
      roll = Math.floor(random() * 10_000) / 100;
      if (roll >= spec.chance) {
        draws.push({ entry, roll, pick: -1 });
        return;
      }
    }
    if ('oneOf' in spec) {
      const pick = pickWeighted(
        spec.oneOf.map((option) => option.weight),
        random(),
      );
      rewards.push(plain(spec.oneOf[pick] as Reward & { weight: number }));
      draws.push({ entry, roll, pick });
      return;
    }
    rewards.push(plain(spec));
    if (roll !== null) draws.push({ entry, roll, pick: null });
  });
  return { rewards, draws };
}

/** Index chosen by `unit` (in [0, 1)) over positive weights. */
function pickWeighted(weights: readonly number[], unit: number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let target = unit * total;
  for (const [index, weight] of weights.entries()) {
    if (target < weight) return index;
    target -= weight;
  }
  return weights.length - 1;
}

/** The reward without the draw's own fields. */
function plain(spec: Reward & { chance?: number; weight?: number }): Reward {
  const { chance: _chance, weight: _weight, ...reward } = spec;
  return reward as Reward;
}
