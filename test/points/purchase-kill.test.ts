/**
 * A kill at every KVP write of a purchase: the server dies at write n of a buy (a delivered one, and one the framework
 * refuses, which refunds), restarts from what the KVP held, finishes what was open and pays what is owed. Whatever n,
 * the player is charged exactly for what was delivered: each delivery once, each debit once, or neither. A refusal
 * met during the buy refunds at once; one met by a retry after the restart leaves the delivery owed (paid by the next
 * retry), as for every award.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedCrash } from '../../devkit/fakes/runtime';
import { sweepKills } from '../../devkit/kill-sweep';
import {
  bootShopWorld,
  createShopShared,
  type ShopShared,
  type ShopWorld,
} from '../../devkit/worlds/shop-world';

const SHOP = {
  points: { perVote: 0 },
  shop: {
    enabled: true,
    items: [
      {
        id: 'kit',
        name: 'Kit',
        cost: 5,
        rewards: [
          { type: 'item', item: 'bread', count: 2 },
          { type: 'money', amount: 50 },
        ],
        limit: { count: 3, reset: 'weekly' },
        stock: 10,
      },
    ],
  },
};
const START = 12;

const boot = (shared: ShopShared, kvp?: Map<string, string>) => {
  const w = bootShopWorld(shared, SHOP, { kvp });
  w.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:a' });
  return w;
};
const balance = (w: ShopWorld) => {
  const read = w.ledger.read('license:a');
  return read.ok ? read.balance : null;
};
const seeded = () => {
  const shared = createShopShared();
  const w = boot(shared);
  w.ledger.apply('license:a', { key: 'admin:seed', delta: START, reason: 'test' });
  return { shared, w };
};

/** KVP writes of one buy that runs to its end, with `refuse` set the framework refuses the first payout. */
const writesOfBuy = async (refuse: boolean): Promise<number> => {
  const { w } = seeded();
  if (refuse) w.adapter.giveProblems.push({ code: 'framework_error', detail: 'refused' });
  const before = w.runtime.kvpWrites;
  await w.shop.buy(1, 'kit');
  w.running.stop();
  return w.runtime.kvpWrites - before;
};

describe.each([
  { path: 'a delivered buy', refuse: false },
  { path: 'a buy the framework refuses (refunded)', refuse: true },
])('vote shop: a kill at every KVP write of $path', ({ refuse }) => {
  it('has the writes the sweep goes through', async () => {
    // intent, usage, stock, debit, delivery entry, delivering, then the driver's payouts and the settling writes.
    expect(await writesOfBuy(refuse)).toBeGreaterThanOrEqual(refuse ? 9 : 12);
  });

  it('every kill: charged once for each delivery, never twice, nothing lost', async () => {
    await sweepKills({
      async run(killAt) {
        const { shared, w } = seeded();
        if (refuse) shared.adapter.giveProblems.push({ code: 'framework_error', detail: 'refused' });
        const from = w.runtime.kvpWrites;
        const names: string[] = [];
        const { set, delete: remove } = w.runtime.kvp;
        w.runtime.kvp.set = (key, value) => {
          set(key, value);
          names.push(`set ${key}`);
        };
        w.runtime.kvp.delete = (key) => {
          remove(key);
          names.push(`delete ${key}`);
        };
        if (killAt !== null) w.runtime.crashOnKvpWrite(killAt);
        const outcome = await w.shop.buy(1, 'kit').catch((error: unknown) => error);
        const crashed =
          outcome instanceof SimulatedCrash ||
          w.runtime.logs.some((line) => line.message.includes('simulated crash'));
        w.running.stop();
        return { shared, w, crashed, writes: names, count: w.runtime.kvpWrites - from };
      },
      writesOf: (run) => run.writes,
      killed: (run) => run.crashed,
      async recover({ shared, w }) {
        const after = boot(shared, w.runtime.snapshot());
        // Killed after the debit, the delivery is owed like any award: a refusal met after the restart (the framework
        // still refusing) leaves it owed, never refunded behind the player's back, and the next retry delivers it.
        await after.running.flow.reconcile('claim');
        await after.running.flow.reconcile('claim');
        const kits = shared.adapter.paid.filter((p) => p.reward.type === 'item').length;
        const cash = shared.adapter.paid.filter((p) => p.reward.type === 'money').length;
        expect(kits).toBeLessThanOrEqual(1);
        expect(cash).toBe(kits);
        expect(balance(after)).toBe(START - 5 * kits);
        expect(after.running.flow.pending()).toEqual([]);
        const states = after.shop.purchases('license:a').map((p) => p.state);
        expect(states.every((state) => ['done', 'refunded', 'cancelled'].includes(state))).toBe(true);
        expect(states.filter((state) => state === 'done')).toHaveLength(kits);
        // The limit and the stock count the delivered purchase only: two more can be bought, then the limit holds.
        const list = after.shop.list(1);
        expect(list.ok && list.items[0]).toMatchObject({ remaining: 3 - kits, stockLeft: 10 - kits });
        after.running.stop();
      },
    });
  });
});

describe.each([
  { verb: 'refund', charged: 0 },
  { verb: 'grant', charged: 5 },
] as const)(
  'vote shop: an admin $verb of a held purchase killed at every KVP write',
  async ({ verb, charged }) => {
    const held = async () => {
      const { shared, w } = seeded();
      shared.adapter.unknownAfterPaying = 1;
      const result = await w.shop.buy(1, 'kit');
      expect(result).toMatchObject({ code: 'held' });
      return { shared, w, id: result.ok ? result.purchaseId : '' };
    };
    const total = await (async () => {
      const { w, id } = await held();
      const before = w.runtime.kvpWrites;
      await w.shop[verb](id);
      w.running.stop();
      return w.runtime.kvpWrites - before;
    })();

    it.each(Array.from({ length: total }, (_, i) => i + 1))(
      'killed at write %i: decided once after the admin asks again, never refunded and delivered both',
      async (n) => {
        const { shared, w, id } = await held();
        w.runtime.crashOnKvpWrite(n);
        await w.shop[verb](id).catch(() => undefined);
        w.running.stop();
        const after = boot(shared, w.runtime.snapshot());
        const again = await after.shop[verb](id);
        expect(again.ok || again.code === 'not_held').toBe(true);
        await after.running.flow.reconcile('claim');
        expect(balance(after)).toBe(START - charged);
        // The kit's first reward was paid before the outcome got lost; nothing is paid after the admin's decision.
        expect(shared.adapter.paid).toHaveLength(1);
        expect(after.shop.purchases('license:a').map((p) => p.state)).toEqual([
          verb === 'refund' ? 'refunded' : 'done',
        ]);
        expect(after.running.flow.pending()).toEqual([]);
        after.running.stop();
      },
    );
  },
);
