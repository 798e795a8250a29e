/**
 * `points` and `shop` in config.json: each mistake is named with the field and what was found, and a shop problem
 * turns the shop off (with its lines), never the vote.
 */
import { describe, expect, it } from 'vitest';
import { TEST_API_KEY } from '../../devkit/fakes/compose-kit';
import { loadConfig } from '../../src/config/load';

const BASE = {
  apiUrl: 'https://votes.example',
  apiKey: TEST_API_KEY,
  voteUrl: 'https://votes.example/servers/1/vote',
};
const ITEM = { id: 'bread', name: 'Bread', cost: 5, rewards: { type: 'item', item: 'bread' } };
const load = (partial: Record<string, unknown>, optionalPrograms = false) =>
  loadConfig({ text: JSON.stringify({ ...BASE, ...partial }), convar: () => null }, { optionalPrograms });

describe('config: points and shop', () => {
  it('reads a shop with every option, a per-language name, a oneOf reward and a points reward', () => {
    const loaded = load({
      points: { perVote: 2, cap: 1000 },
      shop: {
        enabled: true,
        items: [
          ITEM,
          {
            id: 'vip-7d',
            name: { en: 'VIP for 7 days', fr: 'VIP 7 jours' },
            cost: 300,
            rewards: [
              {
                oneOf: [
                  { type: 'money', amount: 5, weight: 1 },
                  { type: 'points', amount: 3, weight: 1 },
                ],
              },
            ],
            limit: { count: 1, reset: 'weekly' },
            stock: 20,
            permission: 'group.vip',
            confirm: true,
          },
        ],
      },
    });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config.points).toEqual({ perVote: 2, cap: 1000 });
    expect(loaded.config.shop.items[0]).toEqual({
      ...ITEM,
      rewards: [{ type: 'item', item: 'bread', count: 1 }],
      confirm: false,
    });
  });

  it.each([
    [
      { shop: { enabled: true, items: [ITEM, { ...ITEM, name: 'Other' }] } },
      'shop.items[1].id: "bread" is already the id of items[0] (ids are case-insensitive)',
    ],
    [
      { shop: { enabled: true, items: [{ ...ITEM, id: 'Bread' }] } },
      'shop.items[0].id: expected an id of lowercase letters, digits, _ or - (1 to 32), got "Bread"',
    ],
    [{ shop: { enabled: true, items: [{ ...ITEM, cost: 0 }] } }, 'shop.items[0].cost'],
    [{ shop: { enabled: true, items: [{ ...ITEM, cost: 2.5 }] } }, 'shop.items[0].cost'],
    [{ shop: { enabled: true, items: [{ ...ITEM, name: { fr: 'Pain' } }] } }, 'shop.items[0].name'],
    [{ shop: { enabled: true, items: [] } }, 'shop.items: an enabled shop needs at least one item'],
    [{ shop: { enabled: true, itms: [ITEM] } }, 'shop.itms: unknown setting'],
    [
      { shop: { enabled: true, items: [{ ...ITEM, limit: { count: 1, reset: 'hourly' } }] } },
      'shop.items[0].limit.reset',
    ],
    [{ points: { perVote: -1 } }, 'points.perVote'],
    [{ reward: { type: 'points', amount: 0 } }, 'reward'],
  ])('%j is refused, naming %s', (partial, named) => {
    const loaded = load(partial);
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    expect(loaded.problems.join('\n')).toContain(named);
  });

  it('an unknown shop setting suggests the one meant', () => {
    const loaded = load({ shop: { enabled: true, items: [ITEM], comand: 'shop' } });
    expect(!loaded.ok && loaded.problems.join('\n')).toMatch(/shop\.comand: unknown setting.*"command"/);
  });

  it('with optional programs, a wrong shop turns the shop off and the vote still pays', () => {
    const loaded = load(
      { reward: { type: 'money', amount: 100 }, shop: { enabled: true, items: [{ ...ITEM, cost: 0 }] } },
      true,
    );
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.config.shop.enabled).toBe(false);
    expect(loaded.config.reward).toEqual({ type: 'money', amount: 100 });
    expect(loaded.disabled?.map((d) => d.program)).toEqual(['shop']);
  });
});
