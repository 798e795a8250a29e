/**
 * The part every adapter shares: input checks, the loaded-player gate, capacity checks summed per item, and
 * custom rewards. A framework file only says how to find a player, pay money and reach its inventory.
 */
import { describeError } from '../runtime/errors';
import {
  frameworkError,
  outcomeUnknown,
  PAID,
  payoutReason,
  refuse,
  rewardInputProblem,
  toSource,
} from './call';
import { commandRefusal, giveCustomReward } from './custom';
import type { FrameworkDescriptor } from './framework';
import { chooseInventory } from './inventory';
import { OX_INVENTORY } from './ox-inventory';
import type {
  Confirmation,
  DisposableRewardAdapter,
  FrameworkHost,
  FrameworkName,
  GiveHooks,
  InventoryBackend,
  InventoryChoice,
  PayoutContext,
  PayoutResult,
  Reading,
  Reward,
} from './types';
import { confirmPayout, judgePayout } from './verify';

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
  /** Reads the balance `giveMoney` changes; present whenever `giveMoney` is. */
  readMoney?(source: number, account: MoneyAccount): Promise<Reading>;
  /** Pays gold (VORP's second currency); present with `readGold` only where gold exists. */
  giveGold?(source: number, amount: number): Promise<PayoutResult>;
  /** Reads the gold balance `giveGold` changes. */
  readGold?(source: number): Promise<Reading>;
  /**
   * The character the player plays now (a citizenid, a charId), on frameworks with several per player: a reading
   * journalled before a payout carries it, and a restart never judges that payout by another character's reading.
   */
  characterOf?(source: number): Promise<string | undefined>;
  /** The inventory item cash is (ox_core's `money`): `canReceive` checks room for money rewards as for items. */
  cashItem?: string;
  /** Start-up checks of the framework itself (members that must answer); one line per problem. */
  startupProblems?(rewards: readonly Reward[]): Promise<string[]>;
  /**
   * The inventories item rewards can use: ox_inventory, and the policy's fallback (the framework's own, or
   * qb-inventory). Which one pays is decided at each payout by the one inventory rule. Absent on standalone.
   */
  inventory?: {
    framework: Pick<FrameworkDescriptor, 'label' | 'items'>;
    choice?: InventoryChoice;
    ox: InventoryBackend;
    fallback?: InventoryBackend;
  };
  /** Releases listeners. */
  dispose?(): void;
}

interface Meter {
  label: string;
  amount: number;
  inventory?: InventoryBackend;
  read(): Promise<Reading>;
  pay(): Promise<PayoutResult>;
}

/** A reward as admins read it: `bank 500`, `3 x bread`. */
export function describeReward(reward: Reward): string {
  switch (reward.type) {
    case 'money':
    case 'bank':
    case 'gold':
      return `${reward.type} ${reward.amount}`;
    case 'item':
      return `${reward.count} x ${reward.item}`;
    default:
      return 'custom reward';
  }
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

  /** The inventory that pays items now, or why there is none. */
  const inventoryNow = (): InventoryBackend | string => {
    const { inventory } = parts;
    if (!inventory) return `${parts.name} has no inventory`;
    const pick = chooseInventory(parts.host, inventory.framework, inventory.choice);
    if (!pick.ok) return pick.problem;
    if (pick.use === OX_INVENTORY) return inventory.ox;
    return inventory.fallback ?? `${parts.name} has no inventory but ${OX_INVENTORY}`;
  };

  // A character that cannot be read is no character: the payout is then judged as on a one-character framework.
  const characterOf = async (source: number): Promise<string | undefined> => {
    try {
      return (await parts.characterOf?.(source)) ?? undefined;
    } catch {
      return undefined;
    }
  };

  /** The quantity a money, bank, gold or item reward changes, how to read it, and the call that pays it. */
  const meterOf = (source: number, reward: Reward, reason: string): Meter | string => {
    if (reward.type === 'gold') {
      const { giveGold, readGold } = parts;
      if (!giveGold || !readGold) return `${parts.name} cannot give gold rewards`;
      return {
        label: `the gold balance (${parts.name})`,
        amount: reward.amount,
        read: () => readGold(source),
        pay: () => giveGold(source, reward.amount),
      };
    }
    if (reward.type === 'money' || reward.type === 'bank') {
      const { giveMoney, readMoney } = parts;
      if (!giveMoney || !readMoney) return `${parts.name} cannot give ${reward.type} rewards`;
      return {
        label: `the ${reward.type === 'money' ? 'cash' : 'bank'} balance (${parts.name})`,
        amount: reward.amount,
        read: () => readMoney(source, reward.type),
        pay: () => giveMoney(source, reward.type, reward.amount, reason),
      };
    }
    if (reward.type !== 'item') return `${parts.name} cannot verify a ${reward.type} reward`;
    const inventory = inventoryNow();
    if (typeof inventory === 'string') return inventory;
    return {
      label: `the count of ${reward.item} (${inventory.name})`,
      amount: reward.count,
      inventory,
      read: () => inventory.count(source, reward.item),
      pay: () => inventory.addItem(source, reward.item, reward.count, reason),
    };
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
      // Rewards also come back from the journal, which may hold values an older version accepted.
      for (const reward of rewards) {
        const problem = rewardInputProblem(reward);
        if (problem) return frameworkError(problem);
        // A command FXServer would refuse this resource is refused here, before a vote is claimed or points taken.
        const refused =
          reward.type === 'custom' && reward.command ? commandRefusal(parts.host, reward.command) : null;
        if (refused) return frameworkError(refused);
      }
      if (!(await ready(source))) return refuse({ code: 'player_not_loaded' });
      const items = new Map<string, number>();
      const { cashItem } = parts;
      for (const reward of rewards) {
        if (reward.type === 'item') items.set(reward.item, (items.get(reward.item) ?? 0) + reward.count);
        else if (reward.type === 'money' && cashItem)
          items.set(cashItem, (items.get(cashItem) ?? 0) + reward.amount);
      }
      if (items.size === 0) return PAID;
      const inventory = inventoryNow();
      if (typeof inventory === 'string') return frameworkError(inventory);
      for (const [item, count] of items) {
        const result = await inventory.canCarry(source, item, count);
        if (!result.ok) return result;
      }
      return PAID;
    },
    verifies: (reward) => reward.type !== 'custom',
    async give(ctx: PayoutContext, reward: Reward, hooks: GiveHooks = {}): Promise<PayoutResult> {
      const source = toSource(ctx.source);
      if (source === undefined) return frameworkError(`invalid player source ${String(ctx.source)}`);
      const problem = rewardInputProblem(reward);
      if (problem) return frameworkError(problem);
      if (!(await ready(source))) return refuse({ code: 'player_not_loaded' });
      try {
        if (reward.type === 'custom') return await giveCustomReward(parts.host, { ...ctx, source }, reward);
        const meter = meterOf(source, reward, payoutReason(ctx.voteId));
        if (typeof meter === 'string') return frameworkError(meter);
        if (meter.inventory && reward.type === 'item') {
          const capacity = await meter.inventory.canCarry(source, reward.item, reward.count);
          if (!capacity.ok) return capacity;
        }
        // The character is read on both sides of the reading: a switch between two awaited reads would journal one
        // character's balance under another's id.
        const owner = await characterOf(source);
        const before = await meter.read();
        if (!before.ok) {
          return frameworkError(
            `${meter.label} could not be read before paying (${before.detail}); nothing was called`,
          );
        }
        if ((await characterOf(source)) !== owner)
          return frameworkError(
            'the player switched character while the balance was read; nothing was called',
          );
        hooks.before?.(before.value, owner);
        let answer: PayoutResult;
        try {
          answer = await meter.pay();
        } catch (error) {
          answer = outcomeUnknown(`${parts.name} payout threw: ${describeError(error)}`);
        }
        const ownerAfter = await characterOf(source);
        const after = await meter
          .read()
          .catch((error: unknown): Reading => ({ ok: false, detail: describeError(error) }));
        const ownerLast = await characterOf(source);
        // A verdict belongs to the character it was read on: another character's balance says nothing about this
        // payout (equal to the reading, it would read as "not paid" and be paid again), so an admin decides.
        if (after.ok && (ownerAfter !== owner || ownerLast !== owner))
          return outcomeUnknown(
            `${describeReward(reward)}: the reading before was of character ${owner ?? 'unknown'}, but the player played ${
              ownerAfter !== owner
                ? (ownerAfter ?? 'an unknown character')
                : (ownerLast ?? 'an unknown character')
            } when it was read again; it may or may not have paid`,
          );
        return judgePayout({
          what: describeReward(reward),
          source: meter.label,
          before: before.value,
          amount: meter.amount,
          answer,
          after,
        });
      } catch (error) {
        // The primitives return values for every expected failure: a throw escaped mid-payout, after which
        // nothing says whether the framework paid.
        return outcomeUnknown(`${parts.name} payout threw: ${describeError(error)}`);
      }
    },
    async confirm(ctx: PayoutContext, reward: Reward, before: number, owner?: string): Promise<Confirmation> {
      const source = toSource(ctx.source);
      if (source === undefined)
        return { code: 'unreadable', detail: `invalid player source ${String(ctx.source)}` };
      if (reward.type === 'custom')
        return { code: 'unknown', detail: 'a custom reward leaves nothing to read' };
      if (!(await ready(source))) return { code: 'unreadable', detail: 'the player is not loaded' };
      const meter = meterOf(source, reward, payoutReason(ctx.voteId));
      if (typeof meter === 'string') return { code: 'unreadable', detail: meter };
      if (owner !== undefined) {
        const current = await characterOf(source);
        // Another character's balance says nothing about this payout: equal to the reading, it would read as unpaid.
        if (current !== owner)
          return {
            code: 'unknown',
            detail: `the reading was of character ${owner}; the player now plays ${current ?? 'an unknown character'}`,
          };
      }
      const now = await meter
        .read()
        .catch((error: unknown): Reading => ({ ok: false, detail: describeError(error) }));
      return confirmPayout(meter.label, before, meter.amount, now);
    },
    async startupProblems(rewards: readonly Reward[]): Promise<string[]> {
      const problems = (await parts.startupProblems?.(rewards)) ?? [];
      for (const reward of rewards) {
        const refused =
          reward.type === 'custom' && reward.command ? commandRefusal(parts.host, reward.command) : null;
        if (refused && !problems.includes(refused)) problems.push(refused);
      }
      const items = [...new Set(rewards.flatMap((reward) => (reward.type === 'item' ? [reward.item] : [])))];
      const inventory = items.length > 0 ? inventoryNow() : undefined;
      if (inventory !== undefined && typeof inventory !== 'string' && inventory.unknownItems) {
        problems.push(...(await inventory.unknownItems(items)));
      }
      return problems;
    },
    dispose() {
      parts.dispose?.();
    },
  };
}
