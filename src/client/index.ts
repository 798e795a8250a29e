/**
 * The client script (`dist/client.js`): binds FiveM's client natives to the panel client. It ships in every install
 * and does nothing until the server opens the panel (the `vote_reward_panel` convar turns that off on the server).
 */
import { startPanelClient } from './panel-client';

declare function onNet(event: string, handler: (...args: unknown[]) => void): void;
declare function on(event: string, handler: (...args: unknown[]) => void): void;
declare function emitNet(event: string, ...args: unknown[]): void;
declare function GetResourceState(name: string): string;
declare function SendNuiMessage(json: string): void;
declare function SetNuiFocus(focus: boolean, cursor: boolean): void;
declare function RegisterNuiCallbackType(name: string): void;
declare const exports: Record<string, Record<string, (...args: unknown[]) => unknown>>;

startPanelClient({
  onNet,
  on,
  emitNet,
  resourceState: (name) => GetResourceState(name),
  oxLib: () => exports.ox_lib as never,
  sendNui: (message) => SendNuiMessage(JSON.stringify(message)),
  setNuiFocus: (focus, cursor) => SetNuiFocus(focus, cursor),
  onNui(name, handler) {
    RegisterNuiCallbackType(name);
    on(`__cfx_nui:${name}`, (data: unknown, reply: unknown) =>
      handler(data, typeof reply === 'function' ? (reply as (value: unknown) => void) : () => undefined),
    );
  },
});
