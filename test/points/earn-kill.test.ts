/**
 * Points a vote earns, with the server killed at every KVP write of the claim: after the restart the vote's money is
 * paid once and its points are credited once (a points payout interrupted after the ledger write is confirmed from the
 * ledger's key, never credited again).
 */
import { describe, expect, it } from 'vitest';
import { bootShopWorld, createShopShared, type ShopShared } from '../../devkit/worlds/shop-world';

const CONFIG = {
  points: { perVote: 10 },
  milestones: [{ at: 1, reward: { type: 'points', amount: 7 } }],
  shop: {
    enabled: true,
    items: [{ id: 'kit', name: 'Kit', cost: 5, rewards: { type: 'money', amount: 1 } }],
  },
};
const MIN = 60_000;

const boot = (shared: ShopShared, kvp?: Map<string, string>) => {
  const w = bootShopWorld(shared, CONFIG, { kvp });
  w.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:a' });
  return w;
};

const writesOfClaim = async (): Promise<number> => {
  const shared = createShopShared();
  const w = boot(shared);
  shared.api.addVote('Ana', shared.clock.now() - MIN);
  const before = w.runtime.kvpWrites;
  await w.running.flow.claim(1);
  w.running.stop();
  return w.runtime.kvpWrites - before;
};

describe('vote points: a kill at every KVP write of a claim that earns points', async () => {
  const total = await writesOfClaim();

  it('has the writes the sweep goes through', () => {
    expect(total).toBeGreaterThanOrEqual(10);
  });

  it.each(Array.from({ length: total }, (_, i) => i + 1))(
    'killed at write %i: the vote pays its money once and 10 + 7 points once',
    async (n) => {
      const shared = createShopShared();
      const w = boot(shared);
      shared.api.addVote('Ana', shared.clock.now() - MIN);
      w.runtime.crashOnKvpWrite(n);
      await w.running.flow.claim(1).catch(() => undefined);
      w.running.stop();

      const after = boot(shared, w.runtime.snapshot());
      await after.running.flow.reconcile('claim');
      await after.running.flow.reconcile('claim');
      const money = shared.adapter.paid.filter((p) => p.reward.type === 'money').length;
      const read = after.ledger.read('license:a');
      expect(read.ok).toBe(true);
      if (!read.ok) return;
      // Killed before the claim was sent, the vote is still there: nothing paid, nothing credited, claimable again.
      if (money === 0) {
        expect(read.balance).toBe(0);
        expect(shared.api.unclaimed('Ana')).toHaveLength(1);
      } else {
        expect(money).toBe(1);
        expect(read.balance).toBe(17);
        expect(after.running.flow.pending()).toEqual([]);
      }
      expect(shared.adapter.paid.every((p) => p.reward.type !== 'points')).toBe(true);
      after.running.stop();
    },
  );
});
