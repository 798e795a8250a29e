/**
 * The shop's surface as one piece of the running resource: the `/voteshop` and `/votepoints` handlers, the chat
 * suggestions of every player command, the optional menu's net events and the console rows. Built per start over the
 * core (`src/points/`), stopped on reload.
 */

import { possibleRewardsOf } from '../config/load';
import type { ResourceConfig } from '../config/schema';
import type { AdminCommand } from '../domain/admin-command';
import type { Calendar } from '../domain/calendar';
import type { Translate } from '../i18n/messages';
import type { PointsBook } from '../points/book';
import type { Shop } from '../points/types';
import type { HistoryStore } from '../programs/history';
import { displayName } from '../runtime/display-name';
import type { KvpStore, Runtime } from '../runtime/runtime';
import { commandSuggestions, sendSuggestions } from '../runtime/suggestions';
import { PURCHASE_PREFIX, pointsKey } from '../store/keys';
import { createShopCommands, type ShopCommands } from './commands';
import { type NamedPlayer, type PlayerLookup, type ShopConsoleTarget, shopConsoleCommands } from './console';
import { listenForMenu, MENU_DATA_EVENT, menuData } from './menu';
import { readPurchase } from './purchase-steps';

/** The parts of the running resource the surface is built over. */
export interface ShopSurfaceSource {
  config: ResourceConfig;
  points: { ledger: Pick<PointsBook, 'read' | 'apply' | 'fresh'>; shop: Shop | null };
  translate: Translate;
  /** How claims reach players (chat or notifications): a buy's result goes the same way; lists stay in chat. */
  notifier?: { tell(source: number, message: string): void };
  programs: { calendar: Pick<Calendar, 'dayOf'>; history: Pick<HistoryStore, 'find' | 'named'> };
}

/** The running surface. */
export interface ShopSurface {
  /** The shop settings it runs with (the commands' names). */
  settings: ResourceConfig['shop'];
  commands: ShopCommands;
  /** What the console rows read. */
  console: ShopConsoleTarget;
  /** Sends the suggestions and, when `shop.menu`, listens to the menu. */
  start(): void;
  stop(): void;
}

/** Where a player an admin names can be known from besides the players online. */
export interface PlayerSources {
  history: Pick<HistoryStore, 'find' | 'named'>;
  /** Players whose purchases were made under the name `ref` (as shown), and whether a license made any. */
  purchases?: { named(ref: string): NamedPlayer[]; byLicense(license: string): NamedPlayer | null };
  /** True when the license has a points ledger. */
  hasPoints?: (license: string) => boolean;
}

/**
 * The player an admin named. A `license:` names a license only (never a player who took it as a name); digits name
 * the online player with that server id; any other text is a name, as shown, among the players online, the vote
 * history and the purchases: one player, or refused with every candidate listed. A license nothing knows is
 * accepted only with `anyLicense` (`votereward points` may credit a player before their first visit).
 */
export function findPlayer(
  runtime: Pick<Runtime, 'players' | 'playerName' | 'playerLicense'>,
  sources: PlayerSources,
  ref: string,
  options: { anyLicense?: boolean } = {},
): PlayerLookup {
  const typed = ref.trim();
  const online = runtime.players().flatMap((source) => {
    const license = runtime.playerLicense(source);
    return license ? [{ source, license, name: runtime.playerName(source) ?? '' }] : [];
  });
  if (LICENSE.test(typed)) {
    const here = online.find((player) => player.license === typed);
    if (here) return { ok: true, player: { license: here.license, name: here.name } };
    const known = sources.history.find(typed);
    if (known?.license === typed) return { ok: true, player: { license: typed, name: known.name } };
    const bought = sources.purchases?.byLicense(typed);
    if (bought) return { ok: true, player: bought };
    if (options.anyLicense || sources.hasPoints?.(typed))
      return { ok: true, player: { license: typed, name: typed } };
    return { ok: false, code: 'not_found' };
  }
  if (/^\d{1,6}$/.test(typed)) {
    const here = online.find((player) => player.source === Number(typed));
    if (here) return { ok: true, player: { license: here.license, name: here.name } };
  }
  const wanted = displayName(typed, 'console').toLowerCase();
  if (wanted === '') return { ok: false, code: 'not_found' };
  const found = new Map<string, NamedPlayer>();
  const add = (player: NamedPlayer) => {
    if (!found.has(player.license)) found.set(player.license, player);
  };
  for (const player of online)
    if (displayName(player.name, 'console').toLowerCase() === wanted)
      add({ license: player.license, name: player.name });
  for (const history of sources.history.named(typed)) add({ license: history.license, name: history.name });
  for (const player of sources.purchases?.named(typed) ?? []) add(player);
  const candidates = [...found.values()];
  if (candidates.length === 1) return { ok: true, player: candidates[0] as NamedPlayer };
  if (candidates.length === 0) return { ok: false, code: 'not_found' };
  return { ok: false, code: 'ambiguous', candidates };
}

const LICENSE = /^license:\S{1,80}$/;

/** The purchases' side of {@link PlayerSources}, read from the stored purchases. */
export function purchaseNames(
  kvp: Pick<KvpStore, 'keys' | 'get' | 'set' | 'delete'>,
): NonNullable<PlayerSources['purchases']> {
  const all = () =>
    kvp
      .keys(PURCHASE_PREFIX)
      .map((key) => readPurchase({ kvp }, key.slice(PURCHASE_PREFIX.length)))
      .filter((record) => record !== null);
  return {
    named(ref) {
      const wanted = displayName(ref, 'console').toLowerCase();
      return all()
        .filter((record) => displayName(record.name, 'console').toLowerCase() === wanted)
        .map(({ license, name }) => ({ license, name }));
    },
    byLicense(license) {
      const record = all().find((candidate) => candidate.license === license);
      return record ? { license, name: record.name } : null;
    },
  };
}

/**
 * Builds the surface; nothing is heard or sent until `start()`. With `shop.menu`, `/voteshop` also opens the player
 * panel when `openPanel` does (answers true), else the ox_lib shop menu of `lua/shop-menu.lua`.
 */
export function createShopSurface(
  runtime: Pick<
    Runtime,
    | 'tell'
    | 'now'
    | 'playerLicense'
    | 'playerName'
    | 'players'
    | 'log'
    | 'emitNet'
    | 'onNet'
    | 'onPlayerJoining'
    | 'setTimeout'
    | 'kvp'
  >,
  source: ShopSurfaceSource,
  /** The player panel's command and opener (answers whether it opened); left out while the panel is off. */
  panel?: { command: string; open(player: number): boolean },
): ShopSurface {
  const { config, translate } = source;
  const shop = config.shop.enabled ? source.points.shop : null;
  const menuOn = shop !== null && config.shop.menu;
  const commands: ShopCommands = createShopCommands({
    runtime,
    shop,
    points: source.points.ledger,
    settings: config.shop,
    cap: config.points.cap,
    translate,
    locale: config.locale,
    dayOf: source.programs.calendar.dayOf,
    notify: source.notifier?.tell,
    onList: menuOn
      ? (player) => {
          if (panel?.open(player)) return;
          const data = shop ? menuData({ shop, commands, locale: config.locale }, player) : null;
          if (data) runtime.emitNet(MENU_DATA_EVENT, player, data);
        }
      : undefined,
  });
  const console: ShopConsoleTarget = {
    shop,
    points: source.points.ledger,
    find: (ref, options) =>
      findPlayer(
        runtime,
        {
          history: source.programs.history,
          purchases: purchaseNames(runtime.kvp),
          hasPoints: (license) => runtime.kvp.get(pointsKey(license)) !== null,
        },
        ref,
        options,
      ),
    note(license, note) {
      const player = runtime.players().find((id) => runtime.playerLicense(id) === license);
      if (player === undefined) return;
      const tell = source.notifier?.tell ?? runtime.tell;
      if (note.kind === 'points')
        tell(
          player,
          translate('points_admin', {
            delta: `${note.delta > 0 ? '+' : ''}${note.delta}`,
            balance: note.balance,
          }),
        );
      else {
        const item = config.shop.items.find((candidate) => candidate.id === note.item);
        const name = item ? commands.words.nameOf(item) : note.item;
        tell(player, translate('shop_refunded', { item: name, cost: note.cost }));
      }
    },
  };
  const stops: Array<() => void> = [];
  return {
    settings: config.shop,
    commands,
    console,
    start() {
      const suggestions = commandSuggestions(
        {
          vote: config.command,
          link: config.poll.enabled ? `${config.command}link` : null,
          top: config.topVoters.enabled ? config.topVoters.command : null,
          shop: shop ? config.shop.command : null,
          points: pointsInUse(config) ? config.shop.pointsCommand : null,
          reminders: config.reminders.enabled ? config.reminders.command : null,
          panel: panel?.command ?? null,
        },
        translate,
      );
      stops.push(sendSuggestions(runtime, suggestions));
      if (menuOn && shop)
        stops.push(
          listenForMenu({
            runtime,
            shop,
            commands,
            locale: config.locale,
            ...(panel ? { openPanel: panel.open } : {}),
          }),
        );
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
    },
  };
}

/** The shop's `votereward` rows over whichever surface runs now; each adjustment gets a fresh operation id. */
export function shopAdminCommands(current: () => ShopSurface | null, now: () => number): AdminCommand[] {
  let sequence = 0;
  return shopConsoleCommands(
    () => current()?.console ?? null,
    () => `${now().toString(36)}${(sequence++).toString(36)}`,
  );
}

/** The shop command names config.json asked for, read leniently from its text (for a shop turned off at start). */
export interface ClosedShop {
  command: string;
}

const COMMAND_NAME = /^[A-Za-z][\w-]{0,31}$/;

/**
 * The shop command config.json asked for when its shop is turned off for a problem: players who type it are then told
 * the shop is closed rather than getting no answer. Null when the text does not turn the shop on.
 */
export function closedShopOf(text: string | null): ClosedShop | null {
  let raw: unknown;
  try {
    raw = JSON.parse((text ?? '').replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  const shop = (raw as { shop?: { enabled?: unknown; command?: unknown } } | null)?.shop;
  if (shop?.enabled !== true) return null;
  const command =
    typeof shop.command === 'string' && COMMAND_NAME.test(shop.command) ? shop.command : 'voteshop';
  return { command };
}

/**
 * Registers `/voteshop` and `/votepoints` by the names a config gives them, each once: FiveM cannot take a command
 * back, so a name stays answered (by the surface running now, when it still uses that name; `notReady` while nothing
 * runs). A shop turned off for a config problem (`closed`) keeps its command, which tells players the shop is closed.
 * Returns the function to call with each started config.
 */
export function createShopCommandRegistry(
  runtime: Pick<Runtime, 'registerCommand'>,
  current: () => ShopSurface | null,
  notReady: (source: number) => void,
): (config: ResourceConfig, closed?: ClosedShop | null) => void {
  const registered = new Set<string>();
  const register = (name: string, kind: 'shop' | 'points') => {
    if (registered.has(`${kind}:${name}`)) return;
    registered.add(`${kind}:${name}`);
    runtime.registerCommand(
      name,
      (source, args) => {
        if (source <= 0) return;
        const surface = current();
        if (!surface) return notReady(source);
        // A shop that is off answers every name it had with "the vote shop is closed" (its listing, without words).
        if (kind === 'shop' && !surface.settings.enabled) void surface.commands.shopCommand(source, []);
        else if (kind === 'shop' && surface.settings.command === name)
          void surface.commands.shopCommand(source, args);
        else if (kind === 'points' && surface.settings.pointsCommand === name)
          surface.commands.pointsCommand(source);
      },
      false,
    );
  };
  return (config, closed) => {
    if (config.shop.enabled) register(config.shop.command, 'shop');
    else if (closed) register(closed.command, 'shop');
    if (pointsInUse(config)) register(config.shop.pointsCommand, 'points');
  };
}

/** Whether players can have points: the shop is on, votes earn them, or some configured reward gives them. */
export function pointsInUse(config: ResourceConfig): boolean {
  return (
    config.shop.enabled ||
    config.points.perVote > 0 ||
    possibleRewardsOf(config).some((reward) => reward.type === 'points')
  );
}
