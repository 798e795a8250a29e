/**
 * The panel over the running resource: its state read from the running parts, its intents run through `/vote`'s
 * claim and the shop surface's buy, turned on or off by the `vote_reward_panel` convar at each start, and the panel
 * command (`/votemenu`, after the claim command's name) registered once per name.
 */
import type { Running } from '../compose';
import type { Runtime } from '../runtime/runtime';
import { pointsInUse, type ShopSurface } from '../shop/surface';
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
 * Registers the panel command by the name each start with the panel on gives it (`<command>menu`), each name once:
 * FiveM cannot take a command back, so a name stays answered by the panel running now, "the panel is off" after a
 * reload turned it off, or `notReady` while nothing runs.
 */
export function createPanelCommandRegistry(
  runtime: Pick<Runtime, 'registerCommand' | 'tell'>,
  current: () => { panel: Panel | null; command: string; translate: Running['translate'] } | null,
  notReady: (source: number) => void,
): (claimCommand: string) => void {
  const registered = new Set<string>();
  return (claimCommand) => {
    const name = panelCommandOf(claimCommand);
    if (registered.has(name) || !current()?.panel) return;
    registered.add(name);
    runtime.registerCommand(
      name,
      (source) => {
        if (source <= 0) return;
        const running = current();
        if (!running) return notReady(source);
        if (panelCommandOf(running.command) !== name) return;
        if (running.panel) running.panel.open(source);
        else runtime.tell(source, running.translate('panel_off', { command: running.command }));
      },
      false,
    );
  };
}
