import type { DetectableFramework } from './registry';

/**
 * Contracts between the claim flow and the framework adapters. The claim flow only ever sees these types;
 * each adapter lives in its own file and reaches its framework through a `FrameworkHost`.
 */

/** Cash in hand (`money` on ESX, `cash` on QBCore/Qbox, wallet on vRP). */
export interface MoneyReward {
  type: 'money';
  amount: number;
}

/** Bank account money. */
export interface BankReward {
  type: 'bank';
  amount: number;
}

/** Gold, VORP's second currency (RedM); only VORP pays it. */
export interface GoldReward {
  type: 'gold';
  amount: number;
}

/** An inventory item, given through the framework's inventory (ox_inventory wherever it runs). */
export interface ItemReward {
  type: 'item';
  item: string;
  count: number;
}

/** A console command template and/or a server event, for anything the other types cannot express. */
export interface CustomReward {
  type: 'custom';
  /** Console command template; placeholders `{source}`, `{name}`, `{license}`, `{vote_id}` are filled safely. */
  command?: string;
  /** Server event emitted as `(source, { vote_id, username, license })`. */
  event?: string;
}

/** Vote points: credited to the points ledger (`src/points/`), never to the framework. */
export interface PointsReward {
  type: 'points';
  amount: number;
}

/** One reward as configured in `config.json`. */
export type Reward = MoneyReward | BankReward | GoldReward | ItemReward | CustomReward | PointsReward;

/** A reward the framework pays (everything but points). */
export type FrameworkReward = Exclude<Reward, PointsReward>;

/** Names of the adapters: every framework of the registry, and standalone. */
export type FrameworkName = DetectableFramework | 'standalone';

/** Who is being paid, and for which vote. */
export interface PayoutContext {
  /** Server id of the online player. */
  source: number;
  /** In-game name used for the claim (colour codes removed). */
  name: string;
  /** `license:...` identifier of the player. */
  license: string;
  /** `vote_id` returned by the API claim. */
  voteId: string;
  /** The journal entry being paid and the index of the reward in it (set by the driver when it gives or confirms). */
  entryId?: string;
  rewardIndex?: number;
}

/**
 * Why a reward could not be given now. Every case leaves the reward owed, never lost. `framework_error` means the
 * framework refused or could not be reached before acting (safe to try again); `outcome_unknown` means it may or
 * may not have paid, so it is never retried automatically: an admin decides.
 */
export type PayoutProblem =
  | { code: 'player_not_loaded' }
  | { code: 'inventory_full'; item: string; count: number }
  | {
      code: 'framework_error';
      detail: string;
      /** The framework's resource when it is stopped (rewards paused), so players are told that, not "not loaded". */
      stopped?: string;
    }
  | {
      /** The framework may or may not have paid (no answer, or a failure after acting); never retried automatically. */
      code: 'outcome_unknown';
      detail: string;
      /** The paying call went out and never answered: it may still be running, so an unchanged balance proves nothing. */
      unanswered?: boolean;
    };

/** Result of a capacity check or a payout: a value, never a throw, for expected problems. */
export type PayoutResult = { ok: true } | { ok: false; problem: PayoutProblem };

/**
 * What a paying call changes, read from the framework: the account balance (money, bank, gold) or the item count. A
 * payout is judged by it: moved by exactly the amount → paid, unchanged → not paid, anything else → unknown.
 */
export type Reading = { ok: true; value: number } | { ok: false; detail: string };

/** What a reading taken now says about a payout interrupted after the reading `before`. */
export type Confirmation =
  | { code: 'paid' }
  | { code: 'not_paid' }
  | { code: 'unknown'; detail: string }
  /** The quantity cannot be read now (player not loaded, framework down): decide later. */
  | { code: 'unreadable'; detail: string };

/** Hooks the claim flow passes to `give`. */
export interface GiveHooks {
  /**
   * Called with the reading taken just before the paying call, so it can be journalled first; `owner` names the
   * character the reading belongs to on frameworks with several per player.
   */
  before?(value: number, owner?: string): void;
}

/** A framework adapter. Implementations must never partially succeed silently. */
export interface RewardAdapter {
  readonly name: FrameworkName;
  /** True when the player is online and loaded in the framework, so a payout can be attempted. */
  isPlayerReady(source: number): Promise<boolean>;
  /** Checks that every reward of the list can be received now (item capacity, loaded player). */
  canReceive(ctx: PayoutContext, rewards: readonly Reward[]): Promise<PayoutResult>;
  /**
   * Gives one reward. Money, bank and item rewards are verified: the quantity is read before and after the call
   * and what moved decides. Resolves `{ ok: false }` when nothing was paid (the reward stays owed), with
   * `outcome_unknown` when it may have paid.
   */
  give(ctx: PayoutContext, reward: Reward, hooks?: GiveHooks): Promise<PayoutResult>;
  /** True when `give` reads this reward before paying (money, bank, item); false for custom rewards. */
  verifies?(reward: Reward): boolean;
  /**
   * After a restart: reads the quantity again and says whether the payout begun at reading `before` (of character
   * `owner`, when one was recorded) happened.
   */
  confirm?(ctx: PayoutContext, reward: Reward, before: number, owner?: string): Promise<Confirmation>;
  /** Start-up checks that need the framework (configured items exist, vRP members answer); one line per problem. */
  startupProblems?(rewards: readonly Reward[]): Promise<string[]>;
}

/** The slice of the FiveM runtime that adapters need (defined with the runtime). */
export type { FrameworkHost } from '../runtime/runtime';

/** An inventory that can receive item rewards (ox_inventory, qb-inventory, or a framework's own). */
export interface InventoryBackend {
  /** Resource or framework the items go through, for messages. */
  readonly name: string;
  /** Checks that the player can carry `count` of `item` now. */
  canCarry(source: number, item: string, count: number): Promise<PayoutResult>;
  /** Adds the items; `{ ok: false }` when the inventory refused. */
  addItem(source: number, item: string, count: number, reason: string): Promise<PayoutResult>;
  /** How many of `item` the player holds now. */
  count(source: number, item: string): Promise<Reading>;
  /** Start-up check against the inventory's item list: one line per unknown item (empty when it cannot tell). */
  unknownItems?(items: readonly string[]): Promise<string[]>;
}

/** Which inventory item rewards use: ox_inventory when it runs (`auto`), or always one of them. */
export type InventoryChoice = 'auto' | 'ox_inventory' | 'framework';

/** A `RewardAdapter` that also releases its event listeners (used when the resource reloads). */
export interface DisposableRewardAdapter extends RewardAdapter {
  /** Removes every listener and pending timer the adapter registered. */
  dispose(): void;
}
