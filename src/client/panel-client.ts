/**
 * The player panel's client side, over a small host (the natives it needs, bound in `./index.ts`): it does nothing
 * until the server sends a panel state, then shows it as an ox_lib context menu when ox_lib is started, otherwise as
 * this resource's NUI page. What it sends back is only an intent (open, claim, buy <id>, confirm <token>), rebuilt
 * field by field: the server decides everything else.
 */
import {
  PANEL_CHOOSE_EVENT,
  PANEL_CLOSE_EVENT,
  PANEL_INTENT_EVENT,
  PANEL_STATE_EVENT,
  type PanelIntent,
  type PanelState,
} from '../panel/protocol';

/** ox_lib's exports the context face calls (`resource/interface/client/*.lua`). */
export interface OxLibExports {
  registerContext(context: OxContext): void;
  showContext(id: string): void;
  hideContext(onExit?: boolean): void;
  setClipboard(value: string): void;
  notify(data: { title?: string; description: string; type?: string }): void;
}

/** One option of an ox_lib context menu (the fields this client sets). */
export interface OxOption {
  title: string;
  description?: string;
  disabled?: boolean;
  readOnly?: boolean;
  /** A local event ox_lib triggers with `args` when the option is chosen. */
  event?: string;
  args?: Record<string, string>;
}

/** An ox_lib context menu. */
export interface OxContext {
  id: string;
  title: string;
  options: OxOption[];
}

/** What the client needs from FiveM. */
export interface ClientHost {
  onNet(event: string, handler: (...args: unknown[]) => void): void;
  on(event: string, handler: (...args: unknown[]) => void): void;
  emitNet(event: string, ...args: unknown[]): void;
  /** `GetResourceState`. */
  resourceState(name: string): string;
  /** `exports.ox_lib`. */
  oxLib(): OxLibExports;
  /** `SendNuiMessage(JSON.stringify(message))`. */
  sendNui(message: unknown): void;
  setNuiFocus(focus: boolean, cursor: boolean): void;
  /** `RegisterNuiCallbackType(name)` + `on('__cfx_nui:' + name, …)`. */
  onNui(name: string, handler: (data: unknown, reply: (value: unknown) => void) => void): void;
}

/** The ox_lib context menu's id, and its confirmation's. */
export const CONTEXT_ID = 'vote_reward_panel';
export const CONFIRM_CONTEXT_ID = 'vote_reward_panel_confirm';

/** Longest text this client passes on from a state (a state is the server's, but a bound costs nothing). */
const TEXT_MAX = 512;

/** Rebuilds an intent from untrusted data (a NUI post, an ox_lib option's args): null when it is not one. */
export function intentOf(data: unknown): PanelIntent | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, id, token } = data as Record<string, unknown>;
  if (kind === 'open' || kind === 'claim') return { kind };
  if (kind === 'buy' && typeof id === 'string' && id.length > 0 && id.length <= 32) return { kind, id };
  if (kind === 'confirm' && typeof token === 'string' && /^[0-9a-f]{24}$/.test(token)) return { kind, token };
  return null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.slice(0, TEXT_MAX) : '');
const isHttp = (url: string): boolean => /^https?:\/\//i.test(url);

/** The ox_lib context menu of a state (the confirmation alone when the server asks one). */
export function contextOf(state: PanelState): OxContext {
  const { labels } = state;
  if (state.prompt)
    return {
      id: CONFIRM_CONTEXT_ID,
      title: text(state.prompt.text),
      options: [
        {
          title: labels.confirm,
          event: PANEL_CHOOSE_EVENT,
          args: { kind: 'confirm', token: state.prompt.token },
        },
        { title: labels.cancel, event: PANEL_CHOOSE_EVENT, args: { kind: 'open' } },
      ],
    };
  const options: OxOption[] = [];
  if (state.notice) options.push({ title: text(state.notice), readOnly: true });
  for (const site of state.sites)
    options.push({
      title: `${labels.vote}: ${text(site.name)}`,
      description: `${text(site.status)}${site.url ? ` · ${labels.copyHint} ${text(site.url)}` : ''}`,
      disabled: !site.url,
      event: PANEL_CHOOSE_EVENT,
      args: { kind: 'copy', url: text(site.url) },
    });
  options.push({
    title: labels.waiting,
    description:
      state.waiting.length === 0
        ? labels.waitingNone
        : state.waiting.map((entry) => `${text(entry.rewards)}: ${text(entry.reason)}`).join(' · '),
    readOnly: true,
  });
  if (state.canClaim)
    options.push({ title: labels.claim, event: PANEL_CHOOSE_EVENT, args: { kind: 'claim' } });
  options.push({ title: labels.stats, description: state.stats.map(text).join(' · '), readOnly: true });
  if (state.shop) {
    options.push({ title: text(state.shop.title), readOnly: true });
    for (const item of state.shop.items)
      options.push({
        title: `${text(item.name)} · ${text(item.cost)}`,
        ...(item.detail ? { description: text(item.detail) } : {}),
        disabled: item.disabled,
        event: PANEL_CHOOSE_EVENT,
        args: { kind: 'buy', id: item.id },
      });
  }
  return { id: CONTEXT_ID, title: text(labels.title), options };
}

/** Starts listening; nothing shows until the server sends a state. */
export function startPanelClient(host: ClientHost): void {
  let copied = '';
  let nuiOpen = false;
  const oxStarted = () => host.resourceState('ox_lib') === 'started';
  const send = (intent: PanelIntent | null) => {
    if (intent) host.emitNet(PANEL_INTENT_EVENT, intent);
  };
  const closeNui = () => {
    if (!nuiOpen) return;
    nuiOpen = false;
    host.sendNui({ type: 'close' });
    host.setNuiFocus(false, false);
  };

  host.onNet(PANEL_STATE_EVENT, (state: unknown) => {
    if (typeof state !== 'object' || state === null || !('labels' in state)) return;
    const panel = state as PanelState;
    copied = text(panel.labels.copied);
    if (oxStarted()) {
      closeNui();
      const context = contextOf(panel);
      host.oxLib().registerContext(context);
      host.oxLib().showContext(context.id);
      return;
    }
    nuiOpen = true;
    host.sendNui({ type: 'state', state: panel });
    host.setNuiFocus(true, true);
  });

  host.onNet(PANEL_CLOSE_EVENT, () => {
    closeNui();
    if (oxStarted()) host.oxLib().hideContext(false);
  });

  // ox_lib triggers an option's `event` with its `args` (context.lua's clickContext).
  host.on(PANEL_CHOOSE_EVENT, (args: unknown) => {
    const url = typeof args === 'object' && args !== null ? (args as Record<string, unknown>).url : undefined;
    if ((args as { kind?: unknown } | null)?.kind === 'copy') {
      if (typeof url !== 'string' || !isHttp(url)) return;
      host.oxLib().setClipboard(url);
      host.oxLib().notify({ description: copied || url, type: 'inform' });
      return;
    }
    send(intentOf(args));
  });

  host.onNui('intent', (data, reply) => {
    send(intentOf(data));
    reply({ ok: true });
  });
  host.onNui('close', (_data, reply) => {
    nuiOpen = true;
    closeNui();
    reply({ ok: true });
  });
}
