/** The shop as a player sees it, and the checks a buy makes before anything is written. */

import { itemNameIn } from '../config/points-schema';
import type { Calendar } from '../domain/calendar';
import type { PointsBook } from '../points/book';
import type { ShopUsage } from '../points/records';
import type {
  BuyRefusal,
  ShopConfig,
  ShopItemConfig,
  ShopList,
  ShopListing,
  ShopListOptions,
} from '../points/types';
import type { Runtime } from '../runtime/runtime';
import { periodEnd, periodOf, periodStart, type ShopCounters } from './limits';

/** Items one page of `/voteshop` shows: a hundred items never flood the chat. */
export const SHOP_PAGE_SIZE = 8;

/** What listing and the checks of a buy read. */
export interface ShopView {
  runtime: Pick<Runtime, 'now' | 'playerLicense' | 'isAceAllowed'>;
  shop: ShopConfig;
  ledger: PointsBook;
  counters: ShopCounters;
  calendar: Calendar;
}

/**
 * When the limit period a purchase of `item` now counts in ends: the current period's end, or, when the clock went
 * back behind a period already counted, that period's end.
 */
function limitEnds(
  view: ShopView,
  usage: ShopUsage | null,
  item: ShopItemConfig,
  now: number,
): number | null {
  const { calendar, counters } = view;
  const reset = item.limit?.reset ?? 'never';
  const period = periodOf(calendar, reset, now);
  const counting = usage ? counters.periodFor(usage, item.id, period) : period;
  const start = counting === period ? now : periodStart(calendar, reset, counting);
  return periodEnd(calendar, reset, start ?? now);
}

/** True when the player holds the item's ACE, or the item needs none. */
export function allowedFor(
  runtime: Pick<Runtime, 'isAceAllowed'>,
  source: number,
  item: ShopItemConfig,
): boolean {
  return item.permission === undefined || runtime.isAceAllowed?.(source, item.permission) === true;
}

/** Why `license` cannot buy `item` now, or `code: null`; `balance` is read with it. */
export function refusalFor(
  view: ShopView,
  license: string,
  item: ShopItemConfig,
): { code: BuyRefusal; detail?: string; balance?: number } | { code: null; balance: number } {
  const { ledger, counters, calendar } = view;
  const read = ledger.read(license);
  if (!read.ok) return { code: 'ledger_unreadable', detail: read.detail };
  if (item.limit) {
    const usage = counters.usage(license);
    if (!usage.ok) return { code: 'ledger_unreadable', detail: usage.problem };
    const now = view.runtime.now();
    if (counters.used(usage.record, item.id, periodOf(calendar, item.limit.reset, now)) >= item.limit.count) {
      const ends = limitEnds(view, usage.record, item, now);
      return { code: 'limit_reached', detail: ends === null ? 'never' : String(ends), balance: read.balance };
    }
  }
  if (item.stock !== undefined) {
    const stock = counters.stock(item.id);
    if (!stock.ok) return { code: 'ledger_unreadable', detail: stock.problem };
    if (stock.record.sold >= item.stock) return { code: 'out_of_stock', balance: read.balance };
  }
  if (read.balance < item.cost)
    return { code: 'insufficient_points', detail: String(item.cost), balance: read.balance };
  return { code: null, balance: read.balance };
}

/**
 * The shop as `source` sees it. With a `page`, only that page of the items the player may buy is read (its stock
 * records), so a list costs what it shows whatever the number of items; `only` reads one item.
 */
export function listFor(
  view: ShopView,
  source: number,
  locale?: string,
  options: ShopListOptions = {},
): ShopList {
  const { runtime, shop, ledger, counters, calendar } = view;
  if (!shop.enabled) return { ok: false, code: 'shop_disabled' };
  const license = runtime.playerLicense(source);
  if (!license) return { ok: false, code: 'unknown_player' };
  const read = ledger.read(license);
  if (!read.ok) return { ok: false, code: 'ledger_unreadable' };
  const usage = counters.usage(license);
  const now = runtime.now();
  let chosen = shop.items.filter((item) => options.only === undefined || item.id === options.only);
  let paging: { page: number; pages: number } | null = null;
  if (options.page !== undefined) {
    const allowed = chosen.filter((item) => allowedFor(runtime, source, item));
    const pages = Math.ceil(allowed.length / SHOP_PAGE_SIZE);
    const page = Math.min(Math.max(1, Math.floor(options.page) || 1), Math.max(1, pages));
    chosen = allowed.slice((page - 1) * SHOP_PAGE_SIZE, page * SHOP_PAGE_SIZE);
    paging = { page, pages };
  }
  const items = chosen.map((item): ShopListing => {
    const { limit } = item;
    const used =
      limit && usage.ok ? counters.used(usage.record, item.id, periodOf(calendar, limit.reset, now)) : 0;
    const stock = item.stock === undefined ? null : counters.stock(item.id);
    return {
      id: item.id,
      name: itemNameIn(item, locale),
      cost: item.cost,
      remaining: limit ? Math.max(0, limit.count - used) : null,
      resetsAt: limit ? limitEnds(view, usage.ok ? usage.record : null, item, now) : null,
      stockLeft:
        item.stock === undefined ? null : stock?.ok ? Math.max(0, item.stock - stock.record.sold) : 0,
      confirm: item.confirm === true,
      allowed: allowedFor(runtime, source, item),
    };
  });
  return { ok: true, balance: read.balance, items, ...(paging ?? {}) };
}
