/**
 * One server of a network as its own process (`tsx devkit/network/site-racer.ts <json>`): for each listing site given
 * (one of each claim model), the sites world with the network settings (its own KVP, its own oxmysql pool on the
 * shared MariaDB, its own ESX and its own copy of the listing site showing the same vote). It prints `ready` once every
 * store is ready, claims when it reads `go` on stdin, keeps settling (a /vote every round, game time passing) until
 * nothing of its own is open, and prints one JSON line: per site, the cash it paid and the entries it left open.
 */
import { createSitesShared, type WorldSite } from '../worlds/sites-world';
import { bootNetworkServer, startNetworkServer } from './network-world';
import { runRacer, startLine } from './racer-main';

/** The racer's arguments. */
export interface SiteRacerArgs {
  url: string;
  serverId: string;
  sites: WorldSite[];
}

/** What one site's world of the racer paid and left open. */
export interface SiteRaceResult {
  cash: number;
  open: string[];
  rounds: number;
}

/** One site's world: booted, its store ready, the vote shown on its copy of the site. */
async function prepare(args: SiteRacerArgs, site: WorldSite) {
  const shared = createSitesShared([site], { esx: true });
  const world = bootNetworkServer(shared, site, { url: args.url, serverId: args.serverId });
  await startNetworkServer(world);
  world.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:aaa' });
  shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
  // Every server's copy of the site shows the same vote (same voter, same vote time): the same natural key.
  shared.sites[site.id]?.vote('Ana', shared.clock.now() - 60_000);
  await shared.clock.advance(1000);
  const open = () => [...world.runtime.kvpData.keys()].filter((key) => key.startsWith('claim:'));
  return {
    async race(): Promise<SiteRaceResult> {
      let rounds = 0;
      do {
        await world.running.claimAll(1).catch(() => undefined);
        await shared.clock.advance(20_000);
        rounds += 1;
        if (open().length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      } while (open().length > 0 && rounds < 200);
      return { cash: shared.esx?.balance(1, 'money') ?? 0, open: open(), rounds };
    },
    async close() {
      world.running.stop();
      await world.oxmysql.close();
    },
  };
}

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as SiteRacerArgs;
  const worlds = await Promise.all(args.sites.map((site) => prepare(args, site)));
  process.stdout.write('ready\n');
  await startLine();
  const results = await Promise.all(worlds.map((world) => world.race()));
  const bySite = Object.fromEntries(args.sites.map((site, i) => [site.id, results[i]]));
  process.stdout.write(`${JSON.stringify({ serverId: args.serverId, bySite })}\n`);
  await Promise.all(worlds.map((world) => world.close()));
  process.exit(0);
}

runRacer(main);
