/**
 * The stored records of points and the shop, each a zod schema read through `readRecord`. Amounts are bounded here,
 * where they are read: a ledger edited to hold 1e15 points, or whose balance disagrees with its entries, is unreadable
 * (held for an admin), never spendable.
 */

import { MAX_POINTS_BALANCE } from '../config/points-schema';
import * as z from '../runtime/zod';
import { storedRewardSchema } from '../store/schemas';

/** Entries the ledger record keeps to show (`votereward points`); older ones are folded into its checkpoint. */
export const LEDGER_KEEP = 20;
/** Most entries a stored format-1 ledger (before 0.5.0) may hold: read only by the migration to format 2. */
export const LEDGER_MAX_ENTRIES = 1000;
/** Longest idempotency key a caller (an export, an admin) may give. */
export const MAX_KEY_LENGTH = 200;
/** Longest key the ledger stores: a caller's key with its namespace (`res:<resource>:<key>`). */
export const MAX_STORED_KEY_LENGTH = 320;

const amount = z.number().check(z.int(), z.minimum(-MAX_POINTS_BALANCE), z.maximum(MAX_POINTS_BALANCE));
const points = z.number().check(z.int(), z.minimum(0), z.maximum(MAX_POINTS_BALANCE));
const storedKey = z.string().check(z.minLength(1), z.maxLength(MAX_STORED_KEY_LENGTH));

const ledgerEntrySchema = z.object({
  key: storedKey,
  delta: amount,
  asked: z.optional(amount),
  reason: z.string().check(z.maxLength(200)),
  at: z.number(),
});

/** The balance is the checkpoint plus the entries kept; each key appears once. */
const consistent = <
  T extends { balance: number; folded: { balance: number }; entries: { key: string; delta: number }[] },
>(
  schema: z.ZodMiniType<T>,
) =>
  schema.check(
    z.refine<T>(
      (ledger) =>
        ledger.balance === ledger.entries.reduce((sum, entry) => sum + entry.delta, ledger.folded.balance),
      { message: 'the balance is not the checkpoint plus its entries', path: ['balance'] },
    ),
    z.refine<T>(
      (ledger) => new Set(ledger.entries.map((entry) => entry.key)).size === ledger.entries.length,
      {
        message: 'a key appears twice',
        path: ['entries'],
      },
    ),
  );

const checkpoint = z.object({
  balance: points,
  count: z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
});

/** A player's points ledger as 0.4.0 wrote it (`points:<license>`, format 1): every remembered key inside it. */
export const pointsLedgerV1Schema = consistent(
  z.object({
    format: z.literal(1),
    license: z.string().check(z.minLength(1)),
    balance: points,
    folded: checkpoint,
    entries: z.array(ledgerEntrySchema).check(z.maxLength(LEDGER_MAX_ENTRIES)),
  }),
);

/**
 * A player's points ledger (`points:<license>`, format 2): the balance, a checkpoint and the newest entries, bounded
 * whatever the player's history; every applied key is also stored apart (`pointkey:<license>:<key>`).
 */
export const pointsLedgerSchema = consistent(
  z.object({
    format: z.literal(2),
    license: z.string().check(z.minLength(1)),
    balance: points,
    /** The checkpoint: the balance the folded entries came to, and how many they were. */
    folded: checkpoint,
    /** The newest entries (at most {@link LEDGER_KEEP}), the newest last. */
    entries: z.array(ledgerEntrySchema).check(z.maxLength(LEDGER_KEEP)),
    /** Caller keys (`res:`, `ext:`) stored apart and not yet pruned: what `ledger_full` is decided on. */
    callerKeys: z.number().check(z.int(), z.minimum(0), z.maximum(Number.MAX_SAFE_INTEGER)),
    /** When the next pass over this player's stored keys may start, and where the pass under way stands. */
    prune: z.object({ next: z.number(), after: z.nullable(storedKey) }),
  }),
);

/** A stored points ledger. */
export type PointsLedger = z.output<typeof pointsLedgerSchema>;
/** A ledger of format 1 (before 0.5.0). */
export type PointsLedgerV1 = z.output<typeof pointsLedgerV1Schema>;

/** One applied key, stored apart from the ledger (`pointkey:<license>:<key>`): what it changed and when. */
export const pointsKeySchema = z.object({
  format: z.literal(1),
  license: z.string().check(z.minLength(1)),
  key: storedKey,
  delta: amount,
  asked: z.optional(amount),
  at: z.number(),
});

/** A stored key record. */
export type PointsKeyRecord = z.output<typeof pointsKeySchema>;

/** Operations a counter (stock, usage) remembers, so the step of a purchase replayed after a crash counts once. */
export const COUNTER_RECENT = 256;

/** A purchase as stored (`shop:buy:<id>`). */
export const purchaseRecordSchema = z.object({
  format: z.literal(1),
  id: z.string().check(z.regex(/^[a-z0-9]{1,40}$/)),
  license: z.string().check(z.minLength(1)),
  name: z.string(),
  item: z.string().check(z.minLength(1), z.maxLength(32)),
  cost: points.check(z.minimum(1)),
  state: z.enum(['intent', 'delivering', 'done', 'refunding', 'refunded', 'cancelled']),
  /** The limit period the purchase counts in (`2026-11-27`, `2026-W48`, `2026-11`, `ever`), or null without a limit. */
  period: z.nullable(z.string().check(z.maxLength(16))),
  /** Whether the item has a global stock the purchase took a unit of. */
  stocked: z.boolean(),
  rewards: z.array(storedRewardSchema).check(z.maxLength(20)),
  draws: z.array(z.object({ entry: z.number(), roll: z.nullable(z.number()), pick: z.nullable(z.number()) })),
  problem: z.nullable(z.string().check(z.maxLength(300))),
  at: z.number(),
  updatedAt: z.number(),
});

/** A stored purchase. */
export type PurchaseRecord = z.output<typeof purchaseRecordSchema>;

const counterOp = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(MAX_KEY_LENGTH)),
  delta: z.number().check(z.int()),
  /** The limit period a purchase counted in (usage only; absent before 0.5.0: the purchase's own period). */
  period: z.optional(z.string().check(z.maxLength(16))),
});

/** A player's purchases per item and period (`shop:usage:<license>`): `counts[item] = { period, count }`. */
export const shopUsageSchema = z.object({
  format: z.literal(1),
  license: z.string().check(z.minLength(1)),
  counts: z.record(
    z.string(),
    z.object({
      period: z.string().check(z.maxLength(16)),
      count: z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)),
    }),
  ),
  recent: z.array(counterOp).check(z.maxLength(COUNTER_RECENT)),
});

/** A stored usage record. */
export type ShopUsage = z.output<typeof shopUsageSchema>;

/** Units sold of one item (`shop:stock:<item>`). */
export const shopStockSchema = z.object({
  format: z.literal(1),
  item: z.string().check(z.minLength(1)),
  sold: z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)),
  recent: z.array(counterOp).check(z.maxLength(COUNTER_RECENT)),
});

/** A stored stock record. */
export type ShopStock = z.output<typeof shopStockSchema>;
