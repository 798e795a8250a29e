/**
 * The panel's client script (`src/client/panel-client.ts`) over a recording host: inert until the server sends a
 * state; the ox_lib face builds exactly the menus ox_lib's real Lua was recorded running (test/client/ox-lib-panel.json,
 * `tools/frameworks/ox-lib-panel.ts`), and what ox_lib triggers on each click becomes the right intent; the NUI face
 * forwards only rebuilt intents.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ClientHost, contextOf, type OxContext, startPanelClient } from '../../src/client/panel-client';
import {
  PANEL_CHOOSE_EVENT,
  PANEL_CLOSE_EVENT,
  PANEL_INTENT_EVENT,
  PANEL_STATE_EVENT,
  type PanelState,
} from '../../src/panel/protocol';
import { hideTokens, panelStates } from './panel-states';

interface Transcript {
  source: { commit: string };
  scenarios: {
    name: string;
    context: OxContext;
    clicks: { key: string; title: string; events: { name: string; args: Record<string, string> }[] }[];
    clipboard: { action: string; data: string };
  }[];
}
const TRANSCRIPT = JSON.parse(
  readFileSync(new URL('./ox-lib-panel.json', import.meta.url), 'utf8'),
) as Transcript;

/** A host that records what the client does; `oxLib` says whether ox_lib is started. */
function recordingHost(oxLib: boolean) {
  const net = new Map<string, (...args: unknown[]) => void>();
  const local = new Map<string, (...args: unknown[]) => void>();
  const nui = new Map<string, (data: unknown, reply: (value: unknown) => void) => void>();
  const calls: unknown[][] = [];
  const host: ClientHost = {
    onNet: (event, handler) => net.set(event, handler),
    on: (event, handler) => local.set(event, handler),
    emitNet: (...args) => calls.push(['emitNet', ...args]),
    resourceState: (name) => (name === 'ox_lib' && oxLib ? 'started' : 'missing'),
    oxLib: () => ({
      registerContext: (context) => calls.push(['registerContext', context]),
      showContext: (id) => calls.push(['showContext', id]),
      hideContext: (onExit) => calls.push(['hideContext', onExit]),
      setClipboard: (value) => calls.push(['setClipboard', value]),
      notify: (data) => calls.push(['notify', data]),
    }),
    sendNui: (message) => calls.push(['sendNui', message]),
    setNuiFocus: (focus, cursor) => calls.push(['setNuiFocus', focus, cursor]),
    onNui: (name, handler) => nui.set(name, handler),
  };
  startPanelClient(host);
  return { net, local, nui, calls };
}

let states: { main: PanelState; prompt: PanelState };
beforeAll(async () => {
  states = await panelStates();
});

describe('the panel client script', () => {
  it('does nothing until the server sends a panel', () => {
    for (const ox of [true, false]) expect(recordingHost(ox).calls).toEqual([]);
  });

  it.each(['panel', 'confirm'] as const)(
    'builds the %s menu ox_lib 3.39.0 was recorded running, from the same server state',
    (name) => {
      const scenario = TRANSCRIPT.scenarios.find((s) => s.name === name);
      const state = name === 'panel' ? states.main : states.prompt;
      expect(hideTokens(contextOf(state))).toEqual(scenario?.context);
      const host = recordingHost(true);
      host.net.get(PANEL_STATE_EVENT)?.(state);
      expect(host.calls.map((c) => c[0])).toEqual(['registerContext', 'showContext']);
      expect(host.calls[1]).toEqual(['showContext', scenario?.context.id]);
    },
  );

  it('turns what ox_lib triggers on each click into the intent, or a copied link', () => {
    const token = states.prompt.prompt?.token as string;
    const host = recordingHost(true);
    host.net.get(PANEL_STATE_EVENT)?.(states.main);
    host.calls.length = 0;
    const clicked = TRANSCRIPT.scenarios.flatMap((s) => s.clicks);
    for (const click of clicked)
      for (const event of click.events) {
        const args = JSON.parse(JSON.stringify(event.args).replace('<token>', token)) as unknown;
        host.local.get(event.name)?.(args);
      }
    expect(clicked.map((c) => c.title)).toEqual([
      'Vote: votes.example',
      'Claim my rewards (/vote)',
      'Gift box · 60 point(s)',
      'Yes, buy it',
      'Cancel',
    ]);
    expect(host.calls).toEqual([
      ['setClipboard', 'https://votes.example/s/demo'],
      ['notify', { description: 'Link copied: paste it into your browser.', type: 'inform' }],
      ['emitNet', PANEL_INTENT_EVENT, { kind: 'claim' }],
      ['emitNet', PANEL_INTENT_EVENT, { kind: 'buy', id: 'gift' }],
      ['emitNet', PANEL_INTENT_EVENT, { kind: 'confirm', token }],
      ['emitNet', PANEL_INTENT_EVENT, { kind: 'open' }],
    ]);
    // ox_lib's clipboard takes the link as recorded.
    expect(TRANSCRIPT.scenarios[0]?.clipboard).toEqual({
      action: 'setClipboard',
      data: 'https://votes.example/s/demo',
    });
  });

  it('without ox_lib, hands the state to the NUI page with the cursor, and forwards only rebuilt intents', () => {
    const host = recordingHost(false);
    host.net.get(PANEL_STATE_EVENT)?.(states.main);
    expect(host.calls).toEqual([
      ['sendNui', { type: 'state', state: states.main }],
      ['setNuiFocus', true, true],
    ]);
    host.calls.length = 0;
    const replies: unknown[] = [];
    const post = (data: unknown) => host.nui.get('intent')?.(data, (value) => replies.push(value));
    post({ kind: 'buy', id: 'gift', player: 2, cost: 0 });
    post({ kind: 'confirm', token: 'not-a-token' });
    post({ kind: 'grant' });
    post('claim');
    post(null);
    post({ kind: 'buy', id: 'x'.repeat(33) });
    post({ kind: 'claim', source: 7 });
    expect(host.calls).toEqual([
      ['emitNet', PANEL_INTENT_EVENT, { kind: 'buy', id: 'gift' }],
      ['emitNet', PANEL_INTENT_EVENT, { kind: 'claim' }],
    ]);
    // Every NUI callback is answered, or the page's fetch would hang.
    expect(replies).toHaveLength(7);
    host.nui.get('close')?.({}, () => undefined);
    expect(host.calls.slice(-2)).toEqual([
      ['sendNui', { type: 'close' }],
      ['setNuiFocus', false, false],
    ]);
  });

  it('closes both faces when the server says so, and ignores a state that is not one', () => {
    const nui = recordingHost(false);
    nui.net.get(PANEL_STATE_EVENT)?.('not a state');
    nui.net.get(PANEL_STATE_EVENT)?.(null);
    expect(nui.calls).toEqual([]);
    nui.net.get(PANEL_STATE_EVENT)?.(states.main);
    nui.net.get(PANEL_CLOSE_EVENT)?.();
    expect(nui.calls.slice(-2)).toEqual([
      ['sendNui', { type: 'close' }],
      ['setNuiFocus', false, false],
    ]);
    const ox = recordingHost(true);
    ox.net.get(PANEL_CLOSE_EVENT)?.();
    expect(ox.calls).toEqual([['hideContext', false]]);
  });

  it('copies only http(s) links from a chosen option', () => {
    const host = recordingHost(true);
    host.local.get(PANEL_CHOOSE_EVENT)?.({ kind: 'copy', url: 'javascript:alert(1)' });
    host.local.get(PANEL_CHOOSE_EVENT)?.({ kind: 'copy', url: 7 });
    expect(host.calls).toEqual([]);
  });
});
