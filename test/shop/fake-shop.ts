/** An in-memory stand-in of the core's `Shop` and `Points` for the surface's unit tests: answers are scripted. */
import type { BuyResult, Points, PointsRead, Shop, ShopConfig, ShopListing } from '../../src/points/types';

/** The shop settings the surface tests use: a VIP pass (confirm, weekly limit 1), bread (stock), a hidden item. */
export const SETTINGS: ShopConfig = {
  enabled: true,
  command: 'voteshop',
  pointsCommand: 'votepoints',
  menu: true,
  discord: false,
  items: [
    {
      id: 'vip7',
      name: { en: 'VIP for 7 days', fr: 'VIP pour 7 jours' },
      cost: 150,
      rewards: [{ type: 'custom', command: 'vip_add {source} 7' }],
      limit: { count: 1, reset: 'weekly' },
      confirm: true,
    },
    {
      id: 'bread',
      name: 'Bread',
      cost: 5,
      rewards: [{ type: 'item', item: 'bread', count: 10 }],
      stock: 40,
    },
    {
      id: 'staff-car',
      name: 'Staff car',
      cost: 1,
      rewards: [{ type: 'money', amount: 1 }],
      permission: 'vr.staff',
    },
  ],
};

/** A scripted core: `next` answers the next buy; calls are recorded. */
export function createFakeShop(listings: ShopListing[], balance = 200) {
  const calls: { source: number; id: string; confirm: boolean | undefined }[] = [];
  const answers: BuyResult[] = [];
  let listAnswer: ReturnType<Shop['list']> | null = null;
  let pointsRead: PointsRead = { ok: true, license: 'license:a', balance, entries: [] };
  const shop: Shop & {
    calls: typeof calls;
    next(result: BuyResult): void;
    failList(answer: ReturnType<Shop['list']>): void;
  } = {
    calls,
    next: (result) => void answers.push(result),
    failList: (answer) => {
      listAnswer = answer;
    },
    list: () => listAnswer ?? { ok: true, balance, items: listings },
    async buy(source, id, options) {
      calls.push({ source, id, confirm: options?.confirm });
      const answer = answers.shift();
      if (!answer) throw new Error('fake shop: no scripted answer');
      return answer;
    },
    refund: async () => ({ ok: false, code: 'not_found' }),
    grant: async () => ({ ok: false, code: 'not_found' }),
    purchases: () => [],
  };
  const points: Points & { set(read: PointsRead): void } = {
    set: (read) => {
      pointsRead = read;
    },
    read: () => pointsRead,
    apply: () => ({ ok: false, code: 'invalid_key' }),
    has: () => null,
  };
  return { shop, points };
}

/** The listings of {@link SETTINGS} as a player without the staff ACE sees them. */
export const LISTINGS: ShopListing[] = [
  {
    id: 'vip7',
    name: 'VIP for 7 days',
    cost: 150,
    remaining: 1,
    resetsAt: Date.parse('2026-11-23T00:00:00.000Z'),
    stockLeft: null,
    confirm: true,
    allowed: true,
  },
  {
    id: 'bread',
    name: 'Bread',
    cost: 5,
    remaining: null,
    resetsAt: null,
    stockLeft: 40,
    confirm: false,
    allowed: true,
  },
  {
    id: 'staff-car',
    name: 'Staff car',
    cost: 1,
    remaining: null,
    resetsAt: null,
    stockLeft: null,
    confirm: false,
    allowed: false,
  },
];
