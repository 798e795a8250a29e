import { describe, expect, it } from 'vitest';
import type { FakeRuntime } from '../../devkit/fakes/runtime';
import { startResourceWorld } from '../../devkit/worlds/resource-world';
import { PANEL_STATE_EVENT } from '../../src/panel/protocol';
import { MENU_BUY_EVENT, MENU_DATA_EVENT } from '../../src/shop/menu';

const MIN = 60_000;
const SHOP = {
  points: { perVote: 100 },
  shop: {
    enabled: true,
    menu: true,
    items: [
      {
        id: 'gift',
        name: { en: 'Gift box', fr: 'Boîte cadeau' },
        cost: 60,
        rewards: { type: 'custom', event: 'x:gift' },
        limit: { count: 1, reset: 'weekly' },
      },
    ],
  },
};

const admin = async (runtime: FakeRuntime, line: string) => {
  const before = runtime.logs.length;
  runtime.commands.get('votereward')?.handler(0, line.split(' '), `votereward ${line}`);
  await runtime.clock.settle();
  return runtime.logs.slice(before).map((l) => l.message);
};

/** The resource with the shop on, Ana online with one vote claimed (100 points). */
const running = async (config: Record<string, unknown> = SHOP) => {
  const world = await startResourceWorld({ config });
  const { runtime, api } = world;
  runtime.join(1, { name: 'Ana', license: 'license:a' });
  await runtime.clock.advance(10_000);
  api.addVote('Ana', runtime.now());
  runtime.commands.get('vote')?.handler(1, [], 'vote');
  await runtime.clock.advance(MIN);
  const type = async (command: string, ...args: string[]) => {
    const before = runtime.told.length;
    runtime.commands.get(command)?.handler(1, args, [command, ...args].join(' '));
    await runtime.clock.advance(6_000);
    return runtime.told.slice(before).map((t) => t.message);
  };
  const gifts = () => runtime.emitted.filter((e) => e.event === 'x:gift').length;
  return { ...world, type, gifts };
};

describe('the shop in the running resource', () => {
  it('registers /voteshop and /votepoints only when the shop is on', async () => {
    const off = await startResourceWorld();
    expect([...off.runtime.commands.keys()]).toEqual(['votereward', 'vote']);
    const on = await running();
    // shop.menu (this config's) turns the player panel on when its convar is not set: /votemenu comes with it.
    expect([...on.runtime.commands.keys()]).toEqual([
      'votereward',
      'vote',
      'voteshop',
      'votepoints',
      'votemenu',
    ]);
  });

  it.each([
    ['a misspelt limit (the schema turns the shop off)', { limit: { count: 1, reset: 'week' } }, 'voteshop'],
    ['a price of 0, under its own command name', { cost: 0 }, 'boutique'],
  ])(
    'a shop turned off at start for %s keeps its command, which tells players it is closed',
    async (_, broken, name) => {
      const item = { ...SHOP.shop.items[0], ...broken };
      const world = await running({
        ...SHOP,
        shop: { ...SHOP.shop, ...(name === 'voteshop' ? {} : { command: name }), items: [item] },
      });
      expect(world.runtime.logs.some((l) => l.message.includes('shop is off'))).toBe(true);
      expect(world.runtime.commands.has(name)).toBe(true);
      expect(await world.type(name)).toEqual(['The vote shop is closed on this server.']);
      expect(await world.type(name, 'buy', 'gift')).toEqual(['The vote shop is closed on this server.']);
      expect(world.gifts()).toBe(0);
    },
  );

  it('registers /votepoints without a shop when a program gives points', async () => {
    const world = await running({ milestones: [{ at: 1, reward: { type: 'points', amount: 5 } }] });
    expect([...world.runtime.commands.keys()]).toEqual(['votereward', 'vote', 'votepoints']);
    expect(await world.type('votepoints')).toEqual(['You have 5 vote point(s).']);
  });

  it('earns points for the vote, lists, buys once, then answers the weekly limit with the day it resets', async () => {
    const world = await running();
    expect(await world.type('votepoints')).toEqual([
      'You have 100 vote point(s).',
      'Spend them in the vote shop: /voteshop',
    ]);
    expect(await world.type('voteshop')).toEqual([
      'Vote shop, you have 100 point(s). Buy with /voteshop buy <id>',
      'gift: Gift box, 60 point(s) · 1 more this week',
    ]);
    expect(await world.type('voteshop', 'buy', 'GIFT')).toEqual([
      'You bought Gift box for 60 point(s). You have 40 point(s) left.',
    ]);
    expect(world.gifts()).toBe(1);
    expect(await world.type('voteshop', 'buy', 'gift')).toEqual([
      'You have bought Gift box as often as allowed (1); you can buy it again from 2026-11-23.',
    ]);
    expect(await world.type('voteshop', 'buy', 'gfit')).toEqual([
      'The vote shop has no item "gfit". Did you mean "gift"? List: /voteshop',
    ]);
    expect(world.gifts()).toBe(1);
  });

  it('sends the chat suggestions of every player command to a joining player', async () => {
    const world = await running();
    world.runtime.join(2, { name: 'Bo', license: 'license:b' });
    const names = world.runtime.netEvents
      .filter((e) => e.event === 'chat:addSuggestion' && e.target === 2)
      .map((e) => e.args[0]);
    expect(names).toEqual(['/vote', '/voteshop', '/votepoints', '/votemenu']);
    // Sent again a little later, for a chat that was not running yet when the player joined; once, not on a loop.
    await world.runtime.clock.advance(60_000);
    const later = world.runtime.netEvents.filter((e) => e.event === 'chat:addSuggestion' && e.target === 2);
    expect(later.map((e) => e.args[0])).toEqual([...names, ...names]);
  });

  it('opens the player panel with /voteshop when shop.menu is on, the old menu events still checked the same', async () => {
    const world = await running();
    await world.type('voteshop');
    expect(
      world.runtime.netEvents.filter((e) => e.event === PANEL_STATE_EVENT && e.target === 1),
    ).toHaveLength(1);
    expect(world.runtime.netEvents.filter((e) => e.event === MENU_DATA_EVENT)).toHaveLength(0);
    world.runtime.dispatchNet(MENU_BUY_EVENT, 1, { id: 'gift', cost: 0 });
    world.runtime.dispatchNet(MENU_BUY_EVENT, 1, 'gift', 'yes', { cost: 0 });
    await world.runtime.clock.advance(6_000);
    expect(world.gifts()).toBe(1);
    expect(world.runtime.told.at(-1)?.message).toBe(
      'You bought Gift box for 60 point(s). You have 40 point(s) left.',
    );
  });

  it('says in votereward status how points are earned and what the shop offers', async () => {
    const world = await running();
    const status = await admin(world.runtime, 'status');
    expect(status).toContain('  Points     100 per vote');
    expect(status).toContain('  Shop       1 item(s) at /voteshop; menu on, Discord line off');
  });

  it('lets an admin read and adjust the balance, and shows points and purchases in votereward player', async () => {
    const world = await running();
    await world.type('voteshop', 'buy', 'gift');
    const adjust = await admin(world.runtime, 'points Ana +25 event prize');
    expect(adjust[0]).toMatch(
      /^vote-reward points Ana \(license:a\): \+25, balance 65; operation admin:\w+$/,
    );
    expect(world.runtime.told.at(-1)?.message).toBe(
      'An admin changed your vote points by +25; you now have 65.',
    );
    const player = await admin(world.runtime, 'player Ana');
    expect(player).toContain('  Points     65');
    expect(player).toContain('  Purchases  1 kept, 0 open');
    expect(player.some((line) => /gift\s+60 pts {2}done/.test(line))).toBe(true);
  });
});
