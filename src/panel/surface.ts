/**
 * The panel over the running resource: its state read from the running parts, its intents run through `/vote`'s
 * claim and the shop surface's buy, turned on or off by the `vote_reward_panel` convar at each start.
 */
import type { Running } from '../compose';
import type { Runtime } from '../runtime/runtime';
import { createShopSurface, pointsInUse, type ShopSurface } from '../shop/surface';
import { createPanel, PANEL_CONVAR, type Panel, panelCommandOf, panelEnabled } from './panel';

/** The panel of a started resource, or null when the convar turns it off. */
export function panelFor(
  runtime: Pick<
    Runtime,
    'convar' | 'onNet' | 'emitNet' | 'tell' | 'now' | 'playerLicense' | 'log' | 'players' | 'onPlayerDropped'
  >,
  running: Pick<Running, 'config' | 'translate' | 'flow' | 'programs' | 'points' | 'nextVotes' | 'claimAll'>,
  surface: Pick<ShopSurface, 'commands' | 'settings'> | null,
): Panel | null {
  if (!panelEnabled(runtime.convar(PANEL_CONVAR), running.config.shop.menu)) return null;
  const { config, translate, programs } = running;
  const shop = config.shop.enabled && surface ? running.points.shop : null;
  const commands = surface?.commands ?? null;
  return createPanel({
    runtime,
    translate,
    command: panelCommandOf(config.command),
    sources: {
      translate,
      command: config.command,
      flow: running.flow,
      programs,
      points: pointsInUse(config) ? running.points.ledger : null,
      shop: shop && commands ? { core: shop, words: commands.words, locale: config.locale } : null,
      sites: running.nextVotes,
    },
    actions: {
      claim: (source) => running.claimAll(source),
      buy: (source, id) =>
        commands ? commands.buy(source, { kind: 'buy', id, confirm: true }) : Promise.resolve(),
      item(source, id) {
        if (!shop) return null;
        const list = shop.list(source, config.locale, { only: id });
        const listing = list.ok ? list.items.find((candidate) => candidate.id === id) : undefined;
        return listing?.allowed ? { id: listing.id, name: listing.name, cost: listing.cost } : null;
      },
      buys: commands?.buys ?? null,
    },
  });
}

/**
 * Starts the shop surface and, when the convar (or `shop.menu`) turns it on, the panel over a started app: the shop's
 * `/voteshop` and menu event open the panel, and the panel buys through the shop surface.
 */
export function startPlayerSurfaces(
  runtime: Parameters<typeof createShopSurface>[0] & Parameters<typeof panelFor>[0],
  running: Parameters<typeof createShopSurface>[1] & Parameters<typeof panelFor>[1],
): { surface: ShopSurface; panel: Panel | null } {
  let panel: Panel | null = null;
  const on = panelEnabled(runtime.convar(PANEL_CONVAR), running.config.shop.menu);
  const open = (player: number): boolean => {
    panel?.open(player);
    return panel !== null;
  };
  const link = { command: panelCommandOf(running.config.command), open };
  const surface = createShopSurface(runtime, running, on ? link : undefined);
  surface.start();
  panel = panelFor(runtime, running, surface);
  panel?.start();
  return { surface, panel };
}

/**
 * The handler of `/<command>menu` registered under `name`: the running panel opens; after a reload that turned it off
 * the name says so; while nothing runs, `notReady`.
 */
export function panelCommand(
  name: string,
  runtime: Pick<Runtime, 'tell'>,
  current: () => { running: Pick<Running, 'config' | 'translate'>; panel: Panel | null } | null,
  notReady: (source: number) => void,
): (source: number) => void {
  return (source) => {
    if (source <= 0) return;
    const now = current();
    if (!now) return notReady(source);
    const { config, translate } = now.running;
    if (panelCommandOf(config.command) !== name) return;
    if (now.panel) now.panel.open(source);
    else runtime.tell(source, translate('panel_off', { command: config.command }));
  };
}

/** The panel's line of `votereward status`: on with its command, or (verbose) off and how to turn it on. */
export function panelStatus(panel: Pick<Panel, 'command'> | null, verbose: boolean): string[] {
  if (panel)
    return [`  Panel      on: /${panel.command} (an ox_lib menu where ox_lib is started, else the page)`];
  return verbose ? ['  Panel      off (set vote_reward_panel true in server.cfg)'] : [];
}
