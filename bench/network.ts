/**
 * The network store's cost (issue 35), on a real MariaDB started for the run: a check-only site vote claimed with
 * `/vote` by N players, once on a single server (KVP) and once on a network server (oxmysql fake over mysql2), in the
 * same run: database round trips per claim and CPU per claim (this process: the resource and the mysql2 client, as in
 * FXServer where oxmysql runs in the same process). Then three network servers on one database each claiming the same
 * N votes at once: claims paid per second and the count of double and lost payouts.
 *
 * `npx tsx bench/network.ts [players]` (default 60). Not part of `bench/run.ts`'s sections yet.
 */
import { startMariaDb } from '../devkit/network/mariadb';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../devkit/network/network-world';
import {
  bootSites,
  createSitesShared,
  type SitesShared,
  type SitesWorld,
  siteEntries,
  type WorldSite,
} from '../devkit/worlds/sites-world';

const SITE: WorldSite = {
  id: 'chk',
  kind: 'serveur-prive',
  model: 'check_only',
  windowMs: 2 * 3_600_000,
  perMinute: 100_000,
};
const players = Number(process.argv[2] ?? 60);

const nameOf = (i: number) => `Voter${i}`;

/** Every player online on `world` (one ESX wallet per source for the network), each with a vote on the site. */
function seat(shared: SitesShared, world: SitesWorld, vote: boolean) {
  for (let i = 1; i <= players; i += 1) {
    world.runtime.onlinePlayers.set(i, {
      name: nameOf(i),
      license: `license:${i.toString(16).padStart(8, '0')}`,
    });
    if (!shared.esx?.model.players.has(i)) shared.esx?.load(i, `char1:${i}`, { money: 0, bank: 0 });
    if (vote) shared.sites.chk?.vote(nameOf(i), shared.clock.now() - 60_000);
  }
}

const paidTotal = (shared: SitesShared) => {
  let total = 0;
  for (let i = 1; i <= players; i += 1) total += shared.esx?.balance(i, 'money') ?? 0;
  return total / 100;
};

/** Claims every player's vote one after another; answers CPU µs per claim. */
async function claimEach(world: SitesWorld): Promise<number> {
  const cpu = process.cpuUsage();
  for (let i = 1; i <= players; i += 1) await world.running.claimAll(i);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / players;
}

async function main() {
  const db = await startMariaDb();
  const lines: string[] = [];
  try {
    // Single server, KVP.
    const kvpShared = createSitesShared([SITE], { esx: true });
    const kvp = bootSites(kvpShared, {
      sites: siteEntries([SITE]),
      poll: { enabled: false },
      claimCooldownSeconds: 0,
    });
    kvp.running.start();
    seat(kvpShared, kvp, true);
    await kvpShared.clock.advance(1000);
    const kvpCpu = await claimEach(kvp);
    kvp.running.stop();
    lines.push(
      `single server (KVP): ${paidTotal(kvpShared)} of ${players} votes paid, CPU ${(kvpCpu / 1000).toFixed(2)} ms per claim, 0 database round trips`,
    );

    // One network server.
    db.createDatabase('bench_one');
    const netShared = createSitesShared([SITE], { esx: true });
    const net = bootNetworkServer(netShared, SITE, { url: db.url('bench_one'), serverId: 'city-1' });
    await startNetworkServer(net);
    seat(netShared, net, true);
    await netShared.clock.advance(1000);
    const before = net.running.network.roundTrips;
    const netCpu = await claimEach(net);
    const trips = (net.running.network.roundTrips - before) / players;
    net.running.stop();
    await net.oxmysql.close();
    lines.push(
      `network server (oxmysql): ${paidTotal(netShared)} of ${players} votes paid, CPU ${(netCpu / 1000).toFixed(2)} ms per claim (${(netCpu / kvpCpu).toFixed(2)}x KVP), ${trips.toFixed(1)} database round trips per claim`,
    );

    // Three servers racing the same votes on one database.
    db.createDatabase('bench_three');
    const shared = createSitesShared([SITE], { esx: true });
    const servers: NetworkWorld[] = [];
    for (let s = 1; s <= 3; s += 1) {
      const world = bootNetworkServer(shared, SITE, { url: db.url('bench_three'), serverId: `city-${s}` });
      await startNetworkServer(world);
      seat(shared, world, s === 1);
      servers.push(world);
    }
    await shared.clock.advance(1000);
    const started = process.hrtime.bigint();
    await Promise.all(
      servers.map(async (world) => {
        for (let i = 1; i <= players; i += 1) await world.running.claimAll(i);
      }),
    );
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    let double = 0;
    let lost = 0;
    for (let i = 1; i <= players; i += 1) {
      const paid = (shared.esx?.balance(i, 'money') ?? 0) / 100;
      if (paid > 1) double += 1;
      if (paid < 1) lost += 1;
    }
    lines.push(
      `three network servers, the same ${players} votes each, at once: ${(players / seconds).toFixed(1)} votes settled per second (${seconds.toFixed(2)} s), ${double} double, ${lost} lost`,
    );
    for (const world of servers) {
      world.running.stop();
      await world.oxmysql.close();
    }
  } finally {
    await db.destroy();
  }
  for (const line of lines) console.log(line);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
