/**
 * What the config can pay, as bounds for stored rewards. A journal entry is written by this resource, but it is read
 * back from a KVP anyone with the server's files can edit: a reward the config could never have produced (an amount
 * above the configured one, an item or a custom command it never pays) is held for an admin, never paid as read.
 */
import type { Reward } from '../rewards/types';

/** Checks a stored reward against what the config can produce. */
export interface RewardBounds {
  /** Why the config could not have produced `reward`, or null when it could. */
  problemOf(reward: Reward): string | null;
}

const positiveSafe = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** The bounds of every reward the config can pay (`possibleRewardsOf(config)`: votes and every program). */
export function rewardBoundsOf(possible: readonly Reward[]): RewardBounds {
  const maxAmount = new Map<string, number>();
  const maxCount = new Map<string, number>();
  const customs = new Set<string>();
  const customKey = (reward: { command?: string; event?: string }) =>
    JSON.stringify([reward.command ?? null, reward.event ?? null]);
  for (const reward of possible) {
    if (
      reward.type === 'money' ||
      reward.type === 'bank' ||
      reward.type === 'gold' ||
      reward.type === 'points'
    )
      maxAmount.set(reward.type, Math.max(maxAmount.get(reward.type) ?? 0, reward.amount));
    else if (reward.type === 'item')
      maxCount.set(reward.item, Math.max(maxCount.get(reward.item) ?? 0, reward.count));
    else customs.add(customKey(reward));
  }
  return {
    problemOf(reward) {
      switch (reward.type) {
        case 'money':
        case 'bank':
        case 'gold':
        case 'points': {
          const max = maxAmount.get(reward.type);
          if (!positiveSafe(reward.amount))
            return `${reward.type} ${reward.amount} is not a whole amount ≥ 1`;
          if (max === undefined) return `the config pays no ${reward.type}`;
          return reward.amount > max
            ? `${reward.type} ${reward.amount} is above the configured ${max}`
            : null;
        }
        case 'item': {
          const max = maxCount.get(reward.item);
          if (!positiveSafe(reward.count)) return `item count ${reward.count} is not a whole number ≥ 1`;
          if (max === undefined) return `the config pays no item ${JSON.stringify(reward.item)}`;
          return reward.count > max
            ? `${reward.count} x ${reward.item} is above the configured ${max}`
            : null;
        }
        default:
          return customs.has(customKey(reward)) ? null : 'the config pays no such custom reward';
      }
    },
  };
}
