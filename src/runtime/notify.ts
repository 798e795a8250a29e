/**
 * Where players read the resource's messages: the chat (default) or the notifications of ox_lib, ESX, QBCore or VORP.
 * Each notification is the client event the framework's own server code triggers, so nothing runs on the client but
 * the framework's handler. VORP: `Core.NotifyRightTip(source, text, duration)` is
 * `TriggerClientEvent('vorp:TipRight', source, text, duration)` (vorp_core-lua server/apicontroller.lua at b3ee8560b31c,
 * handled in client/notifications.lua). RSG's own server code sends `ox_lib:notify` (rsg-core needs ox_lib), so RSG
 * servers use `ox_lib`.
 */
import type { FrameworkHost, Runtime } from './runtime';

/** The `notify` choices of config.json. */
export const NOTIFY_CHOICES = ['chat', 'ox_lib', 'esx', 'qbcore', 'vorp'] as const;

/** Where player messages go. */
export type NotifyMode = (typeof NOTIFY_CHOICES)[number];

/** What a notifier needs: the resource states at start, a client event, and the chat line it falls back to. */
export interface NotifyHost extends Pick<FrameworkHost, 'resourceState'> {
  /** `emitNet`: a client event to one player. */
  emitNet(event: string, target: number, ...args: unknown[]): void;
  /** A chat line to one player. */
  tell(source: number, message: string): void;
}

/** The chosen notifier: `tell` sends one message; `problem` says why the configured mode fell back to chat. */
export interface Notifier {
  mode: NotifyMode;
  tell(source: number, message: string): void;
  problem: string | null;
}

/** Title of a notification, as the chat line's prefix. */
const TITLE = 'Vote';
/** How long ESX, QBCore and VORP show a notification, in milliseconds (ESX's and QBCore's own default). */
const DURATION_MS = 5000;

/** What each mode needs started on the server: each inner list is one need, met by any of its resources. */
const REQUIREMENTS: Record<Exclude<NotifyMode, 'chat'>, string[][]> = {
  ox_lib: [['ox_lib']],
  // ESX's client shows notifications through esx_notify; without it they are dropped.
  esx: [['es_extended'], ['esx_notify']],
  qbcore: [['qb-core', 'qbx_core']],
  vorp: [['vorp_core']],
};

/** FiveM chat colour codes (`^0`..`^9`, `^*`, `^_`, `^~`, `^r`): notifications would show them as text. */
const CHAT_CODES = /\^[0-9*_~r]/g;

/** The text of a chat message as a notification shows it. */
export function notificationText(message: string): string {
  return message.replace(CHAT_CODES, '');
}

/** Picks the notifier of `mode`, checking at start that what it needs is running; falls back to chat if not. */
export function createNotifier(mode: NotifyMode, host: NotifyHost): Notifier {
  const chat: Notifier = {
    mode: 'chat',
    tell: (source, message) => host.tell(source, message),
    problem: null,
  };
  if (mode === 'chat') return chat;
  const missing = REQUIREMENTS[mode]
    .filter((choices) => !choices.some((name) => host.resourceState(name) === 'started'))
    .map((choices) => choices.join(' or '))
    .join(' and ');
  if (missing) {
    return {
      ...chat,
      problem: `notify "${mode}" needs ${missing} started (before vote-reward); player messages go to the chat`,
    };
  }
  const send: Record<typeof mode, (source: number, text: string) => void> = {
    ox_lib: (source, text) =>
      host.emitNet('ox_lib:notify', source, { title: TITLE, description: text, type: 'info' }),
    esx: (source, text) => host.emitNet('esx:showNotification', source, text, 'info', DURATION_MS, TITLE),
    qbcore: (source, text) => host.emitNet('QBCore:Notify', source, text, 'primary', DURATION_MS),
    vorp: (source, text) => host.emitNet('vorp:TipRight', source, text, DURATION_MS),
  };
  return { mode, tell: (source, message) => send[mode](source, notificationText(message)), problem: null };
}

/**
 * `runtime` with players told through `tell` (the owner's notification style): every other member is `runtime`'s own,
 * read when used, so the wrapper never holds a stale copy of a member.
 */
export function tellingThrough(runtime: Runtime, tell: Runtime['tell']): Runtime {
  return new Proxy(runtime, {
    get: (target, member, receiver) => (member === 'tell' ? tell : Reflect.get(target, member, receiver)),
  });
}
