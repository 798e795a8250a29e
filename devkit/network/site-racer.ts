/**
 * One server of a network as its own process (`tsx devkit/network/site-racer.ts <json>`): the sites world with the
 * network settings (its own KVP, its own oxmysql pool on the shared MariaDB, its own ESX and its own copy of the
 * listing site showing the same vote). It prints `ready` once its store is ready, claims when it reads `go` on stdin,
 * keeps settling (a /vote every round, game time passing) until nothing of its own is open, and prints one JSON line:
 * the cash it paid and the entries it left open.
 */
import { createSitesShared, type WorldSite } from '../worlds/sites-world';
import { bootNetworkServer, startNetworkServer } from './network-world';

/** The racer's arguments. */
export interface SiteRacerArgs {
  url: string;
  serverId: string;
  site: WorldSite;
}

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as SiteRacerArgs;
  const shared = createSitesShared([args.site], { esx: true });
  const world = bootNetworkServer(shared, args.site, { url: args.url, serverId: args.serverId });
  await startNetworkServer(world);
  world.runtime.onlinePlayers.set(1, { name: 'Ana', license: 'license:aaa' });
  shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
  // Every server's copy of the site shows the same vote (same voter, same vote time): the same natural key.
  shared.sites[args.site.id]?.vote('Ana', shared.clock.now() - 60_000);
  await shared.clock.advance(1000);
  process.stdout.write('ready\n');
  await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()));
  const open = () => [...world.runtime.kvpData.keys()].filter((key) => key.startsWith('claim:'));
  let rounds = 0;
  do {
    await world.running.claimAll(1).catch(() => undefined);
    await shared.clock.advance(20_000);
    rounds += 1;
    if (open().length > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  } while (open().length > 0 && rounds < 200);
  const result = {
    serverId: args.serverId,
    cash: shared.esx?.balance(1, 'money') ?? 0,
    open: open(),
    rounds,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
  world.running.stop();
  await world.oxmysql.close();
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
