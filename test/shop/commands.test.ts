import { describe, expect, it } from 'vitest';
import { createFakeClock, createFakeRuntime } from '../../devkit/fakes/runtime';
import { shippedTable } from '../../devkit/locales';
import { createTranslator } from '../../src/i18n/messages';
import type { BuyResult } from '../../src/points/types';
import { createShopCommands } from '../../src/shop/commands';
import { closestIds, listLines, PAGE_SIZE, type ShopWords } from '../../src/shop/render';
import { createFakeShop, LISTINGS, SETTINGS } from './fake-shop';

const setup = (options: { shopOff?: boolean; cap?: number; locale?: 'en' | 'fr' } = {}) => {
  const runtime = createFakeRuntime({ clock: createFakeClock(Date.parse('2026-11-21T10:00:00.000Z')) });
  runtime.join(1, { name: 'Ana', license: 'license:a' });
  const { shop, points } = createFakeShop(LISTINGS);
  const locale = options.locale ?? 'en';
  const commands = createShopCommands({
    runtime,
    shop: options.shopOff ? null : shop,
    points,
    settings: SETTINGS,
    cap: options.cap,
    translate: createTranslator(locale, {}, shippedTable(locale)),
    locale,
    dayOf: (ms) => new Date(ms).toISOString().slice(0, 10),
  });
  const said = () => runtime.told.filter((line) => line.source === 1).map((line) => line.message);
  const type = async (...args: string[]) => {
    const before = said().length;
    await commands.shopCommand(1, args);
    await runtime.clock.advance(3_000);
    return said().slice(before);
  };
  return { runtime, shop, points, commands, said, type };
};

const base = { purchaseId: 'p1', item: 'vip7', cost: 150, balance: 50 };

describe('/voteshop buy answers every result of the core with its own message', () => {
  it.each<[string, BuyResult, string]>([
    [
      'delivered',
      { ok: true, code: 'delivered', ...base },
      'You bought VIP for 7 days for 150 point(s). You have 50 point(s) left.',
    ],
    [
      'delivery_pending',
      { ok: true, code: 'delivery_pending', ...base },
      'You bought VIP for 7 days; it will be given to you as soon as the server can.',
    ],
    [
      'held',
      { ok: true, code: 'held', ...base },
      'The server could not confirm whether VIP for 7 days was given. Your 150 point(s) are held until an admin checks; nothing is lost.',
    ],
    [
      'refunded',
      { ok: false, code: 'refunded', ...base, problem: 'framework_error' },
      'VIP for 7 days could not be given, so your 150 point(s) were given back.',
    ],
    [
      'confirm_required',
      { ok: false, code: 'confirm_required', item: 'vip7' },
      'VIP for 7 days costs 150 point(s). To buy it, type /voteshop buy vip7 confirm',
    ],
    [
      'insufficient_points',
      { ok: false, code: 'insufficient_points', item: 'vip7', balance: 20 },
      'VIP for 7 days costs 150 point(s) and you have 20.',
    ],
    [
      'limit_reached (weekly)',
      { ok: false, code: 'limit_reached', item: 'vip7' },
      'You have bought VIP for 7 days as often as allowed (1); you can buy it again from 2026-11-23.',
    ],
    ['out_of_stock', { ok: false, code: 'out_of_stock', item: 'bread' }, 'Bread is sold out.'],
    [
      'no_permission',
      { ok: false, code: 'no_permission', item: 'staff-car' },
      'You are not allowed to buy Staff car.',
    ],
    [
      'not_loaded',
      { ok: false, code: 'not_loaded', item: 'bread' },
      'Your character is not loaded yet; buy once it is. No points were taken.',
    ],
    [
      'cannot_receive',
      { ok: false, code: 'cannot_receive', item: 'bread', detail: 'inventory_full' },
      'You cannot carry 10 x bread right now: make room and buy again. No points were taken.',
    ],
    [
      "cannot_receive (the framework failed or is stopped: not the player's inventory)",
      { ok: false, code: 'cannot_receive', item: 'bread', detail: 'framework_error' },
      'The vote shop cannot sell Bread right now; no points were taken. Try again later.',
    ],
    [
      'busy',
      { ok: false, code: 'busy', item: 'bread' },
      'Your previous purchase is still going through; wait a moment.',
    ],
    [
      'ledger_unreadable',
      { ok: false, code: 'ledger_unreadable', item: 'bread' },
      'The vote shop cannot sell Bread right now; no points were taken. Try again later.',
    ],
    [
      'shop_disabled',
      { ok: false, code: 'shop_disabled', item: 'bread' },
      'The vote shop is closed on this server.',
    ],
    [
      'unknown_item',
      { ok: false, code: 'unknown_item', item: 'vip' },
      'The vote shop has no item "vip". Did you mean "vip7"? List: /voteshop',
    ],
  ])('%s', async (_code, result, message) => {
    const world = setup();
    world.shop.next(result);
    expect(await world.type('buy', result.item)).toEqual([message]);
    expect(world.shop.calls).toEqual([{ source: 1, id: result.item, confirm: false }]);
  });

  it('never says "bought" for an id the config does not hold, whatever the core answers', async () => {
    const world = setup();
    world.shop.next({ ok: true, code: 'delivered', purchaseId: 'p', item: 'ghost', cost: 0, balance: 200 });
    const [line] = await world.type('buy', 'ghost');
    expect(line).toBe('The vote shop has no item "ghost". List: /voteshop');
  });

  it('passes confirm to the core only when the third word is confirm', async () => {
    const world = setup();
    world.shop.next({ ok: true, code: 'delivered', ...base });
    await world.type('buy', 'VIP7', 'CONFIRM');
    expect(world.shop.calls).toEqual([{ source: 1, id: 'vip7', confirm: true }]);
  });

  it('never echoes a typed id with invisible characters: it suggests the id without them, asking nothing of the core', async () => {
    const world = setup();
    expect(await world.type('buy', 'vip\u200b7')).toEqual([
      'That item id holds invisible characters or spaces. Did you mean "vip7"? List: /voteshop',
    ]);
    expect(await world.type('buy', '\u202ezzzz')).toEqual([
      'An item id is letters, digits, - and _ only, at most 32 characters. List: /voteshop',
    ]);
    expect(world.shop.calls).toEqual([]);
  });

  it('answers a long id with the rule of ids, asking nothing of the core', async () => {
    const world = setup();
    expect(await world.type('buy', 'x'.repeat(5000))).toEqual([
      'An item id is letters, digits, - and _ only, at most 32 characters. List: /voteshop',
    ]);
    expect(world.shop.calls).toEqual([]);
  });

  it('tells the player "cannot sell" and logs the failure when the core throws', async () => {
    const world = setup();
    expect(await world.type('buy', 'bread')).toEqual([
      'The vote shop cannot sell Bread right now; no points were taken. Try again later.',
    ]);
    expect(
      world.runtime.logs.some((line) => line.level === 'error' && line.message.includes('fake shop')),
    ).toBe(true);
  });

  it('lets four buys through per 5 s and asks the fifth to wait', async () => {
    const world = setup();
    for (let i = 0; i < 5; i += 1) world.shop.next({ ok: false, code: 'busy', item: 'bread' });
    for (let i = 0; i < 5; i += 1) await world.commands.shopCommand(1, ['buy', 'bread']);
    expect(world.shop.calls).toHaveLength(4);
    expect(world.said().at(-1)).toBe('Please wait 5 s before typing /voteshop again.');
  });
});

describe('where the answers go', () => {
  it('sends a buy result through the configured notifications and keeps lists in chat', async () => {
    const runtime = createFakeRuntime();
    runtime.join(1, { name: 'Ana', license: 'license:a' });
    const { shop, points } = createFakeShop(LISTINGS);
    const notified: string[] = [];
    const commands = createShopCommands({
      runtime,
      shop,
      points,
      settings: SETTINGS,
      translate: createTranslator('en'),
      locale: 'en',
      dayOf: (ms) => new Date(ms).toISOString().slice(0, 10),
      notify: (_source, message) => void notified.push(message),
    });
    shop.next({ ok: false, code: 'out_of_stock', item: 'bread' });
    await commands.shopCommand(1, ['buy', 'bread']);
    await commands.shopCommand(1, []);
    expect(notified).toEqual(['Bread is sold out.']);
    expect(runtime.told.map((line) => line.message)[0]).toBe(
      'Vote shop, you have 200 point(s). Buy with /voteshop buy <id>',
    );
  });
});

describe('/voteshop lists', () => {
  it('shows the balance, then each item the player may buy with what is left for them', async () => {
    const world = setup();
    expect(await world.type()).toEqual([
      'Vote shop, you have 200 point(s). Buy with /voteshop buy <id>',
      'vip7: VIP for 7 days, 150 point(s) · 1 more this week · asks for confirmation',
      'bread: Bread, 5 point(s) · 40 left in stock',
    ]);
  });

  it('speaks the configured language', async () => {
    const world = setup({ locale: 'fr' });
    const lines = await world.type();
    expect(lines[0]).toBe('Boutique de vote, tu as 200 point(s). Achète avec /voteshop buy <id>');
  });

  it('says the shop is closed when it is off', async () => {
    const world = setup({ shopOff: true });
    expect(await world.type()).toEqual(['The vote shop is closed on this server.']);
  });

  it('answers a second list within the window with a wait, reading nothing', async () => {
    const world = setup();
    await world.commands.shopCommand(1, []);
    await world.commands.shopCommand(1, []);
    await world.commands.shopCommand(1, []);
    expect(world.said().at(-1)).toMatch(/^Please wait \d s before typing \/voteshop again\.$/);
  });

  it.each<['ledger_unreadable' | 'unknown_player', string]>([
    [
      'ledger_unreadable',
      'Your vote points cannot be read right now; an admin has been told and nothing is lost.',
    ],
    ['unknown_player', 'Your license could not be read; reconnect and try again.'],
  ])('answers a list the core cannot make (%s) with why', async (code, line) => {
    const world = setup();
    world.shop.failList({ ok: false, code });
    expect(await world.type()).toEqual([line]);
  });

  it('answers a word it does not know with the usage', async () => {
    const world = setup();
    expect(await world.type('sell', 'bread')).toEqual([
      'List the items: /voteshop. Buy one: /voteshop buy <id>',
    ]);
  });
});

describe('/voteshop pages', () => {
  const many = Array.from({ length: 20 }, (_, i) => ({
    id: `item${i + 1}`,
    name: `Item ${i + 1}`,
    cost: 1,
    remaining: null,
    resetsAt: null,
    stockLeft: null,
    confirm: false,
    allowed: true,
  }));
  const words: ShopWords = {
    translate: createTranslator('en'),
    command: 'voteshop',
    items: new Map(),
    nameOf: (item) => String(item.name),
    dayOf: () => '',
  };

  it.each<[number, string[], string | null]>([
    [1, ['item1', 'item8'], 'More items: /voteshop 2'],
    [2, ['item9', 'item16'], 'More items: /voteshop 3'],
    [3, ['item17', 'item20'], null],
    [9, ['item17', 'item20'], null],
  ])('page %i shows %j and says how to see more', (page, [first, last], more) => {
    const lines = listLines(words, 5, many, page);
    const items = lines.filter((line) => line.startsWith('item'));
    expect(items[0]?.startsWith(`${first}:`)).toBe(true);
    expect(items.at(-1)?.startsWith(`${last}:`)).toBe(true);
    expect(items.length).toBeLessThanOrEqual(PAGE_SIZE);
    expect(lines.at(-1)).toBe(more ?? lines.at(-1));
    if (more === null) expect(lines.at(-1)?.startsWith('More')).toBe(false);
  });
});

describe('/votepoints', () => {
  it.each<[string, number | undefined, number, string[]]>([
    [
      'shows the balance and where to spend it',
      undefined,
      200,
      ['You have 200 vote point(s).', 'Spend them in the vote shop: /voteshop'],
    ],
    [
      'says when the balance is at the cap',
      200,
      200,
      [
        'You have 200 vote point(s).',
        'That is the most you can hold (200): spend some to keep earning.',
        'Spend them in the vote shop: /voteshop',
      ],
    ],
  ])('%s', (_name, cap, balance, lines) => {
    const world = setup({ cap });
    world.points.set({ ok: true, license: 'license:a', balance, entries: [] });
    world.commands.pointsCommand(1);
    expect(world.said()).toEqual(lines);
  });

  it('says the points cannot be read when the ledger is unreadable, and nothing else', () => {
    const world = setup();
    world.points.set({ ok: false, code: 'ledger_unreadable', detail: 'bad' });
    world.commands.pointsCommand(1);
    expect(world.said()).toEqual([
      'Your vote points cannot be read right now; an admin has been told and nothing is lost.',
    ]);
  });
});

describe('closestIds', () => {
  it.each<[string, string[]]>([
    ['vip', ['vip7', 'vip30']],
    ['brad', ['bread']],
    ['car', []],
    ['zzzzzz', []],
  ])('%s → %j', (typed, expected) => {
    expect(closestIds(typed, ['vip7', 'vip30', 'bread', 'staff-limo'])).toEqual(expected);
  });
});
