/**
 * Kills across money paths, through the one kill-sweep harness (devkit/kill-sweep.ts), in process over the production
 * composition: every KVP write of a `/vote` is killed in turn, then after the restart another path pays the same
 * player first (a shop buy of the same reward), or one `/vote` pays a seed vote and a site vote together. Every
 * payout exactly once.
 */
import { describe, expect, it } from 'vitest';
import { sweepKills } from '../../devkit/kill-sweep';
import {
  bootShopWorld,
  createShopShared,
  CASH_SHOP as SHOP,
  type ShopShared,
} from '../../devkit/worlds/shop-world';
import {
  bootSites,
  createSitesShared,
  type SitesShared,
  siteEntries,
  type WorldSite,
} from '../../devkit/worlds/sites-world';

const ANA = { name: 'Ana', license: 'license:a' };

describe('an interrupted vote payout, then a shop buy of the same reward', () => {
  it('every kill of the /vote: after the restart the buy comes first, yet the vote is paid once and the buy once', async () => {
    const boot = (shared: ShopShared, kvp?: Map<string, string>) => {
      const w = bootShopWorld(shared, SHOP, kvp ? { kvp } : {});
      w.runtime.onlinePlayers.set(1, { ...ANA });
      return w;
    };
    await sweepKills({
      async run(killAt) {
        const shared = createShopShared();
        const w = boot(shared);
        w.ledger.apply(ANA.license, { key: 'admin:seed', delta: 20, reason: 'test' });
        shared.api.addVote('Ana', shared.clock.now() - 60_000);
        const from = w.runtime.kvpWrites;
        if (killAt !== null) w.runtime.crashOnKvpWrite(killAt);
        await w.running.flow.claim(1).catch(() => undefined);
        w.running.stop();
        const count = w.runtime.kvpWrites - from;
        return { shared, w, count, killed: killAt !== null && count >= killAt };
      },
      writesOf: ({ count }) => Array.from({ length: count }, (_, i) => `write ${i + 1}`),
      killed: (run) => run.killed,
      async recover({ shared, w }) {
        const after = boot(shared, w.runtime.snapshot());
        // The buy runs before anything else looked at the open vote entry.
        const bought = await after.shop.buy(1, 'cash');
        await after.running.flow.reconcile('claim');
        // The player types /vote again: a vote the kill left unclaimed is claimed now.
        await after.running.flow.claim(1);
        await after.running.flow.reconcile('claim');
        const refs = shared.adapter.paid.map((payout) => payout.ref);
        const votes = refs.filter((ref) => !ref.startsWith('a:shop:'));
        const deliveries = refs.filter((ref) => ref.startsWith('a:shop:'));
        const held = after.running.flow.pending().filter((entry) => entry.state === 'needs_admin');
        // A vote payout killed between its call and its record is for an admin (the fake cannot tell); else paid once.
        expect(votes.length + held.filter((entry) => entry.award === null).length).toBe(1);
        expect(votes.length).toBeLessThanOrEqual(1);
        expect(deliveries.length).toBe(bought.ok && bought.code === 'delivered' ? 1 : 0);
        expect(shared.api.votes().filter((vote) => vote.claimedAt !== null)).toHaveLength(1);
        after.running.stop();
      },
    });
  });
});

describe('a seed vote and a site vote of one player in one /vote', () => {
  const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
  const boot = (shared: SitesShared, kvp?: Map<string, string>) =>
    bootSites(shared, { sites: siteEntries([SITE]), poll: { enabled: false } }, kvp);
  const cash = (shared: SitesShared) => shared.esx?.balance(1, 'money') ?? 0;

  it('every kill of the /vote: after the restart each vote is paid once (cash 100 + 100) and nothing stays open', async () => {
    await sweepKills({
      async run(killAt) {
        const shared = createSitesShared([SITE], { esx: true });
        const world = boot(shared);
        world.running.start();
        world.runtime.onlinePlayers.set(1, { ...ANA });
        shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
        shared.api.addVote('Ana', shared.clock.now() - 60_000);
        shared.sites.chk?.vote('Ana', shared.clock.now() - 60_000);
        await shared.clock.advance(1000);
        const from = world.writes.length;
        if (killAt !== null) world.crashAt(killAt);
        await world.running.claimAll(1).catch(() => undefined);
        await shared.clock.settle();
        world.running.stop();
        return { shared, world, writes: world.writes.slice(from) };
      },
      writesOf: (run) => run.writes,
      killed: (run) => run.world.dead(),
      async recover({ shared, world }) {
        const second = boot(shared, world.runtime.snapshot());
        second.running.start();
        second.runtime.onlinePlayers.set(1, { ...ANA });
        await shared.clock.advance(20_000);
        for (let i = 0; i < 3; i += 1) {
          await second.running.claimAll(1);
          await shared.clock.advance(60_000);
        }
        expect(cash(shared)).toBe(200);
        expect(second.running.flow.pending()).toEqual([]);
        second.running.stop();
      },
    });
  });
});
