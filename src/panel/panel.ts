/**
 * The player panel's server side: it sends a player their {@link PanelState} and runs the intents their client
 * sends back through the flows the chat commands use (a claim is `/vote`'s claim, a buy is `/voteshop buy … confirm`
 * through the shop core), so the panel adds no way to move money. Every intent is rate-limited per player and read
 * as hostile (`./intents`); a buy only happens on a `confirm` carrying the token the server made for that player and
 * item, a minute at most before.
 */
import { randomBytes } from 'node:crypto';
import type { Translate } from '../i18n/messages';
import { cleanText } from '../runtime/clean-text';
import type { Runtime } from '../runtime/runtime';
import { createRateLimiter, type RateLimiter } from '../shop/limiter';
import { readIntent } from './intents';
import { PANEL_CLOSE_EVENT, PANEL_INTENT_EVENT, PANEL_STATE_EVENT, type PanelPrompt } from './protocol';
import { type PanelSources, panelState } from './state';

/** The convar that turns the panel on or off. */
export const PANEL_CONVAR = 'vote_reward_panel';
/** Intents a player may send per window (open, claim, buy, confirm together). */
export const INTENTS_PER_WINDOW = 6;
/** The intent limit's window. */
export const INTENT_WINDOW_MS = 5_000;
/** How long a buy's confirmation stays valid. */
export const CONFIRM_TTL_MS = 60_000;
/** Console lines about refused intents, per player per window at most (a flood costs one line). */
const REFUSALS_LOGGED = 1;
/** Players remembered for waits told and pending confirmations (bounded against a flood of ids). */
const REMEMBERED_MAX = 1024;

/**
 * Whether the panel is on: the convar when it is set (`true`/`1`/`on`/`yes` turn it on, anything else off); when it
 * is not set, `shop.menu` (the 0.4.0 shop menu's setting: an owner who turned the menu on gets the panel instead).
 */
export function panelEnabled(value: string | null, shopMenu: boolean): boolean {
  const word = (value ?? '').trim().toLowerCase();
  if (word === '') return shopMenu;
  return ['true', '1', 'on', 'yes'].includes(word);
}

/** The panel command's name: the claim command's followed by `menu` (`vote` → `votemenu`). */
export function panelCommandOf(command: string): string {
  return `${command}menu`;
}

/** What the panel runs intents through: the same paths the chat commands take. */
export interface PanelActions {
  /** `/vote`'s claim (seed then every site); resolves when it is told. */
  claim(source: number): Promise<unknown>;
  /** `/voteshop buy <id> confirm` through the shop core; resolves when the result is told. */
  buy(source: number, id: string): Promise<void>;
  /** The item as the shop lists it for the player (cost, name), or null when it does not exist or is not theirs. */
  item(source: number, id: string): { id: string; name: string; cost: number } | null;
  /** The shop's buy limiter (shared with `/voteshop`). */
  buys: RateLimiter | null;
}

/** The running panel. */
export interface Panel {
  /** The panel command's name (`votemenu`). */
  readonly command: string;
  /** Sends `source` the panel (with a line to show once). */
  open(source: number, notice?: string | null): void;
  /** Listens to intents; returns nothing. */
  start(): void;
  /** Stops listening and closes the panel of every player online. */
  stop(): void;
}

/** What the panel is built over. */
export interface PanelOptions {
  runtime: Pick<
    Runtime,
    'onNet' | 'emitNet' | 'tell' | 'now' | 'playerLicense' | 'log' | 'players' | 'onPlayerDropped'
  >;
  sources: PanelSources;
  actions: PanelActions;
  translate: Translate;
  /** The panel command (`votemenu`), for the wait message. */
  command: string;
  /** A confirmation token (24 hex digits); random bytes when left out. */
  token?: () => string;
}

/** Builds the panel; nothing is heard until `start()`. */
export function createPanel(options: PanelOptions): Panel {
  const { runtime, sources, actions, translate } = options;
  const makeToken = options.token ?? (() => randomBytes(12).toString('hex'));
  const limiter = createRateLimiter(INTENTS_PER_WINDOW, INTENT_WINDOW_MS, runtime.now);
  const prompts = new Map<number, PanelPrompt & { license: string; id: string; until: number }>();
  const toldUntil = new Map<number, number>();
  const loggedUntil = new Map<number, number>();
  const stops: Array<() => void> = [];

  const send = (source: number, extra: { prompt?: PanelPrompt | null; notice?: string | null } = {}) => {
    const license = runtime.playerLicense(source);
    if (!license) {
      runtime.tell(source, translate('no_license'));
      return;
    }
    runtime.emitNet(
      PANEL_STATE_EVENT,
      source,
      panelState(sources, { source, license }, runtime.now(), extra),
    );
  };

  const remember = (map: Map<number, unknown>) => {
    if (map.size >= REMEMBERED_MAX) map.clear();
  };

  /** A refused intent: one console line per player per window, nothing changed. */
  const refuse = (source: number, problem: string) => {
    const at = runtime.now();
    if ((loggedUntil.get(source) ?? 0) > at) return;
    remember(loggedUntil);
    loggedUntil.set(source, at + INTENT_WINDOW_MS * REFUSALS_LOGGED);
    runtime.log.warn(`panel: refused an intent from player #${source}: ${cleanText(problem, 120)}`);
  };

  const allowed = (source: number, limit: RateLimiter): boolean => {
    const answer = limit.take(source);
    if (answer.ok) return true;
    const at = runtime.now();
    if ((toldUntil.get(source) ?? 0) <= at) {
      remember(toldUntil);
      toldUntil.set(source, at + answer.seconds * 1000);
      runtime.tell(source, translate('cooldown', { seconds: answer.seconds, command: options.command }));
    }
    return false;
  };

  const handle = async (source: number, args: unknown[]) => {
    if (!allowed(source, limiter)) return;
    const read = readIntent(args);
    if (!read.ok) return refuse(source, read.problem);
    const { intent } = read;
    const license = runtime.playerLicense(source);
    if (!license) return runtime.tell(source, translate('no_license'));
    switch (intent.kind) {
      case 'open':
        return send(source);
      case 'claim':
        await actions.claim(source);
        return send(source);
      case 'buy': {
        if (actions.buys && !allowed(source, actions.buys)) return;
        const item = actions.item(source, intent.id);
        if (!item) {
          refuse(source, `buy of "${intent.id}", which the shop does not list for the player`);
          return send(source, {
            notice: translate('shop_unknown_none', { id: intent.id, command: options.command }),
          });
        }
        const prompt: PanelPrompt = {
          token: makeToken(),
          text: translate('panel_confirm_buy', { item: item.name, cost: item.cost }),
        };
        remember(prompts);
        prompts.set(source, { ...prompt, license, id: item.id, until: runtime.now() + CONFIRM_TTL_MS });
        return send(source, { prompt });
      }
      case 'confirm': {
        if (actions.buys && !allowed(source, actions.buys)) return;
        const pending = prompts.get(source);
        // A token is the player's own, for the item it was made for, used once, within its minute.
        if (
          !pending ||
          pending.token !== intent.token ||
          pending.license !== license ||
          pending.until < runtime.now()
        ) {
          refuse(source, 'confirm with a token the server did not give this player (or expired)');
          return send(source, { notice: translate('panel_expired') });
        }
        prompts.delete(source);
        await actions.buy(source, pending.id);
        return send(source);
      }
    }
  };

  return {
    command: options.command,
    open: (source, notice = null) => send(source, { notice }),
    start() {
      stops.push(
        runtime.onNet(PANEL_INTENT_EVENT, (source, args) => {
          void handle(source, args).catch((error: unknown) =>
            runtime.log.error(
              `panel: an intent of player #${source} failed: ${cleanText(String(error), 200)}`,
            ),
          );
        }),
        runtime.onPlayerDropped((source) => {
          prompts.delete(source);
          toldUntil.delete(source);
          loggedUntil.delete(source);
        }),
      );
    },
    stop() {
      for (const stop of stops.splice(0)) stop();
      prompts.clear();
      for (const source of runtime.players()) runtime.emitNet(PANEL_CLOSE_EVENT, source);
    },
  };
}
