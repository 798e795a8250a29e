/**
 * A server killed right before each of its database writes (the reservation, the move to `paying`, the settlement) of
 * a vote of each claim model, while a second server of the network claims the same vote; the killed server starts
 * again over its KVP. A kill after the reservation leaves a lease the second server takes over once it ran out by the
 * database's clock (1 s here). Counts: paid exactly once, nothing open.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createOxMySqlFake } from '../../devkit/network/oxmysql-fake';
import { createSitesShared, type SitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { freshDatabase } from './db';

const ANA = { name: 'Ana', license: 'license:aaa' };
const MODELS: WorldSite[] = [
  { id: 'ctr', kind: 'trackyserver', model: 'claim_then_reward' },
  { id: 'rtc', kind: 'top-server', model: 'reward_then_claim' },
  { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 },
];
/** The payer's database writes of one vote, in order. */
const WRITES = ['reserve (INSERT)', 'move to paying (UPDATE)', 'settle as paid (UPDATE)'];

const worlds: NetworkWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) {
    world.running.stop();
    await world.oxmysql.close();
  }
});

const online = (shared: SitesShared, world: NetworkWorld) => {
  world.runtime.onlinePlayers.set(1, { ...ANA });
  if (!shared.esx?.model.players.has(1)) shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
};
const openEntries = (world: NetworkWorld) =>
  [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(JOURNAL_PREFIX));
const realWait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(MODELS)('a $model vote, the payer killed before each of its database writes', (site) => {
  it.each(WRITES.map((write, index) => [index + 1, write] as const))(
    'killed before write %i (%s): paid exactly once across the network after its restart',
    async (n) => {
      const url = freshDatabase(`dbkill_${site.id}_${n}`);
      const shared = createSitesShared([site], { esx: true });
      let writes = 0;
      let killed = false;
      // The kill: the n-th write of the claims table never reaches the database and the server does nothing more
      // (its promise chain stops there, as a process that died).
      const payerDb = createOxMySqlFake({
        connectionString: url,
        before(sql) {
          if (killed) return new Promise<never>(() => undefined);
          if (!/^\s*(INSERT INTO|UPDATE) vote_reward_claims/.test(sql)) return;
          writes += 1;
          if (writes !== n) return;
          killed = true;
          return new Promise<never>(() => undefined);
        },
      });
      const payer = bootNetworkServer(shared, site, {
        url,
        serverId: 'city-1',
        leaseSeconds: 1,
        oxmysql: payerDb,
      });
      const other = bootNetworkServer(shared, site, { url, serverId: 'city-2', leaseSeconds: 1 });
      worlds.push(payer, other);
      await startNetworkServer(payer);
      await startNetworkServer(other);
      online(shared, payer);
      online(shared, other);
      shared.sites[site.id]?.vote('Ana', shared.clock.now() - 60_000);
      await shared.clock.advance(1000);

      const claim = payer.running.claimAll(1).catch(() => undefined);
      let done = false;
      void claim.then(() => {
        done = true;
      });
      while (!killed && !done) await realWait(10);
      expect(killed).toBe(true);
      payer.runtime.crashOnKvpWrite(1);
      await other.running.claimAll(1).catch(() => undefined);

      // The payer starts again over its KVP (a fresh oxmysql), after the lease ran out by the database's clock.
      await realWait(1100);
      const again = bootNetworkServer(
        shared,
        site,
        { url, serverId: 'city-1', leaseSeconds: 1 },
        payer.runtime.snapshot(),
      );
      worlds.push(again);
      await startNetworkServer(again);
      online(shared, again);
      // /vote on both, a minute of game time passing, until nothing is open (at least 4 rounds, at most 30).
      for (let round = 0; round < 30; round += 1) {
        await Promise.all([again, other].map((world) => world.running.claimAll(1).catch(() => undefined)));
        await shared.clock.advance(60_000);
        if (round >= 3 && [...openEntries(again), ...openEntries(other)].length === 0) break;
      }
      expect(shared.esx?.balance(1, 'money')).toBe(100);
      expect([...openEntries(again), ...openEntries(other)]).toEqual([]);
      expect(await again.oxmysql.api.query('SELECT state FROM vote_reward_claims', [])).toEqual([
        { state: 'paid' },
      ]);
    },
    60_000,
  );
});
