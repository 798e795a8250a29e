/**
 * One server of a network buying and spending points, as its own process (`tsx devkit/network/shop-racer.ts <json>`):
 * the sites world with the network settings and a shop (its own KVP, its own oxmysql pool on the shared MariaDB, its own
 * ESX), player Ana online. It prints `ready` once its store is ready, then runs each line read on stdin and prints one
 * JSON line of what it came to:
 * - `buy <item>`: `/voteshop buy <item>` for Ana;
 * - `spend <amount> <key>`: the `spendVotePoints` export for Ana;
 * - `credit <n>`: `addVotePoints` n times at once (1 point each, keys of this server);
 * - `end`: prints the cash ESX paid and the purchases left open, and exits.
 */
import { createInterface } from 'node:readline';
import { createPointsExports } from '../../src/points/exports';
import { createSitesShared, type WorldSite } from '../worlds/sites-world';
import { bootNetworkServer, startNetworkServer } from './network-world';
import { runRacer } from './racer-main';

/** The racer's arguments. */
export interface ShopRacerArgs {
  url: string;
  serverId: string;
}

const SITE: WorldSite = { id: 'chk', kind: 'serveur-prive', model: 'check_only', windowMs: 2 * 3_600_000 };
/** The shop every racer sells: `vip` (100 points, 1000 cash), `cape` (10 points, 1 cash, one in stock). */
export const RACER_SHOP = {
  points: { perVote: 0 },
  shop: {
    enabled: true,
    items: [
      { id: 'vip', name: 'VIP', cost: 100, rewards: [{ type: 'money', amount: 1000 }] },
      { id: 'cape', name: 'Cape', cost: 10, stock: 1, rewards: [{ type: 'money', amount: 1 }] },
    ],
  },
};
const ANA = 'license:aaa';

async function main(): Promise<void> {
  const args = JSON.parse(process.argv[2] ?? '{}') as ShopRacerArgs;
  const shared = createSitesShared([SITE], { esx: true });
  const world = bootNetworkServer(shared, SITE, {
    url: args.url,
    serverId: args.serverId,
    config: RACER_SHOP,
  });
  await startNetworkServer(world);
  world.runtime.onlinePlayers.set(1, { name: 'Ana', license: ANA });
  shared.esx?.load(1, 'char1:ana', { money: 0, bank: 0 });
  const shop = world.running.points.shop;
  if (!shop) throw new Error('the shop is off');
  const exports = createPointsExports(world.runtime, () => world.running.points.ledger);
  process.stdout.write('ready\n');
  const open = () =>
    [...world.runtime.kvpData.entries()]
      .filter(
        ([key, value]) => key.startsWith('shop:buy:') && !/"state":"(done|refunded|cancelled)"/.test(value),
      )
      .map(([key]) => key);
  for await (const line of createInterface({ input: process.stdin })) {
    const [verb, a, b] = line.trim().split(' ');
    if (verb === 'buy') {
      const result = await shop.buy(1, a ?? '');
      process.stdout.write(`${JSON.stringify({ code: result.code })}\n`);
    } else if (verb === 'spend') {
      const result = await exports.spendVotePoints(ANA, Number(a), b);
      process.stdout.write(`${JSON.stringify({ code: result.ok ? 'spent' : result.code })}\n`);
    } else if (verb === 'credit') {
      const results = await Promise.all(
        Array.from({ length: Number(a) }, (_, i) => exports.addVotePoints(ANA, 1, `c-${args.serverId}-${i}`)),
      );
      process.stdout.write(
        `${JSON.stringify({ code: 'credited', ok: results.filter((r) => r.ok).length })}\n`,
      );
    } else if (verb === 'end') {
      process.stdout.write(
        `${JSON.stringify({ cash: shared.esx?.balance(1, 'money') ?? 0, open: open() })}\n`,
      );
      break;
    }
  }
  world.running.stop();
  await world.oxmysql.close();
  process.exit(0);
}

runRacer(main);
