/**
 * The shop's words: the `/voteshop` list, the balance, and one message for every answer of the core's `buy`. Every
 * text comes from the locale files; ids and names from config or from the player pass the translator's sanitiser.
 */
import { editDistance } from '../domain/suggest';
import type { MessageKey, MessageVars, Translate } from '../i18n/messages';
import type { BuyResult, LimitReset, ShopItemConfig, ShopListing } from '../points/types';
import { cleanText } from '../runtime/clean-text';
import type { ShopRequest } from './input';
import { SHOP_ID_MAX } from './input';
import { SHOP_PAGE_SIZE } from './listing';

/** How many ids "did you mean" names at most. */
const CLOSEST_MAX = 3;

/** The words a shop message needs besides its key: the commands, the item names and the owner's calendar day. */
export interface ShopWords {
  translate: Translate;
  /** The shop command (`voteshop`). */
  command: string;
  /** Configured items by id, for names, costs and limits the core's answer does not carry. */
  items: ReadonlyMap<string, ShopItemConfig>;
  /** Name of an item in the server's language. */
  nameOf(item: ShopItemConfig): string;
  /** `YYYY-MM-DD` of an instant in the owner's time zone (when a limit starts again). */
  dayOf(ms: number): string;
}

/** The configured ids closest to `typed` (a typo, a prefix, a part), best first; none when nothing is close. */
export function closestIds(typed: string, ids: readonly string[]): string[] {
  const wanted = typed.toLowerCase().slice(0, SHOP_ID_MAX);
  if (wanted === '') return [];
  const limit = Math.max(2, Math.floor(wanted.length / 3));
  return ids
    .map((id) => {
      const distance = editDistance(wanted, id);
      const related = id.startsWith(wanted) || wanted.startsWith(id) || id.includes(wanted);
      return { id, score: related ? Math.min(distance, limit) : distance };
    })
    .filter((entry) => entry.score <= limit)
    .sort((a, b) => a.score - b.score || a.id.localeCompare(b.id))
    .slice(0, CLOSEST_MAX)
    .map((entry) => entry.id);
}

const LEFT_KEYS: Record<LimitReset, MessageKey> = {
  daily: 'shop_left_day',
  weekly: 'shop_left_week',
  monthly: 'shop_left_month',
  never: 'shop_left_total',
};

/** One item of the list as a line: id, name, cost, then what is left for the player, the stock and a confirm tag. */
export function listingLine(words: ShopWords, listing: ShopListing): string {
  const { translate } = words;
  return [
    translate('shop_item', { id: listing.id, item: listing.name, cost: listing.cost }),
    ...listingTags(words, listing),
  ].join(' · ');
}

/** What is left for the player, the stock and a confirm tag of one item (the list line after its name and cost). */
export function listingTags(words: ShopWords, listing: ShopListing): string[] {
  const { translate } = words;
  const config = words.items.get(listing.id);
  const parts: string[] = [];
  if (listing.remaining !== null)
    parts.push(translate(LEFT_KEYS[config?.limit?.reset ?? 'never'], { left: listing.remaining }));
  if (listing.stockLeft === 0) parts.push(translate('shop_sold_out_tag'));
  else if (listing.stockLeft !== null) parts.push(translate('shop_stock', { stock: listing.stockLeft }));
  if (listing.confirm) parts.push(translate('shop_confirm_tag'));
  return parts;
}

/** Items one page of `/voteshop` shows: a hundred items never flood the chat. */
export const PAGE_SIZE = SHOP_PAGE_SIZE;

/**
 * The lines of `/voteshop [page]`: the title with the balance, then one page of the items the player may buy (a page
 * past the end shows the last), then how to see the next page (or that nothing is for sale).
 */
export function listLines(
  words: ShopWords,
  balance: number,
  listings: readonly ShopListing[],
  page = 1,
  paged?: { page: number; pages: number },
): string[] {
  const shown = listings.filter((listing) => listing.allowed);
  const title = words.translate('shop_title', { balance, command: words.command });
  if (shown.length === 0) return [title, words.translate('shop_empty')];
  // A core that answered one page already (`paged`) read only its items; otherwise the page is cut here.
  const pages = paged ? paged.pages : Math.ceil(shown.length / PAGE_SIZE);
  const current = paged ? paged.page : Math.min(Math.max(1, page), pages);
  const lines = [
    title,
    ...(paged ? shown : shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)).map((listing) =>
      listingLine(words, listing),
    ),
  ];
  if (current < pages)
    lines.push(words.translate('shop_more', { command: words.command, page: current + 1 }));
  return lines;
}

/** The answer to a request that named no item the shop has: the word named back, with the closest ids. */
export function unknownItemMessage(words: ShopWords, typed: string, hint = typed): string {
  const ids = closestIds(hint, [...words.items.keys()]);
  const shown = cleanText(typed, SHOP_ID_MAX + 8);
  if (ids.length === 0) return words.translate('shop_unknown_none', { id: shown, command: words.command });
  return words.translate('shop_unknown', {
    id: shown,
    ids: ids.map((id) => `"${id}"`).join(', '),
    command: words.command,
  });
}

/** The answer to a typed word that cannot be an id (too long, or characters no id has). */
export function badIdMessage(words: ShopWords, request: Extract<ShopRequest, { kind: 'bad_id' }>): string {
  // What was typed is never echoed: it may hold characters that show as nothing, or as something else, in chat.
  const ids =
    request.reason === 'invalid_characters' ? closestIds(request.hint, [...words.items.keys()]) : [];
  if (ids.length === 0)
    return words.translate('shop_id_invalid', { max: SHOP_ID_MAX, command: words.command });
  return words.translate('shop_id_hidden', {
    ids: ids.map((id) => `"${id}"`).join(', '),
    command: words.command,
  });
}

/** What a buy message may need beyond the core's answer, asked only for the results that use it. */
export interface BuyContext {
  /** The item's rewards as the player reads them (`2 x bread`), for a capacity refusal. */
  rewards(item: ShopItemConfig): string;
  /** When the player's limit of an item starts counting again (ms), or null when it never does. */
  resetsAt(id: string): number | null;
}

/** What the player reads after `buy`: one message per result code of the core, never a "bought for 0". */
export function buyMessage(words: ShopWords, result: BuyResult, context: BuyContext): string {
  const { translate } = words;
  if (result.code === 'shop_disabled') return translate('shop_off');
  const config = words.items.get(result.item.toLowerCase());
  // An id the config does not hold is never sold, whatever the answer says: it is named, with the closest ids.
  if (result.code === 'unknown_item' || !config) return unknownItemMessage(words, result.item);
  const item = words.nameOf(config);
  const cost = 'cost' in result ? result.cost : config.cost;
  const say = (key: MessageKey, vars: MessageVars = {}) => translate(key, { item, cost, ...vars });
  switch (result.code) {
    case 'delivered':
      return say('shop_bought', { balance: result.balance });
    case 'delivery_pending':
      return say('shop_pending');
    case 'held':
      return say('shop_held');
    case 'refunded':
      return say('shop_refunded');
    case 'confirm_required':
      return say('shop_confirm', { id: config.id, command: words.command });
    case 'insufficient_points':
      return say('shop_not_enough', { balance: result.balance ?? 0 });
    case 'limit_reached':
      return limitMessage(words, config, item, context);
    case 'out_of_stock':
      return say('shop_sold_out');
    case 'no_permission':
      return say('shop_no_permission');
    case 'not_loaded':
    case 'unknown_player':
      return say('shop_not_loaded');
    case 'cannot_receive':
      // Only a full inventory is the player's to fix; a framework that failed or is stopped is not "cannot carry".
      return result.detail === 'framework_error'
        ? say('shop_failed')
        : say('shop_cannot_carry', { rewards: context.rewards(config) });
    case 'busy':
      return say('shop_busy');
    case 'ledger_unreadable':
      return say('shop_failed');
    case 'store_unavailable':
      return say('store_unavailable');
    default: {
      // A result code the core adds later fails the type check here instead of reaching players as something else.
      const unknown: never = result.code;
      return say('shop_failed', { code: String(unknown) });
    }
  }
}

/** "You reached the limit": with the day it starts again, when the limit has a period. */
function limitMessage(words: ShopWords, config: ShopItemConfig, item: string, context: BuyContext): string {
  const limit = config.limit;
  const resetsAt = limit && limit.reset !== 'never' ? context.resetsAt(config.id) : null;
  if (!limit || resetsAt === null)
    return words.translate('shop_limit_total', { item, limit: limit?.count ?? 0 });
  return words.translate('shop_limit', { item, limit: limit.count, reset: words.dayOf(resetsAt) });
}
