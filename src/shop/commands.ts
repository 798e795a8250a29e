/**
 * The shop's chat surface: `/voteshop` (list, `buy <id> [confirm]`) and `/votepoints`. Players' words are parsed as
 * hostile input (`./input`), every answer of the core becomes one translated message (`./render`), and each player is
 * rate-limited so a macro costs the server next to nothing.
 */

import { itemNameIn } from '../config/points-schema';
import { describeRewards } from '../engine/messages';
import type { Locale, Translate } from '../i18n/messages';
import type { PointsBook } from '../points/book';
import type { Shop, ShopConfig, ShopItemConfig } from '../points/types';
import type { Reward } from '../rewards/types';
import { describeError } from '../runtime/errors';
import type { Runtime } from '../runtime/runtime';
import { parseShopArgs, type ShopRequest } from './input';
import { createRateLimiter, type RateLimiter } from './limiter';
import { type BuyContext, badIdMessage, buyMessage, listLines, type ShopWords } from './render';

/** Reads (list, balance, menu) a player may ask for per window. */
const READS_PER_WINDOW = 2;
/** Buy attempts a player may make per window; the core answers `busy` to a second buy while one runs. */
const BUYS_PER_WINDOW = 4;
/** The rate limits' window. */
const WINDOW_MS = 5_000;

/** What the shop's commands are built from. */
export interface ShopCommandsOptions {
  runtime: Pick<Runtime, 'tell' | 'now' | 'playerLicense' | 'log'>;
  /** The core; null while the shop is off (the commands then say it is closed). */
  shop: Shop | null;
  /** The ledger, for `/votepoints`; null while points are off. */
  points: Pick<PointsBook, 'read' | 'fresh'> | null;
  settings: ShopConfig;
  /** `points.cap`, when set. */
  cap?: number | undefined;
  translate: Translate;
  locale: Locale;
  /** `YYYY-MM-DD` of an instant in the owner's time zone. */
  dayOf(ms: number): string;
  /** Called after a list was told to `source` (the menu, when on, opens too). */
  onList?(source: number): void;
  /** Tells the result of a buy (the configured notifications); chat (`runtime.tell`) when left out. */
  notify?(source: number, message: string): void;
}

/** The running shop commands and what the menu shares with them. */
export interface ShopCommands {
  /** `/voteshop ...` typed by `source`. */
  shopCommand(source: number, args: readonly unknown[]): Promise<void>;
  /** `/votepoints` typed by `source`. */
  pointsCommand(source: number): void | Promise<void>;
  /** Tells `source` the list (or why there is none), without the rate limit. */
  list(source: number, page?: number): void | Promise<void>;
  /** Buys for `source` and tells the result: the one path the command and the menu share. */
  buy(source: number, request: ShopRequest): Promise<void>;
  /** The words the messages use (commands, items, translator). */
  words: ShopWords;
  /** The read limiter the menu shares (a menu open counts as a list). */
  reads: RateLimiter;
  /** The buy limiter the menu shares. */
  buys: RateLimiter;
}

/** An item's rewards as the player reads them; a choice shows its options with "/". */
export function itemRewardsText(translate: Translate, item: ShopItemConfig): string {
  return item.rewards
    .map((spec) =>
      'oneOf' in spec
        ? spec.oneOf.map((option) => describeRewards(translate, [option as Reward])).join(' / ')
        : describeRewards(translate, [spec as Reward]),
    )
    .join(', ');
}

/** Builds the shop's commands over the core. */
export function createShopCommands(options: ShopCommandsOptions): ShopCommands {
  const { runtime, shop, points, settings, translate, locale } = options;
  const words: ShopWords = {
    translate,
    command: settings.command,
    items: new Map(settings.items.map((item) => [item.id.toLowerCase(), item])),
    nameOf: (item) => itemNameIn(item, locale),
    dayOf: options.dayOf,
  };
  const reads = createRateLimiter(READS_PER_WINDOW, WINDOW_MS, runtime.now);
  const buys = createRateLimiter(BUYS_PER_WINDOW, WINDOW_MS, runtime.now);
  const tell = (source: number, lines: readonly string[]) => {
    for (const line of lines) runtime.tell(source, line);
  };
  const wait = (source: number, seconds: number, command: string) =>
    tell(source, [translate('cooldown', { seconds, command })]);

  const context = (source: number): BuyContext => ({
    rewards: (item) => itemRewardsText(translate, item),
    resetsAt(id) {
      const list = shop?.list(source, locale, { only: id });
      return (list?.ok && list.items.find((listing) => listing.id === id)?.resetsAt) || null;
    },
  });

  /** In a network: reads the player's balance, limits and stocks from the shared database first; false when down. */
  const refreshed = async (source: number): Promise<boolean> => {
    const license = runtime.playerLicense(source);
    if (!license || (!shop?.refresh && !points?.fresh)) return true;
    try {
      if (shop?.refresh) await shop.refresh(license);
      else await points?.fresh?.(license);
      return true;
    } catch {
      tell(source, [translate('store_unavailable')]);
      return false;
    }
  };

  /** In a network the shared database is read first; on one server everything answers at once. */
  const shared = shop?.refresh !== undefined || points?.fresh !== undefined;
  const afterRefresh = (source: number, show: () => void): void | Promise<void> => {
    if (!shared) return show();
    return refreshed(source).then((ok) => {
      if (ok) show();
    });
  };

  const list = (source: number, page = 1): void | Promise<void> => {
    if (!shop) return tell(source, [translate('shop_off')]);
    return afterRefresh(source, () => showList(source, page));
  };
  const showList = (source: number, page: number) => {
    if (!shop) return;
    const answer = shop.list(source, locale, { page });
    if (answer.ok) {
      const paged =
        answer.page !== undefined && answer.pages !== undefined
          ? { page: answer.page, pages: answer.pages }
          : undefined;
      return tell(source, listLines(words, answer.balance, answer.items, page, paged));
    }
    if (answer.code === 'shop_disabled') return tell(source, [translate('shop_off')]);
    // An unreadable ledger is the core's to report to admins; the player hears that nothing can be sold now.
    return tell(source, [translate(answer.code === 'unknown_player' ? 'no_license' : 'points_unavailable')]);
  };

  const buy = async (source: number, request: ShopRequest) => {
    if (request.kind === 'bad_id') return tell(source, [badIdMessage(words, request)]);
    if (request.kind !== 'buy') return tell(source, [translate('shop_usage', { command: settings.command })]);
    if (!shop) return tell(source, [translate('shop_off')]);
    const notify = options.notify ?? runtime.tell;
    try {
      const result = await shop.buy(source, request.id, { confirm: request.confirm });
      notify(source, buyMessage(words, result, context(source)));
    } catch (error) {
      runtime.log.error(`shop: buying "${request.id}" for player #${source} failed: ${describeError(error)}`);
      const item = words.items.get(request.id);
      tell(source, [translate('shop_failed', { item: item ? words.nameOf(item) : request.id })]);
    }
  };

  return {
    words,
    reads,
    buys,
    list,
    buy,
    async shopCommand(source, args) {
      const request = parseShopArgs(args);
      const limiter = request.kind === 'list' || request.kind === 'usage' ? reads : buys;
      const allowed = limiter.take(source);
      if (!allowed.ok) return wait(source, allowed.seconds, settings.command);
      if (request.kind === 'list') {
        const listed = list(source, request.page);
        if (listed instanceof Promise) await listed;
        return options.onList?.(source);
      }
      return buy(source, request);
    },
    pointsCommand(source) {
      const allowed = reads.take(source);
      if (!allowed.ok) return wait(source, allowed.seconds, settings.pointsCommand);
      const license = runtime.playerLicense(source);
      if (!license) return tell(source, [translate('no_license')]);
      return afterRefresh(source, () => showPoints(source, license));
    },
  };

  function showPoints(source: number, license: string): void {
    const read = points?.read(license);
    if (!read?.ok) {
      tell(source, [translate('points_unavailable')]);
      return;
    }
    const lines = [translate('points_balance', { balance: read.balance })];
    if (options.cap !== undefined && read.balance >= options.cap)
      lines.push(translate('points_cap', { cap: options.cap }));
    if (shop && settings.enabled) lines.push(translate('points_spend', { command: settings.command }));
    tell(source, lines);
  }
}
