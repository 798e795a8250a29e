/**
 * Per-player purchase limits and the global stock, as counters a purchase changes once. A limit counts in periods of
 * the owner's `timeZone` (`src/programs/calendar.ts`): a day, a week from Monday, a month, or for ever. Each counter
 * remembers its last {@link COUNTER_RECENT} operations by key (`+<purchaseId>`, `-<purchaseId>`): the only operations
 * that can replay after a crash are those of purchases still open, and a restart settles them before any new
 * purchase, so they are always among the last ones remembered. An admin's refund of a purchase older than the last
 * {@link COUNTER_RECENT} operations of its counter gives the points back but not the limit or the unit (its count is
 * no longer told apart from the others).
 */
import type { Calendar } from '../programs/calendar';
import type { KvpStore } from '../runtime/runtime';
import { shopStockKey, shopUsageKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';
import { COUNTER_RECENT, type ShopStock, type ShopUsage, shopStockSchema, shopUsageSchema } from './records';
import type { LimitReset } from './types';

/** The period key of instant `ms` for `reset`: `2026-11-27`, `w2026-11-23` (its Monday), `2026-11`, `ever`. */
export function periodOf(calendar: Calendar, reset: LimitReset, ms: number): string {
  switch (reset) {
    case 'daily':
      return calendar.dayOf(ms);
    case 'weekly':
      return `w${mondayOf(calendar, ms)}`;
    case 'monthly':
      return calendar.monthOf(ms);
    case 'never':
      return 'ever';
  }
}

/** When the period holding `ms` ends (the next one starts), or null for `never`. */
export function periodEnd(calendar: Calendar, reset: LimitReset, ms: number): number | null {
  switch (reset) {
    case 'daily':
      return calendar.startOfDay(calendar.addDays(calendar.dayOf(ms), 1));
    case 'weekly':
      return calendar.startOfDay(calendar.addDays(mondayOf(calendar, ms), 7));
    case 'monthly': {
      const [year, month] = calendar.monthOf(ms).split('-').map(Number) as [number, number];
      const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
      return calendar.startOfDay(next);
    }
    case 'never':
      return null;
  }
}

function mondayOf(calendar: Calendar, ms: number): string {
  const day = calendar.dayOf(ms);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return calendar.addDays(day, -((weekday + 6) % 7));
}

/** A counter read: its value, or why the record cannot be read. */
type Counted<T> = { ok: true; record: T } | { ok: false; problem: string };

/** The counters of the shop over the KVP. */
export interface ShopCounters {
  /** The player's usage record (empty when missing). */
  usage(license: string): Counted<ShopUsage>;
  /** Purchases of `item` the player made in `period`. */
  used(usage: ShopUsage, item: string, period: string): number;
  /** Counts purchase `id` of `item` in `period` once. */
  count(license: string, item: string, period: string, id: string): void;
  /** Gives back the count of purchase `id`, once, and only if it was counted and its period is still current. */
  uncount(license: string, item: string, period: string, id: string): void;
  /** The item's stock record (empty when missing). */
  stock(item: string): Counted<ShopStock>;
  /** Takes one unit for purchase `id`, once. */
  take(item: string, id: string): void;
  /** Gives back the unit of purchase `id`, once, and only if it was taken. */
  giveBack(item: string, id: string): void;
}

const recentWith = <T extends { key: string; delta: number }>(recent: readonly T[], op: T): T[] =>
  [...recent, op].slice(-COUNTER_RECENT);

/** Creates the counters; `onCorrupt` hears about records that cannot be read (left as is). */
export function createShopCounters(
  kvp: Pick<KvpStore, 'get' | 'set'>,
  onCorrupt?: (key: string, problem: string) => void,
): ShopCounters {
  const usage = (license: string): Counted<ShopUsage> => {
    const found = readRecord(kvp, shopUsageKey(license), shopUsageSchema);
    if (found.state === 'missing')
      return { ok: true, record: { format: 1, license, counts: {}, recent: [] } };
    if (found.state === 'unreadable' || found.value.license !== license) {
      const problem =
        found.state === 'unreadable' ? found.problem : `${shopUsageKey(license)} names another player`;
      onCorrupt?.(shopUsageKey(license), problem);
      return { ok: false, problem };
    }
    return { ok: true, record: found.value };
  };
  const stock = (item: string): Counted<ShopStock> => {
    const found = readRecord(kvp, shopStockKey(item), shopStockSchema);
    if (found.state === 'missing') return { ok: true, record: { format: 1, item, sold: 0, recent: [] } };
    if (found.state === 'unreadable' || found.value.item !== item) {
      const problem =
        found.state === 'unreadable' ? found.problem : `${shopStockKey(item)} names another item`;
      onCorrupt?.(shopStockKey(item), problem);
      return { ok: false, problem };
    }
    return { ok: true, record: found.value };
  };
  const used = (record: ShopUsage, item: string, period: string) => {
    const counted = record.counts[item];
    return counted && counted.period === period ? counted.count : 0;
  };
  const changeUsage = (license: string, item: string, period: string, key: string, delta: 1 | -1) => {
    const read = usage(license);
    if (!read.ok) return;
    const { record } = read;
    if (record.recent.some((op) => op.key === key)) return;
    if (delta < 0 && !record.recent.some((op) => op.key === `+${key.slice(1)}`)) return;
    const current = used(record, item, period);
    const sameperiod = record.counts[item]?.period === period;
    // A refund of a purchase from a period already over changes no current count.
    const counts =
      delta < 0 && !sameperiod
        ? record.counts
        : { ...record.counts, [item]: { period, count: Math.max(0, current + delta) } };
    writeRecord(kvp, shopUsageKey(license), {
      ...record,
      counts,
      recent: recentWith(record.recent, { key, delta }),
    });
  };
  const changeStock = (item: string, key: string, delta: 1 | -1) => {
    const read = stock(item);
    if (!read.ok) return;
    const { record } = read;
    if (record.recent.some((op) => op.key === key)) return;
    if (delta < 0 && !record.recent.some((op) => op.key === `+${key.slice(1)}`)) return;
    writeRecord(kvp, shopStockKey(item), {
      ...record,
      sold: Math.max(0, record.sold + delta),
      recent: recentWith(record.recent, { key, delta }),
    });
  };
  return {
    usage,
    used,
    count: (license, item, period, id) => changeUsage(license, item, period, `+${id}`, 1),
    uncount: (license, item, period, id) => changeUsage(license, item, period, `-${id}`, -1),
    stock,
    take: (item, id) => changeStock(item, `+${id}`, 1),
    giveBack: (item, id) => changeStock(item, `-${id}`, -1),
  };
}
