/**
 * The player panel in the running resource (`createResource` over the fake runtime, the real mock in process): what a
 * player's panel shows, and every intent a client can send, honest or hostile.
 */
import { describe, expect, it } from 'vitest';
import type { FakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { PANEL_INTENT_EVENT, PANEL_STATE_EVENT, type PanelState } from '../../src/panel/protocol';

const SHOP = {
  voteUrl: 'https://votes.example/s/demo',
  // The poller records each seed claim, which the next-vote reader reads for the seed's next vote.
  poll: { enabled: true },
  points: { perVote: 100 },
  shop: {
    enabled: true,
    items: [
      {
        id: 'gift',
        name: { en: 'Gift box', fr: 'Boîte cadeau' },
        cost: 60,
        rewards: { type: 'custom', event: 'x:gift' },
        limit: { count: 1, reset: 'weekly' },
      },
      { id: 'car', name: 'Car', cost: 5000, rewards: { type: 'custom', event: 'x:car' }, stock: 3 },
    ],
  },
};

/** The resource with the panel on (its convar) and Ana (1) and Bo (2) online; Ana has one vote claimed. */
const running = async (options: { convar?: string | null; config?: Record<string, unknown> } = {}) => {
  const world = await startResourceWorld({
    config: options.config ?? SHOP,
    before(runtime) {
      if (options.convar !== null) runtime.convars.set('vote_reward_panel', options.convar ?? 'true');
    },
  });
  const { runtime, api } = world;
  runtime.join(1, { name: 'Ana', license: 'license:a' });
  runtime.join(2, { name: 'Bo', license: 'license:b' });
  await runtime.clock.advance(10_000);
  api.addVote('Ana', runtime.now());
  runtime.commands.get('vote')?.handler(1, [], 'vote');
  await runtime.clock.advance(60_000);
  const states = (source: number) =>
    runtime.netEvents
      .filter((e) => e.event === PANEL_STATE_EVENT && e.target === source)
      .map((e) => e.args[0] as PanelState);
  const intent = async (source: number, ...args: unknown[]) => {
    runtime.dispatchNet(PANEL_INTENT_EVENT, source, ...args);
    await runtime.clock.advance(100);
    return states(source).at(-1);
  };
  const gifts = () => runtime.emitted.filter((e) => e.event === 'x:gift').length;
  return { ...world, states, intent, gifts };
};

const warnings = (runtime: FakeRuntime) =>
  runtime.logs.filter((l) => l.message.includes('panel: refused')).map((l) => l.message);

describe('the player panel', () => {
  it('is off unless the convar or shop.menu turns it on: no /votemenu, intents unheard', async () => {
    const off = await running({ convar: null });
    expect(off.runtime.commands.has('votemenu')).toBe(false);
    expect(await off.intent(1, { kind: 'open' })).toBeUndefined();
    const menu = await running({ convar: null, config: { ...SHOP, shop: { ...SHOP.shop, menu: true } } });
    expect(menu.runtime.commands.has('votemenu')).toBe(true);
    const forced = await running({
      convar: 'false',
      config: { ...SHOP, shop: { ...SHOP.shop, menu: true } },
    });
    expect(forced.runtime.commands.has('votemenu')).toBe(false);
  });

  it('opens from the 0.4.0 menu event other scripts send, when shop.menu is on', async () => {
    const w = await running({ convar: null, config: { ...SHOP, shop: { ...SHOP.shop, menu: true } } });
    w.runtime.dispatchNet('vote-reward:shop:open', 1);
    await w.runtime.clock.advance(100);
    expect(w.states(1).at(-1)?.shop?.title).toBe('Vote shop: 100 point(s)');
    expect(w.runtime.netEvents.filter((e) => e.event === 'vote-reward:shop:menu')).toEqual([]);
  });

  it('says in votereward status whether it is on, and its command', async () => {
    const status = async (runtime: FakeRuntime, ...args: string[]) => {
      const before = runtime.logs.length;
      runtime.commands.get('votereward')?.handler(0, ['status', ...args], 'votereward status');
      await runtime.clock.settle();
      return runtime.logs.slice(before).map((l) => l.message);
    };
    const on = await running();
    expect(await status(on.runtime)).toContain(
      '  Panel      on: /votemenu (an ox_lib menu where ox_lib is started, else the page)',
    );
    const off = await running({ convar: 'false' });
    expect((await status(off.runtime)).some((line) => line.includes('Panel'))).toBe(false);
    expect(await status(off.runtime, 'verbose')).toContain(
      '  Panel      off (set vote_reward_panel true in server.cfg)',
    );
  });

  it('/votemenu shows the sites, the stats, the points and the shop with its limits and stock, in the server language', async () => {
    const w = await running();
    w.runtime.commands.get('votemenu')?.handler(1, [], 'votemenu');
    const state = w.states(1).at(-1);
    expect(state?.labels.title).toBe('Vote for the server');
    expect(state?.sites).toEqual([
      {
        id: 'seed',
        name: 'votes.example',
        url: 'https://votes.example/s/demo',
        voted: true,
        status: 'Voted · next vote in 1 h 59 min',
      },
    ]);
    expect(state?.stats).toEqual([
      'Streak: 1 day(s), best 1',
      'Votes this month: 1',
      'Rank this month: #1',
      'You have 100 vote point(s).',
    ]);
    expect(state?.shop).toEqual({
      title: 'Vote shop: 100 point(s)',
      items: [
        { id: 'gift', name: 'Gift box', cost: '60 point(s)', detail: '1 more this week', disabled: false },
        { id: 'car', name: 'Car', cost: '5000 point(s)', detail: '3 left in stock', disabled: true },
      ],
    });
    expect(state?.waiting).toEqual([]);
    expect(state?.prompt).toBeNull();
    // Bo has not voted: the seed is open to him, and he has nothing.
    w.runtime.commands.get('votemenu')?.handler(2, [], 'votemenu');
    const bo = w.states(2).at(-1);
    expect(bo?.sites[0]?.status).toBe('You can vote now');
    expect(bo?.stats.slice(0, 3)).toEqual([
      'Streak: 0 day(s), best 0',
      'Votes this month: 0',
      'Not ranked this month yet',
    ]);
  });

  it('speaks the server locale (fr) and cleans what it shows', async () => {
    const w = await running({ config: { ...SHOP, locale: 'fr' } });
    await w.intent(1, { kind: 'open' });
    const state = w.states(1).at(-1);
    expect(state?.labels.title).toBe('Vote pour le serveur');
    expect(state?.shop?.items[0]?.name).toBe('Boîte cadeau');
  });

  it('/vote that pays nothing opens the panel; a /vote that pays does not', async () => {
    const w = await running();
    expect(w.states(1)).toHaveLength(0); // Ana's vote was paid: no panel
    w.runtime.commands.get('vote')?.handler(2, [], 'vote');
    await w.runtime.clock.advance(10_000);
    expect(w.states(2)).toHaveLength(1);
    expect(w.runtime.told.filter((t) => t.source === 2).map((t) => t.message)[0]).toMatch(
      /^No vote found for "Bo"/,
    );
  });

  it('a claim intent runs /vote’s claim for the sender, and the panel is sent again', async () => {
    const w = await running();
    w.api.addVote('Bo', w.runtime.now());
    const paid = () => w.runtime.emitted.filter((e) => e.event === 'x:paid').length;
    const before = paid();
    const state = await w.intent(2, { kind: 'claim' });
    await w.runtime.clock.advance(5_000);
    expect(paid()).toBe(before + 1);
    expect(state?.stats[1]).toBe('Votes this month: 1');
  });

  it('buys only on a confirm carrying the token the server gave that player, once', async () => {
    const w = await running();
    const asked = await w.intent(1, { kind: 'buy', id: 'GIFT' });
    expect(w.gifts()).toBe(0);
    expect(asked?.prompt?.text).toBe('Buy Gift box for 60 point(s)?');
    const token = asked?.prompt?.token as string;
    expect(token).toMatch(/^[0-9a-f]{24}$/);
    // Bo cannot use Ana's token.
    const stolen = await w.intent(2, { kind: 'confirm', token });
    expect(stolen?.notice).toBe('That choice is no longer valid; choose the item again.');
    const bought = await w.intent(1, { kind: 'confirm', token });
    await w.runtime.clock.advance(5_000);
    expect(w.gifts()).toBe(1);
    expect(bought?.shop?.title).toBe('Vote shop: 40 point(s)');
    expect(w.runtime.told.filter((t) => t.source === 1).at(-1)?.message).toBe(
      'You bought Gift box for 60 point(s). You have 40 point(s) left.',
    );
    // The token is used up.
    await w.runtime.clock.advance(6_000);
    const again = await w.intent(1, { kind: 'confirm', token });
    expect(again?.notice).toBe('That choice is no longer valid; choose the item again.');
    expect(w.gifts()).toBe(1);
  });

  it('a token expires after a minute', async () => {
    const w = await running();
    const token = (await w.intent(1, { kind: 'buy', id: 'gift' }))?.prompt?.token;
    await w.runtime.clock.advance(61_000);
    expect((await w.intent(1, { kind: 'confirm', token }))?.notice).toMatch(/no longer valid/);
    expect(w.gifts()).toBe(0);
  });

  it.each([
    ['a payload naming another player', [{ kind: 'open', player: 2 }]],
    ['a buy with a forged cost', [{ kind: 'buy', id: 'gift', cost: 0 }]],
    ['a confirm without a token', [{ kind: 'confirm' }]],
    ['a token of the wrong shape', [{ kind: 'confirm', token: 'x'.repeat(24) }]],
    ['an unknown kind', [{ kind: 'grant' }]],
    ['two arguments', [{ kind: 'open' }, 2]],
    ['a string', ['open']],
    ['an id of a megabyte', [{ kind: 'buy', id: 'a'.repeat(1 << 20) }]],
    ['an id with invisible characters', [{ kind: 'buy', id: 'gi\u200bft' }]],
  ])('refuses %s: nothing sent, nothing bought, one console line', async (_, args) => {
    const w = await running();
    const before = w.states(1).length;
    w.runtime.dispatchNet(PANEL_INTENT_EVENT, 1, ...args);
    await w.runtime.clock.advance(6_000);
    expect(w.states(1)).toHaveLength(before);
    expect(w.gifts()).toBe(0);
    expect(warnings(w.runtime)).toHaveLength(1);
  });

  it('refuses a buy of an id the shop does not have, with the shop’s words and no prompt', async () => {
    const w = await running();
    const state = await w.intent(1, { kind: 'buy', id: 'nothing' });
    expect(state?.prompt).toBeNull();
    expect(state?.notice).toBe('The vote shop has no item "nothing". List: /votemenu');
  });

  it('rate-limits every intent per player: a flood is answered a few times, told once, logged nothing per event', async () => {
    const w = await running();
    for (let i = 0; i < 200; i += 1) w.runtime.dispatchNet(PANEL_INTENT_EVENT, 1, { kind: 'open' });
    for (let i = 0; i < 200; i += 1)
      w.runtime.dispatchNet(PANEL_INTENT_EVENT, 1, { kind: 'buy', id: 'gift' });
    await w.runtime.clock.advance(100);
    expect(w.states(1)).toHaveLength(6);
    expect(w.runtime.told.filter((t) => t.source === 1 && t.message.startsWith('Please wait'))).toHaveLength(
      1,
    );
    // Bo is not slowed by Ana's flood.
    expect(await w.intent(2, { kind: 'open' })).toBeDefined();
    expect(w.gifts()).toBe(0);
  });
});
