/**
 * The payout engine's rules across money paths, in process over the production composition (the shop world): an
 * interrupted vote payout is read again before a shop delivery pays the same player, and one lock set (with its idle
 * waiters) serves every path, so a reload waiting for the steps in flight hears a purchase end.
 */
import { describe, expect, it } from 'vitest';
import {
  bootShopWorld,
  createShopShared,
  CASH_SHOP as SHOP,
  type ShopWorld,
} from '../../devkit/worlds/shop-world';
import { JOURNAL_FORMAT, JOURNAL_PREFIX } from '../../src/engine/journal';
import { shopPlayerLines } from '../../src/shop/console';

const ANA = { name: 'Ana', license: 'license:a' };

const online = (w: ShopWorld) => {
  w.runtime.onlinePlayers.set(1, { ...ANA });
  w.ledger.apply(ANA.license, { key: 'admin:seed', delta: 20, reason: 'test' });
};

/** A vote's payout a crash interrupted after its reading: `before` is what the framework held then (nothing paid). */
const interruptedVote = (before: number) => ({
  format: JOURNAL_FORMAT,
  id: 'cvote1',
  state: 'claimed',
  name: ANA.name,
  license: ANA.license,
  votedAt: null,
  voteId: 'v-1',
  rewards: [{ type: 'money', amount: 100 }],
  given: [false],
  giving: 0,
  before,
  problem: null,
  award: null,
  recorded: true,
  draws: [],
  createdAt: 1,
  updatedAt: 1,
});

describe('the paying-order rule across money paths', () => {
  it('a shop buy of the same reward first reads the interrupted vote payout again: both are paid, the vote is not settled by the purchase', async () => {
    const shared = createShopShared();
    const kvp = new Map([[`${JOURNAL_PREFIX}cvote1`, JSON.stringify(interruptedVote(0))]]);
    const w = bootShopWorld(shared, SHOP, { kvp });
    online(w);
    const result = await w.shop.buy(1, 'cash');
    expect(result).toMatchObject({ ok: true, code: 'delivered' });
    // The vote's 100 was read again (still 0 paid), paid, then the purchase's 100.
    expect(w.adapter.paid.map((payout) => payout.ref)).toEqual([
      'v-1',
      `a:shop:${result.ok ? result.purchaseId : ''}`,
    ]);
    expect(w.runtime.kvp.keys(JOURNAL_PREFIX)).toEqual([]);
  });

  it('a shop buy waits (and refunds) while the interrupted vote payout cannot be read again: nothing moves the balance it is read against', async () => {
    const shared = createShopShared();
    const kvp = new Map([[`${JOURNAL_PREFIX}cvote1`, JSON.stringify(interruptedVote(0))]]);
    const w = bootShopWorld(shared, SHOP, { kvp });
    online(w);
    const confirm = w.adapter.confirm;
    w.adapter.confirm = async () => ({ code: 'unreadable', detail: 'the framework is busy' });
    const result = await w.shop.buy(1, 'cash');
    expect(result).toMatchObject({ ok: false, code: 'refunded' });
    expect(w.adapter.paid).toEqual([]);
    w.adapter.confirm = confirm;
    await w.running.flow.settlePlayer(ANA.license);
    expect(w.adapter.paid.map((payout) => payout.ref)).toEqual(['v-1']);
  });
});

describe('one lock set for every path', () => {
  it("waiting for the steps in flight (a reload) hears a shop purchase end, whoever took the player's lock", async () => {
    const shared = createShopShared();
    const w = bootShopWorld(shared, SHOP);
    online(w);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const give = w.adapter.give.bind(w.adapter);
    w.adapter.give = async (ctx, reward, hooks) => {
      await gate;
      return give(ctx, reward, hooks);
    };
    const buying = w.shop.buy(1, 'cash');
    await w.clock.settle();
    let idle = false;
    void w.running.engine.locks.idle().then(() => {
      idle = true;
    });
    await w.clock.settle();
    expect(idle).toBe(false);
    release();
    await buying;
    await w.clock.settle();
    expect(idle).toBe(true);
  });
});

describe('a held purchase is told as a purchase', () => {
  it('the console names `votereward purchase grant|refund <id>`, never grant or drop of its journal entry', async () => {
    const shared = createShopShared();
    const w = bootShopWorld(shared, SHOP);
    online(w);
    shared.adapter.unknownAfterPaying = 1;
    const result = await w.shop.buy(1, 'cash');
    expect(result).toMatchObject({ ok: true, code: 'held' });
    const id = result.ok ? result.purchaseId : '';
    const lines = w.runtime.logs.map((line) => line.message).filter((line) => line.includes(id));
    expect(lines.some((line) => line.includes(`votereward purchase grant ${id}`))).toBe(true);
    expect(
      lines.some(
        (line) => line.includes('votereward grant a:shop') || line.includes('votereward drop a:shop'),
      ),
    ).toBe(false);
  });
});

describe('a held purchase is shown as a purchase', () => {
  it('the shop lists it as held (not delivering) with the decision to take', async () => {
    const shared = createShopShared();
    const w = bootShopWorld(shared, SHOP);
    online(w);
    shared.adapter.unknownAfterPaying = 1;
    const result = await w.shop.buy(1, 'cash');
    const id = result.ok ? result.purchaseId : '';
    expect(w.shop.purchases(ANA.license)).toEqual([
      expect.objectContaining({ id, state: 'delivering', held: true }),
    ]);
    const find = () => ({ code: 'none' }) as never;
    const lines = shopPlayerLines({ points: w.ledger, shop: w.shop, find }, ANA.license);
    expect(lines.find((line) => line.includes(id))).toMatch(/held .*votereward purchase grant\|refund/);
  });
});
