/**
 * A server killed at each point of its database writes of a vote of each claim model (before the ownership written
 * straight as `paying`; after it, before the effect; before the settlement), while a second server of the network
 * claims the same vote; the killed server starts again over its KVP. A `paying` row is never taken over: the payer's
 * journal finishes it after its restart. Counts: paid exactly once, nothing open.
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
/** Where the payer dies: before its n-th write of the claims table, or (`after`) right after it, before its answer. */
const KILLS = [
  { label: 'before owning as paying (INSERT)', write: 1, after: false },
  { label: 'after owning as paying, before the effect', write: 1, after: true },
  { label: 'before settling as paid (UPDATE)', write: 2, after: false },
];

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

describe.each(MODELS)('a $model vote, the payer killed at each of its database writes', (site) => {
  it.each(KILLS.map((kill, index) => [index + 1, kill.label, kill] as const))(
    'kill %i (%s): paid exactly once across the network after its restart',
    async (n, _label, kill) => {
      const url = freshDatabase(`dbkill_${site.id}_${n}`);
      const shared = createSitesShared([site], { esx: true });
      let writes = 0;
      let killed = false;
      // The kill: the chosen write of the claims table never reaches the database (or reaches it and its answer never
      // comes back: the statement after it never runs) and the server does nothing more, as a process that died.
      const payerDb = createOxMySqlFake({
        connectionString: url,
        before(sql) {
          if (killed) return new Promise<never>(() => undefined);
          if (kill.after && writes === kill.write) {
            killed = true;
            return new Promise<never>(() => undefined);
          }
          if (!/^\s*(INSERT INTO|UPDATE) vote_reward_claims/.test(sql)) return;
          writes += 1;
          if (writes !== kill.write || kill.after) return;
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

      // The payer starts again over its KVP (a fresh oxmysql). No wait for the lease: a row written straight as
      // `paying` is never taken over, so no kill point depends on it running out.
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
