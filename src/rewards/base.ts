/**
 * The part every adapter shares: input checks, the loaded-player gate, capacity checks summed per item, and
 * custom rewards. A framework file only says how to find a player, pay money and reach its inventory.
 */
import {
  describeError,
  frameworkError,
  outcomeUnknown,
  PAID,
  payoutReason,
  refuse,
  rewardInputProblem,
  toSource,
} from './call';
import { giveCustomReward } from './custom';
import type {
  DisposableRewardAdapter,
  FrameworkHost,
  FrameworkName,
  InventoryBackend,
  PayoutContext,
  PayoutResult,
  Reward,
} from './types';

/** Account a money reward goes to: cash in hand or bank. */
export type MoneyAccount = 'money' | 'bank';

/** What a framework file provides to `createAdapter`. */
export interface AdapterParts {
  /** Adapter name. */
  name: FrameworkName;
  /** Host used for custom rewards. */
  host: FrameworkHost;
  /** True when the player is loaded in the framework; may throw, which reads as "not ready". */
  isPlayerReady(source: number): Promise<boolean>;
  /** Pays money; absent on standalone. */
  giveMoney?(source: number, account: MoneyAccount, amount: number, reason: string): Promise<PayoutResult>;
  /** The inventory to use for items now, or why there is none. Absent on standalone. */
  inventory?(): InventoryBackend | string;
  /** Releases listeners. */
  dispose?(): void;
}

/** Builds a `RewardAdapter` around one framework's primitives. */
export function createAdapter(parts: AdapterParts): DisposableRewardAdapter {
  const ready = async (source: number): Promise<boolean> => {
    try {
      return await parts.isPlayerReady(source);
    } catch {
      return false;
    }
  };

  const unsupported = (reward: Reward): string | undefined => {
    if ((reward.type === 'money' || reward.type === 'bank') && !parts.giveMoney) {
      return `${parts.name} cannot give ${reward.type} rewards: only custom rewards work without a framework`;
    }
    if (reward.type === 'item' && !parts.inventory) {
      return `${parts.name} cannot give item rewards: only custom rewards work without a framework`;
    }
    return undefined;
  };

  return {
    name: parts.name,
    isPlayerReady(source) {
      const src = toSource(source);
      return src === undefined ? Promise.resolve(false) : ready(src);
    },
    async canReceive(ctx: PayoutContext, rewards: readonly Reward[]): Promise<PayoutResult> {
      const source = toSource(ctx.source);
      if (source === undefined) return frameworkError(`invalid player source ${String(ctx.source)}`);
      for (const reward of rewards) {
        const problem = rewardInputProblem(reward) ?? unsupported(reward);
        if (problem) return frameworkError(problem);
      }
      if (!(await ready(source))) return refuse({ code: 'player_not_loaded' });
      const items = new Map<string, number>();
      for (const reward of rewards) {
        if (reward.type === 'item') items.set(reward.item, (items.get(reward.item) ?? 0) + reward.count);
      }
      if (items.size === 0) return PAID;
      const inventory = parts.inventory?.();
      if (inventory === undefined || typeof inventory === 'string') {
        return frameworkError(inventory ?? `${parts.name} has no inventory`);
      }
      for (const [item, count] of items) {
        const result = await inventory.canCarry(source, item, count);
        if (!result.ok) return result;
      }
      return PAID;
    },
    async give(ctx: PayoutContext, reward: Reward): Promise<PayoutResult> {
      const source = toSource(ctx.source);
      if (source === undefined) return frameworkError(`invalid player source ${String(ctx.source)}`);
      const problem = rewardInputProblem(reward) ?? unsupported(reward);
      if (problem) return frameworkError(problem);
      if (!(await ready(source))) return refuse({ code: 'player_not_loaded' });
      const reason = payoutReason(ctx.voteId);
      try {
        switch (reward.type) {
          case 'money':
          case 'bank':
            return parts.giveMoney
              ? await parts.giveMoney(source, reward.type, reward.amount, reason)
              : frameworkError(`${parts.name} cannot give money`);
          case 'item': {
            const inventory = parts.inventory?.();
            if (inventory === undefined || typeof inventory === 'string') {
              return frameworkError(inventory ?? `${parts.name} has no inventory`);
            }
            const capacity = await inventory.canCarry(source, reward.item, reward.count);
            if (!capacity.ok) return capacity;
            return await inventory.addItem(source, reward.item, reward.count, reason);
          }
          case 'custom':
            return await giveCustomReward(parts.host, { ...ctx, source }, reward);
        }
      } catch (error) {
        // The primitives return values for every expected failure: a throw escaped mid-payout, after which
        // nothing says whether the framework paid.
        return outcomeUnknown(`${parts.name} payout threw: ${describeError(error)}`);
      }
    },
    dispose() {
      parts.dispose?.();
    },
  };
}
