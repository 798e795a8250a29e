/**
 * Section 9: the network store's cost (issue 35), on a real MariaDB the section starts itself (as the network tests do,
 * `devkit/network/mariadb.ts`; skipped with one line when MariaDB is not installed). A check-only site vote claimed
 * with `/vote` by N players on a single server (KVP) and on a network server (the oxmysql fake over mysql2), rounds
 * interleaved in the same run: database round trips per claim (counted at the store) and CPU per claim (this process:
 * the resource and the mysql2 client, as in FXServer where oxmysql runs in the same process) as a same-run ratio.
 * Then three network servers on one database each claiming the same N votes at once: votes settled per second and the
 * count of double and lost payouts.
 *
 * `npx tsx bench/network.ts` (BENCH_QUICK=1: fewer players and rounds).
 */
import { type MariaDb, missingMariaDb, startMariaDb } from '../devkit/network/mariadb';
import { bootNetworkServer, type NetworkWorld, startNetworkServer } from '../devkit/network/network-world';
import {
  bootSites,
  createSitesShared,
  type SitesShared,
  type SitesWorld,
  siteEntries,
  type WorldSite,
} from '../devkit/worlds/sites-world';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { median } from './lib/stats';

const TITLE = '9. Network of servers (shared store)';
const SITE: WorldSite = {
  id: 'chk',
  kind: 'serveur-prive',
  model: 'check_only',
  windowMs: 2 * 3_600_000,
  perMinute: 100_000,
};
/** The claim's statements: ownership written as `paying` + its read-back, the settlement + its read-back. */
const ROUND_TRIPS_LIMIT = 4;
/**
 * A network claim adds 4 local-socket round trips and their mysql2 parsing to a claim's CPU (1.5-2.5× measured on
 * the shared 2-core VM, 2026-12-07): the bound keeps a regression (a statement more per claim, a slow path) visible.
 */
const CPU_RATIO_LIMIT = 4;

const nameOf = (i: number) => `Voter${i}`;

/** Every player online on `world` (one ESX wallet per source), each with a vote on the site when `vote`. */
function seat(shared: SitesShared, world: SitesWorld, players: number, vote: boolean) {
  for (let i = 1; i <= players; i += 1) {
    world.runtime.onlinePlayers.set(i, {
      name: nameOf(i),
      license: `license:${i.toString(16).padStart(8, '0')}`,
    });
    if (!shared.esx?.model.players.has(i)) shared.esx?.load(i, `char1:${i}`, { money: 0, bank: 0 });
    if (vote) shared.sites.chk?.vote(nameOf(i), shared.clock.now() - 60_000);
  }
}

/** Each player's payouts, in votes (each vote pays 100 cash). */
const paidOf = (shared: SitesShared, players: number) =>
  Array.from({ length: players }, (_, i) => (shared.esx?.balance(i + 1, 'money') ?? 0) / 100);

/** Claims every player's vote one after another; answers CPU µs per claim. */
async function claimEach(world: SitesWorld, players: number): Promise<number> {
  const cpu = process.cpuUsage();
  for (let i = 1; i <= players; i += 1) await world.running.claimAll(i);
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / players;
}

interface Round {
  kvpUs: number;
  netUs: number;
  trips: number;
  paidKvp: number;
  paidNet: number;
}

/** One round: N claims on a KVP server, then N on a network server over a fresh database. */
async function round(db: MariaDb, players: number, index: number): Promise<Round> {
  const kvpShared = createSitesShared([SITE], { esx: true });
  const kvp = bootSites(kvpShared, {
    sites: siteEntries([SITE]),
    poll: { enabled: false },
    claimCooldownSeconds: 0,
  });
  kvp.running.start();
  seat(kvpShared, kvp, players, true);
  await kvpShared.clock.advance(1000);
  const kvpUs = await claimEach(kvp, players);
  kvp.running.stop();

  const name = `bench_one_${index}`;
  db.createDatabase(name);
  const netShared = createSitesShared([SITE], { esx: true });
  const net = bootNetworkServer(netShared, SITE, { url: db.url(name), serverId: 'city-1' });
  await startNetworkServer(net);
  seat(netShared, net, players, true);
  await netShared.clock.advance(1000);
  const before = net.running.network.roundTrips;
  const netUs = await claimEach(net, players);
  const trips = (net.running.network.roundTrips - before) / players;
  net.running.stop();
  await net.oxmysql.close();
  const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
  return {
    kvpUs,
    netUs,
    trips,
    paidKvp: sum(paidOf(kvpShared, players)),
    paidNet: sum(paidOf(netShared, players)),
  };
}

/** Three network servers each claiming the same N votes at once on one database. */
async function race(db: MariaDb, players: number) {
  db.createDatabase('bench_three');
  const shared = createSitesShared([SITE], { esx: true });
  const servers: NetworkWorld[] = [];
  for (let s = 1; s <= 3; s += 1) {
    const world = bootNetworkServer(shared, SITE, { url: db.url('bench_three'), serverId: `city-${s}` });
    await startNetworkServer(world);
    seat(shared, world, players, s === 1);
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
  const paid = paidOf(shared, players);
  for (const world of servers) {
    world.running.stop();
    await world.oxmysql.close();
  }
  return {
    seconds,
    perSecond: players / seconds,
    double: paid.filter((n) => n > 1).length,
    lost: paid.filter((n) => n < 1).length,
    byServer: servers.map((world) => world.running.network.roundTrips),
  };
}

/** Runs the section (skipped when MariaDB is not installed). */
export async function runNetworkBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const missing = missingMariaDb();
  if (missing !== null)
    return {
      title: TITLE,
      markdown: `**Skipped:** MariaDB is not installed here (${missing}).`,
      targets: [],
    };
  const players = settings.quick ? 30 : 60;
  const rounds = settings.quick ? 2 : 5;
  const db = await startMariaDb();
  try {
    // A warm-up round (JIT, the pools), not counted.
    await round(db, Math.min(players, 20), 0);
    const results: Round[] = [];
    for (let r = 1; r <= rounds; r += 1) results.push(await round(db, players, r));
    const three = await race(db, players);
    const ratios = results.map((r) => r.netUs / r.kvpUs).sort((a, b) => a - b);
    const trips = Math.max(...results.map((r) => r.trips));
    const paidKvp = results.reduce((n, r) => n + r.paidKvp, 0);
    const paidNet = results.reduce((n, r) => n + r.paidNet, 0);
    const want = players * rounds;
    return {
      title: TITLE,
      markdown: [
        `A check-only site vote claimed with \`/vote\` by ${players} players, one after another, on a single server (KVP) ` +
          `and on a network server (oxmysql over a real MariaDB, a fresh database each round), ${rounds} rounds interleaved ` +
          'after a warm-up round. CPU is this process (the resource and the mysql2 client, as in FXServer); the ' +
          "database server's own CPU is not counted. The heartbeat of the budget split (2 statements every 15 s per " +
          'server) is not part of a claim.',
        '',
        table(
          ['measure', 'value'],
          [
            ['votes paid, KVP / network (of each)', `${paidKvp} / ${paidNet} (of ${want})`],
            ['database round trips per claim, KVP / network', `0 / ${fmt(trips, 1)}`],
            ['CPU per claim, KVP (median of rounds)', `${fmt(median(results.map((r) => r.kvpUs)))} µs`],
            ['CPU per claim, network (median of rounds)', `${fmt(median(results.map((r) => r.netUs)))} µs`],
            [
              'network / KVP, min / **median** / max of rounds',
              `${fmt(ratios[0] ?? 0)} / **${fmt(median(ratios))}** / ${fmt(ratios[ratios.length - 1] ?? 0)} ×`,
            ],
            [
              `three network servers, the same ${players} votes each, at once`,
              `${fmt(three.perSecond, 1)} votes settled per second (${fmt(three.seconds)} s), ${three.double} double, ${three.lost} lost`,
            ],
          ],
        ),
      ].join('\n'),
      targets: [
        {
          name: 'network claim: database round trips per claim (counted at the store)',
          value: trips,
          limit: ROUND_TRIPS_LIMIT,
          op: '<=',
          unit: 'round trips',
        },
        {
          name: 'network claim: CPU per claim / KVP claim, same run (median of interleaved rounds)',
          value: median(ratios),
          limit: CPU_RATIO_LIMIT,
          op: '<=',
          unit: '×',
        },
        {
          name: `network claims: votes not paid on the network or KVP server (of ${want} each)`,
          value: want - paidNet + (want - paidKvp),
          limit: 0,
          op: '<=',
          unit: 'votes',
        },
        {
          name: `three network servers racing ${players} votes: votes paid twice`,
          value: three.double,
          limit: 0,
          op: '<=',
          unit: 'votes',
        },
        {
          name: `three network servers racing ${players} votes: votes lost`,
          value: three.lost,
          limit: 0,
          op: '<=',
          unit: 'votes',
        },
      ],
      raw: {
        network: {
          players,
          rounds,
          kvpUs: results.map((r) => r.kvpUs),
          netUs: results.map((r) => r.netUs),
          trips,
          threeServers: three,
        },
      },
    };
  } finally {
    await db.destroy();
  }
}

if (isMain(import.meta.url)) {
  printSection(await runNetworkBench());
  process.exit(0);
}
