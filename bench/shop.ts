/**
 * Section 8: a vote-shop purchase, and a claim's cost against the size of the player's points ledger. The production composition (`composeResource` through `devkit/worlds/shop-world.ts`)
 * on the fake runtime with the real mock API in process: CPU per `/voteshop buy` of an item paying 100 cash (limit and
 * stock checked, points debited, delivery journalled and paid, verified), against CPU per `/vote` claim in a world of
 * the same config (check + claim + payout + journal), rounds interleaved. Then CPU per `/vote` claim earning
 * `points.perVote` for players whose ledgers hold 1,000 keys against players whose ledgers hold 10, rounds
 * interleaved: the ledger record a claim rewrites must not grow with the player's history.
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

/** A started server, `players` online, each with a ledger of `entries` caller keys; `perVote` credits each claim. */
function ledgerWorld(players: number, entries: number) {
  const clock = createFakeClock();
  const api = createMockVoteApi({ now: clock.now, rateLimit: 1_000_000_000 });
  const runtime = createFakeRuntime({ clock });
  const config = configFor({
    apiKey: api.apiKey,
    reward: { type: 'money', amount: 100 },
    poll: { enabled: false },
    claimCooldownSeconds: 0,
    points: { perVote: 10 },
  });
  const running = composeResource(runtime, config, {
    adapter: createVerifyingAdapter(),
    transport: api,
    random: () => 0.5,
    budgetLimit: 1_000_000_000,
  });
  running.start();
  for (let source = 1; source <= players; source++) {
    const license = `license:${source.toString(16).padStart(8, '0')}`;
    runtime.onlinePlayers.set(source, { name: `Player_${source}`, license });
    for (let i = 0; i < entries; i++)
      running.points.ledger.apply(license, { key: `res:bench:playtime:${i}`, delta: 1, reason: 'bench' });
  }
  /** CPU per claim over one vote for every player. */
  const round = async () => {
    for (let source = 1; source <= players; source++) api.addVote(`Player_${source}`, clock.now() - 60_000);
    await clock.advance(1000);
    const before = process.cpuUsage();
    let ok = 0;
    for (let source = 1; source <= players; source++)
      if ((await running.flow.claim(source)).code === 'rewarded') ok += 1;
    const used = process.cpuUsage(before);
    if (ok !== players) throw new Error(`ledger bench: ${ok} of ${players} claims paid`);
    return (used.user + used.system) / players;
  };
  const close = () => {
    running.stop();
    api.close();
  };
  return { round, close, bytes: () => runtime.kvp.get('points:license:00000001')?.length ?? 0 };
}

/** Claim CPU with 1,000-key ledgers over 10-key ledgers, `rounds` interleaved rounds of `players` claims each. */
export async function measureLedgerRatio(players: number, rounds: number) {
  const big = ledgerWorld(players, 1000);
  const small = ledgerWorld(players, 10);
  try {
    await big.round();
    await small.round();
    const bigs: number[] = [];
    const smalls: number[] = [];
    for (let r = 0; r < rounds; r++) {
      bigs.push(await big.round());
      smalls.push(await small.round());
    }
    return {
      bigUs: median(bigs),
      smallUs: median(smalls),
      bigBytes: big.bytes(),
      smallBytes: small.bytes(),
      ratios: bigs.map((b, i) => b / (smalls[i] as number)),
    };
  } finally {
    big.close();
    small.close();
  }
}

/** Section 8: CPU per purchase against CPU per claim. */
export async function runShopBench(settings: BenchSettings = readBenchSettings()): Promise<SectionResult> {
  const players = settings.quick ? 200 : 1000;
  const result = await measurePurchaseRatio(players, settings.quick ? 2 : 5);
  const sorted = [...result.ratios].sort((a, b) => a - b);
  const ledgerPlayers = settings.quick ? 50 : 200;
  const ledger = await measureLedgerRatio(ledgerPlayers, settings.quick ? 2 : 5);
  const ledgerSorted = [...ledger.ratios].sort((a, b) => a - b);
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
      '',
      `CPU per \`/vote\` claim earning \`points.perVote\` (one ledger credit) for ${ledgerPlayers} players whose ledgers hold ` +
        '1 000 caller keys, against the same for ledgers of 10 keys, rounds interleaved, each world warmed by one round.',
      '',
      table(
        ['measure', 'value'],
        [
          ['CPU per claim, 1 000-key ledger', `${fmt(ledger.bigUs)} µs`],
          ['CPU per claim, 10-key ledger (the baseline)', `${fmt(ledger.smallUs)} µs`],
          [
            'ledger record rewritten per claim, 1 000 / 10 keys',
            `${ledger.bigBytes} / ${ledger.smallBytes} bytes`,
          ],
          [
            '1 000 / 10 keys, min / **median** / max of rounds',
            `${fmt(ledgerSorted[0] ?? 0)} / **${fmt(median(ledgerSorted))}** / ${fmt(ledgerSorted[ledgerSorted.length - 1] ?? 0)} ×`,
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
      {
        name: 'CPU per claim with a 1 000-key points ledger / with a 10-key ledger, median of rounds',
        value: median(ledger.ratios),
        limit: LEDGER_RATIO_LIMIT,
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

/** The ledger record a claim rewrites holds the newest 20 entries whatever the history (0.4.0: 11.6×, perf4.md). */
const LEDGER_RATIO_LIMIT = 1.5;

if (isMain(import.meta.url)) printSection(await runShopBench());
