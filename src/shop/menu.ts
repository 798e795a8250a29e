/**
 * The server side of the optional ox_lib menu (`lua/shop-menu.lua`, off unless `shop.menu`). The client asks for the
 * shop and gets rendered lines; a choice comes back as an item id and a confirm flag only. The server reads both as
 * hostile (the same parsing, rate limits and core `buy` as the chat command) and never takes a cost, a balance or an
 * item's contents from the client.
 */
import type { Locale } from '../i18n/messages';
import type { Shop } from '../points/types';
import type { Runtime } from '../runtime/runtime';
import type { ShopCommands } from './commands';
import { readItemId } from './input';
import { listingLine } from './render';

/** Client → server: the player opened the menu and wants the shop's data. */
export const MENU_OPEN_EVENT = 'vote-reward:shop:open';
/** Server → client: the data the menu shows (see {@link MenuData}). */
export const MENU_DATA_EVENT = 'vote-reward:shop:menu';
/** Client → server: the player chose an item (`id`, `confirm`). */
export const MENU_BUY_EVENT = 'vote-reward:shop:buy';

/** One option of the menu, already in the player's language. */
export interface MenuOption {
  id: string;
  title: string;
  description: string;
  /** True when the item cannot be bought now (sold out, limit reached, too expensive). */
  disabled: boolean;
  /** True when the client asks "are you sure" before sending the buy. */
  confirm: boolean;
}

/** What {@link MENU_DATA_EVENT} carries. */
export interface MenuData {
  title: string;
  options: MenuOption[];
}

/** What the menu is served from. */
export interface ShopMenuOptions {
  runtime: Pick<Runtime, 'onNet' | 'emitNet' | 'tell' | 'now'>;
  shop: Shop;
  commands: ShopCommands;
  locale: Locale;
  /** Opens the player panel instead of sending the menu's data (answers whether it did); left out while it is off. */
  openPanel?: (source: number) => boolean;
}

/** The menu's data for `source`, or null (the player hears why) when the shop cannot list for them. */
export function menuData(
  options: Pick<ShopMenuOptions, 'shop' | 'commands' | 'locale'>,
  source: number,
): MenuData | null {
  const { shop, commands, locale } = options;
  const { words } = commands;
  const list = shop.list(source, locale);
  if (!list.ok) return null;
  return {
    title: words.translate('shop_menu_title', { balance: list.balance }),
    options: list.items
      .filter((listing) => listing.allowed)
      .map((listing) => ({
        id: listing.id,
        title: listing.name,
        description: listingLine(words, listing),
        disabled: listing.remaining === 0 || listing.stockLeft === 0 || listing.cost > list.balance,
        confirm: listing.confirm,
      })),
  };
}

/** Players whose last wait is remembered (a flood of ids cannot grow the map without end). */
const TOLD_MAX = 1024;

/** Listens to the menu's events; returns the function that stops listening. */
export function listenForMenu(options: ShopMenuOptions): () => void {
  const { runtime, commands } = options;
  // A player past a limit hears how long to wait once per wait, not once per event a modified client floods.
  const toldUntil = new Map<string, number>();
  const allowed = (limiter: 'reads' | 'buys', source: number): boolean => {
    const answer = commands[limiter].take(source);
    if (answer.ok) return true;
    const key = `${limiter}:${source}`;
    const at = runtime.now();
    if ((toldUntil.get(key) ?? 0) > at) return false;
    if (toldUntil.size >= TOLD_MAX) toldUntil.clear();
    toldUntil.set(key, at + answer.seconds * 1000);
    const { translate, command } = commands.words;
    runtime.tell(source, translate('cooldown', { seconds: answer.seconds, command }));
    return false;
  };
  const stopOpen = runtime.onNet(MENU_OPEN_EVENT, (source) => {
    if (!allowed('reads', source)) return;
    if (options.openPanel?.(source)) return;
    const data = menuData(options, source);
    if (data) runtime.emitNet(MENU_DATA_EVENT, source, data);
    else commands.list(source);
  });
  const stopBuy = runtime.onNet(MENU_BUY_EVENT, (source, args) => {
    if (!allowed('buys', source)) return;
    const read = readItemId(args[0]);
    // Only `true` confirms: a number, a string or a table from a modified client is no confirmation.
    const confirm = args[1] === true;
    void commands.buy(source, 'ok' in read ? { kind: 'buy', id: read.id, confirm } : read);
  });
  return () => {
    stopOpen();
    stopBuy();
  };
}
