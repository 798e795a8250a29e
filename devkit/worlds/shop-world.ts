/**
 * The vote shop in process: the production composition over the fake runtime and the mock API, paying through a fake
 * adapter that verifies its payouts (reads a count before each paying call and again after a restart), so a kill
 * anywhere in a delivery is decided from what the framework holds, as with the real adapters.
 */
import { composeResource, type Running } from '../../src/compose';
import type { ResourceConfig } from '../../src/config/schema';
import type { ResourceEvents } from '../../src/domain/events';
import type { PointsLedgerApi } from '../../src/points/ledger';
import type { Confirmation, PayoutProblem, PayoutResult } from '../../src/rewards/types';
import type { ShopCore } from '../../src/shop/purchase';
import { configFor, createPayingAdapter, type PayingAdapter } from '../fakes/compose-kit';
import { createMockVoteApi, type MockVoteApi } from '../fakes/mock-transport';
import { createFakeClock, createFakeRuntime, type FakeClock, type FakeRuntime } from '../fakes/runtime';

/** The fake adapter with a reading (payouts made to the source) and a knob for payouts whose outcome is unknown. */
export interface VerifyingAdapter extends PayingAdapter {
  /** Problems of `outcome_unknown` the next `give` calls answer after paying (it did pay, the answer was lost). */
  unknownAfterPaying: number;
}

/** Creates the adapter: `give` reads the count before paying; `confirm` reads it again. */
export function createVerifyingAdapter(): VerifyingAdapter {
  const base = createPayingAdapter();
  const count = (source: number) => base.paid.filter((payout) => payout.source === source).length;
  const adapter: VerifyingAdapter = Object.assign(base, {
    unknownAfterPaying: 0,
    verifies: () => true,
    async give(ctx, reward, hooks): Promise<PayoutResult> {
      const problem: PayoutProblem | undefined =
        adapter.giveProblems.shift() ?? adapter.refusing ?? undefined;
      if (problem) return { ok: false, problem };
      hooks?.before?.(count(ctx.source));
      adapter.paid.push({ source: ctx.source, reward, ref: ctx.voteId });
      if (adapter.unknownAfterPaying > 0) {
        adapter.unknownAfterPaying -= 1;
        return { ok: false, problem: { code: 'outcome_unknown', detail: 'no answer' } };
      }
      return { ok: true };
    },
    async confirm(ctx, _reward, before): Promise<Confirmation> {
      // As the real adapters judge (`confirmPayout`): moved by exactly one payout, or not at all; anything else is
      // another payout in between, which says nothing about this one.
      const moved = count(ctx.source) - before;
      if (moved === 1) return { code: 'paid' };
      if (moved === 0) return { code: 'not_paid' };
      return { code: 'unknown', detail: `the count went from ${before} to ${count(ctx.source)}` };
    },
  } satisfies Partial<VerifyingAdapter>);
  return adapter;
}

/**
 * A shop whose one item pays what a vote pays (100 cash for 5 points): a purchase and a vote payout of one player
 * move the same balance, which is what the payout engine's paying-order rule is about.
 */
export const CASH_SHOP = {
  reward: { type: 'money', amount: 100 },
  points: { perVote: 0 },
  shop: {
    enabled: true,
    items: [{ id: 'cash', name: 'Cash', cost: 5, rewards: [{ type: 'money', amount: 100 }] }],
  },
};

/** What survives a restart: the clock, the mock API, the framework (the KVP is passed as a snapshot). */
export interface ShopShared {
  clock: FakeClock;
  api: MockVoteApi;
  adapter: VerifyingAdapter;
}

/** One running server with the shop. */
export interface ShopWorld extends ShopShared {
  config: ResourceConfig;
  runtime: FakeRuntime;
  running: Running;
  shop: ShopCore;
  ledger: PointsLedgerApi;
  /** ACEs granted, as `<source>:<ace>`. */
  aces: Set<string>;
  /** `pointsChanged` and `purchased` events heard. */
  heard: [keyof ResourceEvents, unknown][];
}

/** Creates the shared parts, the clock at `start` (default 2026-11-21 10:00 UTC). */
export function createShopShared(start?: number): ShopShared {
  const clock = createFakeClock(start);
  return { clock, api: createMockVoteApi({ now: clock.now }), adapter: createVerifyingAdapter() };
}

/** Boots (and starts) a server with `rawConfig` over `shared`; `kvp` is the snapshot of a previous run. */
export function bootShopWorld(
  shared: ShopShared,
  rawConfig: Record<string, unknown>,
  options: { kvp?: Map<string, string> } = {},
): ShopWorld {
  const config = configFor({
    reward: { type: 'money', amount: 100 },
    apiKey: shared.api.apiKey,
    poll: { enabled: false },
    ...rawConfig,
  });
  const runtime = createFakeRuntime({ clock: shared.clock, kvp: options.kvp });
  const aces = new Set<string>();
  runtime.isAceAllowed = (source, ace) => aces.has(`${source}:${ace}`);
  const running = composeResource(runtime, config, {
    adapter: shared.adapter,
    transport: shared.api,
    random: () => 0.5,
  });
  const heard: ShopWorld['heard'] = [];
  for (const name of ['pointsChanged', 'purchased'] as const)
    running.events.on(name, (payload) => heard.push([name, payload]));
  const shop = running.points.shop;
  if (!shop) throw new Error('the shop is off in this config');
  running.start();
  return {
    ...shared,
    config,
    runtime,
    running,
    shop,
    ledger: running.points.ledger as PointsLedgerApi,
    aces,
    heard,
  };
}
