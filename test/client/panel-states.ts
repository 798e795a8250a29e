/**
 * Panel states as the real server sends them (the resource over the fake runtime, the real mock in process), for the
 * client tests and the ox_lib recorder (`tools/frameworks/ox-lib-panel.ts`): Ana with one vote paid and 100 points,
 * a shop of three items (one she cannot afford), and the question the server asks before a buy.
 */
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { PANEL_INTENT_EVENT, PANEL_STATE_EVENT, type PanelState } from '../../src/panel/protocol';

/** The config the states come from. */
export const PANEL_CONFIG = {
  voteUrl: 'https://votes.example/s/demo',
  poll: { enabled: true },
  points: { perVote: 100 },
  shop: {
    enabled: true,
    items: [
      {
        id: 'gift',
        name: 'Gift box',
        cost: 60,
        rewards: { type: 'custom', event: 'x:gift' },
        limit: { count: 1, reset: 'weekly' },
      },
      { id: 'car', name: 'Car', cost: 5000, rewards: { type: 'custom', event: 'x:car' }, stock: 3 },
    ],
  },
};

/** A confirmation token with its digits hidden, so states of two runs compare equal. */
export const hideTokens = <T>(value: T): T =>
  JSON.parse(JSON.stringify(value).replace(/[0-9a-f]{24}/g, '<token>')) as T;

/** The panel Ana sees, and the one asking her to confirm the gift box. */
export async function panelStates(): Promise<{ main: PanelState; prompt: PanelState }> {
  const { runtime, api } = await startResourceWorld({
    config: PANEL_CONFIG,
    before: (r) => r.convars.set('vote_reward_panel', 'true'),
  });
  runtime.join(1, { name: 'Ana', license: 'license:a' });
  await runtime.clock.advance(10_000);
  api.addVote('Ana', runtime.now());
  runtime.commands.get('vote')?.handler(1, [], 'vote');
  await runtime.clock.advance(60_000);
  const last = () =>
    runtime.netEvents.filter((e) => e.event === PANEL_STATE_EVENT && e.target === 1).at(-1)
      ?.args[0] as PanelState;
  runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
  const main = last();
  runtime.dispatchNet(PANEL_INTENT_EVENT, 1, { kind: 'buy', id: 'gift' });
  await runtime.clock.advance(100);
  return { main, prompt: last() };
}
