import type { FakeResourceDefinition } from '../server';

/** A chat message the chat resource broadcast or sent. */
export interface ChatRecord {
  /** Target player id (-1 for everyone). */
  target: number;
  /** The chat:addMessage payload. */
  message: unknown;
}

/** The chat fake: definition plus what it sent. */
export interface ChatFake {
  /** Pass to server.addFakeResource('chat', ...). */
  definition: FakeResourceDefinition;
  /** Messages sent through the chat resource's own exports/events. */
  sent: ChatRecord[];
}

/**
 * The stock chat resource's server side (citizenfx/cfx-server-data resources/[gameplay]/chat/sv_chat.lua):
 * `_chat:messageEntered` → `chatMessage` (cancelable) → chat:addMessage to everyone; exports addMessage(target, message)
 * → chat:addMessage. Player-bound messages are also visible via server.clientEvents(id).
 */
export function createChatFake(): ChatFake {
  const sent: ChatRecord[] = [];
  const definition: FakeResourceDefinition = {
    flavor: 'lua',
    setup(g) {
      g.RegisterNetEvent('_chat:messageEntered');
      g.AddEventHandler('_chat:messageEntered', (author: unknown, color: unknown, message: unknown) => {
        const src = Number(g.source);
        g.TriggerEvent('chatMessage', src, author, message);
        if (!g.WasEventCanceled()) {
          const payload = { color, multiline: true, args: [author, message] };
          sent.push({ target: -1, message: payload });
          g.TriggerClientEvent('chat:addMessage', -1, payload);
        }
      });
      g.exports('addMessage', (target: unknown, message: unknown) => {
        sent.push({ target: Number(target), message });
        g.TriggerClientEvent('chat:addMessage', target, message);
      });
    },
  };
  return { definition, sent };
}

/** ox_lib's server side as the vote resource meets it: a started resource; notifications are `ox_lib:notify` client events. */
export function createOxLibFake(): FakeResourceDefinition {
  return { flavor: 'lua', setup: () => undefined };
}
