/**
 * Per-player purchase limits and the global stock, as counters a purchase changes once. A limit counts in periods of
 * the owner's `timeZone` (`src/domain/calendar.ts`): a day, a week from Monday, a month, or for ever. Each counter
 * remembers its last {@link COUNTER_RECENT} operations by key (`+<purchaseId>`, `-<purchaseId>`): the only operations
 * that can replay after a crash are those of purchases still open, and a restart settles them before any new
 * purchase, so they are always among the last ones remembered. An admin's refund of a purchase older than the last
 * {@link COUNTER_RECENT} operations of its counter gives the points back but not the limit or the unit (its count is
 * no longer told apart from the others).
 *
 * A limit never re-opens on a clock move: each item's count is kept with the latest period it counted in, and a
 * period earlier than that one (the clock went back) counts in the latest one. A clock that ran ahead and came back
 * keeps the player in the period it reached until that period ends in real time; a clock moved back never starts a
 * period that was already counted. A limit whose `reset` changed starts afresh (its periods are of another form).
 */
import type { Calendar } from '../domain/calendar';
import {
  COUNTER_RECENT,
  type ShopStock,
  type ShopUsage,
  shopStockSchema,
  shopUsageSchema,
} from '../points/records';
import type { LimitReset } from '../points/types';
import type { KvpStore } from '../runtime/runtime';
import { shopStockKey, shopUsageKey } from '../store/keys';
import { readRecord, writeRecord } from '../store/record';

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

/** The form of a period key (`2026-11-27`, `w2026-11-23`, `2026-11`, `ever`): keys of one form compare as text. */
const formOf = (period: string) => `${period.startsWith('w') ? 'w' : ''}${period.length}`;

/**
 * The period a purchase in `period` counts in, given the latest `counted` for the item: `period`, unless `counted`
 * is a later period of the same form (the clock went back), which it then counts in.
 */
export function countingPeriod(period: string, counted: string | undefined): string {
  return counted !== undefined && formOf(counted) === formOf(period) && counted > period ? counted : period;
}

/** When the period `period` (a key of {@link periodOf}) starts, or null for `ever` or a key of another form. */
export function periodStart(calendar: Calendar, reset: LimitReset, period: string): number | null {
  if (reset === 'daily' && /^\d{4}-\d{2}-\d{2}$/.test(period)) return calendar.startOfDay(period);
  if (reset === 'weekly' && /^w\d{4}-\d{2}-\d{2}$/.test(period)) return calendar.startOfDay(period.slice(1));
  if (reset === 'monthly' && /^\d{4}-\d{2}$/.test(period)) return calendar.startOfDay(`${period}-01`);
  return null;
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
  /** Purchases of `item` the player made in `period` (in the latest period counted, when that one is later). */
  used(usage: ShopUsage, item: string, period: string): number;
  /** The period a purchase of `item` in `period` counts in (see {@link countingPeriod}). */
  periodFor(usage: ShopUsage, item: string, period: string): string;
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
  const periodFor = (record: ShopUsage, item: string, period: string) =>
    countingPeriod(period, record.counts[item]?.period);
  const used = (record: ShopUsage, item: string, period: string) => {
    const counted = record.counts[item];
    return counted && counted.period === periodFor(record, item, period) ? counted.count : 0;
  };
  const changeUsage = (license: string, item: string, period: string, key: string, delta: 1 | -1) => {
    const read = usage(license);
    if (!read.ok) return;
    const { record } = read;
    if (record.recent.some((op) => op.key === key)) return;
    const counted = record.recent.find((op) => op.key === `+${key.slice(1)}`);
    if (delta < 0 && !counted) return;
    // A purchase counts in the latest period counted when its own is earlier (the clock went back); a refund gives
    // back in the period its purchase counted in.
    const counting = delta < 0 ? (counted?.period ?? period) : periodFor(record, item, period);
    const sameperiod = record.counts[item]?.period === counting;
    const current = sameperiod ? (record.counts[item]?.count ?? 0) : 0;
    // A refund of a purchase from a period already over changes no current count.
    const counts =
      delta < 0 && !sameperiod
        ? record.counts
        : { ...record.counts, [item]: { period: counting, count: Math.max(0, current + delta) } };
    writeRecord(kvp, shopUsageKey(license), {
      ...record,
      counts,
      recent: recentWith(record.recent, delta > 0 ? { key, delta, period: counting } : { key, delta }),
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
    periodFor,
    count: (license, item, period, id) => changeUsage(license, item, period, `+${id}`, 1),
    uncount: (license, item, period, id) => changeUsage(license, item, period, `-${id}`, -1),
    stock,
    take: (item, id) => changeStock(item, `+${id}`, 1),
    giveBack: (item, id) => changeStock(item, `-${id}`, -1),
  };
}
