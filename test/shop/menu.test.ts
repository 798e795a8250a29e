import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { createTranslator } from '../../src/i18n/messages';
import { createShopCommands } from '../../src/shop/commands';
import { listenForMenu, MENU_BUY_EVENT, MENU_DATA_EVENT, MENU_OPEN_EVENT } from '../../src/shop/menu';
import { createFakeShop, LISTINGS, SETTINGS } from './fake-shop';

const setup = () => {
  const runtime = createFakeRuntime({ clock: createFakeClock(Date.parse('2026-11-21T10:00:00.000Z')) });
  runtime.join(1, { name: 'Ana', license: 'license:a' });
  const { shop, points } = createFakeShop(LISTINGS, 100);
  const commands = createShopCommands({
    runtime,
    shop,
    points,
    settings: SETTINGS,
    translate: createTranslator('en'),
    locale: 'en',
    dayOf: (ms) => new Date(ms).toISOString().slice(0, 10),
  });
  const stop = listenForMenu({ runtime, shop, commands, locale: 'en' });
  const said = () => runtime.told.map((line) => line.message);
  return { runtime, shop, stop, said };
};

describe('the menu over net events', () => {
  it('answers an open with the rendered options, the unaffordable one disabled and the hidden one left out', () => {
    const world = setup();
    world.runtime.dispatchNet(MENU_OPEN_EVENT, 1);
    expect(world.runtime.netEvents).toEqual([
      {
        event: MENU_DATA_EVENT,
        target: 1,
        args: [
          {
            title: 'Vote shop: 100 point(s)',
            options: [
              {
                id: 'vip7',
                title: 'VIP for 7 days',
                description: 'vip7: VIP for 7 days, 150 point(s) · 1 more this week · asks for confirmation',
                disabled: true,
                confirm: true,
              },
              {
                id: 'bread',
                title: 'Bread',
                description: 'bread: Bread, 5 point(s) · 40 left in stock',
                disabled: false,
                confirm: false,
              },
            ],
          },
        ],
      },
    ]);
  });

  it('buys through the same path as the command: the id read as typed, confirm only when exactly true', async () => {
    const world = setup();
    world.shop.next({ ok: true, code: 'delivered', purchaseId: 'p', item: 'bread', cost: 5, balance: 95 });
    world.shop.next({ ok: false, code: 'confirm_required', item: 'vip7' });
    world.runtime.dispatchNet(MENU_BUY_EVENT, 1, 'BREAD', true);
    world.runtime.dispatchNet(MENU_BUY_EVENT, 1, 'vip7', 'true', { cost: 0 });
    await world.runtime.clock.settle();
    expect(world.shop.calls).toEqual([
      { source: 1, id: 'bread', confirm: true },
      { source: 1, id: 'vip7', confirm: false },
    ]);
    expect(world.said()).toEqual([
      'You bought Bread for 5 point(s). You have 95 point(s) left.',
      'VIP for 7 days costs 150 point(s). To buy it, type /voteshop buy vip7 confirm',
    ]);
  });

  it.each<[string, unknown[]]>([
    ['no id', []],
    ['a number', [7]],
    ['a table', [{ id: 'bread', cost: 0 }]],
    ['null', [null]],
    ['a huge string', ['b'.repeat(100_000)]],
    ['control characters', ['bread\n^1admin']],
  ])('refuses %s as an id without asking the core, and names what came', async (_name, args) => {
    const world = setup();
    world.runtime.dispatchNet(MENU_BUY_EVENT, 1, ...args);
    await world.runtime.clock.settle();
    expect(world.shop.calls).toEqual([]);
    expect(world.said()).toHaveLength(1);
    expect(world.said()[0]).toMatch(/^(The vote shop has no item|An item id is letters|That item id holds)/);
    expect(world.said()[0]).not.toContain('\n');
  });

  it('tells a player past the rate limit to wait, once per wait, and buys nothing more', async () => {
    const world = setup();
    for (let i = 0; i < 50; i += 1) world.runtime.dispatchNet(MENU_BUY_EVENT, 1, 'nothing');
    for (let i = 0; i < 50; i += 1) world.runtime.dispatchNet(MENU_OPEN_EVENT, 1);
    await world.runtime.clock.settle();
    const waits = world.said().filter((line) => line.startsWith('Please wait'));
    expect(waits).toEqual([
      expect.stringMatching(/^Please wait \d+ s before typing \/voteshop again\.$/),
      expect.stringMatching(/^Please wait \d+ s before typing \/voteshop again\.$/),
    ]);
    expect(world.said().filter((line) => !line.startsWith('Please wait'))).toHaveLength(4);
    const calls = world.shop.calls.length;
    await world.runtime.clock.advance(6000);
    world.runtime.dispatchNet(MENU_BUY_EVENT, 1, 'vip7');
    await world.runtime.clock.settle();
    expect(world.shop.calls).toHaveLength(calls + 1);
  });

  it('hears nothing once stopped', () => {
    const world = setup();
    world.stop();
    world.runtime.dispatchNet(MENU_OPEN_EVENT, 1);
    expect(world.runtime.netEvents).toEqual([]);
  });
});
