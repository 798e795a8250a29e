/**
 * Vote points and the vote shop: the shapes the ledger, the purchase core and the player/admin surface share. Every
 * expected outcome is a value with a snake_case code that doubles as a message key; nothing here throws for a player's
 * or a caller's mistake.
 */
import type { EventChannel } from '../domain/events';
import type { RewardSpec } from '../domain/types';

/** When a per-player purchase limit starts counting again, in the owner's `timeZone`. */
export type LimitReset = 'daily' | 'weekly' | 'monthly' | 'never';

/** `points` in config.json: how players earn points besides `points` rewards. */
export interface PointsConfig {
  /** Points credited per claimed vote, once its rewards are paid; 0 turns vote points off. */
  perVote: number;
  /** Highest balance a player can hold; earning above it is recorded as capped (the part above is not credited). */
  cap?: number;
}

/** One item of the shop, as validated from config.json. */
export interface ShopItemConfig {
  /** Lower-case id typed in `/voteshop buy <id>` (`[a-z0-9_-]`, unique case-insensitively). */
  id: string;
  /** What players see: one text, or one per locale (`{ "en": "VIP", "fr": "VIP" }`, `en` the fallback). */
  name: string | Record<string, string>;
  /** Price in points, a positive safe integer. */
  cost: number;
  /** What the item gives: any reward entry (including `oneOf` and `chance`), drawn once per purchase. */
  rewards: RewardSpec[];
  /** How many a player may buy per period. */
  limit?: { count: number; reset: LimitReset };
  /** How many can be sold in all, to every player together (refunds give a unit back). */
  stock?: number;
  /** ACE the buyer needs (`IsPlayerAceAllowed`). */
  permission?: string;
  /** True: the purchase needs `/voteshop buy <id> confirm` (the buy without it only says so). */
  confirm?: boolean;
}

/** `shop` in config.json. */
export interface ShopConfig {
  enabled: boolean;
  /** Chat command of the shop (`voteshop`). */
  command: string;
  /** Chat command that shows the balance (`votepoints`). */
  pointsCommand: string;
  /** True: the optional ox_lib client menu is served the shop's data. */
  menu: boolean;
  /** True: a Discord line is posted on each purchase (when Discord is set up). */
  discord: boolean;
  items: ShopItemConfig[];
}

/** One line of a player's points ledger; its `key` names what earned or spent it, so it is applied once. */
export interface PointsEntry {
  /**
   * Idempotency key: `pay:<journal entry>#<reward index>` (vote and award points), `buy:<id>`, `refund:<id>`,
   * `admin:<op>`, `res:<calling resource>:<key>` (the exports; `ext:<key>` before 0.5.0).
   */
  key: string;
  /** Change applied to the balance (what was credited when capped). */
  delta: number;
  /** What the change asked for, when the cap cut it (`delta` < `asked`); absent otherwise. */
  asked?: number;
  /** Why, for admins (`vote`, `shop:<item>`, a caller's reason). */
  reason: string;
  /** When it was applied (ms). */
  at: number;
}

/** A change asked of the ledger. */
export interface PointsChange {
  /** Idempotency key (see {@link PointsEntry.key}); the same key twice changes nothing, with another amount it conflicts. */
  key: string;
  /** Positive earns, negative spends; a whole number, never 0. */
  delta: number;
  reason: string;
}

/** Why a ledger operation did nothing. */
export type PointsFailure =
  /** The spend is larger than the balance. */
  | 'insufficient_points'
  /** The stored ledger does not pass its schema or its bounds: held for an admin, never spent. */
  | 'ledger_unreadable'
  /** The amount is not a whole number within bounds. */
  | 'invalid_amount'
  /** The key is empty, too long or of characters a key cannot hold. */
  | 'invalid_key'
  /** The player is not known (no license, or not online). */
  | 'unknown_player'
  /** The key was applied before with another amount or sign: nothing changed (a key is bound to its change). */
  | 'key_conflict'
  /** The player has as many caller keys stored as the ledger keeps within their retention: nothing changed. */
  | 'ledger_full';

/**
 * What applying a change did: `applied: false` means the key was applied before (with the same amount and sign) and
 * nothing changed now. `credited` is what the key moved the balance by (on a replay, what it moved the first time):
 * less than asked when the cap cut a credit, 0 at the cap.
 */
export type PointsResult =
  | { ok: true; balance: number; applied: boolean; credited: number }
  | { ok: false; code: PointsFailure; balance?: number };

/** A player's balance and the entries kept (the newest last). */
export type PointsRead =
  | { ok: true; license: string; balance: number; entries: readonly PointsEntry[] }
  | { ok: false; code: 'ledger_unreadable'; detail: string };

/** The points ledger over the KVP: one record per player (license). */
export interface Points {
  /** The balance and recent entries of a license (missing = 0). */
  read(license: string): PointsRead;
  /**
   * Applies a change once per key: a credit is capped, a debit never takes the balance below 0, the same key with
   * another amount or sign is a `key_conflict`.
   */
  apply(license: string, change: PointsChange): PointsResult;
  /** True when the key was applied and is still remembered; null when the ledger cannot be read. */
  has(license: string, key: string): boolean | null;
}

/** Where a purchase stands (see `purchase.ts`). */
export type PurchaseState = 'intent' | 'delivering' | 'done' | 'refunding' | 'refunded' | 'cancelled';

/** A purchase as kept for admins and `votereward player`. */
export interface PurchaseView {
  id: string;
  license: string;
  name: string;
  item: string;
  cost: number;
  state: PurchaseState;
  /** The journal ref of its delivery (`a:shop:<id>`), once written. */
  ref: string;
  at: number;
  /** A delivery held for an admin (its outcome unknown): decided with `votereward purchase grant|refund`. */
  held?: true;
}

/** One line of `/voteshop` for a player. */
export interface ShopListing {
  id: string;
  /** The name in the asked locale (or `en`, or the single name). */
  name: string;
  cost: number;
  /** Purchases left in the current period; null when the item has no limit. */
  remaining: number | null;
  /** When the current period ends (ms); null for `never` or no limit. */
  resetsAt: number | null;
  /** Units left in the global stock; null when unlimited. */
  stockLeft: number | null;
  confirm: boolean;
  /** False when the player lacks the item's permission. */
  allowed: boolean;
}

/** What `Shop.list` answers; with a `page` asked, `items` is that page of the items the player may buy. */
export type ShopList =
  | { ok: true; balance: number; items: ShopListing[]; page?: number; pages?: number }
  | { ok: false; code: 'shop_disabled' | 'unknown_player' | 'ledger_unreadable' };

/** What part of the shop `Shop.list` answers. */
export interface ShopListOptions {
  /** One page of the items the player may buy (1 = the first; a page past the end is the last). */
  page?: number;
  /** Only the item of this id. */
  only?: string;
}

/** Why a buy did not take place (nothing charged, nothing given). */
export type BuyRefusal =
  | 'shop_disabled'
  | 'unknown_item'
  | 'unknown_player'
  | 'not_loaded'
  | 'no_permission'
  | 'limit_reached'
  | 'out_of_stock'
  | 'insufficient_points'
  | 'confirm_required'
  | 'cannot_receive'
  | 'busy'
  | 'ledger_unreadable'
  /** A network's shared store is unreachable: nothing spent (`store_unavailable`, as a /vote refused then). */
  | 'store_unavailable';

/**
 * What `Shop.buy` answers. `delivered`: charged and given. `refunded`: charged, the framework refused, the points came
 * back. `delivery_pending`: charged, the delivery is owed and is paid on the next join or retry. `held`: charged, the
 * outcome is unknown; the points stay held until an admin grants (declares it delivered) or refunds.
 */
export type BuyResult =
  | {
      ok: true;
      code: 'delivered' | 'delivery_pending' | 'held';
      purchaseId: string;
      item: string;
      cost: number;
      balance: number;
    }
  | {
      ok: false;
      code: 'refunded';
      purchaseId: string;
      item: string;
      cost: number;
      balance: number;
      problem: string;
    }
  /** `item` is the id as typed, for `unknown_item`; `detail` names a missing permission, a limit or a capacity problem. */
  | { ok: false; code: BuyRefusal; item: string; detail?: string; balance?: number };

/** What an admin decision on a purchase came to. */
export type PurchaseAdminResult =
  | { ok: true; code: 'refunded' | 'granted'; purchase: PurchaseView }
  | {
      ok: false;
      code: 'not_found' | 'not_held' | 'busy' | 'ledger_unreadable';
    };

/** The shop: listing, buying, and the admin decisions on held purchases. */
export interface Shop {
  /**
   * The items as `source` sees them, with the balance; `locale` picks item names. `page` answers only that page of
   * the items the player may buy (and reads only their stock), `only` only that item.
   */
  list(source: number, locale?: string, options?: ShopListOptions): ShopList;
  /** Buys `itemId` (case-insensitive) for `source`; `confirm` is the `confirm` argument of the command. */
  buy(source: number, itemId: string, options?: { confirm?: boolean }): Promise<BuyResult>;
  /** Refunds a held or undeliverable purchase (admin): its delivery is dropped and the cost credited once. */
  refund(purchaseId: string): Promise<PurchaseAdminResult>;
  /** Declares a held purchase delivered (admin grant): nothing more is paid, the points stay spent, it is done. */
  grant(purchaseId: string): Promise<PurchaseAdminResult>;
  /** The open and recent purchases of a license, newest last. */
  purchases(license: string): PurchaseView[];
  /** In a network: reads the balance, limits and stocks of `license` from the shared database (throws when down). */
  refresh?(license: string): Promise<void>;
}

/** The ledger's `onChange` that tells the resource's event channel (`pointsChanged`): the KVP ledger's and the chain's. */
export function emitPointsChanged(
  events: EventChannel,
): (license: string, entry: PointsEntry, balance: number) => void {
  return (license, entry, balance) =>
    events.emit('pointsChanged', {
      license,
      balance,
      delta: entry.delta,
      key: entry.key,
      reason: entry.reason,
    });
}
