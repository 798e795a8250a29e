/**
 * The shop's stock and per-player limits in a network: decided in the shared database (`src/network/points-slots.ts`,
 * one unit per purchase), and what the listing and a buy's first checks read of them: the counts as this server last
 * read them (`refresh`, before a list and a buy, and after each unit it took or gave back). Those counts only show
 * and pre-check; a unit is sold by the database, so two servers never sell the last one twice.
 *
 * In a network a limit counts in the period the purchase was made in, by the buying server's clock (one server's rule
 * of a clock moved back, `countingPeriod`, is its own and is not shared).
 */
import { limitScope, type ShopSlots, stockScope } from '../network/points-slots';
import type { ShopItemConfig } from '../points/types';
import type { ShopCounters } from './limits';
import type { SharedCounters } from './purchase-steps';

/** The shared counters and their view. */
export interface NetworkCounters {
  shared: SharedCounters;
  /** What the listing reads (`count`, `take`… do nothing: the database decides). */
  counters: ShopCounters;
  /** Reads the counts of `license`'s limits (in the current `periodOf` each item) and of every stock now. */
  refresh(license: string, periodOf: (item: ShopItemConfig) => string | null): Promise<void>;
}

/** Builds them over `slots` for the configured `items`. */
export function createNetworkCounters(slots: ShopSlots, items: readonly ShopItemConfig[]): NetworkCounters {
  const sold = new Map<string, number>();
  const used = new Map<string, number>();
  const usedKey = (license: string, item: string, period: string) => `${license}\n${item}\n${period}`;
  const itemOf = (id: string) => items.find((item) => item.id === id);

  const shared: SharedCounters = {
    async take(record) {
      const item = itemOf(record.item);
      const limit =
        item?.limit && record.period !== null ? limitScope(record.license, record.item, record.period) : null;
      if (limit !== null && item?.limit && !(await slots.take(limit, item.limit.count, record.id))) {
        used.set(usedKey(record.license, record.item, record.period ?? ''), item.limit.count);
        return 'limit_reached';
      }
      if (
        record.stocked &&
        item?.stock !== undefined &&
        !(await slots.take(stockScope(record.item), item.stock, record.id))
      ) {
        // The limit's unit goes back at once: the purchase takes nothing it does not keep.
        if (limit !== null) await slots.release(limit, record.id);
        sold.set(record.item, item.stock);
        return 'out_of_stock';
      }
      return 'ok';
    },
    async giveBack(record) {
      if (record.period !== null)
        await slots.release(limitScope(record.license, record.item, record.period), record.id);
      if (record.stocked) await slots.release(stockScope(record.item), record.id);
    },
  };

  const counters: ShopCounters = {
    usage: (license) => ({ ok: true, record: { format: 1, license, counts: {}, recent: [] } }),
    used: (usage, item, period) => used.get(usedKey(usage.license, item, period)) ?? 0,
    periodFor: (_usage, _item, period) => period,
    count: () => undefined,
    uncount: () => undefined,
    stock: (item) => ({ ok: true, record: { format: 1, item, sold: sold.get(item) ?? 0, recent: [] } }),
    take: () => undefined,
    giveBack: () => undefined,
  };

  return {
    shared,
    counters,
    async refresh(license, periodOf) {
      // One round trip for every stock and every limit of the player in its current period.
      const wanted: { scope: string; set: (n: number) => void }[] = [];
      for (const item of items) {
        if (item.stock !== undefined)
          wanted.push({ scope: stockScope(item.id), set: (n) => sold.set(item.id, n) });
        const period = item.limit ? periodOf(item) : null;
        if (period !== null)
          wanted.push({
            scope: limitScope(license, item.id, period),
            set: (n) => used.set(usedKey(license, item.id, period), n),
          });
      }
      const counts = await slots.counts(wanted.map((want) => want.scope));
      for (const want of wanted) want.set(counts.get(want.scope) ?? 0);
    },
  };
}
