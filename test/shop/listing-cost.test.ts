/**
 * `/voteshop` costs what its page shows: over the real shop core (the production composition) with 100 stocked
 * items, a page reads the stock records of its 8 items only, whatever the number of items, and shows the same lines.
 */
import { describe, expect, it } from 'vitest';
import { bootShopWorld, createShopShared } from '../../devkit/worlds/shop-world';
import { createTranslator } from '../../src/i18n/messages';
import { createShopCommands } from '../../src/shop/commands';

const ITEMS = Array.from({ length: 100 }, (_, i) => ({
  id: `item${String(i).padStart(3, '0')}`,
  name: `Item ${i}`,
  cost: 1,
  rewards: { type: 'money', amount: 1 },
  stock: 1000,
  limit: { count: 1000, reset: 'weekly' },
}));

const setup = () => {
  const w = bootShopWorld(createShopShared(), {
    points: { perVote: 0 },
    shop: { enabled: true, items: ITEMS },
  });
  w.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:a' });
  const stockReads: string[] = [];
  const get = w.runtime.kvp.get.bind(w.runtime.kvp);
  w.runtime.kvp.get = (key) => {
    if (key.startsWith('shop:stock:')) stockReads.push(key.slice('shop:stock:'.length));
    return get(key);
  };
  const commands = createShopCommands({
    runtime: w.runtime,
    shop: w.shop,
    points: w.ledger,
    settings: w.config.shop,
    translate: createTranslator('en'),
    locale: 'en',
    dayOf: () => '2026-11-21',
  });
  return { w, commands, stockReads };
};

describe('/voteshop reads what its page shows', () => {
  it.each([
    { page: 1, first: 'item000', shown: 8 },
    { page: 2, first: 'item008', shown: 8 },
    { page: 13, first: 'item096', shown: 4 },
    { page: 99, first: 'item096', shown: 4 },
  ])('page $page reads the stock of its $shown items only', ({ page, first, shown }) => {
    const { w, commands, stockReads } = setup();
    commands.list(1, page);
    expect(stockReads).toHaveLength(shown);
    expect(stockReads[0]).toBe(first);
    const lines = w.runtime.told.map((line) => line.message);
    expect(lines).toHaveLength(1 + shown + (page < 13 ? 1 : 0));
    expect(lines[1]).toContain(first);
  });
});
