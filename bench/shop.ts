/**
 * Section 8: a vote-shop purchase. The production composition (`composeResource` through `devkit/worlds/shop-world.ts`)
 * on the fake runtime with the real mock API in process: CPU per `/voteshop buy` of an item paying 100 cash (limit and
 * stock checked, points debited, delivery journalled and paid, verified), against CPU per `/vote` claim in a world of
 * the same config (check + claim + payout + journal), rounds interleaved.
 */
import { configFor } from '../devkit/fakes/compose-kit';
import { createMockVoteApi } from '../devkit/fakes/mock-transport';
import { createFakeClock, createFakeRuntime } from '../devkit/fakes/runtime';
import { createVerifyingAdapter } from '../devkit/worlds/shop-world';
import { composeResource } from '../src/compose';
import { isMain } from './lib/main';
import { fmt, printSection, type SectionResult, table } from './lib/report';
import { type BenchSettings, readBenchSettings } from './lib/settings';
import { median } from './lib/stats';

const CONFIG = {
  points: { perVote: 0 },
  shop: {
    enabled: true,
    items: [
      {
        id: 'cash',
        name: 'Cash',
        cost: 10,
        rewards: [{ type: 'money', amount: 100 }],
        limit: { count: 1000, reset: 'weekly' },
        stock: 1_000_000,
      },
    ],
  },
};

/** A started server with the shop, `players` online each holding 1 000 points and one vote to claim. */
function world(players: number) {
  const clock = createFakeClock();
  // Limits raised so a thousand claims in a row measure CPU, not the API's 60 a minute.
  const api = createMockVoteApi({ now: clock.now, rateLimit: 1_000_000_000 });
  const runtime = createFakeRuntime({ clock });
  const config = configFor({
    apiKey: api.apiKey,
    reward: { type: 'money', amount: 100 },
    poll: { enabled: false },
    ...CONFIG,
  });
  const running = composeResource(runtime, config, {
    adapter: createVerifyingAdapter(),
    transport: api,
    random: () => 0.5,
    budgetLimit: 1_000_000_000,
  });
  running.start();
  const shop = running.points.shop;
  if (!shop) throw new Error('shop bench: the shop is off in its config');
  for (let source = 1; source <= players; source++) {
    const license = `license:${source.toString(16).padStart(8, '0')}`;
    runtime.onlinePlayers.set(source, { name: `Player_${source}`, license });
    running.points.ledger.apply(license, { key: `admin:bench-${source}`, delta: 1000, reason: 'bench' });
    api.addVote(`Player_${source}`, clock.now() - 60_000);
  }
  return { running, shop, api };
}

const cpu = async (
  players: number,
  act: (w: ReturnType<typeof world>, source: number) => Promise<boolean>,
) => {
  const w = world(players);
  const before = process.cpuUsage();
  let ok = 0;
  for (let source = 1; source <= players; source++) if (await act(w, source)) ok += 1;
  const used = process.cpuUsage(before);
  w.running.stop();
  w.api.close();
  if (ok !== players) throw new Error(`shop bench: ${ok} of ${players} operations succeeded`);
  return (used.user + used.system) / players;
};

const buy = (w: ReturnType<typeof world>, source: number) =>
  w.shop.buy(source, 'cash').then((result) => result.ok);
const claim = (w: ReturnType<typeof world>, source: number) =>
  w.running.flow.claim(source).then((outcome) => outcome.code === 'rewarded');

/** Purchase CPU over claim CPU, `rounds` interleaved rounds of `players` each, both paths warmed first. */
export async function measurePurchaseRatio(players: number, rounds: number) {
  for (let i = 0; i < 2; i++) {
    await cpu(200, buy);
    await cpu(200, claim);
  }
  const buys: number[] = [];
  const claims: number[] = [];
  for (let round = 0; round < rounds; round++) {
    buys.push(await cpu(players, buy));
    claims.push(await cpu(players, claim));
  }
  return {
    buyUs: median(buys),
    claimUs: median(claims),
    ratios: buys.map((b, i) => b / (claims[i] as number)),
  };
}

/** Section 8: CPU per purchase against CPU per claim. */
export async function runShopBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const players = settings.quick ? 200 : 1000;
  const result = await measurePurchaseRatio(players, settings.quick ? 2 : 5);
  const sorted = [...result.ratios].sort((a, b) => a - b);
  return {
    title: '8. Vote shop',
    markdown: [
      'CPU per `/voteshop buy` (one item paying 100 cash: permission, limit, stock, points debited, the delivery ' +
        'journalled, paid and verified) against CPU per `/vote` claim (check + claim + payout + journal) in a world of ' +
        `the same config, ${players} players a round, rounds interleaved, both warmed first.`,
      '',
      table(
        ['measure', 'value'],
        [
          ['CPU per purchase', `${fmt(result.buyUs)} µs`],
          ['CPU per claim (the baseline)', `${fmt(result.claimUs)} µs`],
          [
            'purchase / claim, min / **median** / max of rounds',
            `${fmt(sorted[0] ?? 0)} / **${fmt(median(sorted))}** / ${fmt(sorted[sorted.length - 1] ?? 0)} ×`,
          ],
        ],
      ),
    ].join('\n'),
    targets: [
      {
        name: 'CPU per shop purchase / CPU per `/vote` claim, same config, median of rounds',
        value: median(result.ratios),
        limit: PURCHASE_RATIO_LIMIT,
        op: '<=',
        unit: '×',
      },
    ],
  };
}

/**
 * A purchase pays like a claim without the API round trips, plus the ledger and the item's counters: 0.5x a claim
 * over 200 purchases, 1.05x over 1 000 (the stock counter keeps its last 256 operations, so it stops growing there).
 */
const PURCHASE_RATIO_LIMIT = 2;

if (isMain(import.meta.url)) printSection(await runShopBench());
