/**
 * The same site vote raced by two and three servers of one network (in this process: each server its own KVP, its
 * own oxmysql pool, the real engine and site steps; one listing site, one ESX wallet, one clock), for each claim
 * model; then a kill at every KVP write of one server, the other claiming the same vote while it is down. Counts: 0 double, 0 lost.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sweepKills } from '../../devkit/kill-sweep';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../../devkit/network/network-world';
import { createSitesShared, type SitesShared, type WorldSite } from '../../devkit/worlds/sites-world';
import { JOURNAL_PREFIX } from '../../src/engine/journal';
import { freshDatabase } from './db';

const ANA = { name: 'Ana', license: 'license:aaa' };
const MINUTE = 60_000;

const MODELS: WorldSite[] = [
  { id: 'ctr', kind: 'trackyserver', model: 'claim_then_reward' },
  { id: 'rtc', kind: 'top-server', model: 'reward_then_claim' },
  { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 },
];

const worlds: NetworkWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) {
    world.running.stop();
    await world.oxmysql.close();
  }
});

/** Ana online on the server (the same license on each; one ESX wallet for the whole network). */
const online = (shared: SitesShared, world: NetworkWorld) => {
  world.runtime.onlinePlayers.set(1, { ...ANA });
  if (!shared.esx?.model.players.has(1)) shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
};
const cash = (shared: SitesShared) => shared.esx?.balance(1, 'money') ?? 0;
const openEntries = (world: NetworkWorld) =>
  [...world.runtime.kvpData.keys()].filter((key) => key.startsWith(JOURNAL_PREFIX));

async function boot(
  shared: SitesShared,
  site: WorldSite,
  url: string,
  serverId: string,
  kvp?: Map<string, string>,
) {
  const world = bootNetworkServer(shared, site, { url, serverId }, kvp);
  worlds.push(world);
  await startNetworkServer(world);
  online(shared, world);
  return world;
}

/**
 * Lets every server settle what it holds: /vote on each, a minute of game time passing, until nothing is open on any
 * (at least 4 rounds, at most 30: a server waiting for another's settlement retries on its own back-off).
 */
async function settleAll(shared: SitesShared, servers: NetworkWorld[]) {
  for (let round = 0; round < 30; round += 1) {
    await Promise.all(servers.map((world) => world.running.claimAll(1).catch(() => undefined)));
    await shared.clock.advance(60_000);
    if (round >= 3 && servers.every((world) => openEntries(world).length === 0)) return;
  }
}

describe.each(MODELS)('a vote on a $model site raced by the servers of a network', (site) => {
  for (const count of [2, 3]) {
    it(`${count} servers claiming at once: paid exactly once, nothing left open`, async () => {
      const url = freshDatabase(`site_${site.id}_${count}`);
      const shared = createSitesShared([site], { esx: true });
      const servers: NetworkWorld[] = [];
      for (let i = 1; i <= count; i += 1) servers.push(await boot(shared, site, url, `city-${i}`));
      shared.sites[site.id]?.vote('Ana', shared.clock.now() - MINUTE);
      await shared.clock.advance(1000);
      await Promise.all(servers.map((world) => world.running.claimAll(1).catch(() => undefined)));
      await settleAll(shared, servers);
      expect(cash(shared)).toBe(100);
      expect(servers.flatMap(openEntries)).toEqual([]);
      const rows = await servers[0]?.oxmysql.api.query('SELECT owner, state FROM vote_reward_claims', []);
      expect(rows).toEqual([{ owner: expect.stringMatching(/^city-\d$/), state: 'paid' }]);
    }, 60_000);
  }
});

describe("a vote on the seed (this project's vote API) raced by the servers of a network", () => {
  for (const count of [2, 3]) {
    it(`${count} servers claiming at once: the API hands the vote to one claim, paid exactly once`, async () => {
      const site = MODELS[2] as WorldSite;
      const url = freshDatabase(`seed_${count}`);
      const shared = createSitesShared([site], { esx: true });
      const servers: NetworkWorld[] = [];
      for (let i = 1; i <= count; i += 1) servers.push(await boot(shared, site, url, `city-${i}`));
      shared.api.addVote('Ana', shared.clock.now() - MINUTE);
      await shared.clock.advance(1000);
      await Promise.all(servers.map((world) => world.running.claimAll(1).catch(() => undefined)));
      await settleAll(shared, servers);
      // The seed pays 100 cash a vote (the world's `reward`); its claims are not in the shared table (the API decides).
      expect(cash(shared)).toBe(100);
      expect(servers.flatMap(openEntries)).toEqual([]);
      expect(shared.api.votes('Ana').filter((vote) => vote.claimedAt !== null)).toHaveLength(1);
    }, 60_000);
  }
});

/**
 * Which server is killed: the one that claims first (and pays), or the one that claims after it paid. The second
 * server makes writes only on a check-only site (the others no longer show a vote claimed or confirmed at the site).
 */
const killedOn = (site: WorldSite) =>
  site.model === 'check_only' ? (['the payer', 'the second'] as const) : (['the payer'] as const);

describe.each(MODELS)(
  'a $model vote, one server killed at every KVP write while another races it',
  (site) => {
    it.each(killedOn(site))(
      '%s killed, restarted: the vote is paid exactly once, nothing stays open',
      async (killed) => {
        let runs = 0;
        await sweepKills({
          async run(killAt) {
            runs += 1;
            const url = freshDatabase(`kill_${site.id}_${killed === 'the payer' ? 'p' : 's'}${runs}`);
            const shared = createSitesShared([site], { esx: true });
            const first = await boot(shared, site, url, 'city-1');
            const second = await boot(shared, site, url, 'city-2');
            shared.sites[site.id]?.vote('Ana', shared.clock.now() - MINUTE);
            await shared.clock.advance(1000);
            // city-1 claims first, then city-2 the same vote (while city-1 is down, when city-1 is the one killed). The
            // swept server is killed at write `killAt` of its own claim; its writes are the same in every run.
            const [victim, other, victimId] =
              killed === 'the payer' ? [first, second, 'city-1'] : [second, first, 'city-2'];
            if (killed === 'the second') {
              await first.running.claimAll(1).catch(() => undefined);
              await shared.clock.settle();
            }
            const from = victim.writes.length;
            if (killAt !== null) victim.crashAt(killAt);
            await victim.running.claimAll(1).catch(() => undefined);
            await shared.clock.settle();
            if (killed === 'the payer') {
              await second.running.claimAll(1).catch(() => undefined);
              await shared.clock.settle();
            }
            return { url, shared, victim, other, victimId, writes: victim.writes.slice(from) };
          },
          writesOf: (run) => run.writes,
          killed: (run) => run.victim.dead(),
          async recover({ url, shared, victim, other, victimId }) {
            victim.running.stop();
            const again = await boot(shared, site, url, victimId, victim.runtime.snapshot());
            await settleAll(shared, [again, other]);
            const paid = cash(shared);
            const open = [...openEntries(again), ...openEntries(other)];
            if (paid !== 100 || open.length > 0)
              throw new Error(`paid ${paid} (want 100), open ${open.join(', ') || 'none'}`);
          },
        });
      },
      300_000,
    );
  },
);
